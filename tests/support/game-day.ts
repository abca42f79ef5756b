import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { GameDayView } from '@core/api/game-day';
import { GRID_SIZE } from '@core/grid';
import { signedInPlayer } from './accounts';
import { SAME_ORIGIN } from './auth';
import type { DatabaseHandle } from '../../src/server/db/connection';

/** Test helpers of the game-day and payout tests (no tests here). */

export interface TestAccount {
  id: string;
  email: string;
  username: string;
  cookie: string;
}

/** A confirmed, signed-in account with its id; an admin or a player as asked (D8 flag set directly). */
export async function account(app: FastifyInstance, handle: DatabaseHandle, prefix: string, isAdmin: boolean): Promise<TestAccount> {
  const signedIn = await signedInPlayer(app, prefix);
  const { id } = await handle.db.selectFrom('user').select('id').where('email', '=', signedIn.email).executeTakeFirstOrThrow();
  await handle.db.updateTable('user').set({ isAdmin }).where('id', '=', id).execute();
  return { id, email: signedIn.email, username: signedIn.username, cookie: signedIn.cookie };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request from the app's own page, signed in with `cookie` (or as a visitor). */
export function send(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: { cookie?: string | undefined; payload?: unknown; origin?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { origin: options.origin ?? SAME_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
}

/** Sends and expects 200; returns the JSON body. */
export async function ok<T = GameDayView>(app: FastifyInstance, method: Method, url: string, cookie: string, payload?: unknown): Promise<T> {
  const res = await send(app, method, url, { cookie, payload });
  if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

/**
 * Sold squares written as the checkout writes them (status 'claimed'), with the game's counters
 * kept consistent: `ownerOf(x, y)` names each square's owner, or null for an unsold square.
 */
export async function sellSquares(handle: DatabaseHandle, gameId: string, ownerOf: (x: number, y: number) => string | null): Promise<Map<string, string>> {
  const game = await handle.db.selectFrom('games').select(['price_per_square_cents']).where('id', '=', gameId).executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const rows = [];
  const owners = new Map<string, string>();
  for (let x = 0; x < GRID_SIZE; x += 1) {
    for (let y = 0; y < GRID_SIZE; y += 1) {
      const owner = ownerOf(x, y);
      if (owner === null) continue;
      owners.set(`${x},${y}`, owner);
      rows.push({
        id: randomUUID(),
        game_id: gameId,
        x,
        y,
        user_id: owner,
        status: 'claimed' as const,
        checkout_id: null,
        hold_expires_at: null,
        claimed_at: at,
      });
    }
  }
  if (rows.length > 0) await handle.db.insertInto('squares').values(rows).execute();
  await handle.db
    .updateTable('games')
    .set({ squares_claimed: rows.length, total_pot_cents: rows.length * game.price_per_square_cents })
    .where('id', '=', gameId)
    .execute();
  return owners;
}

/** Numbers drawn as Randomize stores them, set directly for a known board (D14). */
export async function setNumbers(
  handle: DatabaseHandle,
  gameId: string,
  xAxis: readonly number[],
  yAxis: readonly number[],
  adminId: string | null = null,
): Promise<void> {
  const at = new Date().toISOString();
  await handle.db
    .insertInto('game_grid_numbers')
    .values({ game_id: gameId, x_axis_numbers: JSON.stringify(xAxis), y_axis_numbers: JSON.stringify(yAxis), generated_at: at, generated_by: adminId })
    .execute();
  await handle.db.updateTable('games').set({ grid_shuffled: true, manual_numbers_set: true }).where('id', '=', gameId).execute();
}

export async function winnerRows(handle: DatabaseHandle, gameId: string) {
  return handle.db.selectFrom('game_winners').selectAll().where('game_id', '=', gameId).orderBy('quarter').execute();
}

export async function storedGame(handle: DatabaseHandle, gameId: string) {
  return handle.db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirstOrThrow();
}

/** Quarter scores in the body Confirm All takes. */
export function allScores(pairs: readonly [number, number][]) {
  return Object.fromEntries(pairs.map(([team_a_score, team_b_score], i) => [String(i + 1), { team_a_score, team_b_score }]));
}
