import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Organizer-collects games (D28, docs/decisions/009): who collects a game's money, what the
 * organizer tells players about paying, and an optional pay-by time that releases what is still
 * unpaid then (once: `pay_by_released_at` marks it done). A square is paid or not: every square
 * sold before is paid (a card sale is paid when it is claimed).
 */
export function organizerPayments(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('games')
        .addColumn('payment_method', 'text', (c) =>
          c
            .notNull()
            .defaultTo('card')
            .check(sql`payment_method in ('card', 'organizer')`),
        )
        .execute();
      await db.schema.alterTable('games').addColumn('payment_instructions', 'text').execute();
      await db.schema.alterTable('games').addColumn('pay_by', t.timestamp).execute();
      await db.schema.alterTable('games').addColumn('pay_by_released_at', t.timestamp).execute();
      await db.schema
        .alterTable('squares')
        .addColumn('is_paid', t.boolean, (c) => c.notNull().defaultTo(t.true))
        .execute();
      await db.schema.createIndex('games_pay_by_idx').on('games').columns(['pay_by', 'pay_by_released_at']).execute();
    },
  };
}
