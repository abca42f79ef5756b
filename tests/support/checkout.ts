import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Coordinate } from '@core/grid';
import { signedInPlayer } from './accounts';
import { SAME_ORIGIN } from './auth';
import type { DatabaseHandle } from '../../src/server/db/connection';

/** Test helpers of the checkout tests (no tests here). */

export const PAYS = '4242 4242 4242 4242';
export const DECLINED = '4000 0000 0000 0002';

export interface Buyer {
  id: string;
  email: string;
  username: string;
  cookie: string;
}

/** A confirmed, signed-in player (real auth API) with their user id. */
export async function newBuyer(app: FastifyInstance, handle: DatabaseHandle, prefix = 'buyer'): Promise<Buyer> {
  const account = await signedInPlayer(app, prefix);
  const row = await handle.db.selectFrom('user').select('id').where('email', '=', account.email).executeTakeFirstOrThrow();
  return { id: row.id, email: account.email, username: account.username, cookie: account.cookie };
}

/** A request from the app's own page, signed in with `cookie` (or as a visitor). */
export function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { cookie?: string | undefined; payload?: unknown } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { origin: SAME_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
}

/** The spec's cart entry for one game. */
export function cartOf(gameId: string, squares: Coordinate[], pricePerSquare = 10, title = 'Test Bowl') {
  return { game_id: gameId, game_title: title, price_per_square: pricePerSquare, squares };
}

export function startCheckout(app: FastifyInstance, buyer: Buyer, cart: unknown[], notes?: string) {
  return send(app, 'POST', '/api/checkout', { cookie: buyer.cookie, payload: { cart, ...(notes !== undefined ? { notes } : {}) } });
}

export async function sessionIdOf(handle: DatabaseHandle, checkoutId: string): Promise<string> {
  const row = await handle.db.selectFrom('checkouts').select('provider_session_id').where('id', '=', checkoutId).executeTakeFirstOrThrow();
  if (!row.provider_session_id) throw new Error(`checkout ${checkoutId} has no session`);
  return row.provider_session_id;
}

export function payWith(app: FastifyInstance, buyer: Buyer, sessionId: string, cardNumber = PAYS) {
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

/** Checks the games' counters against the squares actually claimed and what their checkouts paid. */
export async function expectCountersMatch(handle: DatabaseHandle, gameId: string): Promise<{ claimed: number; pot: number }> {
  const game = await gameRow(handle, gameId);
  const claimed = await handle.db
    .selectFrom('squares')
    .innerJoin('checkout_items', (join) =>
      join
        .onRef('checkout_items.checkout_id', '=', 'squares.checkout_id')
        .onRef('checkout_items.game_id', '=', 'squares.game_id')
        .onRef('checkout_items.x', '=', 'squares.x')
        .onRef('checkout_items.y', '=', 'squares.y'),
    )
    .select(['checkout_items.price_cents'])
    .where('squares.game_id', '=', gameId)
    .where('squares.status', '=', 'claimed')
    .execute();
  const pot = claimed.reduce((sum, row) => sum + row.price_cents, 0);
  if (game.squares_claimed !== claimed.length || game.total_pot_cents !== pot) {
    throw new Error(
      `game ${gameId}: counters say ${game.squares_claimed} squares / ${game.total_pot_cents} cents, the squares table ${claimed.length} / ${pot}`,
    );
  }
  return { claimed: claimed.length, pot };
}
