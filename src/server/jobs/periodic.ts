import { DatabaseFileGone } from '../db/sqlite-file';
import type { Logger } from '../logger';

export interface PeriodicJob {
  /** Runs the job now unless a run is under way (then waits for that one). Never rejects. */
  runOnce(): Promise<void>;
  /**
   * Runs the job now or, when a run is under way (it may have read before the caller's change
   * committed), once more right after it; resolves when that run ends. Does nothing once stopped.
   */
  runSoon(): Promise<void>;
  /** Runs once now, then every interval. `awaitFirst` makes start wait for the first run. */
  start(options?: { awaitFirst?: boolean }): Promise<void>;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * A job that every instance runs at start and then every interval (the checkout sweep, payout
 * recovery, the mail sender): work a crash interrupted is picked up after a restart, and a slow
 * run is never started twice. The jobs themselves decide each row with conditional writes, so
 * instances running them at the same moment are safe.
 *
 * A SQLite file gone while the app runs refuses every write (db/sqlite-file.ts): the job writes
 * nothing, says so once with the cause, runs again each interval, and says when it runs again.
 */
export function periodicJob(name: string, task: () => Promise<unknown>, intervalMs: number, log: Logger): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again: Promise<void> | undefined;
  let stopped = false;
  let paused = false;

  function failed(err: unknown): void {
    if (!(err instanceof DatabaseFileGone)) return log.error({ err, job: name }, `${name} failed; the next run tries again`);
    if (!paused) log.error({ job: name, cause: err.fileCause }, `${name} paused: it writes nothing while ${err.fileCause}`);
    paused = true;
  }

  function runOnce(): Promise<void> {
    running ??= task()
      .then(() => {
        if (paused) log.info({ job: name }, `${name} runs again: the database file is back`);
        paused = false;
      }, failed)
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    runOnce,
    runSoon() {
      if (stopped) return Promise.resolve();
      if (!running) return runOnce();
      again ??= running.then(() => {
        again = undefined;
        return stopped ? undefined : runOnce();
      });
      return again;
    },
    async start({ awaitFirst = false } = {}) {
      if (timer) return;
      stopped = false;
      timer = setInterval(() => void runOnce(), intervalMs);
      // A job never keeps the process alive on its own.
      timer.unref();
      const first = runOnce();
      if (awaitFirst) await first;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await again;
      await running;
    },
  };
}
