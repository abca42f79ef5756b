import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAIL_MAX_ATTEMPTS, MAIL_RETRY_FIRST_DELAY_MS, MAIL_RETRY_MAX_DELAY_MS, mailRetryDelayMs, nextMailAttempt } from './mail-retry';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('the mail retry schedule (design note 026)', () => {
  it('waits 1, 2, 4, 8, 16, 32 minutes, then an hour at most, without jitter (random 0.5)', () => {
    expect(Array.from({ length: 9 }, (_, i) => mailRetryDelayMs(i + 1, 0.5) / MINUTE)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    expect(mailRetryDelayMs(1000, 0.5)).toBe(MAIL_RETRY_MAX_DELAY_MS);
  });

  it('jitter moves a wait by a quarter at most, and never past the hour', () => {
    expect(mailRetryDelayMs(1, 0)).toBe(0.75 * MAIL_RETRY_FIRST_DELAY_MS);
    expect(mailRetryDelayMs(1, 0.999999)).toBe(75_000);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempts, random) => {
        const base = Math.min(MAIL_RETRY_MAX_DELAY_MS, MAIL_RETRY_FIRST_DELAY_MS * 2 ** Math.min(attempts - 1, 30));
        const wait = mailRetryDelayMs(attempts, random);
        expect(wait).toBeGreaterThanOrEqual(Math.floor(base * 0.75));
        expect(wait).toBeLessThanOrEqual(Math.min(MAIL_RETRY_MAX_DELAY_MS, Math.ceil(base * 1.25)));
      }),
    );
  });

  it('retries a failed mail at now plus the wait, inside the window', () => {
    const queued = new Date('2026-02-08T18:00:00.000Z');
    const now = new Date('2026-02-08T18:00:05.000Z');
    expect(nextMailAttempt(1, queued, now, DAY, 0.5)).toEqual({ retryAt: new Date(now.getTime() + MINUTE) });
    expect(nextMailAttempt(3, queued, now, DAY, 0.5)).toEqual({ retryAt: new Date(now.getTime() + 4 * MINUTE) });
  });

  it('gives up once the next try would fall after the window, or after the last attempt', () => {
    const queued = new Date('2026-02-08T18:00:00.000Z');
    const late = new Date(queued.getTime() + DAY - 30 * MINUTE);
    expect(nextMailAttempt(10, queued, late, DAY, 0.5)).toEqual({ giveUp: 'age' });
    expect(nextMailAttempt(MAIL_MAX_ATTEMPTS, queued, queued, 365 * DAY, 0.5)).toEqual({ giveUp: 'attempts' });
    expect(nextMailAttempt(MAIL_MAX_ATTEMPTS - 1, queued, queued, 365 * DAY, 0.5)).toHaveProperty('retryAt');
  });

  it('over a day of failures, tries about 29 times before giving up (the default window)', () => {
    const queued = new Date('2026-02-08T18:00:00.000Z');
    let now = queued;
    let attempts = 1;
    for (;;) {
      const next = nextMailAttempt(attempts, queued, now, DAY, 0.5);
      if ('giveUp' in next) break;
      now = next.retryAt;
      attempts += 1;
    }
    expect(attempts).toBe(29);
    expect(now.getTime() - queued.getTime()).toBeLessThanOrEqual(DAY);
  });
});
