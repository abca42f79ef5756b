import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * The organizer's board tools (D29, D32; docs/decisions/013):
 *
 * - `named_people`: a person the organizer put on squares without an account. Each has a
 *   placeholder row in `user` (no password, no session, an address under `.invalid` that no mail
 *   is ever sent to), so a square's owner is always a user row; `email` is the real address the
 *   organizer typed, if any. When an account with that address is confirmed, the person's squares
 *   and wins move to it and `claimed_by` records which.
 * - `game_activity`: the game's activity log: every sale, reservation, assignment, payment mark,
 *   release, move, draw and confirmation, with who did it (`actor_user_id`, null for the app
 *   itself) and whose squares it was about (`subject_user_id`, whom players' own view filters on).
 */
export function boardTools(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('named_people')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
        .addColumn('email', 'text')
        .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('claimed_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('claimed_at', t.timestamp)
        .execute();
      await db.schema.createIndex('named_people_email_idx').on('named_people').column('email').execute();

      await gameActivityTable(db, 'game_activity', t)
        .addCheckConstraint(
          'game_activity_action',
          sql`action in ('bought', 'reserved', 'assigned', 'marked_paid', 'marked_unpaid', 'released', 'moved', 'refunded', 'drawn', 'cleared', 'confirmed')`,
        )
        .execute();
      await db.schema.createIndex('game_activity_game_idx').on('game_activity').columns(['game_id', 'created_at', 'seq']).execute();
      await db.schema.createIndex('game_activity_subject_idx').on('game_activity').columns(['subject_user_id', 'game_id']).execute();
    },
  };
}

/**
 * `game_activity`'s columns as this migration made them. Migration 021 rebuilds the table on
 * SQLite with the same columns (a check constraint cannot be altered there), so it takes them from
 * here: the statement each writes is the one it wrote when released.
 */
export function gameActivityTable(db: Kysely<any>, name: string, t: ColumnTypes) {
  return (
    db.schema
      .createTable(name)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      // Ordering within one timestamp: entries written in one transaction keep their order.
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('actor_user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
      .addColumn('subject_user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
      /** JSON: [[x, y], ...], the squares the entry is about. */
      .addColumn('squares', 'text', (c) => c.notNull())
      /** JSON: what else the entry says (an amount, a move's squares, a period); rendered on reading. */
      .addColumn('detail', 'text')
  );
}
