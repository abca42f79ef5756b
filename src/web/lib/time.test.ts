import { describe, expect, it } from 'vitest';
import { clockTime, shortDate } from './time';

// Built from local parts, so the expectations hold in any time zone.
const evening = new Date(2026, 0, 5, 19, 7, 42).toISOString();

describe('times and dates on the pages', () => {
  it('a clock time has hours and minutes, no seconds', () => {
    const text = clockTime(evening);
    expect(text).toMatch(/\b0?7:07\b|\b19:07\b/);
    expect(text).not.toContain('42');
  });

  it('a short date has the day and the year, no time', () => {
    const text = shortDate(evening);
    expect(text).toContain('2026');
    expect(text).toMatch(/\b5\b/);
    expect(text).not.toContain(':');
  });
});
