import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '@/components/page';
import { type GuardRequirement, guardDecision, needsUsername, useSession } from '@/lib/session';

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
 * D29: pages that need a username (buying squares shows it on the board) send an account made
 * by a sign-in link to /welcome first, which comes back here once the username is chosen.
 */
export function RequireUsername({ children }: { children?: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (needsUsername(session)) {
    return <Navigate to={`/welcome?${new URLSearchParams({ next: location.pathname + location.search + location.hash })}`} replace />;
  }
  return <>{children ?? <Outlet />}</>;
}

const AUTH_PAGES = ['/login', '/signup', '/forgot-password', '/reset-password', '/welcome'];

/** Where a successful login goes: the remembered location (not an auth page), else home. */
export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) return '/';
  if (AUTH_PAGES.includes(from.pathname)) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * A `next` from the address bar (the way back a sign-in link carries, D29): a path on this
 * site that is not an account page, else home. The server checked it too; this page does not
 * rely on that.
 */
export function nextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  const base = 'http://squares.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return '/';
  }
  if (url.origin !== base || url.pathname.startsWith('//') || AUTH_PAGES.includes(url.pathname)) return '/';
  return url.pathname + url.search + url.hash;
}

/** Where to go after logging in: the remembered location, else the address's `next`, else home. */
export function loginDestination(state: unknown, next: string | null): string {
  return (state as FromState | null)?.from ? returnPath(state) : nextPath(next);
}
