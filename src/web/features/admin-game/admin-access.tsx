import { House, ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import { ACCESS_DENIED } from '@core/messages';
import { LinkButton } from '@/components/link-button';
import { usePageTitle } from '@/components/page';
import { LoginRequired, useSessionLost } from '@/features/auth/login-required';
import { isApiError } from '@/lib/api';
import { useSessionActions } from '@/lib/session';

/** True for an API answer of 403 (the session is no longer an admin's). */
function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

export type AdminAccess = 'ok' | 'session-lost' | 'denied';

/**
 * For an admin page that is already open (D10): 'session-lost' once one of its calls answered
 * 401, 'denied' once one answered 403. Either way the session is checked again, so the sidebar
 * and top bar follow (the route guard lets the open page stay and show its own text).
 */
export function useAdminAccess(...errors: unknown[]): AdminAccess {
  const lost = useSessionLost(...errors);
  const denied = errors.some(isForbidden);
  const { refresh } = useSessionActions();
  useEffect(() => {
    if (denied) void refresh();
  }, [denied, refresh]);
  if (lost) return 'session-lost';
  return denied ? 'denied' : 'ok';
}

/** Which Access Denied text a page shows: the spec gives /admin/games its own, every other admin page the Route guard's. */
export type AdminAccessScope = 'page' | 'games';

/** What an admin page shows instead of itself when `useAdminAccess` says so. */
export function AdminAccessProblem({ access, scope = 'page' }: { access: Exclude<AdminAccess, 'ok'>; scope?: AdminAccessScope }) {
  if (access === 'session-lost') {
    return <LoginRequired title="Authentication Required" message={scope === 'games' ? ACCESS_DENIED.loginToManageGames : ACCESS_DENIED.loginToAccess} />;
  }
  return <AdminAccessDenied message={scope === 'games' ? ACCESS_DENIED.manageGames : ACCESS_DENIED.page} />;
}

/**
 * Spec: Access Denied with Return to Home. /admin/games says "You don't have permission to
 * manage games."; the Route guard's screen (every other admin page) "... to access this page."
 */
function AdminAccessDenied({ message }: { message: string }) {
  usePageTitle(ACCESS_DENIED.title);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <div aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive [&_svg]:size-6">
        <ShieldAlert />
      </div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{ACCESS_DENIED.title}</h1>
      <p className="text-muted-foreground">{message}</p>
      <LinkButton to="/">
        <House aria-hidden="true" />
        Return to Home
      </LinkButton>
    </div>
  );
}
