import { describe, expect, it } from 'vitest';
import { transactionWithAfterCommit } from './after-commit';

/** A logger that keeps what it was told. */
function keptLog() {
  const errors: { obj: object; msg: string }[] = [];
  return { errors, error: (obj: object, msg: string) => void errors.push({ obj, msg }) };
}
const log = keptLog();

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('transactionWithAfterCommit', () => {
  it('runs queued work after the transaction resolved, in the order queued', async () => {
    const seen: string[] = [];
    const result = await transactionWithAfterCommit(async (afterCommit) => {
      afterCommit.add(() => void seen.push('first'));
      afterCommit.add(async () => void seen.push('second'));
      seen.push('transaction');
      return 42;
    }, log);
    expect(result).toBe(42);
    expect(seen).toEqual(['transaction', 'first', 'second']);
  });

  it('runs nothing when the transaction rolls back', async () => {
    const seen: string[] = [];
    await expect(
      transactionWithAfterCommit(async (afterCommit) => {
        afterCommit.add(() => void seen.push('mail'));
        throw new Error('refused');
      }, log),
    ).rejects.toThrow('refused');
    expect(seen).toEqual([]);
  });

  it('runs only the queue of the attempt that committed when a transaction is run again', async () => {
    const seen: string[] = [];
    let attempt = 0;
    await transactionWithAfterCommit(async (afterCommit) => {
      const n = ++attempt;
      afterCommit.add(() => void seen.push(`attempt ${n}`));
      if (n === 1) throw deadlock();
    }, log);
    expect(seen).toEqual(['attempt 2']);
  });

  it('a failing action after commit is logged, the rest still run, and the caller gets its result: the transaction committed', async () => {
    const seen: string[] = [];
    const kept = keptLog();
    const result = await transactionWithAfterCommit(async (afterCommit) => {
      afterCommit.add(() => void seen.push('first'));
      afterCommit.add(async () => {
        throw new Error('provider down');
      });
      afterCommit.add(() => void seen.push('third'));
      return 'committed';
    }, kept);
    expect(result).toBe('committed');
    expect(seen).toEqual(['first', 'third']);
    expect(kept.errors).toHaveLength(1);
    expect(kept.errors[0]!.msg).toBe('work after a committed transaction failed');
    expect((kept.errors[0]!.obj as { err: Error }).err.message).toBe('provider down');
  });
});
