import { type ReactNode, useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState, Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { isUnauthorized } from '@/lib/auth';
import { type GuardRequirement, guardDecision, useSession, useSessionActions } from '@/lib/session';

/** The location a guard or a login link remembers, so /login can bring the person back. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * Remembers which location was last shown to a signed-in session (or an admin, for admin
 * routes). Kept outside React so a guard that remounts still knows the page was open.
 */
const admittedLocations: Record<GuardRequirement, string | null> = { user: null, admin: null };

function Guard({ requirement, children }: { requirement: GuardRequirement; children?: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const admitted = admittedLocations[requirement] === location.key;
  const decision = guardDecision(session, requirement, admitted);
  const allowedNow = guardDecision(session, requirement) === 'render';

  useEffect(() => {
    if (allowedNow) admittedLocations[requirement] = location.key;
  }, [allowedNow, requirement, location.key]);

  switch (decision) {
    case 'loading':
      return <LoadingState />;
    case 'login':
      return <Navigate to="/login" replace state={{ from: location } satisfies FromState} />;
    case 'not-authorized':
      return <Navigate to="/not-authorized" replace />;
    case 'render':
      return <>{children ?? <Outlet />}</>;
  }
}

/**
 * Signed-in routes (spec section 2: /cart, /payment, /my-squares, /my-winnings). Visitors go to
 * /login, which brings them back afterwards. Use as a layout route (`Component: RequireUser`)
 * or around an element. A page that was open when its session ended stays and shows its own
 * logged-out text (see `useSessionLost`).
 */
export function RequireUser({ children }: { children?: ReactNode }) {
  return <Guard requirement="user">{children}</Guard>;
}

/** Admin routes (/admin/*): visitors go to /login, players to /not-authorized (D10). */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  return <Guard requirement="admin">{children}</Guard>;
}

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
  const location = useLocation();
  return (
    <Page title={title} width="narrow">
      <div className="flex flex-col items-start gap-4 rounded-lg border bg-card p-6">
        <p className="text-muted-foreground">{message}</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/login" state={{ from: location } satisfies FromState}>
              Log In
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/signup">Sign Up</Link>
          </Button>
        </div>
      </div>
    </Page>
  );
}

/** Where a successful login goes: the remembered location (not an auth page), else home. */
export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) return '/';
  if (['/login', '/signup', '/forgot-password', '/reset-password'].includes(from.pathname)) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
