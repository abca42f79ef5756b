import { describe, expect, it } from 'vitest';
import { formatGameTime, instantToWallTime, isTimeZone, wallTimeToInstant } from './game-time';

describe('a game time in its zone (D39)', () => {
  it('says the date, time and zone, in the game zone whatever the reader is in', () => {
    // 23:30 UTC on Feb 8, 2026 (a Sunday): 6:30 PM in New York (EST).
    const kickoff = '2026-02-08T23:30:00.000Z';
    const near = new Date('2026-02-03T12:00:00Z');
    expect(formatGameTime(kickoff, 'America/New_York', { near: new Date('2026-01-10T12:00:00Z') })).toBe('Sun, Feb 8, 6:30 PM EST');
    expect(formatGameTime(kickoff, 'America/Los_Angeles', { near: new Date('2026-01-10T12:00:00Z') })).toBe('Sun, Feb 8, 3:30 PM PST');
    // Berlin is past midnight: the date is Monday's there.
    expect(formatGameTime(kickoff, 'Europe/Berlin', { near: new Date('2026-01-10T12:00:00Z') })).toBe('Mon, Feb 9, 12:30 AM GMT+1');
    // Within the coming week, the weekday is enough.
    expect(formatGameTime(kickoff, 'America/New_York', { near })).toBe('Sun 6:30 PM EST');
    // Another year than the reader's now: the year is said.
    expect(formatGameTime(kickoff, 'America/New_York', { near: new Date('2025-06-01T00:00:00Z') })).toBe('Sun, Feb 8, 2026, 6:30 PM EST');
    expect(formatGameTime('not a time', 'America/New_York')).toBe('not a time');
  });

  it('follows daylight saving time', () => {
    const summer = { near: new Date('2026-01-10T12:00:00Z') };
    expect(formatGameTime('2026-07-04T22:30:00.000Z', 'America/New_York', summer)).toBe('Sat, Jul 4, 6:30 PM EDT');
    // The night the clocks go back in Europe: 00:30 UTC is 02:30 CEST, 01:30 UTC is 02:30 CET.
    expect(formatGameTime('2026-10-25T00:30:00.000Z', 'Europe/Berlin', summer)).toBe('Sun, Oct 25, 2:30 AM GMT+2');
    expect(formatGameTime('2026-10-25T01:30:00.000Z', 'Europe/Berlin', summer)).toBe('Sun, Oct 25, 2:30 AM GMT+1');
  });

  it('reads a typed date-time in the chosen zone, across DST changes', () => {
    expect(wallTimeToInstant('2026-02-08T18:30', 'America/New_York')).toBe('2026-02-08T23:30:00.000Z');
    expect(wallTimeToInstant('2026-07-04T18:30', 'America/New_York')).toBe('2026-07-04T22:30:00.000Z');
    expect(wallTimeToInstant('2026-02-08T18:30', 'Asia/Kolkata')).toBe('2026-02-08T13:00:00.000Z');
    // 2:30 AM does not exist in New York on Mar 8, 2026: it moves forward an hour (3:30 AM EDT).
    expect(wallTimeToInstant('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    // 1:30 AM happens twice on Nov 1, 2026: the first (EDT).
    expect(wallTimeToInstant('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(wallTimeToInstant('Feb 8', 'America/New_York')).toBeNull();
    expect(instantToWallTime('2026-02-08T23:30:00.000Z', 'America/New_York')).toBe('2026-02-08T18:30');
    expect(instantToWallTime('2026-02-08T23:30:00.000Z', 'Europe/Berlin')).toBe('2026-02-09T00:30');
    for (const wall of ['2026-01-15T09:05', '2026-06-30T23:59', '2026-10-25T03:00']) {
      for (const zone of ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'UTC']) {
        expect(instantToWallTime(wallTimeToInstant(wall, zone)!, zone), `${wall} ${zone}`).toBe(wall);
      }
    }
  });

  it('knows IANA zones and nothing else', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('America/New_York; drop table')).toBe(false);
  });
});
