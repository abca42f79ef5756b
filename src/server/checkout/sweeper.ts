import type { CheckoutService, Logger } from './checkout.service';

export const SWEEP_INTERVAL_MS = 60_000;

/**
 * The expiry sweep (D21): every minute, settles open checkouts whose payment page has closed,
 * deletes holds left by ended checkouts and retries refunds the provider refused. Safe to run on
 * several app instances at once: every change is a conditional write.
 */
export function checkoutSweeper(checkouts: CheckoutService, log: Logger, intervalMs = SWEEP_INTERVAL_MS) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  /** One sweep as of `now` (tests pass a time in the future). */
  async function sweepExpired(now: Date = new Date()): Promise<void> {
    await checkouts.sweepExpired(now);
  }

  return {
    sweepExpired,
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        // A slow sweep is not started twice.
        if (running) return;
        running = sweepExpired()
          .catch((err: unknown) => log.error({ err }, 'checkout sweep failed'))
          .finally(() => {
            running = undefined;
          });
      }, intervalMs);
      // The sweep never keeps the process alive on its own.
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type CheckoutSweeper = ReturnType<typeof checkoutSweeper>;
