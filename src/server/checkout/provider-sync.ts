import type { CheckoutStatus } from '@core/api/checkout';
import type { Cancelling } from './cancel';
import { iso, providerOf, publicStatus, publishSquares, type EndAs, type CheckoutServiceDeps } from './checkout.deps';
import { checkoutRepository, type OpenCheckoutRow } from './checkout.repository';
import type { Fulfillment } from './fulfill';

/**
 * What the provider tells us (the Stripe webhook, the test card page) and the sweep that asks it
 * (sweeper.ts): payments confirmed are fulfilled, pages that ended release their checkouts.
 */
export function providerSync(deps: CheckoutServiceDeps, fulfillment: Fulfillment, { release, askProvider, apply, end }: Cancelling) {
  const { provider, log, clock } = deps;
  const repo = checkoutRepository(deps.db, deps.kind);
  const { fulfill, completeRefund, completePartRefund } = fulfillment;

  /** A notice about a session (webhook, the test card page's Cancel): the checkout ends as its provider says now. */
  async function endSession(sessionId: string, endAs: EndAs): Promise<boolean> {
    const checkout = provider ? await repo.findBySession(provider.name, sessionId) : undefined;
    return checkout?.status === 'open' ? (await end(checkout, endAs)) === 'released' : false;
  }

  /**
   * The sweep's look at an open checkout (issue 10: a crash can cut off any confirmation or any
   * follow-up work). A paid one is fulfilled now, not at its expiry. One past its expiry, with a
   * game gone, drawn or completed, or replaced by a newer checkout of its buyer (a delete, draw or
   * new checkout whose follow-up a crash cut off), is ended as its provider says. One of a
   * provider no longer configured cannot be asked: it is released once its holds have lapsed
   * (hold_until).
   */
  async function settleOpen(checkout: OpenCheckoutRow, now: Date): Promise<void> {
    const expired = now >= new Date(checkout.expires_at);
    if (checkout.provider_session_id && !providerOf(deps, checkout)) {
      if (now >= new Date(checkout.hold_until)) await release(checkout.id, 'expired');
      return;
    }
    if (expired || checkout.sales_closed || checkout.holds_lost) {
      await end(checkout, expired ? 'expired' : 'cancelled');
      return;
    }
    const state = await askProvider(checkout);
    if (state && state.status !== 'pending') await apply(checkout, state);
  }

  return {
    /**
     * The provider took the payment of a session: claim its squares, or refund (D21). Safe to
     * call any number of times, concurrently. Returns the checkout's status, null for a session
     * that is not ours.
     */
    async confirmPaid({ sessionId, paymentId }: { sessionId: string; paymentId: string }): Promise<CheckoutStatus | null> {
      const checkout = provider ? await repo.findBySession(provider.name, sessionId) : undefined;
      if (!checkout) {
        log.warn({ sessionId }, 'payment confirmed for a session we do not know');
        return null;
      }
      return publicStatus(await fulfill(checkout.id, paymentId));
    },

    /**
     * The provider says the payment failed, the page expired, or the buyer left it with Cancel:
     * the checkout ends as the provider says now (a notice can be stale), releasing its holds.
     * True when this call released it.
     */
    async paymentFailed({ sessionId }: { sessionId: string }): Promise<boolean> {
      return endSession(sessionId, 'declined');
    },

    async sessionExpired({ sessionId }: { sessionId: string }): Promise<boolean> {
      return endSession(sessionId, 'expired');
    },

    async sessionCancelled({ sessionId }: { sessionId: string }): Promise<boolean> {
      return endSession(sessionId, 'cancelled');
    },

    /**
     * The sweep (sweeper.ts) as of `now` (the clock's time unless given): open checkouts are
     * settled with the provider (paid ones fulfilled at once, expired or closed ones ended); holds
     * left by ended checkouts are deleted; refunds the provider refused, or that a crash cut off,
     * are tried again.
     */
    async sweepExpired(now: Date = clock()): Promise<void> {
      for (const checkout of await repo.openCheckouts()) {
        try {
          await settleOpen(checkout, now);
        } catch (err) {
          log.error({ err, checkoutId: checkout.id }, 'open checkout could not be settled; next sweep tries again');
        }
      }
      publishSquares(deps, await repo.deleteStaleHolds(iso(now)));
      for (const checkout of await repo.refundsPending()) {
        try {
          await completeRefund(checkout.id);
        } catch (err) {
          log.error({ err, checkoutId: checkout.id }, 'refund could not be completed; next sweep tries again');
        }
      }
      for (const part of await repo.pendingPartRefunds()) {
        try {
          await completePartRefund(part);
        } catch (err) {
          log.error({ err, refundId: part.id }, 'refund of a deleted game could not be completed; next sweep tries again');
        }
      }
    },
  };
}
