import type { Selectable } from 'kysely';
import type { Db, DbKind } from '../db/connection';
import { withTransactionRetry } from '../db/retry';
import type { TestPaymentSessionsTable } from '../db/schema';

export type TestSessionRow = Selectable<TestPaymentSessionsTable>;
export type TestSessionStatus = TestSessionRow['status'];

/** The built-in test checkout's sessions (D22). Every change is conditional, like a provider's. */
export function testPaymentsRepository(db: Db, kind: DbKind) {
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

    /**
     * Refunds `amountCents` of a payment once per key, as Stripe does: a repeated key returns the
     * first refund's id; more than is left of the payment is refused. One transaction, the
     * payment's session locked (PostgreSQL), so concurrent refunds cannot together exceed it.
     */
    async refund(input: { paymentId: string; key: string; refundId: string; amountCents: number; now: string }): Promise<TestRefundResult> {
      const { paymentId, key, refundId, amountCents, now } = input;
      try {
        return await withTransactionRetry(() =>
          db.transaction().execute(async (trx) => {
            let session = trx.selectFrom('test_payment_sessions').select(['amount_cents', 'refund_id']).where('payment_id', '=', paymentId);
            if (kind === 'postgres') session = session.forUpdate();
            const paid = await session.executeTakeFirst();
            if (!paid) return { error: 'unknown_payment' as const };
            const earlier = await trx.selectFrom('test_payment_refunds').select('id').where('refund_key', '=', key).executeTakeFirst();
            if (earlier) return { refundId: earlier.id };
            const refunded = await trx
              .selectFrom('test_payment_refunds')
              .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
              .where('payment_id', '=', paymentId)
              .executeTakeFirstOrThrow();
            if (amountCents <= 0 || Number(refunded.total) + amountCents > paid.amount_cents) return { error: 'amount_too_large' as const };
            await trx
              .insertInto('test_payment_refunds')
              .values({ id: refundId, payment_id: paymentId, refund_key: key, amount_cents: amountCents, created_at: now })
              .execute();
            // The session shows its first refund (the card page's record of it).
            if (!paid.refund_id)
              await trx.updateTable('test_payment_sessions').set({ refund_id: refundId, updated_at: now }).where('payment_id', '=', paymentId).execute();
            return { refundId };
          }),
        );
      } catch (err) {
        // The same key at the same moment from another call: that call's refund is the answer.
        const earlier = await db.selectFrom('test_payment_refunds').select('id').where('refund_key', '=', key).executeTakeFirst();
        if (earlier) return { refundId: earlier.id };
        throw err;
      }
    },
  };
}

export type TestRefundResult = { refundId: string } | { error: 'unknown_payment' | 'amount_too_large' };

export type TestPaymentsRepository = ReturnType<typeof testPaymentsRepository>;
