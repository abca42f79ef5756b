import type { Kysely } from 'kysely';
import type { DbKind } from '../connection';
import { allowActivityActions } from './activity-actions';
import type { ColumnTypes } from './column-types';

/**
 * D23 with D34: the organizer's (or a charity's) share paid out.
 * - `share_payments`: each Mark Paid of a game's organizer share: the amount it settled (what was
 *   due then: an unbought last period rolled in later is due again), the optional reference, the
 *   admin, when. Kept apart from `game_winners`, so a share never counts as a player's winnings.
 *   Gone with its game.
 * - `game_activity.action` may be 'share_paid'.
 */
export function sharePayments(t: ColumnTypes, kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('share_payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('reference', 'text')
        .addColumn('paid_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('paid_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('share_payments_game_idx').on('share_payments').columns(['game_id', 'paid_at']).execute();
      await allowActivityActions(db, kind, ['share_paid']);
    },
  };
}
