import { periodicJob } from '../jobs/periodic';
import type { Logger } from '../logger';
import type { CheckoutService } from './checkout.service';

const SWEEP_INTERVAL_MS = 60_000;

/**
 * The checkout sweep (D21): at start and then every minute, settles open checkouts with their
 * provider (a payment a crash left unfulfilled is fulfilled), deletes holds left by ended
 * checkouts and retries refunds the provider refused. Safe to run on several app instances at
 * once: every change is a conditional write. The run at start is not awaited: a provider that is
 * slow to answer must not keep the app from serving.
 */
export interface CheckoutSweeperDeps {
  checkouts: CheckoutService;
  log: Logger;
  /** How often the sweep runs after the one at start (settings: SWEEP_INTERVAL_SECONDS; a minute unless given). */
  intervalMs?: number;
}

export function checkoutSweeper({ checkouts, log, intervalMs = SWEEP_INTERVAL_MS }: CheckoutSweeperDeps) {
  /** One sweep as of `now` (the service's clock unless given; tests pass a time in the future). */
  async function sweepExpired(now?: Date): Promise<void> {
    await checkouts.sweepExpired(now);
  }
  const job = periodicJob('checkout sweep', () => sweepExpired(), intervalMs, log);

  return {
    sweepExpired,
    start: (): Promise<void> => job.start(),
    stop: (): Promise<void> => job.stop(),
  };
}

export type CheckoutSweeper = ReturnType<typeof checkoutSweeper>;
