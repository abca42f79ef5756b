/**
 * The organizer's payment tools for organizer-collects games (D28), admins only:
 *
 * - POST /api/admin/games/:id/squares/mark-paid    SquareSelection → SquaresChanged
 * - POST /api/admin/games/:id/squares/mark-unpaid  SquareSelection → SquaresChanged
 * - POST /api/admin/games/:id/squares/release      ReleaseRequest → SquaresChanged (unpaid squares, or with
 *                                             include_paid paid ones too, card sales refunded; owners
 *                                             are told by e-mail)
 * - GET  /api/admin/games/:id/payments             → PaymentTracking (per player: squares, due, paid, unpaid)
 * - POST /api/admin/games/:id/squares/assign       AssignRequest → SquaresChanged (D32: free squares to an
 *                                             account or a named person, D29)
 * - POST /api/admin/games/:id/squares/move         MoveRequest → SquaresChanged (D32)
 * - GET  /api/games/:id/activity             → ActivityResponse (admins: all; players: their squares')
 */
import { z } from 'zod';
import { INVALID_EMAIL, ORGANIZER_TOOL_ERRORS } from '../messages';
import { EMAIL_MAX_LENGTH, validatePersonEmail, validatePersonName } from '../validation';
import { gameSchema } from './games';
import { ACTIVITY_ACTIONS } from '../activity';
import { cents, int, list, timestamp, type Contract, type RequestOf } from './contract';

const invalid = ORGANIZER_TOOL_ERRORS.selectionInvalid;
const coordinate = z.number({ error: invalid }).int(invalid).min(0, invalid).max(9, invalid);
const cellSchema = z.object({ x: coordinate, y: coordinate }, { error: invalid });

/** Squares by position, each once (the same square twice in one request is a mistake, not twice the work). */
const squareList = z
  .array(cellSchema, { error: invalid })
  .min(1, ORGANIZER_TOOL_ERRORS.selectionEmpty)
  .max(100, invalid)
  .refine((cells) => new Set(cells.map((cell) => cell.x * 10 + cell.y)).size === cells.length, { message: ORGANIZER_TOOL_ERRORS.selectionTwice });

const selectionFields = {
  squares: squareList.optional(),
  user_id: z.string({ error: invalid }).min(1, invalid).max(100, invalid).optional(),
  all: z.literal(true, { error: invalid }).optional(),
};
const exactlyOne = (s: { squares?: unknown; user_id?: unknown; all?: unknown }) => [s.squares, s.user_id, s.all].filter((v) => v !== undefined).length === 1;

/** Which squares: some by position, all of one player's, or every owned square of the game. Exactly one. */
export const squareSelectionSchema = z.object(selectionFields, { error: invalid }).refine(exactlyOne, { message: ORGANIZER_TOOL_ERRORS.selectionOne });
export type SquareSelection = RequestOf<typeof squareSelectionSchema>;

/** Release: a selection; `include_paid` (D32's board tool) releases paid squares too, refunding card sales. */
export const releaseRequestSchema = z
  .object({ ...selectionFields, include_paid: z.boolean({ error: invalid }).optional() }, { error: invalid })
  .refine(exactlyOne, { message: ORGANIZER_TOOL_ERRORS.selectionOne });
export type ReleaseRequest = RequestOf<typeof releaseRequestSchema>;

const personName = z
  .string({ error: ORGANIZER_TOOL_ERRORS.personName })
  .max(200, ORGANIZER_TOOL_ERRORS.personName)
  .transform((raw, ctx) => {
    const name = validatePersonName(raw);
    if (!name.ok) {
      ctx.addIssue({ code: 'custom', message: name.message });
      return z.NEVER;
    }
    return name.value;
  });
const personEmail = z
  .string({ error: INVALID_EMAIL })
  // Longer than any address with room for spaces around it: refused before the rule reads it.
  .max(EMAIL_MAX_LENGTH * 2, ORGANIZER_TOOL_ERRORS.personEmailTooLong)
  .nullish()
  .transform((raw, ctx) => {
    const email = validatePersonEmail(raw);
    if (!email.ok) {
      ctx.addIssue({ code: 'custom', message: email.message });
      return z.NEVER;
    }
    return email.value;
  });

/** D32: put free squares on an account (username or e-mail) or on a named person (D29). */
export const assignRequestSchema = z
  .object(
    {
      squares: squareList,
      to: z
        .strictObject(
          {
            account: z
              .string({ error: ORGANIZER_TOOL_ERRORS.noAccount })
              .trim()
              .min(1, ORGANIZER_TOOL_ERRORS.noAccount)
              .max(254, ORGANIZER_TOOL_ERRORS.noAccount)
              .optional(),
            name: personName.optional(),
            email: personEmail,
          },
          { error: ORGANIZER_TOOL_ERRORS.targetOne },
        )
        .refine((to) => (to.account === undefined) !== (to.name === undefined) && (to.account === undefined || to.email === null), {
          message: ORGANIZER_TOOL_ERRORS.targetOne,
        }),
      paid: z.boolean({ error: invalid }).optional(),
      /** With `paid`: the sum the organizer confirmed (the squares times the price); the server checks it. */
      paid_cents: z.number({ error: invalid }).int(invalid).min(0, invalid).optional(),
    },
    { error: invalid },
  )
  .refine((body) => body.paid !== true || body.paid_cents !== undefined, { message: ORGANIZER_TOOL_ERRORS.paidAmountMissing, path: ['paid_cents'] });
export type AssignRequest = RequestOf<typeof assignRequestSchema>;

/** D32: move an owned square to a free one. */
export const moveRequestSchema = z.object({ from: cellSchema, to: cellSchema }, { error: invalid });
export type MoveRequest = RequestOf<typeof moveRequestSchema>;

/** How many squares changed, and the game as it is now (its pot). */
export const squaresChangedSchema = z.object({ changed: int, game: gameSchema });
export type SquaresChanged = Contract<typeof squaresChangedSchema>;

/** An assignment's answer: also whose the squares now are (an account, or the named person's). */
export const assignedSchema = squaresChangedSchema.extend({ user_id: z.string() });
export type Assigned = Contract<typeof assignedSchema>;

const playerPaymentsSchema = z.object({
  user_id: z.string(),
  /** D48 (core/person.ts): username or a named person's name ('' when neither); shown through personLabel. */
  username: z.string(),
  /** D48: a named person (D29), marked "no account". */
  no_account: z.boolean(),
  /** A real address ('' when none), never a named person's placeholder. */
  email: z.string(),
  squares: list(z.object({ x: int, y: int, paid: z.boolean() })),
  due_cents: cents,
  paid_cents: cents,
  unpaid_cents: cents,
});
export type PlayerPayments = Contract<typeof playerPaymentsSchema>;

/** D28's payment-tracking view: every player with squares in the game, most unpaid first. */
export const paymentTrackingSchema = z.object({
  game: gameSchema,
  players: list(playerPaymentsSchema),
  totals: z.object({ squares: int, unpaid_squares: int, due_cents: cents, paid_cents: cents, unpaid_cents: cents }),
});
export type PaymentTracking = Contract<typeof paymentTrackingSchema>;

/** D32: one entry of a game's activity log, as its reader sees it. */
const activityEntrySchema = z.object({
  id: z.string(),
  created_at: timestamp,
  action: z.enum(ACTIVITY_ACTIONS),
  message: z.string(),
  squares: list(z.object({ x: int, y: int })),
});

/** GET /api/games/:id/activity: admins read every entry, a player the entries about their own squares. */
export const activityResponseSchema = z.object({ entries: list(activityEntrySchema), scope: z.enum(['all', 'mine']) });
export type ActivityResponse = Contract<typeof activityResponseSchema>;
