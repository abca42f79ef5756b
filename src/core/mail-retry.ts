/**
 * When a mail that could not be sent is tried again (D40's outbox, design note 026): after 1
 * minute, then twice as long each time up to an hour, each wait stretched or shrunk by up to a
 * period at random so that mails queued together (an SMTP server back after an outage) do not all
 * come back in the same second. A mail is given up (marked failed) after MAIL_MAX_ATTEMPTS tries,
 * or once its next try would come later than the retry window after it was queued.
 */

export const MAIL_RETRY_FIRST_DELAY_MS = 60_000;
export const MAIL_RETRY_MAX_DELAY_MS = 60 * 60_000;
/** Tries in all, the first one included; a mail that crashes its sender counts too. */
export const MAIL_MAX_ATTEMPTS = 40;
/** The share of a wait that jitter may add or take away. */
const JITTER = 0.25;

/**
 * The wait before the next try of a mail tried `attempts` times (1 or more) so far. `random` is a
 * number in [0, 1) from the caller (the server draws it with node:crypto).
 */
export function mailRetryDelayMs(attempts: number, random: number): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  const base = Math.min(MAIL_RETRY_MAX_DELAY_MS, MAIL_RETRY_FIRST_DELAY_MS * 2 ** exponent);
  const factor = 1 - JITTER + 2 * JITTER * Math.min(Math.max(random, 0), 1);
  return Math.round(Math.min(MAIL_RETRY_MAX_DELAY_MS, base * factor));
}

export type MailRetryDecision = { retryAt: Date } | { giveUp: 'attempts' | 'age' };

/**
 * What to do with a mail whose try number `attempts` just failed at `now`: try again at a time,
 * or give up because it was tried MAIL_MAX_ATTEMPTS times or its next try would fall after
 * `queuedAt` + `windowMs`.
 */
export function nextMailAttempt(attempts: number, queuedAt: Date, now: Date, windowMs: number, random: number): MailRetryDecision {
  if (attempts >= MAIL_MAX_ATTEMPTS) return { giveUp: 'attempts' };
  const retryAt = new Date(now.getTime() + mailRetryDelayMs(attempts, random));
  if (retryAt.getTime() > queuedAt.getTime() + windowMs) return { giveUp: 'age' };
  return { retryAt };
}
