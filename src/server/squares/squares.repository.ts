import { announcementsOf, type AnnouncementRow } from '../announcements/announcements.repository';
import { digitSetsOf, type DigitSetRow } from '../draws/draws.repository';
import type { Executor } from '../db/executor';
import { prepareQuery } from '../db/prepared';
import { claimedOrLiveHold, person, winnersWithScores } from '../db/shared-queries';

/** D48: an owner or winner as every answer shows them (the raw SQLite read gives the flag as 0/1). */
const shown = person();
import type { GameRow } from '../games/games.repository';

/** A held or claimed square of a board, with its owner's names (D11, D21). */
export interface BoardSquareRow {
  x: number;
  y: number;
  status: 'held' | 'claimed';
  user_id: string;
  owner_username: string | null;
  owner_no_account: boolean | number;
  owner_email: string | null;
  /** D28: false for an owned square of an organizer-collects game not yet paid. */
  is_paid: boolean;
}

export interface GridNumbersRow {
  x_axis_numbers: string;
  y_axis_numbers: string;
  generated_at: string;
}

/** A confirmed period: its winner record, the score that picked it and the winner's name. */
export interface BoardWinnerRow {
  period: number;
  square_x: number;
  square_y: number;
  winning_numbers_x: number;
  winning_numbers_y: number;
  team_a_score: number;
  team_b_score: number;
  winner_username: string | null;
  winner_no_account: boolean | number | null;
  payout_amount_cents: number;
  payout_status: 'pending' | 'processing' | 'completed' | 'failed' | 'paid';
}

export interface DrawRow {
  action: 'drawn' | 'cleared';
  created_at: string;
}

/** A claimed square of one player, with its game (My Squares). */
/** A drawn set of a game whose numbers players may see (My Squares). */
export interface RevealedDigitSetRow {
  game_id: string;
  set_number: number;
  first_period: number;
  last_period: number;
  x_axis_numbers: string;
  y_axis_numbers: string;
}

export interface OwnedSquareRow {
  game_id: string;
  title: string;
  team_a: string;
  team_b: string;
  x: number;
  y: number;
  claimed_at: string;
  /** D36: the game's board shape (shapeOfGame). */
  board_rows: number;
  board_columns: number;
  /** D29: the game's period model (periodModel). */
  game_type: string;
  /** D28: whether the square is paid, and the game's facts that say what its owner owes. */
  is_paid: boolean;
  payment_method: 'card' | 'organizer';
  price_per_square_cents: number;
  pay_by: string | null;
  payment_instructions: string | null;
}

export interface RefundRow {
  id: string;
  amount_cents: number;
  description: string;
  refund_reason: string | null;
  refunded_at: string | null;
  updated_at: string;
}

// EXISTS is a boolean on PostgreSQL and 0/1 on SQLite (NormalizePlugin converts only stored columns).
const toGameRow = (row: Omit<GameRow, 'price_locked'> & { price_locked: unknown }): GameRow => ({
  ...row,
  price_locked: row.price_locked === true || row.price_locked === 1,
});

/**
 * Reads for the board and My Squares. Every query here is one indexed lookup by game or by user.
 * The board's queries are compiled once (db/prepared.ts): the board is the most read page.
 */
export function squaresRepository(db: Executor) {
  const board = {
    /** The game as the games API reads it, with price_locked (games.repository.ts). */
    game: prepareQuery(db, 1, (gameId: string) =>
      db
        .selectFrom('games')
        .selectAll('games')
        .select((eb) => eb.exists(eb.selectFrom('squares').select('squares.id').whereRef('squares.game_id', '=', 'games.id')).as('price_locked'))
        .where('games.id', '=', gameId),
    ),
    squares: prepareQuery(db, 2, (gameId: string, now: string) =>
      db
        .selectFrom('squares')
        .leftJoin('user', 'user.id', 'squares.user_id')
        .select([
          'squares.x',
          'squares.y',
          'squares.status',
          'squares.user_id',
          shown.name.as('owner_username'),
          shown.noAccount.as('owner_no_account'),
          shown.email.as('owner_email'),
          'squares.is_paid',
        ])
        .where('squares.game_id', '=', gameId)
        .where((eb) => claimedOrLiveHold(eb, now))
        .orderBy('squares.x')
        .orderBy('squares.y'),
    ),
    numbers: prepareQuery(db, 1, (gameId: string) =>
      db.selectFrom('game_grid_numbers').select(['x_axis_numbers', 'y_axis_numbers', 'generated_at']).where('game_id', '=', gameId),
    ),
    winners: prepareQuery(db, 1, (gameId: string) =>
      winnersWithScores(db, gameId).select([
        'game_winners.period',
        'game_winners.square_x',
        'game_winners.square_y',
        'game_winners.winning_numbers_x',
        'game_winners.winning_numbers_y',
        'period_scores.team_a_score',
        'period_scores.team_b_score',
        shown.name.as('winner_username'),
        shown.noAccount.as('winner_no_account'),
        'game_winners.payout_amount_cents',
        'game_winners.payout_status',
      ]),
    ),
    // The id breaks ties so the order never changes.
    draws: prepareQuery(db, 1, (gameId: string) =>
      db
        .selectFrom('grid_draws')
        .select(['action', 'created_at'])
        .where('game_id', '=', gameId)
        // D17's "drawn 19:02; redrawn once" is about set 1; later sets (D35) show their own draw time.
        .where('set_number', '=', 1)
        .orderBy('created_at')
        .orderBy('id'),
    ),
    announcements: prepareQuery(db, 1, (gameId: string) => announcementsOf(db, gameId)),
  };

  return {
    async game(gameId: string): Promise<GameRow | undefined> {
      const [row] = await board.game.execute(gameId);
      return row ? toGameRow(row) : undefined;
    },

    /**
     * Claimed squares and holds still live at `now`, in (x, y) order (the unique key's index).
     * A hold past `hold_expires_at` may be taken over by the next checkout (D21), so it is not
     * on the board any more, whatever its checkout's state.
     */
    boardSquares: (gameId: string, now: string): Promise<BoardSquareRow[]> => board.squares.execute(gameId, now),

    async gridNumbers(gameId: string): Promise<GridNumbersRow | undefined> {
      return (await board.numbers.execute(gameId))[0];
    },

    /** Winner records by period, with the period's score; the winner's name when one exists. */
    winners: (gameId: string): Promise<BoardWinnerRow[]> => board.winners.execute(gameId),

    /** The draw log, oldest first (D17). */
    draws: (gameId: string): Promise<DrawRow[]> => board.draws.execute(gameId),

    /** D40: the game's announcements, newest first. */
    announcements: (gameId: string): Promise<AnnouncementRow[]> => board.announcements.execute(gameId),

    /** D35/D38: the game's digit sets, set 1 first. */
    digitSets: (gameId: string): Promise<DigitSetRow[]> => digitSetsOf(db, gameId),

    /** A player's claimed squares: newest game first, then (x, y); the digits once players may see them. */
    ownedSquares(userId: string): Promise<OwnedSquareRow[]> {
      return db
        .selectFrom('squares')
        .innerJoin('games', 'games.id', 'squares.game_id')
        .select(['games.id as game_id', 'games.title', 'games.team_a', 'games.team_b', 'squares.x', 'squares.y', 'squares.claimed_at'])
        .select(['games.board_rows', 'games.board_columns', 'games.game_type'])
        .select(['squares.is_paid', 'games.payment_method', 'games.price_per_square_cents', 'games.pay_by', 'games.payment_instructions'])
        .where('squares.user_id', '=', userId)
        .where('squares.status', '=', 'claimed')
        .orderBy('games.created_at', 'desc')
        .orderBy('games.id')
        .orderBy('squares.x')
        .orderBy('squares.y')
        .execute() as Promise<OwnedSquareRow[]>;
    },

    /**
     * The drawn digit sets of these games, by game and set number, of the games whose numbers are
     * revealed: hidden numbers never leave the database for My Squares (D16).
     */
    revealedDigitSets(gameIds: readonly string[]): Promise<RevealedDigitSetRow[]> {
      if (gameIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('digit_sets')
        .innerJoin('games', 'games.id', 'digit_sets.game_id')
        .select([
          'digit_sets.game_id',
          'digit_sets.set_number',
          'digit_sets.first_period',
          'digit_sets.last_period',
          'digit_sets.x_axis_numbers',
          'digit_sets.y_axis_numbers',
        ])
        .where('digit_sets.game_id', 'in', gameIds)
        .where('games.numbers_revealed', '=', true)
        .where('digit_sets.x_axis_numbers', 'is not', null)
        .where('digit_sets.y_axis_numbers', 'is not', null)
        .orderBy('digit_sets.game_id')
        .orderBy('digit_sets.set_number')
        .execute() as Promise<RevealedDigitSetRow[]>;
    },

    /**
     * A player's refunds, newest first: refunded checkouts, and the parts of checkouts refunded
     * because one of their games was deleted (D13, issue 10). A refund still waiting for the
     * provider (retried by the sweep) is already decided, so it is listed too.
     */
    async refunds(userId: string): Promise<RefundRow[]> {
      const [whole, parts] = await Promise.all([
        db
          .selectFrom('checkouts')
          .select(['id', 'amount_cents', 'description', 'refund_reason', 'refunded_at', 'updated_at'])
          .where('user_id', '=', userId)
          .where('status', 'in', ['refunded', 'refund_pending'])
          .execute(),
        db
          .selectFrom('payment_refunds')
          .innerJoin('checkouts', 'checkouts.id', 'payment_refunds.checkout_id')
          .select([
            'checkouts.id as id',
            'payment_refunds.amount_cents as amount_cents',
            'payment_refunds.description as description',
            'payment_refunds.reason as refund_reason',
            'payment_refunds.refunded_at as refunded_at',
            'payment_refunds.created_at as updated_at',
          ])
          .where('checkouts.user_id', '=', userId)
          .where('payment_refunds.game_id', 'is not', null)
          .execute(),
      ]);
      // Timestamps are ISO-8601 strings on both databases: they sort as text.
      const at = (row: RefundRow) => row.refunded_at ?? row.updated_at;
      return [...whole, ...parts].sort((a, b) => (at(a) > at(b) ? -1 : at(a) < at(b) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },
  };
}

export type SquaresRepository = ReturnType<typeof squaresRepository>;
