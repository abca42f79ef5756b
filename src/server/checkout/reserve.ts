import { randomUUID } from 'node:crypto';
import type { Reservation } from '@core/api/checkout';
import { checkoutDescription } from '@core/cart';
import { iso, perGame, publishSquares, inTransaction, type CheckoutServiceDeps } from './checkout.deps';
import { checkoutRepository, type Cell, type GameForSale } from './checkout.repository';
import type { NewCheckout } from './create-checkout';
import { gameClosed, offBoard, HoldConflict, playerLimit, unavailable } from './sale-checks';

/** How often a reservation that lost a cell to a concurrent writer looks again before it says which. */
const ATTEMPTS = 3;

/**
 * D28: the organizer-collects part of a cart. Its squares become the buyer's at once, unpaid, in
 * one transaction: all of them or none. The order is kept as a checkout row of provider
 * `organizer`, fulfilled from the start (nothing to wait for), with its items at the database's
 * prices and the notes typed at payment (D33). The pot grows only when the organizer marks
 * squares paid; the games' sold counts grow now.
 */
export function reservations(deps: CheckoutServiceDeps) {
  const { clock } = deps;
  const repo = checkoutRepository(deps.db, deps.kind);

  async function reserve({ user, cart, notes, origin }: Omit<NewCheckout, 'maxHeldSquares'>): Promise<Reservation> {
    const cells: Cell[] = cart.flatMap((item) => item.squares.map(({ x, y }) => ({ game_id: item.game_id, x, y })));
    const gameIds = [...new Set(cart.map((item) => item.game_id))].sort();
    const cartTitles = new Map(cart.map((item) => [item.game_id, item.game_title]));

    for (let attempt = 1; ; attempt++) {
      const id = randomUUID();
      const now = iso(clock());
      try {
        const reserved = await inTransaction(deps, async (tx, trx) => {
          await tx.lockBuyer(user.id);
          // Counters change: the games are locked for update, in id order like every writer.
          const games = await tx.lockGames(gameIds, 'update');
          for (const item of cart) {
            const closed = gameClosed(item.game_title, games.get(item.game_id), 'organizer', new Date(now));
            if (closed) throw closed;
            const off = offBoard(item.squares, games.get(item.game_id) as GameForSale);
            if (off) throw off;
          }
          const titles = new Map([...games.values()].map((g) => [g.id, g.title]));
          // D31: a game's cap on squares per player.
          const overCap = playerLimit(cells, games, await tx.squaresPerGame(user.id, gameIds, now));
          if (overCap) throw overCap;
          await tx.deleteDeadHolds(cells, now);
          const taken = await tx.takenSquares(cells, now);
          if (taken.length > 0) throw unavailable(taken, user.id, titles);

          const items = cells.map((c) => {
            const game = games.get(c.game_id) as GameForSale;
            return { checkout_id: id, game_id: c.game_id, game_title: game.title, x: c.x, y: c.y, price_cents: game.price_per_square_cents };
          });
          const amountCents = items.reduce((sum, item) => sum + item.price_cents, 0);
          await tx.insertCheckout(
            {
              id,
              user_id: user.id,
              status: 'fulfilled',
              provider: 'organizer',
              amount_cents: amountCents,
              description: checkoutDescription(cart.map((item) => ({ ...item, game_title: titles.get(item.game_id) as string }))),
              notes: notes?.trim() || null,
              expires_at: now,
              hold_until: now,
              created_at: now,
              updated_at: now,
              fulfilled_at: now,
              public_origin: origin,
            },
            items,
          );
          if (!(await tx.insertUnpaidClaims(user.id, id, cells, now))) throw new HoldConflict();
          for (const [gameId, total] of perGame(items)) {
            await tx.addToGame(gameId, { squares: total.squares, paid: 0 }, now);
            const squares = cells.filter((cell) => cell.game_id === gameId);
            await tx.logActivity(
              gameId,
              [{ action: 'reserved', actorUserId: user.id, subjectUserId: user.id, squares, detail: { amount_cents: total.cents } }],
              now,
            );
          }
          // D40: the receipt, with how and by when to pay, exists exactly when the reservation does.
          await deps.receipts.receipt(trx, id);
          return { items, amountCents, games };
        });
        deps.mail.nudge();
        publishSquares(deps, gameIds);
        deps.metrics.checkout('reserved');
        return {
          order_id: id,
          amount_cents: reserved.amountCents,
          squares: reserved.items.map(({ game_id, game_title, x, y, price_cents }) => ({ game_id, game_title, x, y, price_cents })),
          games: gameIds.map((gameId) => {
            const game = reserved.games.get(gameId) as GameForSale;
            return { game_id: gameId, title: game.title, payment_instructions: game.payment_instructions, pay_by: game.pay_by, time_zone: game.time_zone };
          }),
        };
      } catch (err) {
        if (!(err instanceof HoldConflict)) throw err;
        // A concurrent sale got a cell first: name the cells taken now that it has committed.
        const taken = await repo.takenSquares(cells, iso(clock()));
        if (taken.length === 0 && attempt < ATTEMPTS) continue;
        throw unavailable(taken, user.id, cartTitles);
      }
    }
  }

  return { reserve };
}
