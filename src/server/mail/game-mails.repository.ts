import type { Executor } from '../db/executor';
import { person } from '../db/shared-queries';

/** An account to mail: its address and its name as every page says it (D48, shared-queries' person()). */
export interface Person {
  id: string;
  email: string;
  name: string | null;
}

/**
 * What D40's game mails read (mail/game-mails.service.ts), and the claims that queue each mail once: a
 * conditional update of the set, the winner or the reminder row, in the transaction that queues it.
 */
export function gameMailsRepository(db: Executor) {
  return {
    /** The accounts to mail among `ids` (deleted accounts have no address any more). */
    async people(ids: readonly string[]): Promise<Map<string, Person>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('user')
        .select(['id', 'email', person().name.as('name')])
        .where('id', 'in', [...new Set(ids)])
        .where('deleted_at', 'is', null)
        .execute();
      return new Map(rows.map((row) => [row.id, row]));
    },

    checkout(checkoutId: string) {
      return db.selectFrom('checkouts').select(['user_id', 'provider', 'amount_cents', 'public_origin']).where('id', '=', checkoutId).executeTakeFirst();
    },

    checkoutItems(checkoutId: string) {
      return db.selectFrom('checkout_items').select(['game_id', 'x', 'y', 'price_cents']).where('checkout_id', '=', checkoutId).execute();
    },

    /** The games of a receipt, by title. */
    receiptGames(gameIds: readonly string[]) {
      return db
        .selectFrom('games')
        .select(['id', 'title', 'payment_method', 'payment_instructions', 'pay_by', 'time_zone'])
        .where('id', 'in', [...gameIds])
        .orderBy('title')
        .execute();
    },

    /** The game of an assignment's receipt. */
    assignedGame(gameId: string) {
      return db
        .selectFrom('games')
        .select(['id', 'title', 'price_per_square_cents', 'payment_instructions', 'pay_by', 'time_zone'])
        .where('id', '=', gameId)
        .executeTakeFirst();
    },

    /** The game as the draw and win mails need it. */
    drawnGame(gameId: string) {
      return db
        .selectFrom('games')
        .select(['id', 'title', 'team_a', 'team_b', 'game_type', 'number_sets', 'board_rows', 'board_columns', 'grid_shuffled', 'numbers_revealed'])
        .where('id', '=', gameId)
        .executeTakeFirst();
    },

    gameTitle(gameId: string) {
      return db.selectFrom('games').select(['title']).where('id', '=', gameId).executeTakeFirst();
    },

    /** The game's sets drawn and not told yet, in set order. */
    untoldSets(gameId: string) {
      return db
        .selectFrom('digit_sets')
        .select(['set_number', 'x_axis_numbers', 'y_axis_numbers'])
        .where('game_id', '=', gameId)
        .where('drawn_at', 'is not', null)
        .where('numbers_mailed_at', 'is', null)
        .orderBy('set_number')
        .execute();
    },

    /** The game's owned squares and their owners. */
    ownedSquares(gameId: string) {
      return db.selectFrom('squares').select(['x', 'y', 'user_id']).where('game_id', '=', gameId).where('status', '=', 'claimed').execute();
    },

    /** Claims a set's "numbers are drawn" mails: true for exactly one caller. */
    async claimSetMails(gameId: string, setNumber: number, at: string): Promise<boolean> {
      const claimed = await db
        .updateTable('digit_sets')
        .set({ numbers_mailed_at: at })
        .where('game_id', '=', gameId)
        .where('set_number', '=', setNumber)
        .where('numbers_mailed_at', 'is', null)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    /** Confirmed periods' winners with an owner not told yet, with their period's score. */
    untoldWinners(gameId: string) {
      return db
        .selectFrom('game_winners')
        .innerJoin('period_scores', (join) =>
          join.onRef('period_scores.game_id', '=', 'game_winners.game_id').onRef('period_scores.period', '=', 'game_winners.period'),
        )
        .select([
          'game_winners.id',
          'game_winners.period',
          'game_winners.user_id',
          'game_winners.square_x',
          'game_winners.square_y',
          'game_winners.payout_amount_cents',
        ])
        .select(['period_scores.team_a_score', 'period_scores.team_b_score'])
        .where('game_winners.game_id', '=', gameId)
        .where('game_winners.user_id', 'is not', null)
        .where('game_winners.won_mailed_at', 'is', null)
        .orderBy('game_winners.period')
        .execute();
    },

    /** Claims a winner's "you won" mail: true for exactly one caller. */
    async claimWinMail(winnerId: string, at: string): Promise<boolean> {
      const claimed = await db
        .updateTable('game_winners')
        .set({ won_mailed_at: at })
        .where('id', '=', winnerId)
        .where('won_mailed_at', 'is', null)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    /** True when the player still owes for a square of the game. */
    async owesFor(gameId: string, userId: string): Promise<boolean> {
      const unpaid = await db
        .selectFrom('squares')
        .select('id')
        .where('game_id', '=', gameId)
        .where('user_id', '=', userId)
        .where('status', '=', 'claimed')
        .where('is_paid', '=', false)
        .executeTakeFirst();
      return unpaid !== undefined;
    },

    /** A payout with its game, as the "payout paid" mail says it. */
    payout(winnerId: string) {
      return db
        .selectFrom('game_winners')
        .innerJoin('games', 'games.id', 'game_winners.game_id')
        .select([
          'game_winners.user_id',
          'game_winners.period',
          'game_winners.payout_amount_cents',
          'game_winners.payout_reference',
          'games.title',
          'games.game_type',
        ])
        .where('game_winners.id', '=', winnerId)
        .executeTakeFirst();
    },

    /** Organizer-collects games still selling whose pay-by time falls after `now` and by `until`. */
    payByWithin(now: string, until: string) {
      return db
        .selectFrom('games')
        .select(['id', 'title', 'pay_by', 'time_zone', 'payment_instructions', 'price_per_square_cents'])
        .where('payment_method', '=', 'organizer')
        .where('is_active', '=', true)
        .where('grid_shuffled', '=', false)
        .where('pay_by', 'is not', null)
        .where('pay_by', '>', now)
        .where('pay_by', '<=', until)
        .execute();
    },

    /** The game's unpaid squares of players not reminded yet. */
    unremindedUnpaid(gameId: string) {
      return db
        .selectFrom('squares')
        .leftJoin('pay_by_reminders', (join) =>
          join.onRef('pay_by_reminders.game_id', '=', 'squares.game_id').onRef('pay_by_reminders.user_id', '=', 'squares.user_id'),
        )
        .select(['squares.user_id', 'squares.x', 'squares.y', 'squares.claimed_at'])
        .where('squares.game_id', '=', gameId)
        .where('squares.status', '=', 'claimed')
        .where('squares.is_paid', '=', false)
        .where('pay_by_reminders.user_id', 'is', null)
        .execute();
    },

    /** Claims a player's reminder for a game (one row per game and player): true for exactly one caller. */
    async claimReminder(gameId: string, userId: string, payBy: string, at: string): Promise<boolean> {
      const claim = await db
        .insertInto('pay_by_reminders')
        .values({ game_id: gameId, user_id: userId, pay_by: payBy, sent_at: at })
        .onConflict((oc) => oc.columns(['game_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(claim.numInsertedOrUpdatedRows ?? 0n) === 1;
    },
  };
}
