import type { PayoutProvider, PayoutRequest } from './provider';

/**
 * A payout provider that fails on demand, for tests (inject it through buildApp's
 * `payoutProvider`). Otherwise it behaves like the manual provider.
 */
export interface FailingPayoutProvider extends PayoutProvider {
  /** The next `count` payouts fail with `reason`. */
  failNext(count?: number, reason?: string): void;
  /** Every request it was asked to pay, in order. */
  readonly requests: readonly PayoutRequest[];
}

export const TEST_PAYOUT_FAILURE = 'Payout provider unavailable';

export function failingPayoutProvider(): FailingPayoutProvider {
  let failures = 0;
  let failureReason = TEST_PAYOUT_FAILURE;
  const requests: PayoutRequest[] = [];
  return {
    name: 'test',
    requests,
    failNext(count = 1, reason = TEST_PAYOUT_FAILURE) {
      failures = count;
      failureReason = reason;
    },
    async pay(request) {
      requests.push(request);
      if (failures > 0) {
        failures -= 1;
        throw new Error(failureReason);
      }
      return { reference: request.reference ?? `test-payout-${request.winnerId}-${request.attempt}` };
    },
  };
}
