import { checkoutDescription } from '@core/cart';
import type { AfterCommit } from '../db/after-commit';
import type { Executor } from '../db/executor';
import type { Cancelling } from './cancel';
import { iso, perGame, refundKey, type CheckoutServiceDeps } from './checkout.deps';
import { REFUND_REASONS } from './checkout.messages';
import type { Fulfillment } from './fulfill';

/**
 * What game day and games call inside a game's lock (D13, D18): the game's checkouts are decided
 * in the caller's transaction; provider calls and refund mails are queued to run after commit.
 */
export function salesHooks(
  deps: CheckoutServiceDeps,
  { completeRefund, completePartRefund }: Pick<Fulfillment, 'completeRefund' | 'completePartRefund'>,
  { cancelCheckouts }: Pick<Cancelling, 'cancelCheckouts'>,
) {
  const { repo, log, clock } = deps;
  return {
    /**
     * D18: numbers are being drawn. Inside the caller's game lock, finds the game's open
     * checkouts; after commit, each ends as its provider says: a payment that went through is
     * refunded (sales closed), the rest are cancelled.
     */
    async closeSales(gameId: string, trx: Executor, afterCommit: AfterCommit): Promise<void> {
      const open = await repo.within(trx).checkoutsWithGame(gameId, ['open']);
      afterCommit.add(() => cancelCheckouts(open));
    },

    /**
     * D13: the game is being deleted. Inside the caller's game lock: a paid checkout of only this
     * game is refunded in full (by card; an organizer-collects order has nothing to refund); a paid checkout that also bought other games has this game's part
     * refunded (issue 10: nothing of another game changes; the checkout stays fulfilled). After
     * commit: the game's open checkouts end as their provider says (a payment that went through is
     * refunded), refunds are made and mailed. Checkouts and their items stay.
     */
    async releaseDeletedGame(gameId: string, title: string, trx: Executor, afterCommit: AfterCommit): Promise<void> {
      const tx = repo.within(trx);
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
        if (games.size === 1) {
          if (await tx.moveStatus(checkout.id, ['fulfilled'], { status: 'refund_pending', refund_reason: reason, updated_at: now })) whole.push(checkout.id);
          continue;
        }
        const decided = await tx.decidePartRefund({
          checkout_id: checkout.id,
          game_id: gameId,
          refund_key: refundKey(checkout.id, gameId),
          provider: checkout.provider,
          amount_cents: part.cents,
          description: checkoutDescription([{ game_id: gameId, game_title: title, price_per_square: 0, squares: items.filter((i) => i.game_id === gameId) }]),
          reason,
          created_at: now,
        });
        if (decided) parts.push(decided);
      }
      afterCommit.add(async () => {
        await cancelCheckouts(open);
        for (const checkoutId of whole) {
          try {
            await completeRefund(checkoutId);
          } catch (err) {
            log.error({ err, checkoutId }, 'refund of a deleted game could not be completed; the sweep tries again');
          }
        }
        for (const id of parts) {
          try {
            const part = await repo.findRefund(id);
            if (part) await completePartRefund(part);
          } catch (err) {
            log.error({ err, refundId: id }, 'refund of a deleted game could not be completed; the sweep tries again');
          }
        }
      });
    },
  };
}
