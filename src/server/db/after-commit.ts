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

  /** Runs the queued actions one after another, once; the first failure is thrown. */
  async run(): Promise<void> {
    for (const action of this.#actions.splice(0)) await action();
  }
}

/**
 * Runs `attempt` (one transaction, resolving once it has committed) with retries
 * (withTransactionRetry), each attempt with a fresh AfterCommit; then runs the queue of the
 * attempt that committed. If every attempt fails, nothing queued runs.
 */
export async function transactionWithAfterCommit<T>(attempt: (afterCommit: AfterCommit) => Promise<T>): Promise<T> {
  let committed = new AfterCommit();
  const result = await withTransactionRetry(() => {
    committed = new AfterCommit();
    return attempt(committed);
  });
  await committed.run();
  return result;
}
