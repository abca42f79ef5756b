import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Partial refunds (issue 10): deleting a game refunds only that game's part of a checkout that
 * also bought squares of other games. `payment_refunds` becomes one row per refund decision, not
 * one per checkout: `game_id` names the deleted game (null: the whole checkout), `refund_key` is
 * the provider's idempotency key (`refund-<checkout>` or `refund-<checkout>-<game>`, unique), and
 * a partial refund is recorded `pending` when decided and `refunded` once the provider accepted
 * it, so a crash in between is found by the sweep. SQLite cannot drop the old UNIQUE(checkout_id)
 * or a NOT NULL, so the table is rebuilt; existing rows are full refunds, already made.
 *
 * `test_payment_refunds`: what the built-in test checkout (D22) refunded of a payment, one row
 * per refund key, so it refuses more than was paid as Stripe does.
 */
export function partialRefunds(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('payment_refunds_v2')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('checkout_id', 'text', (c) => c.notNull().references('checkouts.id'))
        .addColumn('game_id', 'text')
        .addColumn('refund_key', 'text', (c) => c.notNull().unique())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_refund_id', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('refunded_at', t.timestamp)
        .addCheckConstraint('payment_refunds_v2_status', sql`status in ('pending', 'refunded')`)
        .addCheckConstraint('payment_refunds_v2_amount_positive', sql`amount_cents > 0`)
        .addCheckConstraint('payment_refunds_v2_refunded_has_id', sql`status = 'pending' or provider_refund_id is not null`)
        .execute();
      await sql`
        insert into payment_refunds_v2
          (id, checkout_id, game_id, refund_key, provider, provider_refund_id, status, amount_cents, description, reason, created_at, refunded_at)
        select r.id, r.checkout_id, null, 'refund-' || r.checkout_id, r.provider, r.provider_refund_id, 'refunded', r.amount_cents,
               c.description, r.reason, r.created_at, r.created_at
        from payment_refunds r join checkouts c on c.id = r.checkout_id
      `.execute(db);
      await db.schema.dropTable('payment_refunds').execute();
      await db.schema.alterTable('payment_refunds_v2').renameTo('payment_refunds').execute();
      await db.schema.createIndex('payment_refunds_checkout_idx').on('payment_refunds').column('checkout_id').execute();
      await db.schema.createIndex('payment_refunds_status_idx').on('payment_refunds').columns(['status', 'created_at']).execute();

      await db.schema
        .createTable('test_payment_refunds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('payment_id', 'text', (c) => c.notNull())
        .addColumn('refund_key', 'text', (c) => c.notNull().unique())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addCheckConstraint('test_payment_refunds_amount_positive', sql`amount_cents > 0`)
        .execute();
      // Full refunds the test checkout made before this migration.
      await sql`
        insert into test_payment_refunds (id, payment_id, refund_key, amount_cents, created_at)
        select refund_id, payment_id, 'refund-' || checkout_id, amount_cents, updated_at
        from test_payment_sessions where refund_id is not null and payment_id is not null
      `.execute(db);
      await db.schema.createIndex('test_payment_refunds_payment_idx').on('test_payment_refunds').column('payment_id').execute();
    },
  };
}
