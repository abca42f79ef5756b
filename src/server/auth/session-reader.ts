import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { cookieValue } from '../http/cookies';
import type { SessionRepository, SessionRow } from './session.repository';

/** The signed-in person as our routes see them; `isAdmin` is read from the database each time. */
export interface SessionUser {
  id: string;
  email: string;
  /** Null until an account made by a sign-in link chooses one (D29). */
  username: string | null;
  isAdmin: boolean;
}

/**
 * What the lean reader needs of Better Auth's settings, taken from its own context at start
 * (session.ts), so cookie names, secret and session ages are always the ones it signs and
 * refreshes with.
 */
export interface SessionReaderConfig {
  sessionCookie: string;
  dontRememberCookie: string;
  secret: string;
  expiresInSeconds: number;
  updateAgeSeconds: number;
  refreshDisabled: boolean;
}

/** How many verified cookie values a reader remembers (the oldest goes first). */
const VERIFIED_COOKIES = 10_000;

/** The verdict for the rare sessions whose reading writes (expired, due for refresh): Better Auth's own. */
export const ASK_BETTER_AUTH = Symbol('ask Better Auth');

export type SessionVerdict = SessionUser | null | typeof ASK_BETTER_AUTH;

/**
 * Reads the signed-in user from a request's Cookie header with Better Auth's rules (design note
 * 007), at a fraction of its getSession's cost: the session cookie's HMAC checked as better-call
 * checks it, then one indexed read of the session joined to its user on every call (nothing
 * about a session is cached), so a signed-out or revoked session, a deleted user or a revoked
 * admin is refused on the next request on every instance. Where Better Auth's getSession would write (an expired session it deletes, a
 * session due for its daily refresh), the verdict is ASK_BETTER_AUTH and the caller asks it.
 */
export function sessionReader(config: SessionReaderConfig, repo: Pick<SessionRepository, 'sessionByToken'>) {
  const key = createSecretKey(Buffer.from(config.secret, 'utf8'));
  // A signature check is a pure function of the cookie and the secret: each cookie that verified is
  // remembered (a few thousand at most; only values made with the secret get in), so a signed-in
  // viewer's requests after the first skip the HMAC. Nothing about the session itself is kept.
  const verified = new Map<string, string>();
  const verify = (value: string): string | null => {
    const known = verified.get(value);
    if (known !== undefined) return known;
    const token = verifySigned(value, key);
    if (token !== null) {
      if (verified.size >= VERIFIED_COOKIES) verified.delete(verified.keys().next().value!);
      verified.set(value, token);
    }
    return token;
  };

  return {
    async read(cookieHeader: string | undefined, now = Date.now()): Promise<SessionVerdict> {
      if (!cookieHeader) return null;
      const value = cookieValue(cookieHeader, config.sessionCookie);
      const token = value ? verify(value) : null;
      if (!token) return null;
      const row = await repo.sessionByToken(token);
      if (!row) return null;
      const expiresAt = new Date(row.expiresAt).getTime();
      // Better Auth deletes an expired session as it refuses it: let it.
      if (expiresAt < now) return ASK_BETTER_AUTH;
      const dueForRefresh = expiresAt - config.expiresInSeconds * 1000 + config.updateAgeSeconds * 1000 <= now;
      if (dueForRefresh && !config.refreshDisabled) {
        const dontRemember = cookieValue(cookieHeader, config.dontRememberCookie);
        if (!dontRemember || !verify(dontRemember)) return ASK_BETTER_AUTH;
      }
      return toSessionUser(row);
    },
  };
}

export type SessionReader = ReturnType<typeof sessionReader>;

/** The user as the guards have always built it from Better Auth's answer. */
export function toSessionUser(user: Pick<SessionRow, 'email' | 'name' | 'username' | 'displayUsername' | 'isAdmin'> & { userId: string }): SessionUser {
  return {
    id: user.userId,
    email: user.email,
    // Without a username (D29: a sign-in link's new account, until /welcome) there is no name to show.
    username: user.displayUsername ?? user.username ?? null,
    isAdmin: user.isAdmin === true || user.isAdmin === 1,
  };
}

/**
 * The value of a signed cookie, or null when it is missing or its signature does not verify:
 * better-call's getSignedCookie (its parseCookies, then `value.signature` with a 44-character
 * base64 HMAC-SHA256 of the value under the secret), with a constant-time comparison.
 */
export function signedCookie(header: string, name: string, key: KeyObject | string): string | null {
  const value = cookieValue(header, name);
  return value ? verifySigned(value, key) : null;
}

function verifySigned(value: string, key: KeyObject | string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const signed = value.substring(0, dot);
  const signature = value.substring(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  let given: Buffer;
  try {
    // atob, as better-call decodes it (it refuses what is not base64).
    given = Buffer.from(atob(signature), 'latin1');
  } catch {
    return null;
  }
  const expected = createHmac('sha256', key).update(signed, 'utf8').digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? signed : null;
}
