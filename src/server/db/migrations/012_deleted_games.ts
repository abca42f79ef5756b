import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * A small record of deleted games (issue 23, docs/decisions/020): the game row and its squares
 * go (D13), but the people who owned squares in it are shown "This pool was cancelled by the
 * organizer" with its title and when, instead of "Game not found".
 *
 * - `deleted_games`: the game's id, title, teams and payment method, when and by whom.
 * - `deleted_game_owners`: who owned squares in it then, how many and how much they had paid
 *   (an organizer-collects game's money is paid back by the organizer, outside the app).
 */
export function deletedGames(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('deleted_games')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('team_a', 'text', (c) => c.notNull())
        .addColumn('team_b', 'text', (c) => c.notNull())
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('deleted_at', t.timestamp, (c) => c.notNull())
        .addColumn('deleted_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .execute();
      await db.schema
        .createTable('deleted_game_owners')
        .addColumn('game_id', 'text', (c) => c.notNull().references('deleted_games.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('squares', 'integer', (c) => c.notNull())
        .addColumn('paid_cents', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('deleted_game_owners_pk', ['game_id', 'user_id'])
        .execute();
      await db.schema.createIndex('deleted_game_owners_user_idx').on('deleted_game_owners').column('user_id').execute();
    },
  };
}
