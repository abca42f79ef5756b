/**
 * One rule for every free text people type and others read (game titles, team names, checkout
 * notes, payout references; usernames add their own, stricter rule on top): what is stored is
 * what everyone sees. Text is NFC-normalized and trimmed, runs of white space become one space
 * (a multi-line text keeps its line breaks, at most one blank line in a row), and a text that
 * holds a character which is invisible or changes how the text around it is shown is refused:
 *
 * - control characters (C0, DEL, C1), lone surrogates and private-use characters;
 * - format characters (Unicode category Cf): zero-width space and joiners, word joiner, BOM,
 *   soft hyphen, left-to-right/right-to-left marks, bidi embeddings, overrides and isolates,
 *   invisible operators, tag characters;
 * - characters that look like nothing: the combining grapheme joiner, Hangul fillers, the blank
 *   Braille pattern, Mongolian variation selectors;
 * - more than 4 combining marks in a row (stacked "Zalgo" text, or data hidden in variation
 *   selectors after an emoji).
 *
 * One exception: a zero-width joiner between two emoji (👨‍👩‍👧, 🏳️‍🌈) is kept, because it is
 * how those emoji are written and it cannot hide anything: both sides of it are visible.
 * Subdivision flags (🏴 with tag characters) are refused with the tag characters.
 * A text with no letter, digit, punctuation or symbol left is empty.
 * Lengths count characters as people see them (code points), not UTF-16 units.
 */
import type { ValidationResult } from './validation-result';

/** Unicode White_Space (spaces of every width, tabs, line and paragraph breaks, NEL). */
const WHITESPACE_RUN = /\p{White_Space}+/gu;
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/u;
/** A joiner with an emoji (optionally with its presentation selector or skin tone) on each side. */
// The classes list single code points on purpose (a selector or a skin tone on its own, a lone filler).
// eslint-disable-next-line no-misleading-character-class
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;
// eslint-disable-next-line no-misleading-character-class
const NOT_ALLOWED = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\u034F\u115F\u1160\u180B-\u180F\u2800\u3164\uFFA0]/u;
export const MAX_COMBINING_MARKS = 4;
const MARK_STACK = new RegExp(`\\p{M}{${MAX_COMBINING_MARKS + 1},}`, 'u');
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

export interface TextOptions {
  /** Keep line breaks (checkout notes); otherwise every line break is a space. */
  readonly multiline?: boolean;
}

/** NFC, trimmed, white space collapsed (line breaks kept only for multi-line text). */
export function normalizeText(raw: string, options: TextOptions = {}): string {
  const text = raw.normalize('NFC');
  if (!options.multiline) return collapseSpaces(text);
  return text
    .split(LINE_BREAK)
    .map(collapseSpaces)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}

/** White space runs to one space, then trimmed (String.trim would also drop a BOM, which is refused). */
function collapseSpaces(line: string): string {
  return line.replace(WHITESPACE_RUN, ' ').replace(/^ | $/g, '');
}

/** True when a normalized text holds a character the rule above refuses. */
export function hasDisallowedCharacters(text: string): boolean {
  const rest = text.replace(EMOJI_JOINER, '').replaceAll('\n', '');
  return NOT_ALLOWED.test(rest) || MARK_STACK.test(rest);
}

/** True when a text shows something: a letter, digit, punctuation mark or symbol. */
function hasVisibleCharacter(text: string): boolean {
  return VISIBLE.test(text);
}

/** Length in characters as people count them (code points). */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

export interface TextField extends TextOptions {
  /** At least this many characters (1 when left out). */
  readonly minLength?: number;
  readonly maxLength: number;
  readonly messages: {
    /** Empty (or nothing visible), or shorter than minLength; notAllowed when left out. */
    readonly tooShort?: string;
    readonly tooLong: string;
    readonly notAllowed: string;
  };
}

/**
 * The normalized text, or the one message to show: characters not allowed first (so a title of
 * zero-width spaces says why), then empty or too short, then too long.
 */
export function validateText(raw: string, field: TextField): ValidationResult<string> {
  const text = normalizeText(raw, field);
  if (hasDisallowedCharacters(text)) return { ok: false, message: field.messages.notAllowed };
  const length = textLength(text);
  if (!hasVisibleCharacter(text) || length < (field.minLength ?? 1)) {
    return { ok: false, message: field.messages.tooShort ?? field.messages.notAllowed };
  }
  if (length > field.maxLength) return { ok: false, message: field.messages.tooLong };
  return { ok: true, value: text };
}

/**
 * An optional text (notes, a payment reference): blank is none (null); anything else as
 * validateText, where a text that shows nothing is "not allowed" rather than "too short".
 */
export function validateOptionalText(raw: string | null | undefined, field: TextField): ValidationResult<string | null> {
  if (raw === null || raw === undefined || normalizeText(raw, field) === '') return { ok: true, value: null };
  return validateText(raw, { ...field, messages: { ...field.messages, tooShort: field.messages.notAllowed } });
}

/**
 * A count with its noun, as every text says one: "1 square", "3 squares", "2 people". `many`
 * for a plural that is not the noun and an s.
 */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
