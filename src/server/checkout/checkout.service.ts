import { buyerCheckouts } from './buyer-checkouts';
import { cancelling } from './cancel';
import type { CheckoutServiceDeps } from './checkout.deps';
import { checkoutCreation } from './create-checkout';
import { fulfillment } from './fulfill';
import { providerSync } from './provider-sync';
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
  return {
    ...checkoutCreation(deps, fulfilling, ending),
    ...buyerCheckouts(deps, ending),
    ...providerSync(deps, fulfilling, ending),
    ...salesHooks(deps, fulfilling, ending),
  };
}

export type CheckoutService = ReturnType<typeof checkoutService>;
