import type { Selectable } from 'kysely';
import type { Db } from '../db/connection';
import type { TestPaymentSessionsTable } from '../db/schema';

export type TestSessionRow = Selectable<TestPaymentSessionsTable>;
export type TestSessionStatus = TestSessionRow['status'];

/** The built-in test checkout's sessions (D22). Every change is conditional, like a provider's. */
export function testPaymentsRepository(db: Db) {
  return {
    async insert(row: TestSessionRow): Promise<void> {
      await db.insertInto('test_payment_sessions').values(row).execute();
    },

    find(id: string): Promise<TestSessionRow | undefined> {
      return db.selectFrom('test_payment_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByPayment(paymentId: string): Promise<TestSessionRow | undefined> {
      return db.selectFrom('test_payment_sessions').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
    },

    /** Moves an open session that has not expired by `now`; false when it was not open any more. */
    async close(id: string, status: Exclude<TestSessionStatus, 'open'>, now: string, paymentId: string | null = null): Promise<boolean> {
      let update = db
        .updateTable('test_payment_sessions')
        .set({ status, payment_id: paymentId, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'open');
      // Past its expiry a page takes no payment and no answer; it can only be expired.
      if (status !== 'expired') update = update.where('expires_at', '>', now);
      const result = await update.executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Records the refund once: a repeat returns the first refund's id. */
    async refund(paymentId: string, refundId: string, now: string): Promise<string | null> {
      await db
        .updateTable('test_payment_sessions')
        .set({ refund_id: refundId, updated_at: now })
        .where('payment_id', '=', paymentId)
        .where('refund_id', 'is', null)
        .execute();
      const row = await db.selectFrom('test_payment_sessions').select('refund_id').where('payment_id', '=', paymentId).executeTakeFirst();
      return row?.refund_id ?? null;
    },
  };
}

export type TestPaymentsRepository = ReturnType<typeof testPaymentsRepository>;
