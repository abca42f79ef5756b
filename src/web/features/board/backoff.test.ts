import { describe, expect, test } from 'vitest';
import { RECONNECT_MAX_MS, reconnectDelayMs } from './backoff';

describe('reconnectDelayMs (live updates back off after a refused or failed stream)', () => {
  test('doubles with every failed attempt up to the cap', () => {
    const upper = [0, 1, 2, 3, 4, 5, 6, 10, 50].map((attempt) => reconnectDelayMs(attempt, () => 0.999999));
    expect(upper.map((ms) => Math.round(ms / 1000))).toEqual([2, 4, 8, 16, 32, 60, 60, 60, 60]);
    expect(RECONNECT_MAX_MS).toBe(60_000);
  });

  test('jitter: each delay lies between half and all of its step, so refused viewers do not return together', () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const step = Math.min(RECONNECT_MAX_MS, 2000 * 2 ** attempt);
      expect(reconnectDelayMs(attempt, () => 0)).toBe(step / 2);
      for (const r of [0.1, 0.5, 0.9]) {
        const ms = reconnectDelayMs(attempt, () => r);
        expect(ms).toBeGreaterThanOrEqual(step / 2);
        expect(ms).toBeLessThanOrEqual(step);
      }
    }
    const spread = new Set(Array.from({ length: 50 }, () => reconnectDelayMs(3)));
    expect(spread.size).toBeGreaterThan(40);
  });

  test('never waits less than a second or more than the cap, whatever it is given', () => {
    for (const attempt of [-1, 0, Number.NaN, Number.POSITIVE_INFINITY, 1e9]) {
      const ms = reconnectDelayMs(attempt, () => 0.5);
      expect(ms).toBeGreaterThanOrEqual(1000);
      expect(ms).toBeLessThanOrEqual(RECONNECT_MAX_MS);
    }
  });
});
