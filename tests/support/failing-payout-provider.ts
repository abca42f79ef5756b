import type { PayoutProvider, PayoutRequest } from '../../src/server/payouts/provider';

/**
 * A payout provider that fails on demand, for tests (inject it through buildApp's
 * `payoutProvider`). Otherwise it behaves like the manual provider.
 */
export interface FailingPayoutProvider extends PayoutProvider {
  /** The next `count` payouts fail with `reason`. */
  failNext(count?: number, reason?: string): void;
  /** Every request it was asked to pay, in order. */
  readonly requests: readonly PayoutRequest[];
  /**
   * The next payout waits inside the provider until `release()` (a provider that hangs, or a
   * process that dies mid-call); `started` resolves once it is waiting.
   */
  holdNext(): { started: Promise<void>; release(): void };
}

export const TEST_PAYOUT_FAILURE = 'Payout provider unavailable';

export function failingPayoutProvider(): FailingPayoutProvider {
  let failures = 0;
  let failureReason = TEST_PAYOUT_FAILURE;
  const requests: PayoutRequest[] = [];
  let held: { started: () => void; released: Promise<void> } | null = null;
  return {
    name: 'test',
    requests,
    failNext(count = 1, reason = TEST_PAYOUT_FAILURE) {
      failures = count;
      failureReason = reason;
    },
    holdNext() {
      let started!: () => void;
      let release!: () => void;
      const startedPromise = new Promise<void>((resolve) => (started = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      held = { started, released };
      return { started: startedPromise, release };
    },
    async pay(request) {
      requests.push(request);
      const hold = held;
      if (hold) {
        held = null;
        hold.started();
        await hold.released;
      }
      if (failures > 0) {
        failures -= 1;
        throw new Error(failureReason);
      }
      return { reference: request.reference ?? `test-payout-${request.winnerId}-${request.attempt}` };
    },
  };
}
