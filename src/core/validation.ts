/**
 * The spec's validation rules (section 5, D6, D7, D13) as plain functions, with one message per
 * failure. The API's zod schemas (schemas.ts) are built on these functions, so the browser and
 * the server cannot disagree.
 */
import {
  EMAIL_REQUIRED,
  INVALID_EMAIL,
  PASSWORD_MESSAGES,
  PASSWORDS_DO_NOT_MATCH,
  PRICE_NOT_A_NUMBER,
  PRICE_NOT_WHOLE_DOLLARS,
  PRICE_TOO_HIGH,
  PRICE_TOO_LOW,
  SCORE_NEGATIVE,
  SCORE_NOT_A_NUMBER,
  SCORE_NOT_WHOLE,
  SCORE_TOO_HIGH,
  TEAM_A_NOT_ALLOWED,
  TEAM_A_REQUIRED,
  TEAM_B_NOT_ALLOWED,
  TEAM_B_REQUIRED,
  TEAM_NAME_TOO_LONG,
  TITLE_NOT_ALLOWED,
  TITLE_TOO_LONG,
  TITLE_TOO_SHORT,
  DISPLAY_USERNAME_MISMATCH,
  NOTES_NOT_ALLOWED,
  NOTES_TOO_LONG,
  USERNAME_INVALID_CHARACTERS,
  USERNAME_TOO_LONG,
  USERNAME_TOO_SHORT,
  missingFieldsMessage,
  ORGANIZER_TOOL_ERRORS,
} from './messages';
import { normalizeText, textLength, validateOptionalText, validateText, type TextField } from './text';
import { type PeriodModel, type Period } from './periods';
import type { ValidationResult } from './validation-result';

const ok = <T>(value: T): ValidationResult<T> => ({ ok: true, value });
const fail = <T>(message: string): ValidationResult<T> => ({ ok: false, message });

// Email (spec section 5; D6: trimmed and lower-cased before every auth call).

/** The spec's "simple pattern": something@something.something, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email as every auth call receives it: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The normalized email, or "Please enter a valid email address". */
export function validateEmail(email: string): ValidationResult<string> {
  const normalized = normalizeEmail(email);
  return EMAIL_PATTERN.test(normalized) ? ok(normalized) : fail(INVALID_EMAIL);
}

// Password policy (D7: one policy on client and server).

const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';

export interface PasswordRuleCheck {
  readonly id: PasswordRuleId;
  /** The rule's spec message, shown while it is not met. */
  readonly message: string;
  readonly met: boolean;
}

const PASSWORD_RULES: readonly { id: PasswordRuleId; message: string; test: (password: string) => boolean }[] = [
  // Counted in characters as people see them, not UTF-16 units.
  { id: 'length', message: PASSWORD_MESSAGES.tooShort, test: (p) => [...p].length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', message: PASSWORD_MESSAGES.noUppercase, test: (p) => /\p{Lu}/u.test(p) },
  { id: 'lowercase', message: PASSWORD_MESSAGES.noLowercase, test: (p) => /\p{Ll}/u.test(p) },
  { id: 'number', message: PASSWORD_MESSAGES.noNumber, test: (p) => /[0-9]/.test(p) },
  {
    id: 'special',
    message: PASSWORD_MESSAGES.noSpecialCharacter,
    test: (p) => [...p].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  },
];

/** Every rule of the policy with whether the password meets it, in the spec's order (live feedback). */
export function checkPasswordRules(password: string): PasswordRuleCheck[] {
  return PASSWORD_RULES.map(({ id, message, test }) => ({ id, message, met: test(password) }));
}

/** The password, or the message of the first rule it does not meet. */
export function validatePassword(password: string): ValidationResult<string> {
  const unmet = checkPasswordRules(password).find((rule) => !rule.met);
  return unmet ? fail(unmet.message) : ok(password);
}

/** The first unmet rule's message, or "Password is strong". */
export function passwordStrengthMessage(password: string): string {
  const result = validatePassword(password);
  return result.ok ? PASSWORD_MESSAGES.strong : result.message;
}

// Login and signup (spec section 5).

export interface LoginInput {
  readonly email: string;
  readonly password: string;
}

/** Required fields ("Please fill in all fields: Email, Password"), then the email pattern. */
export function validateLogin(input: LoginInput): ValidationResult<LoginInput> {
  const email = normalizeEmail(input.email);
  const missing = [email === '' ? 'Email' : null, input.password === '' ? 'Password' : null].filter((name) => name !== null);
  if (missing.length > 0) return fail(missingFieldsMessage(missing));
  if (!EMAIL_PATTERN.test(email)) return fail(INVALID_EMAIL);
  return ok({ email, password: input.password });
}

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/**
 * ASCII letters, digits and _ . - only: a name from another script cannot pass for another
 * player's (Cyrillic "а" for Latin "a"), and nothing invisible or direction-changing gets in.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

/**
 * The username, normalized like every free text (core/text.ts) and trimmed, or its one
 * message: the spec's "at least 3 characters", then at most 30, then the allowed characters.
 */
export function validateUsername(username: string): ValidationResult<string> {
  const value = normalizeText(username);
  const length = textLength(value);
  if (length < USERNAME_MIN_LENGTH) return fail(USERNAME_TOO_SHORT);
  if (length > USERNAME_MAX_LENGTH) return fail(USERNAME_TOO_LONG);
  return USERNAME_PATTERN.test(value) ? ok(value) : fail(USERNAME_INVALID_CHARACTERS);
}

/**
 * A username close to a refused one, or null when there is none or nothing to change: spaces become
 * "_" ("Amy Rodriguez" -> "Amy_Rodriguez"), accents drop ("José" -> "Jose"), other characters go,
 * and the result is cut to the longest allowed. It always passes `validateUsername`.
 */
export function suggestUsername(typed: string): string | null {
  const value = normalizeText(typed);
  const suggestion = value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_.-]+/g, '')
    .replace(/_{2,}/g, '_')
    .slice(0, USERNAME_MAX_LENGTH)
    .replace(/^[_.-]+|[_.-]+$/g, '');
  if (suggestion === value || !validateUsername(suggestion).ok) return null;
  return suggestion;
}

/**
 * The name shown for an account (its display username) is its username, in any mix of upper
 * and lower case: nobody can show up as another player, or as anything but their username.
 */
export function validateDisplayUsername(displayUsername: string, username: string): ValidationResult<string> {
  const value = normalizeText(displayUsername);
  const matches = USERNAME_PATTERN.test(value) && value.toLowerCase() === username.toLowerCase();
  return matches ? ok(value) : fail(DISPLAY_USERNAME_MISMATCH);
}

export interface SignupInput {
  readonly email: string;
  readonly username: string;
  readonly password: string;
  readonly confirmPassword: string;
}

export interface SignupValues {
  readonly email: string;
  readonly username: string;
  readonly password: string;
}

/**
 * The spec's order: all four fields present (missing ones listed), email pattern, passwords
 * match, username length, then the password policy (its first unmet rule).
 */
export function validateSignup(input: SignupInput): ValidationResult<SignupValues> {
  const email = normalizeEmail(input.email);
  const username = input.username.trim();
  const missing = [
    email === '' ? 'Email' : null,
    username === '' ? 'Username' : null,
    input.password === '' ? 'Password' : null,
    input.confirmPassword === '' ? 'Confirm Password' : null,
  ].filter((name) => name !== null);
  if (missing.length > 0) return fail(missingFieldsMessage(missing));
  if (!EMAIL_PATTERN.test(email)) return fail(INVALID_EMAIL);
  if (input.password !== input.confirmPassword) return fail(PASSWORDS_DO_NOT_MATCH);
  const usernameResult = validateUsername(username);
  if (!usernameResult.ok) return usernameResult;
  const passwordResult = validatePassword(input.password);
  if (!passwordResult.ok) return passwordResult;
  return ok({ email, username, password: input.password });
}

/** Forgot password: "Please enter your email address" when empty, else the email pattern. */
export function validateForgotPasswordEmail(email: string): ValidationResult<string> {
  return normalizeEmail(email) === '' ? fail(EMAIL_REQUIRED) : validateEmail(email);
}

// Game form (spec section 5, D12, D13).

export const GAME_TYPES = ['nfl', 'college-football', 'nba', 'college-basketball', 'other'] as const;

export type GameType = (typeof GAME_TYPES)[number];

export const GAME_TYPE_LABELS: Readonly<Record<GameType, string>> = {
  nfl: 'NFL Football',
  'college-football': 'College Football',
  nba: 'NBA Basketball',
  'college-basketball': 'College Basketball',
  other: 'Other Sport',
};

export const DEFAULT_GAME_TYPE: GameType = 'nfl';

/** True for one of the game type ids. */
export function isGameType(value: unknown): value is GameType {
  return (GAME_TYPES as readonly unknown[]).includes(value);
}

const TITLE_MIN_LENGTH = 3;
const TITLE_MAX_LENGTH = 100;
const TEAM_NAME_MAX_LENGTH = 50;
export const NOTES_MAX_LENGTH = 500;

// The free-text fields, each under the one text rule of core/text.ts.
const TITLE_FIELD: TextField = {
  minLength: TITLE_MIN_LENGTH,
  maxLength: TITLE_MAX_LENGTH,
  messages: { tooShort: TITLE_TOO_SHORT, tooLong: TITLE_TOO_LONG, notAllowed: TITLE_NOT_ALLOWED },
};
const TEAM_FIELDS: Readonly<Record<'A' | 'B', TextField>> = {
  A: { maxLength: TEAM_NAME_MAX_LENGTH, messages: { tooShort: TEAM_A_REQUIRED, tooLong: TEAM_NAME_TOO_LONG, notAllowed: TEAM_A_NOT_ALLOWED } },
  B: { maxLength: TEAM_NAME_MAX_LENGTH, messages: { tooShort: TEAM_B_REQUIRED, tooLong: TEAM_NAME_TOO_LONG, notAllowed: TEAM_B_NOT_ALLOWED } },
};
const NOTES_FIELD: TextField = { maxLength: NOTES_MAX_LENGTH, multiline: true, messages: { tooLong: NOTES_TOO_LONG, notAllowed: NOTES_NOT_ALLOWED } };

/** A game title: 3 to 100 characters of allowed text (spec, D13, issue 10). */
export function validateTitle(title: string): ValidationResult<string> {
  return validateText(title, TITLE_FIELD);
}

/** Team A's or team B's name: 1 to 50 characters of allowed text. */
export function validateTeamName(team: 'A' | 'B', name: string): ValidationResult<string> {
  return validateText(name, TEAM_FIELDS[team]);
}

const PERSON_NAME_FIELD: TextField = {
  maxLength: 40,
  messages: { tooShort: ORGANIZER_TOOL_ERRORS.personName, tooLong: ORGANIZER_TOOL_ERRORS.personName, notAllowed: ORGANIZER_TOOL_ERRORS.personNameNotAllowed },
};

/** D29: a named person's name as the organizer types it ("Aunt May"): 1 to 40 characters of allowed text. */
export function validatePersonName(name: string): ValidationResult<string> {
  return validateText(name, PERSON_NAME_FIELD);
}

/** The longest e-mail address (RFC 5321's limit on a path). */
export const EMAIL_MAX_LENGTH = 254;

const PERSON_EMAIL_FIELD: TextField = {
  maxLength: EMAIL_MAX_LENGTH,
  messages: { tooLong: ORGANIZER_TOOL_ERRORS.personEmailTooLong, notAllowed: ORGANIZER_TOOL_ERRORS.personEmailNotAllowed },
};

/**
 * D29: a named person's optional e-mail address as the organizer types it: the free-text rule
 * (no control, bidi or zero-width characters; it is shown to admins and written in CSVs), at
 * most 254 characters, then the e-mail pattern; lower-cased. Blank is none (null).
 */
export function validatePersonEmail(email: string | null | undefined): ValidationResult<string | null> {
  const text = validateOptionalText(email, PERSON_EMAIL_FIELD);
  if (!text.ok || text.value === null) return text;
  return validateEmail(text.value);
}

/** The notes typed on /payment (D21): optional, multi-line, at most 500 characters; blank is none. */
export function validateCheckoutNotes(notes: string | null | undefined): ValidationResult<string | null> {
  return validateOptionalText(notes, NOTES_FIELD);
}
export const MIN_PRICE_DOLLARS = 1;
export const MAX_PRICE_DOLLARS = 10_000;
export const DEFAULT_PRICE_DOLLARS = 10;

/** A number as typed: optional minus, digits, optional decimals. Rejects "", "1e3", "0x10", "Infinity". */
const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/** A typed number (string) or a JSON number as a finite number, or null when it is not one. */
function toFiniteNumber(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  return DECIMAL_PATTERN.test(trimmed) ? Number(trimmed) : null;
}

/** A price per square in whole dollars, $1 to $10,000 (D13), as typed or as a number. */
export function validatePrice(value: number | string): ValidationResult<number> {
  const price = toFiniteNumber(value);
  if (price === null) return fail(PRICE_NOT_A_NUMBER);
  if (!Number.isInteger(price)) return fail(PRICE_NOT_WHOLE_DOLLARS);
  if (price < MIN_PRICE_DOLLARS) return fail(PRICE_TOO_LOW);
  if (price > MAX_PRICE_DOLLARS) return fail(PRICE_TOO_HIGH);
  return ok(price);
}

// Quarter scores (spec section 5).

const MIN_SCORE = 0;
const MAX_SCORE = 199;
export const SCORE_MAX_LENGTH = 3;

/** What the score box keeps of what was typed or pasted: digits only, at most 3. */
export function sanitizeScoreInput(raw: string): string {
  return raw.replace(/[^0-9]/g, '').slice(0, SCORE_MAX_LENGTH);
}

/** A score 0-199, as typed or as a number. An empty box is "Score must be a number". */
export function validateScore(value: number | string): ValidationResult<number> {
  const score = toFiniteNumber(value);
  if (score === null) return fail(SCORE_NOT_A_NUMBER);
  if (score < MIN_SCORE) return fail(SCORE_NEGATIVE);
  if (!Number.isInteger(score)) return fail(SCORE_NOT_WHOLE);
  if (score > MAX_SCORE) return fail(SCORE_TOO_HIGH);
  return ok(score);
}

/** One period's two score boxes, as typed. */
export interface PeriodScoreInput {
  readonly teamA: string;
  readonly teamB: string;
}

/** True when both boxes of a period hold a valid score. */
export function isPeriodScoreValid(input: PeriodScoreInput): boolean {
  return validateScore(input.teamA).ok && validateScore(input.teamB).ok;
}

/** Confirm All Quarter Winners is enabled only when every period's boxes (eight for quarters) hold valid scores. */
export function areAllPeriodScoresValid(scores: Readonly<Partial<Record<Period, PeriodScoreInput>>>, model: PeriodModel): boolean {
  return model.periods.every((period) => {
    const input = scores[period];
    return input !== undefined && isPeriodScoreValid(input);
  });
}
