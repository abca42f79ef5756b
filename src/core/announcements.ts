/**
 * D40 announcements (docs/decisions/038): short texts the organizer posts on a game's board, shown
 * live to everyone who may see the board, and mailed to its players when the organizer asks. The
 * text follows the one free-text rule (core/text.ts): NFC, trimmed, line breaks kept (at most one
 * blank line in a row), invisible and control characters refused; 1 to 500 characters.
 */
import { normalizeText, textLength, validateText, type TextField, countOf } from './text';
import type { ValidationResult } from './validation-result';

/** The longest announcement, in characters as people count them (code points). */
export const ANNOUNCEMENT_MAX_LENGTH = 500;

/** How many announcements a game keeps: the board shows all of them, so it stays short. */
export const ANNOUNCEMENTS_PER_GAME = 20;

/**
 * Mailed announcements in any hour: per game (its players' inboxes), and per organizer across their
 * games (the mail server's standing). A post that is not mailed counts for neither.
 */
export const MAILED_ANNOUNCEMENTS_PER_GAME_HOUR = 5;
export const MAILED_ANNOUNCEMENTS_PER_ORGANIZER_HOUR = 15;
export const MAILING_WINDOW_MS = 60 * 60_000;

/** How long the quoted start of an announcement is in the activity log. */
const EXCERPT_LENGTH = 60;

export const ANNOUNCEMENT_TEXTS = {
  empty: 'Write the announcement first.',
  tooLong: `An announcement is at most ${ANNOUNCEMENT_MAX_LENGTH} characters.`,
  notAllowed: 'The announcement holds an invisible or control character: remove it and post again.',
  tooMany: `A game keeps at most ${ANNOUNCEMENTS_PER_GAME} announcements: delete an old one first.`,
  notFound: 'This announcement does not exist any more (it may have been deleted).',
  invalid: 'Send the announcement as { body, mail }.',
} as const;

/** Why a mailed announcement is refused for the hour, and when it may be mailed ("in 12 min"). */
export function mailingLimitText(limit: 'game' | 'organizer', minutes: number): string {
  const when = `post it without mailing, or mail it in ${minutes} min`;
  return limit === 'game'
    ? `This game's players were mailed ${MAILED_ANNOUNCEMENTS_PER_GAME_HOUR} announcements in the last hour, the most an hour allows: ${when}.`
    : `You mailed ${MAILED_ANNOUNCEMENTS_PER_ORGANIZER_HOUR} announcements in the last hour across your games, the most an hour allows: ${when}.`;
}

/**
 * Which limit a mailed post would pass, from the times of the mailings in the last hour (the
 * game's and the organizer's, oldest first); null when it may be mailed.
 */
export function mailingLimit(game: readonly string[], organizer: readonly string[], now: Date): { limit: 'game' | 'organizer'; minutes: number } | null {
  const full = (times: readonly string[], most: number) =>
    times.length >= most ? Math.max(1, Math.ceil((Date.parse(times[times.length - most]!) + MAILING_WINDOW_MS - now.getTime()) / 60_000)) : null;
  const gameWait = full(game, MAILED_ANNOUNCEMENTS_PER_GAME_HOUR);
  if (gameWait !== null) return { limit: 'game', minutes: gameWait };
  const organizerWait = full(organizer, MAILED_ANNOUNCEMENTS_PER_ORGANIZER_HOUR);
  return organizerWait === null ? null : { limit: 'organizer', minutes: organizerWait };
}

const ANNOUNCEMENT_FIELD: TextField = {
  maxLength: ANNOUNCEMENT_MAX_LENGTH,
  multiline: true,
  messages: { tooShort: ANNOUNCEMENT_TEXTS.empty, tooLong: ANNOUNCEMENT_TEXTS.tooLong, notAllowed: ANNOUNCEMENT_TEXTS.notAllowed },
};

/** The announcement as it is stored and shown, or the one message to show. */
export function validateAnnouncement(raw: string): ValidationResult<string> {
  return validateText(raw, ANNOUNCEMENT_FIELD);
}

/** What the form's counter says while the organizer types: characters as the server will count them. */
export function announcementCount(raw: string): { used: number; left: number; over: boolean } {
  const used = textLength(normalizeText(raw, ANNOUNCEMENT_FIELD));
  return { used, left: ANNOUNCEMENT_MAX_LENGTH - used, over: used > ANNOUNCEMENT_MAX_LENGTH };
}

/** The start of an announcement on one line, for the activity log: "Kickoff moved to 7 pm, doors…". */
export function announcementExcerpt(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= EXCERPT_LENGTH
    ? line
    : `${chars
        .slice(0, EXCERPT_LENGTH - 1)
        .join('')
        .trimEnd()}…`;
}

/** True when the game has room for one more announcement. */
export function announcementFits(existing: number): boolean {
  return existing < ANNOUNCEMENTS_PER_GAME;
}

/** What a post says after it is done: "Posted." / "Posted and mailed to 3 players." / "Posted, but nothing was mailed: …" */
export function postedMessage(mailAsked: boolean, mailed: number): string {
  if (!mailAsked) return 'Posted.';
  // Nobody to mail: no player holds squares with an address, or each turned announcement mails off (D40).
  if (mailed === 0) return 'Posted, but nothing was mailed: no player with an e-mail address holds squares, or they all turned announcement mails off.';
  return `Posted and mailed to ${countOf(mailed, 'player')}.`;
}
