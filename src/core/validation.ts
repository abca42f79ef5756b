/**
 * The spec's validation rules (section 5, D6, D7, D13) as plain functions for forms and as zod
 * schemas for the API, with one message per failure. Each schema is built on its function, so
 * the browser and the server cannot disagree.
 */
import { z } from 'zod';
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
  TEAM_A_REQUIRED,
  TEAM_B_REQUIRED,
  TITLE_TOO_SHORT,
  USERNAME_TOO_SHORT,
  missingFieldsMessage,
} from './messages';
import { DEFAULT_PAYOUT_SCHEDULE, PAYOUT_SCHEDULE_IDS } from './payouts';
import type { Quarter } from './scoring';
import { QUARTERS } from './scoring';

/** A validated, normalized value, or the one message to show. */
export type ValidationResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message: string };

const ok = <T>(value: T): ValidationResult<T> => ({ ok: true, value });
const fail = <T>(message: string): ValidationResult<T> => ({ ok: false, message });

/** Adapts a validation function to a zod transform that reports its one message. */
export function fromResult<I, T>(validate: (input: I) => ValidationResult<T>) {
  return (input: I, ctx: z.RefinementCtx<I>): T => {
    const result = validate(input);
    if (result.ok) return result.value;
    ctx.addIssue(result.message);
    return z.NEVER;
  };
}

// Email (spec section 5; D6: trimmed and lower-cased before every auth call).

/** The spec's "simple pattern": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email as every auth call receives it: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The normalized email, or "Please enter a valid email address". */
export function validateEmail(email: string): ValidationResult<string> {
  const normalized = normalizeEmail(email);
  return EMAIL_PATTERN.test(normalized) ? ok(normalized) : fail(INVALID_EMAIL);
}

export const emailSchema = z.string().transform(fromResult(validateEmail));

// Password policy (D7: one policy on client and server).

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

export type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';

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

export const passwordSchema = z.string().transform(fromResult(validatePassword));

// Login and signup (spec section 5).

export interface LoginInput {
  readonly email: string;
  readonly password: string;
}

/** Required fields ("Please fill in all fields: Email, Password"), then the email pattern. */
export function validateLogin(input: LoginInput): ValidationResult<LoginInput> {
  const email = normalizeEmail(input.email);
  const missing = [email === '' ? 'Email' : null, input.password === '' ? 'Password' : null].filter(
    (name) => name !== null,
  );
  if (missing.length > 0) return fail(missingFieldsMessage(missing));
  if (!EMAIL_PATTERN.test(email)) return fail(INVALID_EMAIL);
  return ok({ email, password: input.password });
}

export const loginSchema = z
  .object({ email: z.string().default(''), password: z.string().default('') })
  .transform(fromResult(validateLogin));

export const USERNAME_MIN_LENGTH = 3;

/** The trimmed username, or "Username must be at least 3 characters long". */
export function validateUsername(username: string): ValidationResult<string> {
  const trimmed = username.trim();
  return [...trimmed].length >= USERNAME_MIN_LENGTH ? ok(trimmed) : fail(USERNAME_TOO_SHORT);
}

export const usernameSchema = z.string().transform(fromResult(validateUsername));

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

export const signupSchema = z
  .object({
    email: z.string().default(''),
    username: z.string().default(''),
    password: z.string().default(''),
    confirmPassword: z.string().default(''),
  })
  .transform(fromResult(validateSignup));

/** Forgot password: "Please enter your email address" when empty, else the email pattern. */
export function validateForgotPasswordEmail(email: string): ValidationResult<string> {
  return normalizeEmail(email) === '' ? fail(EMAIL_REQUIRED) : validateEmail(email);
}

export const forgotPasswordSchema = z
  .object({ email: z.string().default('').transform(fromResult(validateForgotPasswordEmail)) });

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

export const TITLE_MIN_LENGTH = 3;
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

// A missing field gets the same message as an empty one.
export const titleSchema = z.string({ error: TITLE_TOO_SHORT }).trim().min(TITLE_MIN_LENGTH, TITLE_TOO_SHORT);
export const teamASchema = z.string({ error: TEAM_A_REQUIRED }).trim().min(1, TEAM_A_REQUIRED);
export const teamBSchema = z.string({ error: TEAM_B_REQUIRED }).trim().min(1, TEAM_B_REQUIRED);
export const priceSchema = z
  .union([z.number(), z.string()], { error: PRICE_NOT_A_NUMBER })
  .transform(fromResult(validatePrice));
export const gameTypeSchema = z.enum(GAME_TYPES).default(DEFAULT_GAME_TYPE);
export const payoutScheduleSchema = z.enum(PAYOUT_SCHEDULE_IDS).default(DEFAULT_PAYOUT_SCHEDULE);

/** The create and edit form; game type and payout schedule may be left out (defaults nfl, even). */
export const gameFormSchema = z.object({
  title: titleSchema,
  team_a: teamASchema,
  team_b: teamBSchema,
  price_per_square: priceSchema,
  game_type: gameTypeSchema,
  payout_schedule: payoutScheduleSchema,
});

/**
 * An edit that sends only the fields it changes. No defaults here: a left-out game type must
 * keep the stored one, not fall back to nfl. Which fields may still change is D13's business.
 */
export const gameUpdateSchema = z.object({
  title: titleSchema.optional(),
  team_a: teamASchema.optional(),
  team_b: teamBSchema.optional(),
  price_per_square: priceSchema.optional(),
  game_type: z.enum(GAME_TYPES).optional(),
  payout_schedule: z.enum(PAYOUT_SCHEDULE_IDS).optional(),
});

export type GameFormValues = z.output<typeof gameFormSchema>;

export type GameFormInput = z.input<typeof gameFormSchema>;

export type GameFormField = keyof GameFormValues;

/** The create form's starting values: empty title and teams, $10, NFL, even payouts. */
export const GAME_FORM_DEFAULTS: Readonly<GameFormValues> = {
  title: '',
  team_a: '',
  team_b: '',
  price_per_square: DEFAULT_PRICE_DOLLARS,
  game_type: DEFAULT_GAME_TYPE,
  payout_schedule: DEFAULT_PAYOUT_SCHEDULE,
};

export type GameFormErrors = Partial<Record<GameFormField, string>>;

/** The form's values, or the first message per field to show under each field. */
export function validateGameForm(
  input: GameFormInput,
): { readonly ok: true; readonly value: GameFormValues } | { readonly ok: false; readonly errors: GameFormErrors } {
  const parsed = gameFormSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: GameFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as GameFormField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

// Quarter scores (spec section 5).

export const MIN_SCORE = 0;
export const MAX_SCORE = 199;
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

export const scoreSchema = z
  .union([z.number(), z.string()], { error: SCORE_NOT_A_NUMBER })
  .transform(fromResult(validateScore));

/** One quarter's scores as the API receives them. */
export const quarterScoreSchema = z.object({ team_a_score: scoreSchema, team_b_score: scoreSchema });

/** One quarter's two score boxes, as typed. */
export interface QuarterScoreInput {
  readonly teamA: string;
  readonly teamB: string;
}

/** True when both boxes of a quarter hold a valid score. */
export function isQuarterScoreValid(input: QuarterScoreInput): boolean {
  return validateScore(input.teamA).ok && validateScore(input.teamB).ok;
}

/** Confirm All Quarter Winners is enabled only when all eight boxes hold valid scores. */
export function areAllQuarterScoresValid(scores: Readonly<Record<Quarter, QuarterScoreInput>>): boolean {
  return QUARTERS.every((quarter) => isQuarterScoreValid(scores[quarter]));
}
