/**
 * Signed-in viewers for `npm run bench`, made directly in the database (thousands of sign-ins
 * through the API would take minutes and hit the per-IP limits): a user and a session row each,
 * written as Better Auth writes them on SQLite, and the session cookie signed as Better Auth signs
 * it (`token.base64(HMAC-SHA256(secret, token))`, URI-encoded).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../src/server/db/connection';

export const SESSION_COOKIE = 'better-auth.session_token';
/** The app's AUTH_SECRET in every bench server (app-server.ts). */
export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

export interface BenchViewer {
  userId: string;
  email: string;
  cookie: string;
}

/** `count` viewers: the given users first (players who own squares), then new ones. */
export async function insertViewers(
  handle: DatabaseHandle,
  secret: string,
  count: number,
  existing: ReadonlyArray<{ id: string; email: string }>,
): Promise<BenchViewer[]> {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
  const users = Array.from({ length: count }, (_, i) => existing[i] ?? { id: randomUUID(), email: `bench-viewer-${i}@example.com` });
  const fresh = users.slice(existing.length);
  const viewers: BenchViewer[] = [];
  const sessions = users.map((user) => {
    const token = randomBytes(24).toString('base64url');
    const signature = createHmac('sha256', secret).update(token).digest('base64');
    viewers.push({ userId: user.id, email: user.email, cookie: `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}` });
    return { id: randomUUID(), token, userId: user.id, expiresAt: expires, createdAt: now, updatedAt: now, ipAddress: '127.0.0.1', userAgent: 'bench' };
  });
  const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / 500) }, (_, i) => rows.slice(i * 500, i * 500 + 500));
  await handle.raw.transaction().execute(async (trx) => {
    for (const chunk of chunks(fresh)) {
      await trx
        .insertInto('user')
        .values(
          chunk.map((user) => {
            const username = user.email.split('@')[0]!;
            return {
              id: user.id,
              name: username,
              email: user.email,
              emailVerified: 1,
              createdAt: now,
              updatedAt: now,
              username,
              displayUsername: username,
              isAdmin: 0,
            };
          }),
        )
        .execute();
    }
    for (const chunk of chunks(sessions)) await trx.insertInto('session').values(chunk).execute();
  });
  return viewers;
}
