import { describe, expect, it } from 'vitest';
import { QUARTER_MODEL } from './periods';
import { activityMessage } from './activity';
import {
  ANNOUNCEMENT_MAX_LENGTH,
  ANNOUNCEMENT_TEXTS,
  ANNOUNCEMENTS_PER_GAME,
  announcementCount,
  announcementExcerpt,
  announcementFits,
  MAILED_ANNOUNCEMENTS_PER_GAME_HOUR,
  MAILED_ANNOUNCEMENTS_PER_ORGANIZER_HOUR,
  mailingLimit,
  mailingLimitText,
  postedMessage,
  validateAnnouncement,
} from './announcements';

describe('announcements (D40)', () => {
  it('stores the text normalized: NFC, trimmed, spaces collapsed, line breaks kept (one blank line at most)', () => {
    const decomposed = 'Cafe\u0301 opens at 6';
    expect(validateAnnouncement(`  ${decomposed}\t\t and   doors at 7  `)).toEqual({ ok: true, value: 'Café opens at 6 and doors at 7' });
    expect(validateAnnouncement('Line one\r\n\r\n\r\n\r\nLine two\n')).toEqual({ ok: true, value: 'Line one\n\nLine two' });
  });

  it('refuses an empty text, one that shows nothing, and one over 500 characters', () => {
    expect(validateAnnouncement('')).toEqual({ ok: false, message: ANNOUNCEMENT_TEXTS.empty });
    expect(validateAnnouncement(' \n\t ')).toEqual({ ok: false, message: ANNOUNCEMENT_TEXTS.empty });
    expect(validateAnnouncement('a'.repeat(ANNOUNCEMENT_MAX_LENGTH))).toEqual({ ok: true, value: 'a'.repeat(ANNOUNCEMENT_MAX_LENGTH) });
    expect(validateAnnouncement('a'.repeat(ANNOUNCEMENT_MAX_LENGTH + 1))).toEqual({ ok: false, message: ANNOUNCEMENT_TEXTS.tooLong });
  });

  it('counts characters as people see them: 500 emoji fit, 501 do not', () => {
    expect(validateAnnouncement('🏈'.repeat(500)).ok).toBe(true);
    expect(validateAnnouncement('🏈'.repeat(501))).toEqual({ ok: false, message: ANNOUNCEMENT_TEXTS.tooLong });
  });

  it('refuses control, zero-width and bidi characters', () => {
    for (const bad of ['Bell\u0007', 'zero\u200bwidth', 'evil \u202Eoverride', 'nul\u0000']) {
      expect(validateAnnouncement(bad), JSON.stringify(bad)).toEqual({ ok: false, message: ANNOUNCEMENT_TEXTS.notAllowed });
    }
  });

  it("the form's counter counts what the server will store", () => {
    expect(announcementCount('  hi  there  ')).toEqual({ used: 8, left: ANNOUNCEMENT_MAX_LENGTH - 8, over: false });
    expect(announcementCount('x'.repeat(501)).over).toBe(true);
    expect(announcementCount('🏈🏈').used).toBe(2);
  });

  it('quotes the start of an announcement on one line for the log', () => {
    expect(announcementExcerpt('Short one')).toBe('Short one');
    const long = `Kickoff moved\nto 7 pm ${'x'.repeat(80)}`;
    const excerpt = announcementExcerpt(long);
    expect([...excerpt]).toHaveLength(60);
    expect(excerpt.startsWith('Kickoff moved to 7 pm')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
  });

  it(`a game keeps at most ${ANNOUNCEMENTS_PER_GAME}`, () => {
    expect(announcementFits(ANNOUNCEMENTS_PER_GAME - 1)).toBe(true);
    expect(announcementFits(ANNOUNCEMENTS_PER_GAME)).toBe(false);
  });

  it('says what a post did', () => {
    expect(postedMessage(false, 0)).toBe('Posted.');
    expect(postedMessage(true, 1)).toBe('Posted and mailed to 1 player.');
    expect(postedMessage(true, 3)).toBe('Posted and mailed to 3 players.');
    expect(postedMessage(true, 0)).toContain('nothing was mailed');
  });

  it('reads in the game log', () => {
    const base = { actor: 'coach_k', subject: null, squares: [] };
    expect(activityMessage({ ...base, action: 'announced', detail: { excerpt: 'Doors at 6' } }, QUARTER_MODEL)).toBe(
      'coach_k posted an announcement: "Doors at 6"',
    );
    expect(activityMessage({ ...base, action: 'announced', detail: { excerpt: 'Doors at 6', mailed: 2 } }, QUARTER_MODEL)).toBe(
      'coach_k posted an announcement, mailed to 2 players: "Doors at 6"',
    );
    expect(activityMessage({ ...base, action: 'announcement_deleted', detail: { excerpt: 'Doors at 6' } }, QUARTER_MODEL)).toBe(
      'coach_k deleted an announcement: "Doors at 6"',
    );
  });
});

describe('the hourly limit of mailed announcements', () => {
  const now = new Date('2026-02-08T23:00:00.000Z');
  const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000).toISOString();
  const times = (count: number, from: number) => Array.from({ length: count }, (_, i) => minutesAgo(from - i));

  it('allows a mailing under both limits, and says which limit is full and when the next may go', () => {
    expect(mailingLimit(times(MAILED_ANNOUNCEMENTS_PER_GAME_HOUR - 1, 50), [], now)).toBeNull();
    // Five in the game's hour, the oldest 50 minutes ago: the next in 10 minutes.
    expect(mailingLimit(times(MAILED_ANNOUNCEMENTS_PER_GAME_HOUR, 50), [], now)).toEqual({ limit: 'game', minutes: 10 });
    // Seven: the third oldest (48 minutes ago) must leave the hour first.
    expect(mailingLimit(times(MAILED_ANNOUNCEMENTS_PER_GAME_HOUR + 2, 50), [], now)).toEqual({ limit: 'game', minutes: 12 });
    expect(mailingLimit([], times(MAILED_ANNOUNCEMENTS_PER_ORGANIZER_HOUR, 30), now)).toEqual({ limit: 'organizer', minutes: 30 });
    // Never "in 0 min".
    expect(mailingLimit([], [minutesAgo(59.99), ...times(MAILED_ANNOUNCEMENTS_PER_ORGANIZER_HOUR - 1, 10)], now)).toEqual({ limit: 'organizer', minutes: 1 });
    expect(mailingLimitText('game', 10)).toBe(
      "This game's players were mailed 5 announcements in the last hour, the most an hour allows: post it without mailing, or mail it in 10 min.",
    );
  });
});
