/**
 * A game as the API sends it (spec section 3, D4, D12, D13). Field names are the spec's; money
 * is integer cents, except `price_per_square`, the whole-dollar price the spec's forms and cart
 * use.
 *
 * - GET /api/games → GamesResponse
 * - GET /api/games/:id → GameResponse
 * - POST /api/admin/games GameCreateRequest, PATCH /api/admin/games/:id GameUpdateRequest → GameResponse (admins)
 * - DELETE /api/admin/games/:id → GameDeletedResponse
 *
 * D30, invite-only games (design note 011):
 * - GET /api/games lists public games only (Home, All Games); GET /api/admin/games → GamesResponse
 *   lists every game (admins). A game the viewer may not see answers 404 "Game not found" everywhere.
 * - POST /api/games/:id/invite InviteRedeemRequest → InviteRedeemed (anyone: a right token sets the
 *   game's invite cookie; a wrong one is 404 as for a game that does not exist)
 * - GET /api/admin/games/:id/invite → GameInviteResponse, POST /api/admin/games/:id/invite/rotate → GameInviteResponse
 *   (admins: the link and its QR code; rotating makes a new token, the old link stops working)
 * - GET /api/admin/games/:id/share → GameShareResponse (admins, D45: the link to share any game by)
 * - GET /api/games/:id/link → GameLinkResponse (whoever may see the game, D42: the printed board's QR code)
 */
import { z } from 'zod';
import { BOARD_SIZES } from '../board-shape';
import { PAYMENT_METHODS } from '../payment-methods';
import { PAYOUT_CHOICES, UNBOUGHT_RULES } from '../payout-plan';
import { gameFormSchema, gameUpdateSchema } from '../schemas';
import { GAME_TYPES } from '../validation';
import { INVITE_ERRORS } from '../messages';
import { NUMBER_SET_MODES } from '../periods';
import { INVITE_TOKEN_MAX_LENGTH, VISIBILITIES } from '../visibility';
import { cents, int, list, timestamp, type Contract, type RequestOf } from './contract';
import { gameScoreFeedSchema } from './score-feed';

export const gameSchema = z.object({
  id: z.string(),
  title: z.string(),
  team_a: z.string(),
  team_b: z.string(),
  game_type: z.enum(GAME_TYPES),
  /** Whole dollars, $1 to $10,000. */
  price_per_square: z.number(),
  price_per_square_cents: cents,
  /**
   * D47: every sold square (reserved, paid or not) times the price, in every game; final once
   * numbers are drawn (sales close). Each period pays its share of it.
   */
  total_pot_cents: cents,
  /** D47: the paid squares times the price ("collected $X of $Y" in an organizer-collects game; the pot in a card game). */
  collected_cents: cents,
  squares_claimed: int,
  /** The board's squares left to sell: board_size - squares_claimed. */
  squares_available: int,
  /**
   * D36: the board's shape: 100 squares (10 x 10), 50 (5 rows of two digits x 10 columns) or 25
   * (5 x 5, two digits per row and column); fixed once any square is held or sold (`price_locked`).
   */
  board_size: z.union(BOARD_SIZES.map((size) => z.literal(size))),
  board_rows: int,
  board_columns: int,
  /** D36: digits each row (team A) and each column (team B) carries: 1, or 2 on a smaller board. */
  digits_per_row: int,
  digits_per_column: int,
  is_active: z.boolean(),
  /** True exactly while numbers exist (D16). */
  grid_shuffled: z.boolean(),
  numbers_revealed: z.boolean(),
  manual_numbers_set: z.boolean(),
  /** D12/D34: one of the three schedules, or custom shares. */
  payout_schedule: z.enum(PAYOUT_CHOICES),
  /** D34: custom shares, whole percents per period in playing order; null for a schedule. */
  payout_shares: list(int).nullable(),
  /** D34: custom shares' organizer (or charity) percent; null for a schedule. */
  organizer_percent: int.nullable(),
  /** D34: the name of the organizer share ("Organizer", a charity's name). */
  organizer_label: z.string(),
  /** D34: a winning square nobody bought: the house keeps its money, or it rolls forward. */
  unbought_rule: z.enum(UNBOUGHT_RULES),
  /** D13: true once any square is held or sold; price, payout schedule and payment method and board size (D36) are then fixed. */
  price_locked: z.boolean(),
  /** D28: who collects the money. */
  payment_method: z.enum(PAYMENT_METHODS),
  /** D28: how to pay the organizer; null when none were given. */
  payment_instructions: z.string().nullable(),
  /** D28: when still-unpaid squares are released; null for never. */
  pay_by: timestamp.nullable(),
  /** D31: how many squares one player may hold (1-100); null for no cap. */
  max_squares_per_player: int.nullable(),
  /** D30: public, or invite-only (the token itself is never part of a game). */
  visibility: z.enum(VISIBILITIES),
  /** D35: one set of numbers for the game, one per period, or a new set at halftime. */
  number_sets: z.enum(NUMBER_SET_MODES),
  /** D39: when the game starts; sales close then by themselves. Null: no kickoff. */
  kickoff_at: timestamp.nullable(),
  /** D39: the organizer's IANA time zone; the game's times are shown in it (null for older games: the reader's). */
  time_zone: z.string().nullable(),
  /** D39: the numbers are drawn at kickoff. */
  draw_at_kickoff: z.boolean(),
  /** D39: when sales closed at kickoff (null while they have not). */
  sales_closed_at: timestamp.nullable(),
  /** D39: the real game it follows on the live score feed, with its live score; null: none. */
  score_feed: gameScoreFeedSchema.nullable(),
  created_by: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Game = Contract<typeof gameSchema>;

/** A game as a player's own pages head it (My Squares, My Winnings). */
export const gameHeadingSchema = z.object({ game_id: z.string(), title: z.string(), team_a: z.string(), team_b: z.string() });

export const gamesResponseSchema = z.object({ games: list(gameSchema) });
export type GamesResponse = Contract<typeof gamesResponseSchema>;

export const gameResponseSchema = z.object({ game: gameSchema });
export type GameResponse = Contract<typeof gameResponseSchema>;

/**
 * Issue 23: the `game` field of 410 GAME_CANCELLED, the answer for a deleted game to a person who
 * owned squares in it: what it was, when it went, their squares and what they had paid. Its type
 * is what both sides use.
 * @public
 */
export const cancelledGameSchema = z.object({
  id: z.string(),
  title: z.string(),
  team_a: z.string(),
  team_b: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  deleted_at: timestamp,
  squares: int,
  paid_cents: cents,
});
export type CancelledGame = Contract<typeof cancelledGameSchema>;

export const gameDeletedResponseSchema = z.object({ deleted: z.object({ id: z.string(), title: z.string() }) });
export type GameDeletedResponse = Contract<typeof gameDeletedResponseSchema>;

/** The create form as POST /api/admin/games takes it; game type and payout schedule may be left out (nfl, even). */
export const gameCreateRequestSchema = gameFormSchema;
export type GameCreateRequest = RequestOf<typeof gameCreateRequestSchema>;

/** An edit sends only the fields it changes; which may still change is D13's business. */
export const gameUpdateRequestSchema = gameUpdateSchema;
export type GameUpdateRequest = RequestOf<typeof gameUpdateRequestSchema>;

/** D30: the token of an invite link, sent by the game page that was opened with `?invite=`. */
export const inviteRedeemRequestSchema = z.object(
  {
    token: z
      .string({ error: INVITE_ERRORS.tokenMissing })
      .min(1, INVITE_ERRORS.tokenMissing)
      .max(INVITE_TOKEN_MAX_LENGTH, INVITE_ERRORS.tokenInvalid)
      .regex(/^[A-Za-z0-9_-]+$/, INVITE_ERRORS.tokenInvalid),
  },
  { error: INVITE_ERRORS.tokenMissing },
);

/** The invite was accepted (or the game is public and needs none): the board can be read. */
export const inviteRedeemedSchema = z.object({ game_id: z.string() });
export type InviteRedeemed = Contract<typeof inviteRedeemedSchema>;

/** D30, admins only: an invite-only game's link and its QR code (an SVG document); null for a public game. */
export const gameInviteResponseSchema = z.object({
  invite: z.object({ url: z.string(), qr_svg: z.string() }).nullable(),
});
export type GameInviteResponse = Contract<typeof gameInviteResponseSchema>;

/**
 * D45, admins only: the link to share a game by (its invite link when invite-only, else its
 * board's address) and that link's QR code (an SVG document): the "Share this pool" view.
 */
export const gameShareResponseSchema = z.object({
  share: z.object({ url: z.string(), qr_svg: z.string(), visibility: z.enum(VISIBILITIES) }),
});
export type GameShareResponse = Contract<typeof gameShareResponseSchema>;

/**
 * D42, whoever may see the game (the board's access rule): the link the printed board's QR code
 * opens and that code (an SVG document). `invite`: the link is the invite link, sent to admins
 * only; everyone else gets the game's plain link (core/visibility.ts `printedLink`).
 */
export const gameLinkResponseSchema = z.object({
  link: z.object({ url: z.string(), qr_svg: z.string(), invite: z.boolean() }),
});
export type GameLinkResponse = Contract<typeof gameLinkResponseSchema>;

/** D46, admins only: the accounts that opened an invite-only game's link (its members), first joined first. */
export const gameMembersResponseSchema = z.object({
  members: z.array(
    z.object({
      user_id: z.string(),
      /** The username (null for an account that has not chosen one yet). */
      name: z.string().nullable(),
      email: z.string(),
      joined_at: z.string(),
      /** Removing a member who owns squares does not take their access away (D30). */
      owns_squares: z.boolean(),
    }),
  ),
});
export type GameMembersResponse = Contract<typeof gameMembersResponseSchema>;
export type GameMember = GameMembersResponse['members'][number];

/** `/api/admin/games/:id/members/:userId`. */
export const memberParams = z.object({ id: z.string(), userId: z.string().min(1).max(100) });
