import { describe, expect, it } from 'vitest';
import { PAY_BY_REMINDER_LEAD_MS, payByReminderAt, payByReminderDue } from './pay-by-reminder';
import { isOptOutKind, OPT_OUT_KINDS, optOutLabel, ALWAYS_SENT_KINDS } from './mail-kinds';

const H = 3600_000;
const payBy = new Date('2026-02-08T18:00:00Z');

describe('pay-by reminder time (D28, D40)', () => {
  it('is a day before the pay-by time when the squares were reserved long before', () => {
    expect(payByReminderAt(payBy, new Date(payBy.getTime() - 10 * 24 * H)).toISOString()).toBe('2026-02-07T18:00:00.000Z');
    expect(PAY_BY_REMINDER_LEAD_MS).toBe(24 * H);
  });
  it('is halfway through a window shorter than two days', () => {
    expect(payByReminderAt(payBy, new Date(payBy.getTime() - 6 * H)).toISOString()).toBe('2026-02-08T15:00:00.000Z');
    expect(payByReminderAt(payBy, new Date(payBy.getTime() - 48 * H)).toISOString()).toBe('2026-02-07T18:00:00.000Z');
  });
  it('is due from its time until the pay-by time, never after it', () => {
    const reserved = new Date(payBy.getTime() - 6 * H);
    expect(payByReminderDue(payBy, reserved, new Date(payBy.getTime() - 3 * H - 1))).toBe(false);
    expect(payByReminderDue(payBy, reserved, new Date(payBy.getTime() - 3 * H))).toBe(true);
    expect(payByReminderDue(payBy, reserved, payBy)).toBe(false);
    // Reserved after the pay-by time was set in the past: never due.
    expect(payByReminderDue(payBy, new Date(payBy.getTime() + H), new Date(payBy.getTime() + 2 * H))).toBe(false);
  });
});

describe('mail kinds (D40)', () => {
  it('lists opt-out kinds with their words, announcements included, and no account mail or receipt among them', () => {
    expect(isOptOutKind('announcement')).toBe(true);
    expect(optOutLabel('announcement')).toBe('Announcements from organizers');
    expect(isOptOutKind('numbers-drawn')).toBe(true);
    for (const kind of ALWAYS_SENT_KINDS) expect(isOptOutKind(kind)).toBe(false);
    expect(isOptOutKind('nonsense')).toBe(false);
    expect(new Set(OPT_OUT_KINDS.map((k) => k.kind)).size).toBe(OPT_OUT_KINDS.length);
  });
});
