import { formatUsd } from '@core/money';
import { salesOpen } from '@core/sales';
import type { Executor } from '../db/executor';
import { refundMail } from '../mail/templates';
import { iso, perGame, providerOf, publishSquares, refundKey, inTransaction, type CheckoutServiceDeps } from './checkout.deps';
import { REFUND_REASONS } from './checkout.messages';
import { checkoutRepository, type CheckoutRepository, type CheckoutRow, type RefundRow, type StoredCheckoutStatus } from './checkout.repository';

/** Rolls back a fulfillment that cannot claim every square: the payment is refunded instead. */
class CannotClaim extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Fulfilling and refunding paid checkouts (design note 004, D21): every confirmation path ends in
 * `fulfill`, whose conditional status update decides once however often and in whatever order
 * confirmations arrive; a payment that cannot claim its squares is refunded.
 */
export function fulfillment(deps: CheckoutServiceDeps) {
  const { mail, log, clock, metrics } = deps;
  const repo = checkoutRepository(deps.db, deps.kind);

  /**
   * Claims every square of a paid checkout, or none and refunds the payment (D21). One
   * transaction: games locked first (the order every writer uses), then the conditional status
   * update, the claims and the games' counters.
   */
  async function fulfill(checkoutId: string, paymentId: string): Promise<StoredCheckoutStatus> {
    const items = await repo.items(checkoutId);
    const totals = perGame(items);
    let outcome: { status: StoredCheckoutStatus; closedReason: string | null; claimed?: true } | { refund: string };
    try {
      outcome = await inTransaction(deps, async (tx, trx) => {
        const games = await tx.lockGames([...totals.keys()].sort(), 'update');
        // Why these squares cannot be sold now, if they cannot: a game deleted, drawn or completed.
        let closedReason: string | null = null;
        for (const [gameId, total] of totals) {
          const game = games.get(gameId);
          if (!game) closedReason ??= REFUND_REASONS.gameGone(total.title);
          else if (!salesOpen(game, clock())) closedReason ??= REFUND_REASONS.salesClosed(game.title);
        }
        const now = iso(clock());
        const moved = await tx.moveStatus(checkoutId, ['open'], {
          status: 'fulfilled',
          paid_at: now,
          fulfilled_at: now,
          provider_payment_id: paymentId,
          updated_at: now,
        });
        if (!moved) {
          const current = await tx.findCheckout(checkoutId);
          if (!current) throw new Error(`checkout ${checkoutId} vanished`);
          return { status: current.status, closedReason };
        }
        if (closedReason) throw new CannotClaim(closedReason);
        if ((await tx.claimHolds(checkoutId, now)) !== items.length) throw new CannotClaim(REFUND_REASONS.taken);
        const buyer = (await tx.findCheckout(checkoutId))?.user_id ?? null;
        for (const [gameId, total] of totals) {
          await tx.addToGame(gameId, { squares: total.squares, paid: total.squares }, now);
          const squares = items.filter((item) => item.game_id === gameId);
          await tx.logActivity(gameId, [{ action: 'bought', actorUserId: buyer, subjectUserId: buyer, squares, detail: { amount_cents: total.cents } }], now);
        }
        // D40: the buyer's receipt, queued with the claim (only the confirmation that claims).
        await deps.receipts.receipt(trx, checkoutId);
        // This call claimed the squares (another confirmation that finds it fulfilled does not).
        return { status: 'fulfilled' as const, closedReason: null, claimed: true };
      });
    } catch (err) {
      if (!(err instanceof CannotClaim)) throw err;
      outcome = { refund: err.reason };
    }

    if ('refund' in outcome) return refund(checkoutId, paymentId, outcome.refund);
    if (outcome.status === 'fulfilled') {
      if (outcome.claimed) {
        metrics.checkout('fulfilled');
        mail.nudge();
      }
      publishSquares(deps, totals.keys());
      return 'fulfilled';
    }
    // Paid after we gave up on it (expired, replaced by a newer checkout, declined, its game
    // deleted or drawn): its holds are gone.
    if (outcome.status === 'expired' || outcome.status === 'cancelled' || outcome.status === 'declined') {
      return refund(checkoutId, paymentId, outcome.closedReason ?? REFUND_REASONS.late);
    }
    return outcome.status;
  }

  /**
   * Decides the refund of a payment that claims nothing (status refund_pending, holds released)
   * with a conditional update, then asks the provider. Only the call that made the decision goes
   * on. Any state but fulfilled or refunded qualifies: an expiry that slipped in since the
   * failed claim must not leave the money unrefunded.
   */
  async function refund(checkoutId: string, paymentId: string, reason: string): Promise<StoredCheckoutStatus> {
    const games = await inTransaction(deps, async (tx) => {
      const now = iso(clock());
      const moved = await tx.moveStatus(checkoutId, ['open', 'expired', 'cancelled', 'declined'], {
        status: 'refund_pending',
        refund_reason: reason,
        paid_at: now,
        provider_payment_id: paymentId,
        updated_at: now,
      });
      return moved ? tx.deleteHolds(checkoutId) : null;
    });
    if (games === null) return (await repo.findCheckout(checkoutId))?.status ?? 'refund_pending';
    metrics.checkout('refunded');
    log.warn({ checkoutId, reason }, 'paid checkout cannot claim its squares: refunding it');
    publishSquares(deps, games);
    return completeRefund(checkoutId);
  }

  /** Asks the checkout's provider for a refund; its id, or null (logged) when it cannot be had now. */
  async function refundAtProvider(checkout: CheckoutRow, amountCents: number, reason: string, idempotencyKey: string): Promise<string | null> {
    const payments = providerOf(deps, checkout);
    if (!payments || !checkout.provider_payment_id) {
      log.error({ checkoutId: checkout.id, provider: checkout.provider }, 'refund waits: the provider of this payment is not configured');
      return null;
    }
    try {
      return await payments.refund({ checkoutId: checkout.id, paymentId: checkout.provider_payment_id, amountCents, reason, idempotencyKey });
    } catch (err) {
      log.error({ err, checkoutId: checkout.id, idempotencyKey }, 'refund failed at the provider; the sweep tries again');
      return null;
    }
  }

  /**
   * Has the provider refund a decided refund of a whole checkout (idempotent per checkout),
   * records it and tells the buyer. A provider failure leaves it refund_pending for the sweep.
   */
  async function completeRefund(checkoutId: string): Promise<StoredCheckoutStatus> {
    const checkout = await repo.findCheckout(checkoutId);
    if (!checkout || checkout.status !== 'refund_pending') return checkout?.status ?? 'refund_pending';
    const reason = checkout.refund_reason ?? REFUND_REASONS.late;
    const key = refundKey(checkoutId);
    const refundId = await refundAtProvider(checkout, checkout.amount_cents, reason, key);
    if (!refundId) return checkout.status;
    const now = iso(clock());
    const done = await inTransaction(deps, async (tx, trx) => {
      await tx.recordRefund({
        checkout_id: checkoutId,
        refund_key: key,
        provider: checkout.provider,
        provider_refund_id: refundId,
        amount_cents: checkout.amount_cents,
        description: checkout.description,
        reason,
        created_at: now,
      });
      const moved = await tx.moveStatus(checkoutId, ['refund_pending'], { status: 'refunded', refunded_at: now, updated_at: now });
      if (moved) await queueRefundMail(tx, trx, checkout, { amountCents: checkout.amount_cents, description: checkout.description, reason });
      return moved;
    });
    if (done) mail.nudge();
    return 'refunded';
  }

  /**
   * Has the provider refund one deleted game's part of a checkout (D13, issue 10), decided
   * before as a pending payment_refunds row; records it and tells the buyer. A provider failure
   * leaves it pending for the sweep.
   */
  async function completePartRefund(part: RefundRow): Promise<void> {
    if (part.status !== 'pending') return;
    const checkout = await repo.findCheckout(part.checkout_id);
    if (!checkout) return;
    const refundId = await refundAtProvider(checkout, part.amount_cents, part.reason, part.refund_key);
    if (!refundId) return;
    const done = await inTransaction(deps, async (tx, trx) => {
      const marked = await tx.markRefunded(part.id, refundId, iso(clock()));
      if (marked) await queueRefundMail(tx, trx, checkout, { amountCents: part.amount_cents, description: part.description, reason: part.reason });
      return marked;
    });
    if (done) mail.nudge();
  }

  /** Tells the buyer, in the transaction that records the refund: the mail exists exactly when the refund is recorded. */
  async function queueRefundMail(
    tx: CheckoutRepository,
    trx: Executor,
    checkout: CheckoutRow,
    refunded: { amountCents: number; description: string; reason: string },
  ): Promise<void> {
    const buyer = await tx.buyerOf(checkout.user_id);
    if (!buyer) return;
    await mail.enqueue(
      trx,
      refundMail(buyer.email, {
        username: buyer.name,
        amount: formatUsd(refunded.amountCents),
        description: refunded.description,
        reason: refunded.reason,
        link: `${checkout.public_origin ?? ''}/my-squares`,
      }),
    );
  }

  return { fulfill, completeRefund, completePartRefund };
}

export type Fulfillment = ReturnType<typeof fulfillment>;
