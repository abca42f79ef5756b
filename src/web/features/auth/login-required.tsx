/** A signed-in page whose session ended while it was open (moved out of route-guards: only lazy pages need it). */
import { useEffect } from 'react';
import { LinkButton, LoginLink } from '@/components/link-button';
import { Page } from '@/components/page';
import { isUnauthorized } from './auth';
import { useSessionActions } from '@/lib/session';

/**
 * For a page that is already open: true once one of its API calls answered 401 (the session
 * ended). The session is then checked again, so the top bar and sidebar follow; the page shows
 * its logged-out text, e.g. with `<LoginRequired>`.
 */
export function useSessionLost(...errors: unknown[]): boolean {
  const { refresh } = useSessionActions();
  const lost = errors.some(isUnauthorized);
  useEffect(() => {
    if (lost) void refresh();
  }, [lost, refresh]);
  return lost;
}

/** A page's logged-out text (e.g. "Authentication Required") with a way to log in and come back. */
export function LoginRequired({ title, message }: { title: string; message: string }) {
  return (
    <Page title={title} width="narrow">
      <div className="flex flex-col items-start gap-4 rounded-lg border bg-card p-6">
        <p className="text-muted-foreground">{message}</p>
        <div className="flex flex-wrap gap-2">
          <LoginLink />
          <LinkButton variant="outline" to="/signup">
            Sign Up
          </LinkButton>
        </div>
      </div>
    </Page>
  );
}
