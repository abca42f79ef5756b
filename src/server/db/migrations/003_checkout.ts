import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Checkout (issue 5, design note 004): the payment reference a refund needs, the origin mail
 * links use, recorded refunds, the test provider's sessions (D22), and the indexes the checkout
 * queries and the expiry sweep read by.
 */
export function checkoutTables(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('checkouts').addColumn('provider_payment_id', 'text').execute();
      // The origin the buyer used (PUBLIC_URL, or the trial's own host, D5): links in mails sent later.
      await db.schema.alterTable('checkouts').addColumn('public_origin', 'text').execute();
      await db.schema.createIndex('checkouts_status_expires_idx').on('checkouts').columns(['status', 'expires_at']).execute();

      await db.schema.createIndex('squares_user_game_idx').on('squares').columns(['user_id', 'game_id']).execute();
      await db.schema.createIndex('squares_hold_expires_idx').on('squares').columns(['status', 'hold_expires_at']).execute();

      // One full refund per checkout (D21): the unique key makes recording it idempotent.
      await db.schema
        .createTable('payment_refunds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('checkout_id', 'text', (c) => c.notNull().unique().references('checkouts.id'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_refund_id', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addCheckConstraint('payment_refunds_amount_nonnegative', sql`amount_cents >= 0`)
        .execute();

      // The built-in test checkout's sessions (D22): what Stripe would keep on its side.
      await db.schema
        .createTable('test_payment_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('checkout_id', 'text', (c) => c.notNull().references('checkouts.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('lines', 'text', (c) => c.notNull())
        .addColumn('customer_email', 'text', (c) => c.notNull())
        .addColumn('success_url', 'text', (c) => c.notNull())
        .addColumn('cancel_url', 'text', (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('payment_id', 'text', (c) => c.unique())
        .addColumn('refund_id', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addCheckConstraint('test_payment_sessions_status', sql`status in ('open', 'paid', 'declined', 'cancelled', 'expired')`)
        .execute();
    },
  };
}
