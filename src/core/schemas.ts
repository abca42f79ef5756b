/**
 * The zod schemas of the API, each built on a plain validation function of validation.ts, so
 * the browser and the server cannot disagree. Kept apart from validation.ts so that pages that
 * only validate a form do not ship zod in the first page's JavaScript.
 */
import { z } from 'zod';
import { validateForPayment } from './cart';
import {
  PRICE_NOT_A_NUMBER,
  SCORE_NOT_A_NUMBER,
  TEAM_A_REQUIRED,
  TEAM_B_REQUIRED,
  TITLE_TOO_SHORT,
  NOTES_TOO_LONG,
  GAME_TYPE_INVALID,
  PAYOUT_SCHEDULE_INVALID,
  INVALID_CART_ITEMS,
  ORGANIZER_PAYMENT_ERRORS,
  PLAYER_LIMIT_ERRORS,
  INVITE_ERRORS,
} from './messages';
import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS, paymentInstructionsMissing, validatePayBy, validatePaymentInstructions } from './payment-methods';
import { validateMaxSquaresPerPlayer } from './player-limit';
import { DEFAULT_VISIBILITY, VISIBILITIES } from './visibility';
import { DEFAULT_NUMBER_SET_MODE, NUMBER_SET_MODES } from './periods';
import { DEFAULT_PAYOUT_SCHEDULE, PAYOUT_SCHEDULE_IDS } from './payout-plan';
import type { ValidationResult } from './validation-result';
import {
  DEFAULT_GAME_TYPE,
  DEFAULT_PRICE_DOLLARS,
  GAME_TYPES,
  validateCheckoutNotes,
  validateEmail,
  validateForgotPasswordEmail,
  validateLogin,
  validatePassword,
  validatePrice,
  validateScore,
  validateSignup,
  validateTeamName,
  validateTitle,
  validateUsername,
} from './validation';

/** Adapts a validation function to a zod transform that reports its one message. */
export function fromResult<I, T>(validate: (input: I) => ValidationResult<T>) {
  return (input: I, ctx: z.RefinementCtx<I>): T => {
    const result = validate(input);
    if (result.ok) return result.value;
    ctx.addIssue(result.message);
    return z.NEVER;
  };
}

export const emailSchema = z.string().transform(fromResult(validateEmail));

export const passwordSchema = z.string().transform(fromResult(validatePassword));

export const loginSchema = z.object({ email: z.string().default(''), password: z.string().default('') }).transform(fromResult(validateLogin));

export const usernameSchema = z.string().transform(fromResult(validateUsername));

export const signupSchema = z
  .object({
    email: z.string().default(''),
    username: z.string().default(''),
    password: z.string().default(''),
    confirmPassword: z.string().default(''),
  })
  .transform(fromResult(validateSignup));

export const forgotPasswordSchema = z.object({ email: z.string().default('').transform(fromResult(validateForgotPasswordEmail)) });

// Free text under the one text rule (core/text.ts). A missing field gets the same message as an empty one.
const titleSchema = z.string({ error: TITLE_TOO_SHORT }).transform(fromResult(validateTitle));
const teamASchema = z.string({ error: TEAM_A_REQUIRED }).transform(fromResult((name: string) => validateTeamName('A', name)));
const teamBSchema = z.string({ error: TEAM_B_REQUIRED }).transform(fromResult((name: string) => validateTeamName('B', name)));
/** The notes typed on /payment: optional, multi-line; blank is none (null). */
export const checkoutNotesSchema = z.string({ error: NOTES_TOO_LONG }).nullish().transform(fromResult(validateCheckoutNotes));
export const priceSchema = z.union([z.number(), z.string()], { error: PRICE_NOT_A_NUMBER }).transform(fromResult(validatePrice));
const gameTypeChoice = z.enum(GAME_TYPES, { error: GAME_TYPE_INVALID });
const payoutScheduleChoice = z.enum(PAYOUT_SCHEDULE_IDS, { error: PAYOUT_SCHEDULE_INVALID });
const gameTypeSchema = gameTypeChoice.default(DEFAULT_GAME_TYPE);
const payoutScheduleSchema = payoutScheduleChoice.default(DEFAULT_PAYOUT_SCHEDULE);

const paymentMethodChoice = z.enum(PAYMENT_METHODS, { error: ORGANIZER_PAYMENT_ERRORS.methodInvalid });
/** D28: the organizer's payment instructions (blank or null: none). */
const paymentInstructionsSchema = z
  .string({ error: ORGANIZER_PAYMENT_ERRORS.instructionsTooLong })
  .nullable()
  .transform(fromResult(validatePaymentInstructions));
/** D28: when unpaid squares are released (an ISO date-time with its zone; blank or null: never). */
const payBySchema = z.string({ error: ORGANIZER_PAYMENT_ERRORS.payByInvalid }).nullable().transform(fromResult(validatePayBy));

/** D31: how many squares one player may hold in the game, 1-100; empty or null for no cap. */
const maxSquaresPerPlayerSchema = z
  .union([z.number(), z.string(), z.null()], { error: PLAYER_LIMIT_ERRORS.invalid })
  .transform(fromResult(validateMaxSquaresPerPlayer));

/** D35: one set of numbers for the game, a new set each period, or a new set at halftime. */
const numberSetsChoice = z.enum(NUMBER_SET_MODES, { error: 'Choose when numbers are drawn: for the whole game, each period or at halftime' });

/** D30: who can see the game. */
const visibilityChoice = z.enum(VISIBILITIES, { error: INVITE_ERRORS.visibilityInvalid });

/**
 * The create and edit form; game type, payout schedule and payment method may be left out
 * (defaults nfl, even, card), as may the payment instructions and pay-by time (D28).
 */
export const gameFormSchema = z
  .object({
    title: titleSchema,
    team_a: teamASchema,
    team_b: teamBSchema,
    price_per_square: priceSchema,
    game_type: gameTypeSchema,
    payout_schedule: payoutScheduleSchema,
    payment_method: paymentMethodChoice.default(DEFAULT_PAYMENT_METHOD),
    payment_instructions: paymentInstructionsSchema.default(null),
    pay_by: payBySchema.default(null),
    max_squares_per_player: maxSquaresPerPlayerSchema.default(null),
    visibility: visibilityChoice.default(DEFAULT_VISIBILITY),
    number_sets: numberSetsChoice.default(DEFAULT_NUMBER_SET_MODE),
  })
  .superRefine((game, ctx) => {
    if (paymentInstructionsMissing(game.payment_method, game.payment_instructions))
      ctx.addIssue({ code: 'custom', path: ['payment_instructions'], message: ORGANIZER_PAYMENT_ERRORS.instructionsRequired });
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
  game_type: gameTypeChoice.optional(),
  payout_schedule: payoutScheduleChoice.optional(),
  payment_method: paymentMethodChoice.optional(),
  payment_instructions: paymentInstructionsSchema.optional(),
  pay_by: payBySchema.optional(),
  max_squares_per_player: maxSquaresPerPlayerSchema.optional(),
  /** D30: may change at any time, even once the game is drawn or completed. */
  visibility: visibilityChoice.optional(),
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
  payment_method: DEFAULT_PAYMENT_METHOD,
  payment_instructions: null,
  pay_by: null,
  max_squares_per_player: null,
  visibility: DEFAULT_VISIBILITY,
  number_sets: DEFAULT_NUMBER_SET_MODE,
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

const scoreSchema = z.union([z.number(), z.string()], { error: SCORE_NOT_A_NUMBER }).transform(fromResult(validateScore));

/** One quarter's scores as the API receives them. */
export const quarterScoreSchema = z.object({ team_a_score: scoreSchema, team_b_score: scoreSchema });

const invalidItems = { error: INVALID_CART_ITEMS };
const cartSquareSchema = z.object({ x: z.number(invalidItems), y: z.number(invalidItems) }, invalidItems);

/** The cart as POST /api/checkout receives it, checked by validateForPayment. */
export const cartSchema = z
  .array(
    z.object(
      {
        game_id: z.string(invalidItems),
        game_title: z.string(invalidItems),
        price_per_square: z.number(invalidItems),
        squares: z.array(cartSquareSchema, invalidItems),
      },
      invalidItems,
    ),
    invalidItems,
  )
  .transform(fromResult(validateForPayment));
