import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../src/server/db/connection';

const now = () => new Date().toISOString();

/** A Better Auth user row written directly, for tests below the auth layer. */
export async function insertUser(handle: DatabaseHandle, email = `u${randomUUID().slice(0, 8)}@example.com`) {
  const id = randomUUID();
  const username = email.split('@')[0]!.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  await handle.raw
    .insertInto('user')
    .values({
      id,
      name: username,
      email,
      emailVerified: handle.kind === 'sqlite' ? 1 : true,
      createdAt: handle.kind === 'sqlite' ? now() : new Date(),
      updatedAt: handle.kind === 'sqlite' ? now() : new Date(),
      username,
      displayUsername: username,
    })
    .execute();
  return { id, email, username };
}

/** A game row written directly, for tests below the games service. */
export async function insertGame(handle: DatabaseHandle, values: Partial<{ title: string; price_per_square_cents: number; created_by: string | null }> = {}) {
  const id = randomUUID();
  await handle.db
    .insertInto('games')
    .values({
      id,
      title: values.title ?? 'Test Bowl',
      team_a: 'Eagles',
      team_b: 'Chiefs',
      game_type: 'nfl',
      price_per_square_cents: values.price_per_square_cents ?? 1000,
      payout_schedule: 'even',
      created_by: values.created_by ?? null,
      created_at: now(),
      updated_at: now(),
    })
    .execute();
  return id;
}
