import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * D47 (docs/decisions/018): an organizer-collects game's pot is every sold square, paid or not,
 * times the price, and `collected_cents` is what was paid. Card games' squares are all paid, so
 * their pot stays as it was and collected equals it. Existing organizer games get the pot they
 * should have had, and their winners still waiting for a payout (pending or failed: no money
 * moved) get their share of that pot; a payout already made stays as made.
 */

/** The payout shares as they were when this migration was written (a migration never changes with the code). */
const SHARES: Record<string, readonly number[]> = {
  even: [25, 25, 25, 25],
  'final-heavy': [20, 20, 20, 40],
  'organizer-20': [20, 20, 20, 20],
};

export function potOfSoldSquares(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('games')
        .addColumn('collected_cents', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`collected_cents >= 0`),
        )
        .execute();
      await sql`update games set collected_cents = price_per_square_cents * (select count(*) from squares where squares.game_id = games.id and squares.status = 'claimed' and squares.is_paid = ${t.true})`.execute(
        db,
      );
      await sql`update games set total_pot_cents = price_per_square_cents * squares_claimed where payment_method = 'organizer'`.execute(db);
      const waiting = await db
        .selectFrom('game_winners')
        .innerJoin('games', 'games.id', 'game_winners.game_id')
        .select(['game_winners.id', 'game_winners.quarter', 'games.total_pot_cents', 'games.payout_schedule'])
        .where('games.payment_method', '=', 'organizer')
        .where('game_winners.user_id', 'is not', null)
        .where('game_winners.payout_status', 'in', ['pending', 'failed'])
        .execute();
      for (const row of waiting) {
        const percent = SHARES[row.payout_schedule]?.[row.quarter - 1];
        if (percent === undefined) continue;
        const cents = Math.floor((Number(row.total_pot_cents) * percent) / 100);
        await db.updateTable('game_winners').set({ payout_amount_cents: cents }).where('id', '=', row.id).execute();
      }
    },
  };
}
