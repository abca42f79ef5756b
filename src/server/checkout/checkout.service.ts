import type { CheckoutCreated } from '@core/api/checkout';
import { checkoutGameId } from '@core/cart';
import { AppError, errorBody } from '../http/errors';
import { buyerCheckouts } from './buyer-checkouts';
import { cancelling } from './cancel';
import type { CheckoutServiceDeps } from './checkout.deps';
import { checkoutRepository } from './checkout.repository';
import { checkoutCreation, type CardCheckout, type NewCheckout } from './create-checkout';
import { fulfillment } from './fulfill';
import { providerSync } from './provider-sync';
import { reservations } from './reserve';
import { salesHooks } from './sales-hooks';

export type { CheckoutServiceDeps } from './checkout.deps';
export type { NewCheckout } from './create-checkout';

/**
 * Checkout (design note 004, D13, D18, D21, D22): holds a cart's squares, and fulfills, refunds
 * or releases them as the provider reports. One module per use case: create-checkout.ts (POST
 * /api/checkout), buyer-checkouts.ts (the buyer's reads and cancel, which settle with the
 * provider first), provider-sync.ts (provider notices and the sweep), sales-hooks.ts (draw and
 * delete), on fulfill.ts (fulfill and refund) and cancel.ts (ending checkouts as the provider says).
 */
export function checkoutService(deps: CheckoutServiceDeps) {
  const fulfilling = fulfillment(deps);
  const ending = cancelling(deps, fulfilling);
  const creation = checkoutCreation(deps, fulfilling, ending);
  const { reserve } = reservations(deps);

  /**
   * POST /api/checkout (D21, D28): a cart may hold games of both ways of paying. The card part
   * goes first (its provider page is opened; refused, nothing is reserved either); then the
   * organizer-collects part is reserved. Each part is all or nothing: a refused reservation
   * after the card part went ahead is reported beside it, and the card part stands.
   */
  async function checkout(input: NewCheckout): Promise<CheckoutCreated> {
    const methods = await checkoutRepository(deps.db, deps.kind).paymentMethods(input.cart.map((item) => item.game_id));
    // A game that is gone goes with the card part, or without card payments with the organizer
    // part: either way its check says it is no longer available.
    const organizer = (gameId: string) => (methods.get(gameId) ?? (deps.provider ? 'card' : 'organizer')) === 'organizer';
    const organizerCart = input.cart.filter((item) => organizer(item.game_id));
    const cardCart = input.cart.filter((item) => !organizer(item.game_id));
    const card: CardCheckout | null = cardCart.length > 0 ? await creation.create({ ...input, cart: cardCart }) : null;
    let reservation: CheckoutCreated['reservation'] = null;
    let reservationError: CheckoutCreated['reservation_error'] = null;
    if (organizerCart.length > 0) {
      try {
        reservation = await reserve({ ...input, cart: organizerCart });
      } catch (err) {
        if (!card || !(err instanceof AppError)) throw err;
        reservationError = errorBody(err.code, err.message, err.details).error;
      }
    }
    return {
      checkout_id: card?.checkout_id ?? null,
      url: card?.url ?? null,
      amount_cents: card?.amount_cents ?? 0,
      game_id: checkoutGameId(input.cart) as string,
      expires_at: card?.expires_at ?? null,
      reservation,
      reservation_error: reservationError,
    };
  }

  return {
    create: checkout,
    ...buyerCheckouts(deps, ending),
    ...providerSync(deps, fulfilling, ending),
    ...salesHooks(deps, fulfilling, ending),
  };
}

export type CheckoutService = ReturnType<typeof checkoutService>;
