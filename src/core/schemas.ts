/**
 * The zod schemas of the API, each built on a plain validation function of validation.ts, so
 * the browser and the server cannot disagree. Kept apart from validation.ts so that pages that
 * only validate a form do not ship zod in the first page's JavaScript.
 */
import { z } from 'zod';
import { DEFAULT_BOARD_SIZE, parseBoardSize, type BoardSize } from './board-shape';
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
  BOARD_SIZE_ERRORS,
  KICKOFF_ERRORS,
} from './messages';
import {
  DEFAULT_PAYMENT_METHOD,
  PAYMENT_METHODS,
  paymentInstructionsMissing,
  validateInstant,
  validatePayBy,
  validatePaymentInstructions,
} from './payment-methods';
import { isTimeZone } from './game-time';
import { capBeyondBoardMessage, capFitsBoard, validateMaxSquaresPerPlayer } from './player-limit';
import { DEFAULT_VISIBILITY, VISIBILITIES } from './visibility';
import {
  DEFAULT_ORGANIZER_LABEL,
  DEFAULT_PAYOUT_SCHEDULE,
  DEFAULT_UNBOUGHT_RULE,
  PAYOUT_CHOICES,
  UNBOUGHT_RULE_INVALID,
  UNBOUGHT_RULES,
  validateGamePayout,
  typedPercent,
  validateOrganizerLabel,
} from './payout-plan';
import { DEFAULT_NUMBER_SET_MODE, NUMBER_SET_MODES } from './periods';
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
const payoutScheduleChoice = z.enum(PAYOUT_CHOICES, { error: PAYOUT_SCHEDULE_INVALID });

/** D34: a share as typed: a number or its text; anything else is not a number, which the rules name. */
const percentInput = z.union([z.number(), z.string()], { error: 'Each payout share must be a whole percent from 0 to 100' }).transform(typedPercent);
const payoutSharesSchema = z.array(percentInput, { error: 'Payout shares must be a list of whole percents' }).nullable();
const organizerPercentSchema = percentInput.nullable();
const organizerLabelSchema = z.string({ error: 'The organizer share needs a name' }).nullable().transform(fromResult(validateOrganizerLabel));
const unboughtRuleChoice = z.enum(UNBOUGHT_RULES, { error: UNBOUGHT_RULE_INVALID });
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

/** D39: when the game starts (an ISO date-time with its zone; blank or null: no kickoff). */
const kickoffSchema = z
  .string({ error: KICKOFF_ERRORS.invalid })
  .nullable()
  .transform(fromResult((raw) => validateInstant(raw, KICKOFF_ERRORS.invalid)));
/** D39: the organizer's IANA time zone, checked against the runtime's zone list (Intl). */
const timeZoneSchema = z
  .string({ error: KICKOFF_ERRORS.timeZoneInvalid })
  .nullable()
  .transform((raw, ctx): string | null => {
    if (raw === null || raw.trim() === '') return null;
    if (isTimeZone(raw.trim())) return raw.trim();
    ctx.addIssue(KICKOFF_ERRORS.timeZoneInvalid);
    return z.NEVER;
  });
const drawAtKickoffSchema = z.boolean({ error: 'Choose whether the numbers are drawn at kickoff' });

/** D31: how many squares one player may hold in the game, 1-100; empty or null for no cap. */
const maxSquaresPerPlayerSchema = z
  .union([z.number(), z.string(), z.null()], { error: PLAYER_LIMIT_ERRORS.invalid })
  .transform(fromResult(validateMaxSquaresPerPlayer));

/** D36: the board's size, 100, 50 or 25 squares (a number or its text, as a select sends it). */
const boardSizeSchema = z.union([z.number(), z.string()], { error: BOARD_SIZE_ERRORS.invalid }).transform((raw, ctx): BoardSize => {
  const size = parseBoardSize(raw);
  if (size !== null) return size;
  ctx.addIssue(BOARD_SIZE_ERRORS.invalid);
  return z.NEVER;
});
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
    payout_shares: payoutSharesSchema.default(null),
    organizer_percent: organizerPercentSchema.default(null),
    organizer_label: organizerLabelSchema.default(DEFAULT_ORGANIZER_LABEL),
    unbought_rule: unboughtRuleChoice.default(DEFAULT_UNBOUGHT_RULE),
    payment_method: paymentMethodChoice.default(DEFAULT_PAYMENT_METHOD),
    payment_instructions: paymentInstructionsSchema.default(null),
    pay_by: payBySchema.default(null),
    max_squares_per_player: maxSquaresPerPlayerSchema.default(null),
    visibility: visibilityChoice.default(DEFAULT_VISIBILITY),
    board_size: boardSizeSchema.default(DEFAULT_BOARD_SIZE),
    number_sets: numberSetsChoice.default(DEFAULT_NUMBER_SET_MODE),
    kickoff_at: kickoffSchema.default(null),
    time_zone: timeZoneSchema.default(null),
    draw_at_kickoff: drawAtKickoffSchema.default(false),
  })
  .superRefine((game, ctx) => {
    if (game.kickoff_at !== null && game.time_zone === null) ctx.addIssue({ code: 'custom', path: ['time_zone'], message: KICKOFF_ERRORS.timeZoneRequired });
    if (game.draw_at_kickoff && game.kickoff_at === null) ctx.addIssue({ code: 'custom', path: ['draw_at_kickoff'], message: KICKOFF_ERRORS.drawNeedsKickoff });
    if (paymentInstructionsMissing(game.payment_method, game.payment_instructions))
      ctx.addIssue({ code: 'custom', path: ['payment_instructions'], message: ORGANIZER_PAYMENT_ERRORS.instructionsRequired });
    if (!capFitsBoard(game.max_squares_per_player, game.board_size))
      ctx.addIssue({ code: 'custom', path: ['max_squares_per_player'], message: capBeyondBoardMessage(game.board_size) });
    const payout = validateGamePayout(game);
    if (!payout.ok) ctx.addIssue({ code: 'custom', path: ['payout_shares'], message: payout.message });
  })
  // A schedule keeps no custom shares (D34): what the form had typed under "Custom shares" is dropped.
  .transform((game) => {
    const custom = game.payout_schedule === 'custom';
    return { ...game, payout_shares: custom ? game.payout_shares : null, organizer_percent: custom ? (game.organizer_percent ?? 0) : null };
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
  payout_shares: payoutSharesSchema.optional(),
  organizer_percent: organizerPercentSchema.optional(),
  organizer_label: organizerLabelSchema.optional(),
  unbought_rule: unboughtRuleChoice.optional(),
  payment_method: paymentMethodChoice.optional(),
  payment_instructions: paymentInstructionsSchema.optional(),
  pay_by: payBySchema.optional(),
  max_squares_per_player: maxSquaresPerPlayerSchema.optional(),
  /** D30: may change at any time, even once the game is drawn or completed. */
  visibility: visibilityChoice.optional(),
  /** D36: may change while no square is held or sold (D13, as the price). */
  board_size: boardSizeSchema.optional(),
  /** D39: may change while sales are open, to a time still ahead (docs/decisions/035). */
  kickoff_at: kickoffSchema.optional(),
  time_zone: timeZoneSchema.optional(),
  draw_at_kickoff: drawAtKickoffSchema.optional(),
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
  payout_shares: null,
  organizer_percent: null,
  organizer_label: DEFAULT_ORGANIZER_LABEL,
  unbought_rule: DEFAULT_UNBOUGHT_RULE,
  payment_method: DEFAULT_PAYMENT_METHOD,
  payment_instructions: null,
  pay_by: null,
  max_squares_per_player: null,
  visibility: DEFAULT_VISIBILITY,
  board_size: DEFAULT_BOARD_SIZE,
  number_sets: DEFAULT_NUMBER_SET_MODE,
  kickoff_at: null,
  time_zone: null,
  draw_at_kickoff: false,
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

/** One period's scores as the API receives them. */
export const periodScoreSchema = z.object({ team_a_score: scoreSchema, team_b_score: scoreSchema });

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
