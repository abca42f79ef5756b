import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../src/server/db/connection';

const now = () => new Date().toISOString();

/** A Better Auth user row written directly, for tests below the auth layer. */
export async function insertUser(handle: DatabaseHandle, email = `u${randomUUID().slice(0, 8)}@example.com`) {
  const id = randomUUID();
  const username = email
    .split('@')[0]!
    .replace(/[^a-z0-9_]/gi, '_')
    .toLowerCase();
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

/** The columns of a game a test may set; flags such as grid_shuffled stand for states reached later. */
export interface GameFixture {
  title: string;
  team_a: string;
  team_b: string;
  game_type: string;
  price_per_square_cents: number;
  payout_schedule: string;
  created_by: string | null;
  created_at: string;
  is_active: boolean;
  grid_shuffled: boolean;
  squares_claimed: number;
  total_pot_cents: number;
}

/** A game row written directly, for tests below the games service. */
export async function insertGame(handle: DatabaseHandle, values: Partial<GameFixture> = {}) {
  const id = randomUUID();
  const createdAt = values.created_at ?? now();
  await handle.db
    .insertInto('games')
    .values({
      id,
      title: values.title ?? 'Test Bowl',
      team_a: values.team_a ?? 'Eagles',
      team_b: values.team_b ?? 'Chiefs',
      game_type: values.game_type ?? 'nfl',
      price_per_square_cents: values.price_per_square_cents ?? 1000,
      payout_schedule: values.payout_schedule ?? 'even',
      created_by: values.created_by ?? null,
      created_at: createdAt,
      updated_at: createdAt,
      ...(values.is_active !== undefined ? { is_active: values.is_active } : {}),
      ...(values.grid_shuffled !== undefined ? { grid_shuffled: values.grid_shuffled } : {}),
      ...(values.squares_claimed !== undefined ? { squares_claimed: values.squares_claimed } : {}),
      ...(values.total_pot_cents !== undefined ? { total_pot_cents: values.total_pot_cents } : {}),
    })
    .execute();
  return id;
}
