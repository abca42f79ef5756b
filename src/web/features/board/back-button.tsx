import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BackLink } from '@/components/link-button';

/** Back: to the previous page of the app, else home (or the admin dashboard under /admin/). */
export function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const fallback = location.pathname.startsWith('/admin/') ? '/admin' : '/';
  // The first page of a visit has the key "default": there is no page of ours to go back to.
  const hasHistory = location.key !== 'default';
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hasHistory || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <BackLink to={fallback} onClick={onClick} data-testid="back-button">
      Back
    </BackLink>
  );
}
