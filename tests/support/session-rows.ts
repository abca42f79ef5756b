import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../src/server/db/connection';

/**
 * Accounts and sessions written straight into Better Auth's tables, as Better Auth writes them,
 * for tests (tests/support/accounts.ts's fast path) and the bench's thousands of viewers; the
 * session cookie signed as Better Auth signs it. tests/integration/quick-account.test.ts holds
 * them to the real sign-up path.
 */

/** Better Auth's session cookie (http: no __Secure- prefix). */
const SESSION_COOKIE = 'better-auth.session_token';
const SESSION_DAYS = 7;

/** The cookie for a session token: `token.base64(HMAC-SHA256(secret, token))`, URI-encoded. */
function sessionCookie(token: string, secret: string): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;
}

type Kind = DatabaseHandle['kind'];
/** A time as the database keeps Better Auth's dates (ISO text on SQLite). */
const stamp = (kind: Kind, date: Date) => (kind === 'sqlite' ? date.toISOString() : date);
const flag = (kind: Kind, value: boolean) => (kind === 'sqlite' ? Number(value) : value);

/** A confirmed user's row. */
export function userRow(kind: Kind, user: { id: string; email: string; username: string; isAdmin?: boolean }, at = new Date()) {
  return {
    id: user.id,
    name: user.username,
    email: user.email,
    emailVerified: flag(kind, true),
    createdAt: stamp(kind, at),
    updatedAt: stamp(kind, at),
    username: user.username,
    displayUsername: user.username,
    isAdmin: flag(kind, user.isAdmin ?? false),
  };
}

/** A live session's row (7 days, as the app's sessions) and its cookie. */
export function sessionRow(kind: Kind, userId: string, secret: string, at = new Date()) {
  const token = randomBytes(24).toString('base64url');
  return {
    row: {
      id: randomUUID(),
      token,
      userId,
      expiresAt: stamp(kind, new Date(at.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000)),
      createdAt: stamp(kind, at),
      updatedAt: stamp(kind, at),
      ipAddress: '127.0.0.1',
      userAgent: 'test',
    },
    cookie: sessionCookie(token, secret),
  };
}
