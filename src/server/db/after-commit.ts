import type { Logger } from '../logger';
import { withTransactionRetry } from './retry';

/**
 * Work that may happen only once a transaction has committed (provider calls, refund mails,
 * board events): code inside the transaction queues it here instead of returning closures.
 * `transactionWithAfterCommit` runs the queue after commit; a rolled-back attempt's queue never runs.
 */
export class AfterCommit {
  readonly #actions: (() => Promise<void> | void)[] = [];

  /** Queues `action` to run after commit, in the order queued. */
  add(action: () => Promise<void> | void): void {
    this.#actions.push(action);
  }

  /**
   * Runs the queued actions one after another, once. The transaction has committed, so a failing
   * action cannot undo it and must not turn the request into an error: it is logged, and the
   * actions after it still run.
   */
  async run(log: Pick<Logger, 'error'>): Promise<void> {
    for (const action of this.#actions.splice(0)) {
      try {
        await action();
      } catch (err) {
        log.error({ err }, 'work after a committed transaction failed');
      }
    }
  }
}

/**
 * Runs `attempt` (one transaction, resolving once it has committed) with retries
 * (withTransactionRetry), each attempt with a fresh AfterCommit; then runs the queue of the
 * attempt that committed. If every attempt fails, nothing queued runs.
 */
export async function transactionWithAfterCommit<T>(attempt: (afterCommit: AfterCommit) => Promise<T>, log: Pick<Logger, 'error'>): Promise<T> {
  let committed = new AfterCommit();
  const result = await withTransactionRetry(() => {
    committed = new AfterCommit();
    return attempt(committed);
  });
  await committed.run(log);
  return result;
}
