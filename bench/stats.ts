/** The bench's arithmetic, number formatting and one way of running work side by side. */

export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The nearest-rank percentile: the smallest value that at least p % of the values do not exceed. */
export const percentile = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};

export const mb = (bytes: number) => bytes / (1024 * 1024);

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Runs `work` for 0 .. count-1, at most `workers` at a time. */
export async function inParallel(count: number, workers: number, work: (i: number) => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: Math.min(workers, count) }, async (_, worker) => {
      for (let i = worker; i < count; i += workers) await work(i);
    }),
  );
}
