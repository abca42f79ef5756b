import { describe, expect, it } from 'vitest';
import { clockTime, dateAndTime, recentTime, shortDate } from './time';

// Built from local parts, so the expectations hold in any time zone.
const evening = new Date(2026, 0, 5, 19, 7, 42).toISOString();
const morning = new Date(2026, 0, 5, 0, 5, 0).toISOString();
const noon = new Date(2026, 0, 5, 12, 30, 0).toISOString();

describe('times and dates on the pages', () => {
  it('a clock time has hours and minutes on a 12-hour clock, no seconds', () => {
    expect(clockTime(evening)).toBe('7:07 PM');
    expect(clockTime(morning)).toBe('12:05 AM');
    expect(clockTime(noon)).toBe('12:30 PM');
  });

  it('a short date has the month, the day and the year, no time', () => {
    expect(shortDate(evening)).toBe('Jan 5, 2026');
  });

  it('a date and time has both', () => {
    expect(dateAndTime(evening)).toBe('Jan 5, 2026, 7:07 PM');
  });

  it('a recent time is the clock alone today, with the day otherwise', () => {
    expect(recentTime(evening, new Date(2026, 0, 5, 23, 0))).toBe('7:07 PM');
    expect(recentTime(evening, new Date(2026, 0, 6, 9, 0))).toBe('Jan 5, 7:07 PM');
  });

  it('text that is not an instant is shown as it is', () => {
    expect(clockTime('soon')).toBe('soon');
    expect(shortDate('')).toBe('');
    expect(recentTime('later')).toBe('later');
  });
});
