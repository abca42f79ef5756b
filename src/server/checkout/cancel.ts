import type { PaymentProvider, SessionState } from '../payments/provider';
import { iso, providerOf, publishSquares, type EndAs, inTransaction, type CheckoutServiceDeps } from './checkout.deps';
import { checkoutRepository, type CheckoutRow } from './checkout.repository';
import type { Fulfillment } from './fulfill';

/**
 * What ending an open checkout came to: `released` by this call (as asked, or declined);
 * `settled` (paid and fulfilled or refunded, or ended by another call); still open because a
 * payment is under way (`paying`) or the provider cannot be asked now (`unanswered`).
 */
export type Ending = 'released' | 'settled' | 'paying' | 'unanswered';

/**
 * Ending open checkouts, only ever as their provider says (issue 10): releasing their holds when
 * not paid, fulfilling (or refunding) when paid. `cancelCheckouts` is the one way a draw, a
 * delete or a buyer's new checkout ends others.
 */
export function cancelling(deps: CheckoutServiceDeps, { fulfill }: Pick<Fulfillment, 'fulfill'>) {
  const { log, clock } = deps;
  const repo = checkoutRepository(deps.db, deps.kind);

  /**
   * Releases an open checkout's holds as `status`. Called only once the provider has said the
   * checkout was not paid, or (`withoutSession`) while no payment page was recorded for it.
   * False if it was not open (or had a page by then).
   */
  async function release(checkoutId: string, status: EndAs, withoutSession = false): Promise<boolean> {
    const games = await inTransaction(deps, async (tx) => {
      if (!(await tx.moveStatus(checkoutId, ['open'], { status, updated_at: iso(clock()) }, { withoutSession }))) return null;
      return tx.deleteHolds(checkoutId);
    });
    if (games === null) return false;
    deps.metrics.checkout(status);
    publishSquares(deps, games);
    return true;
  }

  async function expireSessionQuietly(p: PaymentProvider, sessionId: string): Promise<void> {
    try {
      await p.expireSession(sessionId);
    } catch (err) {
      log.warn({ err, sessionId }, 'provider session could not be expired; a payment that still arrives is refunded');
    }
  }

  /** What the provider says now; null when it cannot be asked (logged). */
  async function askProvider(checkout: CheckoutRow): Promise<SessionState | null> {
    const payments = providerOf(deps, checkout);
    if (!payments || !checkout.provider_session_id) return null;
    try {
      return await payments.getSessionState(checkout.provider_session_id);
    } catch (err) {
      log.warn({ err, checkoutId: checkout.id }, 'payment provider could not be asked about a checkout');
      return null;
    }
  }

  /** Acts on what the provider said: paid is fulfilled (or refunded), failed declined, expired released as `endAs`. */
  async function apply(checkout: CheckoutRow, state: SessionState, endAs: EndAs = 'expired'): Promise<Ending> {
    if (state.status === 'paid') {
      await fulfill(checkout.id, state.paymentId);
      return 'settled';
    }
    if (state.status === 'pending') return 'paying';
    const released = await release(checkout.id, state.status === 'failed' ? 'declined' : endAs);
    return released ? 'released' : 'settled';
  }

  /**
   * Ends an open checkout only as its provider says (issue 10: a payment the card page recorded
   * just before a crash must be found, never cancelled). Outside any transaction: its page is
   * closed first when it is still open, then the provider is asked; paid is fulfilled (or
   * refunded), failed declined, expired or closed released as `endAs`. A payment still under
   * way or a provider that cannot answer leaves it open for the sweep.
   *
   * A checkout without a recorded session never had its page handed to anyone (create() hands a
   * page out only when its checkout is still open once the session is recorded), so nothing can
   * have been paid: it is released, on condition that no session was recorded meanwhile.
   */
  async function end(checkout: CheckoutRow, endAs: EndAs): Promise<Ending> {
    if (!checkout.provider_session_id) {
      if (await release(checkout.id, endAs, true)) return 'released';
      const now = await repo.findCheckout(checkout.id);
      return now?.status === 'open' && now.provider_session_id ? end(now, endAs) : 'settled';
    }
    const payments = providerOf(deps, checkout);
    let state = await askProvider(checkout);
    if (state?.status === 'pending' && payments) {
      await expireSessionQuietly(payments, checkout.provider_session_id);
      state = await askProvider(checkout);
    }
    return state ? apply(checkout, state, endAs) : 'unanswered';
  }

  /**
   * Ends checkouts (a draw's or a delete's open ones, a buyer's replaced ones), outside any
   * transaction, each as its provider says (`end`, as cancelled). Never throws: one that cannot
   * be ended now is logged and left to the sweep.
   */
  async function cancelCheckouts(checkouts: readonly CheckoutRow[]): Promise<void> {
    await Promise.all(
      checkouts.map(async (checkout) => {
        try {
          await end(checkout, 'cancelled');
        } catch (err) {
          log.error({ err, checkoutId: checkout.id }, 'open checkout could not be ended; the sweep tries again');
        }
      }),
    );
  }

  return { release, askProvider, apply, end, cancelCheckouts };
}

export type Cancelling = ReturnType<typeof cancelling>;
