import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * D35 and D38 (docs/decisions/030): the digits live in `digit_sets`, a set per period range, each
 * with the ticket fixed before its randomness exists and, once drawn, the beacon round or the
 * revealed seed it came from. `games.number_sets` says how many sets a game has; a game drawn by
 * commit-reveal keeps its secret seed and the seed's SHA-256 (on the board from creation).
 * The draw log gains the set and the ticket, so a Clear keeps the old ticket and digits.
 *
 * `game_grid_numbers` is kept: it stays the mirror of set 1's drawn digits that every reader of
 * "the numbers" already uses (boards, exports, the grid's digits); the draws module writes both
 * in one transaction. Existing numbers are copied into set 1 covering every period, with method
 * 'legacy' (drawn before tickets existed: nothing to verify, and the board says so).
 */
export function digitSets(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('digit_sets')
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('set_number', 'integer', (c) => c.notNull())
        .addColumn('first_period', 'integer', (c) => c.notNull())
        .addColumn('last_period', 'integer', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('beacon', 'commit-reveal', 'legacy')`))
        // The ticket (null for 'legacy'): the board's hash, and the beacon round or the commit.
        .addColumn('board_hash', 'text')
        .addColumn('chain_hash', 'text')
        .addColumn('round', 'integer')
        .addColumn('commit_hash', 'text')
        .addColumn('ticketed_at', t.timestamp)
        .addColumn('ticketed_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        // Once drawn: the digits (JSON permutations, as game_grid_numbers) and where they came from.
        .addColumn('x_axis_numbers', 'text')
        .addColumn('y_axis_numbers', 'text')
        .addColumn('beacon_randomness', 'text')
        .addColumn('beacon_signature', 'text')
        .addColumn('revealed_seed', 'text')
        .addColumn('drawn_at', t.timestamp)
        .addColumn('drawn_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        // The beacon job's claim (conditional updates, as the mail queue): one instance fetches a round.
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', t.timestamp)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addPrimaryKeyConstraint('digit_sets_pk', ['game_id', 'set_number'])
        .execute();
      // The beacon job's scan: sets ticketed and not drawn yet.
      await db.schema.createIndex('digit_sets_waiting_idx').on('digit_sets').columns(['method', 'drawn_at']).execute();

      await db.schema
        .alterTable('games')
        .addColumn('number_sets', 'text', (c) =>
          c
            .notNull()
            .defaultTo('game')
            .check(sql`number_sets in ('game', 'period', 'halftime')`),
        )
        .execute();
      await db.schema.alterTable('games').addColumn('draw_seed', 'text').execute();
      await db.schema.alterTable('games').addColumn('draw_seed_hash', 'text').execute();

      // Every draw before this one was of the only set there was.
      await db.schema
        .alterTable('grid_draws')
        .addColumn('set_number', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('grid_draws').addColumn('round', 'integer').execute();
      for (const column of ['method', 'board_hash', 'chain_hash', 'commit_hash', 'beacon_randomness', 'beacon_signature', 'revealed_seed'] as const) {
        await db.schema.alterTable('grid_draws').addColumn(column, 'text').execute();
      }
      await db.updateTable('grid_draws').set({ method: 'legacy' }).where('action', '=', 'drawn').execute();

      await sql`
        insert into digit_sets (game_id, set_number, first_period, last_period, method, x_axis_numbers, y_axis_numbers, drawn_at, drawn_by)
        select n.game_id, 1, 1, case when g.game_type = 'college-basketball' then 2 else 4 end, 'legacy',
               n.x_axis_numbers, n.y_axis_numbers, n.generated_at, n.generated_by
        from game_grid_numbers n join games g on g.id = n.game_id
      `.execute(db);
    },
  };
}
