import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { authApi } from '@/features/auth/auth';
import { cartOwner } from '@/features/checkout/cart-owner';
import {
  clearCachedAdminFlag,
  expectedSession,
  readCachedAdminFlag,
  type Session,
  type SessionActions,
  SessionActionsContext,
  SessionContext,
  SIGNED_OUT,
  writeCachedAdminFlag,
} from './session';

/** Spec section 6: the admin lookup gives up after 10 s and the user counts as a player. */
const ADMIN_LOOKUP_TIMEOUT_MS = 10_000;

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

/**
 * Asks the server who is signed in (GET /api/me: the user and the admin flag, decided by the
 * server). When that lookup fails or takes longer than 10 s, Better Auth's own session answer
 * says who is signed in and the admin flag comes from the cache when it was stored for this
 * e-mail, else false (logged, spec section 6).
 */
async function loadSession(timeoutMs = ADMIN_LOOKUP_TIMEOUT_MS): Promise<Session> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const me = await authApi.me(controller.signal);
    if (!me.user) {
      clearCachedAdminFlag(storage());
      return SIGNED_OUT;
    }
    writeCachedAdminFlag(storage(), me.user.email, me.isAdmin);
    return { status: 'signed-in', user: { ...me.user, isAdmin: me.isAdmin } };
  } catch (error) {
    const reason = controller.signal.aborted ? `no answer within ${timeoutMs / 1000} s` : String(error);
    console.warn(`Admin lookup failed (${reason}); treating the user as a player.`);
  } finally {
    clearTimeout(timer);
  }
  try {
    const fallback = await authApi.authSession();
    if (!fallback?.user) return SIGNED_OUT;
    const { id, email } = fallback.user;
    // No username yet (D29) is null, as /api/me says it.
    const username = fallback.user.username || null;
    return { status: 'signed-in', user: { id, email, username, isAdmin: readCachedAdminFlag(storage(), email) ?? false } };
  } catch (error) {
    console.warn('Could not check the session; continuing signed out.', error);
    return SIGNED_OUT;
  }
}

/** Spec section 4 "Auth session": loading until the first check, then signed in or signed out. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>(() => ({ status: 'loading', expected: expectedSession(storage()) }));
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const call = ++latest.current;
    const next = await loadSession();
    if (call === latest.current) {
      // D21: the cart is the signed-in account's; another account's is discarded before any page shows it.
      cartOwner.sessionIs(next.status === 'signed-in' ? next.user.id : null);
      setSession(next);
    }
    return next;
  }, []);

  const signOut = useCallback(async () => {
    latest.current += 1;
    try {
      await authApi.signOut();
    } catch (error) {
      // Spec section 8: logout errors are only logged.
      console.warn('Sign-out failed.', error);
      await refresh();
      return false;
    }
    clearCachedAdminFlag(storage());
    // D21: signing out clears the cart (other tabs follow through the storage event).
    cartOwner.signedOut();
    setSession(SIGNED_OUT);
    return true;
  }, [refresh]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const actions = useMemo<SessionActions>(() => ({ refresh, signOut }), [refresh, signOut]);
  return (
    <SessionActionsContext.Provider value={actions}>
      <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
    </SessionActionsContext.Provider>
  );
}
