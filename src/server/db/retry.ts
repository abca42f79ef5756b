/**
 * Transactions that may be run again: a PostgreSQL deadlock or serialization failure, or SQLite
 * busy past busy_timeout, aborts the whole transaction, and running it again is the fix. The
 * work must then act only inside the transaction (no mail, no provider call, no event).
 */
const RETRYABLE_PG_CODES = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 4;

function isRetryableTransactionError(err: unknown): boolean {
  const e = err as { code?: unknown; errcode?: unknown; message?: unknown };
  if (typeof e?.code === 'string' && RETRYABLE_PG_CODES.has(e.code)) return true;
  // SQLITE_BUSY (5) and its extended codes: another connection held the lock past busy_timeout.
  return (typeof e?.errcode === 'number' && (e.errcode & 0xff) === 5) || (typeof e?.message === 'string' && e.message.includes('database is locked'));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `transaction` up to 4 times while it fails with a retryable error, with a short jittered pause. */
export async function withTransactionRetry<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !isRetryableTransactionError(err)) throw err;
      await sleep(5 * attempt + Math.random() * 20);
    }
  }
}
