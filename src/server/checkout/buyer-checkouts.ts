import type { CheckoutView, OpenCheckout } from '@core/api/checkout';
import { notFound } from '../http/errors';
import type { Cancelling } from './cancel';
import { publicStatus, type CheckoutServiceDeps } from './checkout.deps';
import { CHECKOUT_NOT_FOUND } from './checkout.messages';
import { checkoutRepository, type CheckoutRow } from './checkout.repository';

/**
 * A buyer's own checkouts (D21): following one, listing the open ones, cancelling one. Reading
 * an open checkout asks its provider first and acts on the answer, so these reads can fulfill,
 * refund or release it (their names say "settle").
 */
export function buyerCheckouts(deps: CheckoutServiceDeps, { askProvider, apply, end }: Pick<Cancelling, 'askProvider' | 'apply' | 'end'>) {
  const repo = checkoutRepository(deps.db, deps.kind);
  /** GET /api/checkout/:id for its buyer: while open, settles it with the provider first (a paid one is fulfilled), then answers it. */
  async function settleAndView(checkoutId: string, userId: string): Promise<CheckoutView> {
    let checkout = await repo.findCheckout(checkoutId);
    if (!checkout || checkout.user_id !== userId) throw notFound(CHECKOUT_NOT_FOUND);
    if (checkout.status === 'open') {
      const state = await askProvider(checkout);
      if (state) {
        await apply(checkout, state);
        checkout = (await repo.findCheckout(checkoutId)) as CheckoutRow;
      }
    }
    const items = await repo.items(checkoutId);
    return {
      id: checkout.id,
      status: publicStatus(checkout.status),
      amount_cents: checkout.amount_cents,
      description: checkout.description,
      squares: items.map(({ game_id, game_title, x, y, price_cents }) => ({ game_id, game_title, x, y, price_cents })),
      expires_at: checkout.expires_at,
      refund_reason: checkout.refund_reason,
    };
  }

  return {
    settleAndView,

    /**
     * GET /api/me/checkout (D21: a buyer's own open checkout never blocks them): the buyer's open
     * checkouts, newest first, each with the page to resume while it still takes payment. Each
     * is settled with the provider first, so one paid meanwhile is fulfilled and one that ended
     * is released rather than offered.
     */
    async settleAndListOpen(userId: string): Promise<OpenCheckout[]> {
      const open: OpenCheckout[] = [];
      for (const checkout of await repo.openCheckoutsOf(userId)) {
        const state = await askProvider(checkout);
        if (state && state.status !== 'pending') {
          await apply(checkout, state);
          if ((await repo.findCheckout(checkout.id))?.status !== 'open') continue;
        }
        const items = await repo.items(checkout.id);
        open.push({
          id: checkout.id,
          url: state?.status === 'pending' ? (state.url ?? null) : null,
          amount_cents: checkout.amount_cents,
          expires_at: checkout.expires_at,
          created_at: checkout.created_at,
          squares: items.map(({ game_id, game_title, x, y, price_cents }) => ({ game_id, game_title, x, y, price_cents })),
        });
      }
      return open.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    },

    /**
     * POST /api/checkout/:id/cancel (D21): the buyer starts again, or came back through the
     * provider's cancel link. Only their own checkout; ends it as its provider says (`end`: its
     * page is closed first, a payment that went through is fulfilled, not cancelled), so calling
     * it again changes nothing. Answers the checkout as it is then.
     */
    async cancel(checkoutId: string, userId: string): Promise<CheckoutView> {
      const checkout = await repo.findCheckout(checkoutId);
      if (!checkout || checkout.user_id !== userId) throw notFound(CHECKOUT_NOT_FOUND);
      if (checkout.status === 'open') await end(checkout, 'cancelled');
      return settleAndView(checkoutId, userId);
    },

    /** Who bought the checkout (the test card page pays only for its owner). */
    async ownerOf(checkoutId: string): Promise<string | null> {
      return (await repo.findCheckout(checkoutId))?.user_id ?? null;
    },
  };
}
