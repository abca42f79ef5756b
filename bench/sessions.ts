/**
 * Signed-in viewers for `npm run bench`, made directly in the database (thousands of sign-ins
 * through the API would take minutes and hit the per-IP limits): a user and a session row each,
 * written as Better Auth writes them (tests/support/session-rows.ts, held to the real sign-up by
 * tests/integration/quick-account.test.ts).
 */
import type { DatabaseHandle } from '../src/server/db/connection';
import { sessionRow, userRow } from '../tests/support/session-rows';

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
  const now = new Date();
  const users = Array.from({ length: count }, (_, i) => existing[i] ?? { id: crypto.randomUUID(), email: `bench-viewer-${i}@example.com` });
  const fresh = users.slice(existing.length).map((user) => userRow(handle.kind, { ...user, username: user.email.split('@')[0]! }, now));
  const viewers: BenchViewer[] = [];
  const sessions = users.map((user) => {
    const { row, cookie } = sessionRow(handle.kind, user.id, secret, now);
    viewers.push({ userId: user.id, email: user.email, cookie });
    return row;
  });
  const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / 500) }, (_, i) => rows.slice(i * 500, i * 500 + 500));
  await handle.raw.transaction().execute(async (trx) => {
    for (const chunk of chunks(fresh)) await trx.insertInto('user').values(chunk).execute();
    for (const chunk of chunks(sessions)) await trx.insertInto('session').values(chunk).execute();
  });
  return viewers;
}
