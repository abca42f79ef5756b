import { checkoutDescription } from '@core/cart';
import type { LockedGame } from '../games/games.repository';
import type { Cancelling } from './cancel';
import { iso, perGame, refundKey, type CheckoutServiceDeps } from './checkout.deps';
import { REFUND_REASONS } from './checkout.messages';
import { checkoutRepository } from './checkout.repository';
import type { Fulfillment } from './fulfill';

/**
 * What game day, games and the organizer tools call inside a game's lock (D13, D18), each given
 * the locked game: the game's checkouts are decided in its transaction (`game.tx`); provider
 * calls and refund mails are queued on `game.afterCommit`.
 */
export function salesHooks(
  deps: CheckoutServiceDeps,
  { completeRefund, completePartRefund }: Pick<Fulfillment, 'completeRefund' | 'completePartRefund'>,
  { cancelCheckouts }: Pick<Cancelling, 'cancelCheckouts'>,
) {
  const { log, clock } = deps;
  const repo = checkoutRepository(deps.db, deps.kind);
  const hooks = {
    /**
     * D18: numbers are being drawn. Inside the caller's game lock, finds the game's open
     * checkouts; after commit, each ends as its provider says: a payment that went through is
     * refunded (sales closed), the rest are cancelled.
     */
    async closeSales(game: LockedGame): Promise<void> {
      const open = await checkoutRepository(game.tx, deps.kind).checkoutsWithGame(game.row.id, ['open']);
      game.afterCommit.add(() => cancelCheckouts(open));
    },

    /**
     * D13: the game is being deleted. Inside the caller's game lock: a paid checkout of only this
     * game is refunded in full (by card; an organizer-collects order has nothing to refund); a paid checkout that also bought other games has this game's part
     * refunded (issue 10: nothing of another game changes; the checkout stays fulfilled). After
     * commit: the game's open checkouts end as their provider says (a payment that went through is
     * refunded), refunds are made and mailed. Checkouts and their items stay.
     */
    async releaseDeletedGame(game: LockedGame): Promise<void> {
      const { id: gameId, title } = game.row;
      const tx = checkoutRepository(game.tx, deps.kind);
      const now = iso(clock());
      const open = await tx.checkoutsWithGame(gameId, ['open']);
      const whole: string[] = [];
      const parts: string[] = [];
      const reason = REFUND_REASONS.gameDeleted(title);
      for (const checkout of await tx.checkoutsWithGame(gameId, ['fulfilled'])) {
        // D28: an organizer-collects order took no money in the app: nothing to refund here (the
        // organizer settles it in person); the order stays as a record.
        if (checkout.provider === 'organizer') continue;
        const items = await tx.items(checkout.id);
        const games = perGame(items);
        const part = games.get(gameId) as { squares: number; cents: number; title: string };
        // D32: squares of it the organizer released were refunded already; the rest is this game's part.
        const refundedBefore = await tx.partRefundedCents(checkout.id, gameId);
        if (games.size === 1 && refundedBefore === 0) {
          if (await tx.moveStatus(checkout.id, ['fulfilled'], { status: 'refund_pending', refund_reason: reason, updated_at: now })) whole.push(checkout.id);
          continue;
        }
        if (part.cents - refundedBefore <= 0) continue;
        const decided = await tx.decidePartRefund({
          checkout_id: checkout.id,
          game_id: gameId,
          refund_key: refundKey(checkout.id, gameId),
          provider: checkout.provider,
          amount_cents: part.cents - refundedBefore,
          description: checkoutDescription([{ game_id: gameId, game_title: title, price_per_square: 0, squares: items.filter((i) => i.game_id === gameId) }]),
          reason,
          created_at: now,
        });
        if (decided) parts.push(decided);
      }
      game.afterCommit.add(async () => {
        await cancelCheckouts(open);
        for (const checkoutId of whole) await completeWhole(checkoutId);
        for (const id of parts) await completePart(id);
      });
    },

    /** The game's squares on these cells that are owned or held by a live checkout; dead holds on them are removed first (D21). */
    async takenSquares(game: LockedGame, squares: readonly { x: number; y: number }[]): Promise<{ x: number; y: number }[]> {
      const tx = checkoutRepository(game.tx, deps.kind);
      const cells = squares.map(({ x, y }) => ({ game_id: game.row.id, x, y }));
      const now = iso(clock());
      await tx.deleteDeadHolds(cells, now);
      return tx.takenSquares(cells, now);
    },

    /**
     * D32: the organizer is releasing these owned squares of a game, inside its lock. Each one
     * bought by card has its price refunded through its provider: decided here (a pending part
     * refund keyed by the square), made after commit (the sweep retries a provider failure). The
     * refunded cents per square id.
     */
    async refundReleasedSquares(game: LockedGame, squares: readonly { id: string; x: number; y: number }[]): Promise<Map<string, number>> {
      const { id: gameId, title, price_per_square_cents: priceCents } = game.row;
      const tx = checkoutRepository(game.tx, deps.kind);
      const now = iso(clock());
      const refunded = new Map<string, number>();
      const decided: string[] = [];
      const byId = new Map(squares.map((square) => [square.id, square]));
      for (const sale of await tx.cardSales(squares.map((square) => square.id))) {
        if (sale.status !== 'fulfilled') continue;
        const square = byId.get(sale.square_id) as { id: string; x: number; y: number };
        const checkout = await tx.findCheckout(sale.checkout_id);
        if (!checkout) continue;
        const id = await tx.decidePartRefund({
          checkout_id: sale.checkout_id,
          game_id: gameId,
          refund_key: `${refundKey(sale.checkout_id, gameId)}-${square.id}`,
          provider: checkout.provider,
          amount_cents: priceCents,
          description: checkoutDescription([{ game_id: gameId, game_title: title, price_per_square: 0, squares: [square] }]),
          reason: REFUND_REASONS.squareReleased(title),
          created_at: now,
        });
        if (id) {
          decided.push(id);
          refunded.set(square.id, priceCents);
        }
      }
      game.afterCommit.add(async () => {
        for (const id of decided) await completePart(id);
      });
      return refunded;
    },
  };
  return hooks;

  async function completeWhole(checkoutId: string): Promise<void> {
    try {
      await completeRefund(checkoutId);
    } catch (err) {
      log.error({ err, checkoutId }, 'a refund could not be completed; the sweep tries again');
    }
  }

  async function completePart(id: string): Promise<void> {
    try {
      const part = await repo.findRefund(id);
      if (part) await completePartRefund(part);
    } catch (err) {
      log.error({ err, refundId: id }, 'a refund could not be completed; the sweep tries again');
    }
  }
}
