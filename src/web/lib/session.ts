import { createContext, useContext } from 'react';

/** The signed-in person as the web app needs it (spec section 3 "User"). */
export interface SessionUser {
  id: string;
  email: string;
  /** Null until an account made by a sign-in link chooses one at /welcome (D29). */
  username: string | null;
  /** A hint for the UI only: the server decides admin rights on every request (DECISIONS D8). */
  isAdmin: boolean;
}

export type Session =
  /** `expected`: what the first check will most likely say (expectedSession), to hold the right space meanwhile. */
  { status: 'loading'; expected?: 'signed-in' | 'signed-out' } | { status: 'signed-out' } | { status: 'signed-in'; user: SessionUser };

export const SIGNED_OUT: Session = { status: 'signed-out' };

/**
 * Where the current session comes from. The auth issue mounts a provider with the real session;
 * until then everybody is a visitor.
 */
export const SessionContext = createContext<Session>(SIGNED_OUT);

export function useSession(): Session {
  return useContext(SessionContext);
}

export function isAdmin(session: Session): boolean {
  return session.status === 'signed-in' && session.user.isAdmin;
}

/** D29: a signed-in account that still has to choose its username (/welcome asks, once). */
export function needsUsername(session: Session): boolean {
  return session.status === 'signed-in' && session.user.username === null;
}

/**
 * The name the welcome line greets (D45): the username as its owner typed it. The spec's e-mail
 * prefix (or "User") predates usernames and is left only for an account that has none yet (D29).
 */
export function displayName(user: Pick<SessionUser, 'email'> & { username?: string | null }): string {
  const username = user.username?.trim();
  if (username) return username;
  const local = user.email.split('@')[0]?.trim();
  return local ? local : 'User';
}

/** The top bar's welcome line. */
export function welcomeText(session: Session, productName: string): string {
  return session.status === 'signed-in' ? `Welcome, ${displayName(session.user)}` : `Welcome to ${productName}`;
}

/**
 * Whether a page shows its signed-out view: signed out, or still checking and most likely signed
 * out. Pages that add or drop a block by the session (home's welcome banner, the top bar's Sign In
 * and Sign Up) draw the likely one at once, so the answer moves nothing in the common case.
 */
export function looksSignedOut(session: Session): boolean {
  return session.status === 'signed-out' || (session.status === 'loading' && session.expected !== 'signed-in');
}

/** What the session provider offers besides the session itself. */
export interface SessionActions {
  /** Asks the server again (after login, or when an API call answered 401). */
  refresh(): Promise<Session>;
  /** Ends the session on the server; resolves true when it did. Errors are only logged. */
  signOut(): Promise<boolean>;
}

const noActions: SessionActions = {
  refresh: async () => SIGNED_OUT,
  signOut: async () => false,
};

export const SessionActionsContext = createContext<SessionActions>(noActions);

export function useSessionActions(): SessionActions {
  return useContext(SessionActionsContext);
}

// The admin flag cache of spec section 4: only a hint that avoids a flicker (D8).

export const ADMIN_FLAG_KEY = 'auth_is_admin';
export const ADMIN_EMAIL_KEY = 'auth_user_email';

/** The cached admin flag, only when it was stored for this e-mail (case-insensitive). */
export function readCachedAdminFlag(storage: Pick<Storage, 'getItem'> | undefined, email: string): boolean | null {
  try {
    const cachedEmail = storage?.getItem(ADMIN_EMAIL_KEY);
    const flag = storage?.getItem(ADMIN_FLAG_KEY);
    if (!cachedEmail || cachedEmail.toLowerCase() !== email.toLowerCase()) return null;
    return flag === 'true' ? true : flag === 'false' ? false : null;
  } catch {
    return null;
  }
}

export function writeCachedAdminFlag(storage: Pick<Storage, 'setItem'> | undefined, email: string, isAdminFlag: boolean) {
  try {
    storage?.setItem(ADMIN_EMAIL_KEY, email.toLowerCase());
    storage?.setItem(ADMIN_FLAG_KEY, String(isAdminFlag));
  } catch {
    // Storage full or blocked: the cache is only a hint.
  }
}

/**
 * What the first session check will most likely say, before it answers: the cache above is written
 * for a signed-in account and cleared when a check finds nobody, so it holds the last check's
 * answer. Only a guess for the layout of the first paint; it decides nothing.
 */
export function expectedSession(storage: Pick<Storage, 'getItem'> | undefined): 'signed-in' | 'signed-out' {
  try {
    return storage?.getItem(ADMIN_EMAIL_KEY) ? 'signed-in' : 'signed-out';
  } catch {
    return 'signed-out';
  }
}

export function clearCachedAdminFlag(storage: Pick<Storage, 'removeItem'> | undefined) {
  try {
    storage?.removeItem(ADMIN_EMAIL_KEY);
    storage?.removeItem(ADMIN_FLAG_KEY);
  } catch {
    // Nothing to clear.
  }
}

// Route guard (spec "Layout"; D10).

export type GuardRequirement = 'user' | 'admin';
export type GuardDecision = 'loading' | 'render' | 'login' | 'not-authorized';

/**
 * What a guarded route shows. `admitted` is true when this very page was already shown to the
 * session that has since ended or lost admin rights: the page then stays and shows its own
 * logged-out or Access Denied text (D10) instead of jumping away.
 */
export function guardDecision(session: Session, requirement: GuardRequirement, admitted = false): GuardDecision {
  if (session.status === 'loading') return 'loading';
  if (admitted) return 'render';
  if (session.status === 'signed-out') return 'login';
  if (requirement === 'admin' && !session.user.isAdmin) return 'not-authorized';
  return 'render';
}
