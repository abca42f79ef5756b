import { randomUUID } from 'node:crypto';
import { shapeOfDimensions } from '@core/board-shape';
import type { DatabaseHandle } from '../../src/server/db/connection';

/** Test helpers of the game-day and payout tests (no tests here). */

/**
 * Sold squares written as the checkout writes them (status 'claimed'), with the game's counters
 * kept consistent: `ownerOf(x, y)` names each square's owner, or null for an unsold square.
 */
export async function sellSquares(handle: DatabaseHandle, gameId: string, ownerOf: (x: number, y: number) => string | null): Promise<Map<string, string>> {
  const game = await handle.db
    .selectFrom('games')
    .select(['price_per_square_cents', 'board_rows', 'board_columns'])
    .where('id', '=', gameId)
    .executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const rows = [];
  const owners = new Map<string, string>();
  const shape = shapeOfDimensions(game.board_rows, game.board_columns);
  for (let x = 0; x < shape.rows; x += 1) {
    for (let y = 0; y < shape.columns; y += 1) {
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
    .set({
      squares_claimed: rows.length,
      total_pot_cents: rows.length * game.price_per_square_cents,
      collected_cents: rows.length * game.price_per_square_cents,
    })
    .where('id', '=', gameId)
    .execute();
  return owners;
}

export async function winnerRows(handle: DatabaseHandle, gameId: string) {
  return handle.db.selectFrom('game_winners').selectAll().where('game_id', '=', gameId).orderBy('period').execute();
}

export async function storedGame(handle: DatabaseHandle, gameId: string) {
  return handle.db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirstOrThrow();
}

/** Quarter scores in the body Confirm All takes. */
export function allScores(pairs: readonly [number, number][]) {
  return Object.fromEntries(pairs.map(([team_a_score, team_b_score], i) => [String(i + 1), { team_a_score, team_b_score }]));
}
