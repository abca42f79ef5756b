import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * The spec's entities (section 3) with DECISIONS D4 (cents), D13 (records kept after a game is
 * deleted), D14 (x = row = team A, y = column = team B), D17 (draw log) and D21 (a square has at
 * most one live hold or one owner, enforced by the unique key on (game_id, x, y)).
 */
export function coreTables(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('games')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('team_a', 'text', (c) => c.notNull())
        .addColumn('team_b', 'text', (c) => c.notNull())
        .addColumn('game_type', 'text', (c) => c.notNull())
        .addColumn('price_per_square_cents', 'integer', (c) => c.notNull())
        .addColumn('payout_schedule', 'text', (c) => c.notNull().defaultTo('even'))
        .addColumn('total_pot_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('squares_claimed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', t.boolean, (c) => c.notNull().defaultTo(t.true))
        .addColumn('grid_shuffled', t.boolean, (c) => c.notNull().defaultTo(t.false))
        .addColumn('numbers_revealed', t.boolean, (c) => c.notNull().defaultTo(t.false))
        .addColumn('manual_numbers_set', t.boolean, (c) => c.notNull().defaultTo(t.false))
        .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addCheckConstraint('games_price_range', sql`price_per_square_cents between 100 and 1000000 and price_per_square_cents % 100 = 0`)
        .addCheckConstraint('games_squares_claimed_range', sql`squares_claimed between 0 and 100`)
        .addCheckConstraint('games_total_pot_nonnegative', sql`total_pot_cents >= 0`)
        .execute();
      await db.schema.createIndex('games_created_at_idx').on('games').column('created_at').execute();

      await db.schema
        .createTable('checkouts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_session_id', 'text')
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('notes', 'text')
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('hold_until', t.timestamp, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addColumn('paid_at', t.timestamp)
        .addColumn('fulfilled_at', t.timestamp)
        .addColumn('refunded_at', t.timestamp)
        .addColumn('refund_reason', 'text')
        .addCheckConstraint('checkouts_amount_nonnegative', sql`amount_cents >= 0`)
        .execute();
      await db.schema.createIndex('checkouts_user_idx').on('checkouts').columns(['user_id', 'status']).execute();
      await db.schema.createIndex('checkouts_provider_session_uq').unique().on('checkouts').columns(['provider', 'provider_session_id']).execute();

      await db.schema
        .createTable('checkout_items')
        .addColumn('checkout_id', 'text', (c) => c.notNull().references('checkouts.id').onDelete('cascade'))
        // No foreign key: payment records outlive a deleted game (D13).
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('game_title', 'text', (c) => c.notNull())
        .addColumn('x', 'integer', (c) => c.notNull())
        .addColumn('y', 'integer', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('checkout_items_pk', ['checkout_id', 'game_id', 'x', 'y'])
        .addCheckConstraint('checkout_items_coords', sql`x between 0 and 9 and y between 0 and 9`)
        .execute();
      await db.schema.createIndex('checkout_items_game_idx').on('checkout_items').column('game_id').execute();

      await db.schema
        .createTable('squares')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('x', 'integer', (c) => c.notNull())
        .addColumn('y', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('checkout_id', 'text', (c) => c.references('checkouts.id'))
        .addColumn('hold_expires_at', t.timestamp)
        .addColumn('claimed_at', t.timestamp)
        .addCheckConstraint('squares_coords', sql`x between 0 and 9 and y between 0 and 9`)
        .addCheckConstraint(
          'squares_state',
          sql`(status = 'held' and hold_expires_at is not null and checkout_id is not null and claimed_at is null)
            or (status = 'claimed' and claimed_at is not null)`,
        )
        // D21: at most one live hold or one owner per square, enforced by the database.
        .addUniqueConstraint('squares_one_per_cell', ['game_id', 'x', 'y'])
        .execute();
      await db.schema.createIndex('squares_user_idx').on('squares').column('user_id').execute();
      await db.schema.createIndex('squares_checkout_idx').on('squares').column('checkout_id').execute();

      await db.schema
        .createTable('game_grid_numbers')
        .addColumn('game_id', 'text', (c) => c.primaryKey().references('games.id').onDelete('cascade'))
        .addColumn('x_axis_numbers', 'text', (c) => c.notNull())
        .addColumn('y_axis_numbers', 'text', (c) => c.notNull())
        .addColumn('generated_at', t.timestamp, (c) => c.notNull())
        .addColumn('generated_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .execute();

      await db.schema
        .createTable('grid_draws')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('x_axis_numbers', 'text')
        .addColumn('y_axis_numbers', 'text')
        .addColumn('admin_user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addCheckConstraint('grid_draws_action', sql`action in ('drawn', 'cleared')`)
        .execute();
      await db.schema.createIndex('grid_draws_game_idx').on('grid_draws').columns(['game_id', 'created_at']).execute();

      await db.schema
        .createTable('quarter_scores')
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('quarter', 'integer', (c) => c.notNull())
        .addColumn('team_a_score', 'integer', (c) => c.notNull())
        .addColumn('team_b_score', 'integer', (c) => c.notNull())
        .addColumn('team_a_last_digit', 'integer', (c) => c.notNull())
        .addColumn('team_b_last_digit', 'integer', (c) => c.notNull())
        .addColumn('entered_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('entered_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('quarter_scores_pk', ['game_id', 'quarter'])
        .addCheckConstraint('quarter_scores_quarter', sql`quarter between 1 and 4`)
        .addCheckConstraint('quarter_scores_range', sql`team_a_score between 0 and 199 and team_b_score between 0 and 199`)
        .execute();

      await db.schema
        .createTable('game_winners')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('quarter', 'integer', (c) => c.notNull())
        .addColumn('winning_square_id', 'text', (c) => c.references('squares.id').onDelete('set null'))
        .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('square_x', 'integer', (c) => c.notNull())
        .addColumn('square_y', 'integer', (c) => c.notNull())
        .addColumn('winning_numbers_x', 'integer', (c) => c.notNull())
        .addColumn('winning_numbers_y', 'integer', (c) => c.notNull())
        .addColumn('payout_amount_cents', 'integer', (c) => c.notNull())
        .addColumn('payout_status', 'text', (c) => c.notNull())
        .addColumn('payout_provider', 'text', (c) => c.notNull().defaultTo('manual'))
        .addColumn('payout_reference', 'text')
        .addColumn('admin_user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('paid_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('paid_at', t.timestamp)
        .addColumn('retry_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_retry_at', t.timestamp)
        .addColumn('failure_reason', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        // One winner per quarter, however often or concurrently a quarter is confirmed.
        .addUniqueConstraint('game_winners_one_per_quarter', ['game_id', 'quarter'])
        .addCheckConstraint('game_winners_quarter', sql`quarter between 1 and 4`)
        .addCheckConstraint('game_winners_payout_status', sql`payout_status in ('pending', 'processing', 'completed', 'failed', 'paid')`)
        .addCheckConstraint('game_winners_payout_nonnegative', sql`payout_amount_cents >= 0`)
        .execute();
      await db.schema.createIndex('game_winners_user_idx').on('game_winners').column('user_id').execute();
    },
  };
}
