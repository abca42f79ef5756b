import type { PayoutProvider } from './provider';

/**
 * D23: the organizer pays outside the app (cash, Venmo, a bank transfer) and records it with
 * Mark Paid. Recording it is the whole payout: the organizer's reference is kept as given.
 */
export function manualPayoutProvider(): PayoutProvider {
  return {
    name: 'manual',
    async pay(request) {
      return { reference: request.reference };
    },
  };
}
