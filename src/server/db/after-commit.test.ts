import { describe, expect, it } from 'vitest';
import { transactionWithAfterCommit } from './after-commit';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('transactionWithAfterCommit', () => {
  it('runs queued work after the transaction resolved, in the order queued', async () => {
    const seen: string[] = [];
    const result = await transactionWithAfterCommit(async (afterCommit) => {
      afterCommit.add(() => void seen.push('first'));
      afterCommit.add(async () => void seen.push('second'));
      seen.push('transaction');
      return 42;
    });
    expect(result).toBe(42);
    expect(seen).toEqual(['transaction', 'first', 'second']);
  });

  it('runs nothing when the transaction rolls back', async () => {
    const seen: string[] = [];
    await expect(
      transactionWithAfterCommit(async (afterCommit) => {
        afterCommit.add(() => void seen.push('mail'));
        throw new Error('refused');
      }),
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
    });
    expect(seen).toEqual(['attempt 2']);
  });
});
