import type { FastifyInstance } from 'fastify';
import type { Coordinate } from '@core/grid';
import type { TestAccount } from './accounts';
import { send } from './request';
import type { DatabaseHandle } from '../../src/server/db/connection';

/** Test helpers of the checkout tests (no tests here). */

export const PAYS = '4242 4242 4242 4242';
export const DECLINED = '4000 0000 0000 0002';

/** The spec's cart entry for one game. */
export function cartOf(gameId: string, squares: Coordinate[], pricePerSquare = 10, title = 'Test Bowl') {
  return { game_id: gameId, game_title: title, price_per_square: pricePerSquare, squares };
}

export function startCheckout(app: FastifyInstance, buyer: TestAccount, cart: unknown[], notes?: string) {
  return send(app, 'POST', '/api/checkout', { cookie: buyer.cookie, payload: { cart, ...(notes !== undefined ? { notes } : {}) } });
}

export async function sessionIdOf(handle: DatabaseHandle, checkoutId: string): Promise<string> {
  const row = await handle.db.selectFrom('checkouts').select('provider_session_id').where('id', '=', checkoutId).executeTakeFirstOrThrow();
  if (!row.provider_session_id) throw new Error(`checkout ${checkoutId} has no session`);
  return row.provider_session_id;
}

export function payWith(app: FastifyInstance, buyer: TestAccount, sessionId: string, cardNumber = PAYS) {
  return send(app, 'POST', `/api/checkout/test/${sessionId}/pay`, {
    cookie: buyer.cookie,
    payload: { card_number: cardNumber, expiry: '12/39', cvc: '123', name: 'Test Buyer' },
  });
}

export async function checkoutRow(handle: DatabaseHandle, id: string) {
  return handle.db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function squareRows(handle: DatabaseHandle, gameId: string) {
  return handle.db.selectFrom('squares').selectAll().where('game_id', '=', gameId).orderBy('x').orderBy('y').execute();
}

export async function gameRow(handle: DatabaseHandle, gameId: string) {
  return handle.db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirstOrThrow();
}

/**
 * Checks the games' counters against the squares actually owned and what the paid ones cost (the
 * price is fixed once a square is sold, D13; assigned squares (D32) have no checkout, and a moved
 * square no longer sits where its checkout item says, so the game's price is the measure).
 */
export async function expectCountersMatch(handle: DatabaseHandle, gameId: string): Promise<{ claimed: number; pot: number; collected: number }> {
  const game = await gameRow(handle, gameId);
  const claimed = await handle.db
    .selectFrom('squares')
    .select(['squares.is_paid'])
    .where('squares.game_id', '=', gameId)
    .where('squares.status', '=', 'claimed')
    .execute();
  // D47: the pot counts every sold square, paid or not; collected, the paid ones.
  const pot = claimed.length * game.price_per_square_cents;
  const collected = claimed.filter((row) => row.is_paid).length * game.price_per_square_cents;
  if (game.squares_claimed !== claimed.length || game.total_pot_cents !== pot || game.collected_cents !== collected) {
    throw new Error(
      `game ${gameId}: counters say ${game.squares_claimed} squares / ${game.total_pot_cents} cents / ${game.collected_cents} collected, the squares table ${claimed.length} / ${pot} / ${collected}`,
    );
  }
  return { claimed: claimed.length, pot, collected };
}
