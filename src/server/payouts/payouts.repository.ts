import { randomUUID } from 'node:crypto';
import type { Selectable, Updateable } from 'kysely';
import type { Executor } from '../db/executor';
import type { GameWinnersTable } from '../db/schema';

export type PayoutRow = Selectable<GameWinnersTable>;
type PayoutStatusValue = PayoutRow['payout_status'];
type PayoutChanges = Pick<
  Updateable<GameWinnersTable>,
  'payout_status' | 'payout_reference' | 'paid_by' | 'paid_at' | 'last_retry_at' | 'failure_reason' | 'processing_started_at' | 'updated_at'
>;

/** A payout the recovery sweep handed back. */
export interface RecoveredPayout {
  id: string;
  game_id: string;
  period: number;
}

/** Payout state of winner records (D23), on the database or on the game lock's transaction. */
export function payoutsRepository(db: Executor) {
  return {
    /** Every winner record of a game, in period order (the plan's outcomes so far, D34). */
    winners(gameId: string): Promise<PayoutRow[]> {
      return db.selectFrom('game_winners').selectAll().where('game_id', '=', gameId).orderBy('period').execute();
    },

    /** D19 with D34: a payout a correction re-prices, only while no money has moved (pending or failed). */
    async reprice(id: string, cents: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('game_winners')
        .set({ payout_amount_cents: cents, updated_at: at })
        .where('id', '=', id)
        .where('payout_status', 'in', ['pending', 'failed'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A period's winner record (one per period). */
    winner(gameId: string, period: number): Promise<PayoutRow | undefined> {
      return db.selectFrom('game_winners').selectAll().where('game_id', '=', gameId).where('period', '=', period).executeTakeFirst();
    },

    /**
     * Moves a payout on only from one of the `from` states (a conditional write: two requests
     * racing cannot both move it). `countRetry` adds one to retry_count. False when it was not in
     * one of them.
     */
    async move(id: string, from: readonly PayoutStatusValue[], changes: PayoutChanges, countRetry = false): Promise<boolean> {
      const result = await db
        .updateTable('game_winners')
        .set((eb) => (countRetry ? { ...changes, retry_count: eb('retry_count', '+', 1) } : changes))
        .where('id', '=', id)
        .where('payout_status', 'in', [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Writes the outcome of one attempt (keyed by when it entered processing): while it is still
     * processing, or after the recovery sweep declared it interrupted (failed, same key), since
     * the provider's answer is the truth. An attempt that a correction, a retry or another
     * outcome has overtaken writes nothing (false).
     */
    async finish(id: string, startedAt: string, changes: PayoutChanges): Promise<boolean> {
      const result = await db
        .updateTable('game_winners')
        .set(changes)
        .where('id', '=', id)
        .where('processing_started_at', '=', startedAt)
        .where('payout_status', 'in', ['processing', 'failed'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * The recovery sweep's one conditional write: every payout in processing since `cutoff` or
     * earlier becomes failed with `reason`. Several instances may run it at once; each payout
     * is handed back by exactly one of them, which gets it in the result.
     */
    failStale(cutoff: string, reason: string, at: string): Promise<RecoveredPayout[]> {
      return db
        .updateTable('game_winners')
        .set({ payout_status: 'failed', failure_reason: reason, updated_at: at })
        .where('payout_status', '=', 'processing')
        .where((eb) => eb.or([eb('processing_started_at', '<=', cutoff), eb('processing_started_at', 'is', null)]))
        .returning(['id', 'game_id', 'period'])
        .execute();
    },

    /** D23 with D34: each Mark Paid of the game's share (migration 027), oldest first, with who marked it. */
    sharePayments(gameId: string) {
      return db
        .selectFrom('share_payments')
        .leftJoin('user', 'user.id', 'share_payments.paid_by')
        .select(['share_payments.amount_cents', 'share_payments.reference', 'share_payments.paid_at', 'user.username', 'user.name'])
        .where('share_payments.game_id', '=', gameId)
        .orderBy('share_payments.paid_at')
        .execute();
    },

    /** Records one Mark Paid of the share: what is due now. */
    async recordSharePayment(gameId: string, amountCents: number, reference: string | null, adminId: string, at: string): Promise<void> {
      await db
        .insertInto('share_payments')
        .values({ id: randomUUID(), game_id: gameId, amount_cents: amountCents, reference, paid_by: adminId, paid_at: at })
        .execute();
    },
  };
}

export type PayoutsRepository = ReturnType<typeof payoutsRepository>;
