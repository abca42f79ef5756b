import { GAME_DAY_ERRORS, retryPayoutError, withCause } from '@core/messages';
import { formatUsd } from '@core/money';
import { correctionRepricing, outcomesOf, type PeriodOutcome, rulesOfGame } from '@core/payout-plan';
import { type Period, periodModel } from '@core/periods';
import { payoutSettled, scoreCorrectionBlock } from '@core/status';
import type { Executor } from '../db/executor';
import type { Logger } from '../logger';
import { publishSafely } from '../realtime/publish';
import type { ServiceDeps } from '../service-deps';
import type { GamesRepository, LockedGame } from '../games/games.repository';
import { toGame } from '../games/games.service';
import { GAME_DAY_TEXTS } from '../game-day/game-day.messages';
import { AppError, conflict } from '../http/errors';
import type { GameEvents } from '../realtime/events';
import type { GameMails } from '../mail/game-mails.service';
import { activityRepository } from '../activity/activity.repository';
import { payoutsRepository, type PayoutRow } from './payouts.repository';
import { sharePayoutOf } from './share-payout';
import type { PayoutProvider } from './provider';
import { lockGameOr404 } from '../games/game-or-404';

export interface PayoutsServiceDeps extends ServiceDeps {
  games: Pick<GamesRepository, 'withLockedGame'>;
  /** The database; work under a game's lock runs on its transaction instead (`game.tx`). */
  db: Executor;
  provider: PayoutProvider;
  events: GameEvents;
  log: Logger;
  /** D40: "payout paid", queued in the transaction that marks the payout completed; `nudge` after commit. */
  mails: Pick<GameMails, 'payoutPaid'> & { nudge(): void };
}

/** The longest failure reason kept (a provider's message could be anything). */
const MAX_REASON = 500;

/**
 * Payouts (D23, spec section 4 "Payout"): Mark Paid takes a pending payout through processing to
 * completed; Retry takes a failed one through processing again (retry_count + 1, last_retry_at).
 * A failure at any step leaves it failed with its reason. The status moves under the game's lock
 * (so a score correction cannot change the winner in between), the provider is called outside
 * any transaction, and its outcome is written by a conditional update keyed by the attempt
 * (`processing_started_at`). A process that dies in between leaves the payout in processing;
 * the recovery sweep (recovery.ts) hands it back as failed once its lease has passed, and a
 * provider answer that still arrives for that attempt is written over that verdict.
 */
export function payoutsService(deps: PayoutsServiceDeps) {
  const { games, provider, events, log } = deps;
  const repo = payoutsRepository(deps.db);
  const now = deps.clock;

  const publish = (gameId: string) => publishSafely(events, log, gameId, 'winners');

  /** Under the game lock: checks the record's state and moves it to processing. */
  async function startPayout(
    gameId: string,
    period: Period,
    kind: 'mark-paid' | 'retry',
    adminId: string,
    reference: string | null,
  ): Promise<{ row: PayoutRow; reference: string | null; attempt: number; startedAt: string }> {
    return lockGameOr404(games, gameId, async (game) => {
      const tx = payoutsRepository(game.tx);
      const model = periodModel(game.row.game_type);
      const row = await tx.winner(gameId, period);
      if (!row) throw conflict(GAME_DAY_TEXTS.noWinnerRecord(period, model), 'NO_WINNER_RECORD');
      const at = now().toISOString();
      if (kind === 'mark-paid') {
        if (payoutSettled(row.payout_status)) {
          throw conflict(GAME_DAY_TEXTS.payoutAlreadyDone(period, model), 'PAYOUT_COMPLETED');
        }
        if (row.payout_status === 'processing') throw conflict(GAME_DAY_TEXTS.payoutUnderWay(period, model), 'PAYOUT_PROCESSING');
        if (row.payout_status === 'failed') throw conflict(GAME_DAY_TEXTS.payoutFailedUseRetry(period, model), 'PAYOUT_FAILED');
        const moved = await tx.move(row.id, ['pending'], {
          payout_status: 'processing',
          paid_by: adminId,
          payout_reference: reference,
          failure_reason: null,
          processing_started_at: at,
          updated_at: at,
        });
        if (!moved) throw new Error(`payout ${row.id} left pending inside the game lock`);
        return { row, reference, attempt: row.retry_count + 1, startedAt: at };
      }
      if (row.payout_status !== 'failed') throw conflict(GAME_DAY_TEXTS.onlyFailedRetried(period, model), 'PAYOUT_NOT_FAILED');
      const moved = await tx.move(
        row.id,
        ['failed'],
        { payout_status: 'processing', paid_by: adminId, last_retry_at: at, failure_reason: null, processing_started_at: at, updated_at: at },
        true,
      );
      if (!moved) throw new Error(`payout ${row.id} left failed inside the game lock`);
      // The reference the organizer gave with Mark Paid is tried again.
      return { row, reference: row.payout_reference, attempt: row.retry_count + 2, startedAt: at };
    });
  }

  async function run(gameId: string, period: Period, kind: 'mark-paid' | 'retry', adminId: string, reference: string | null): Promise<void> {
    const started = await startPayout(gameId, period, kind, adminId, reference);
    publish(gameId);
    const { row, startedAt } = started;
    let result;
    try {
      result = await provider.pay({
        winnerId: row.id,
        gameId,
        period,
        amountCents: row.payout_amount_cents,
        recipient: { userId: row.user_id },
        reference: started.reference,
        attempt: started.attempt,
      });
    } catch (err) {
      const reason = (err instanceof Error && err.message.trim() ? err.message.trim() : 'The payout provider refused the payout').slice(0, MAX_REASON);
      log.warn({ err, gameId, period, winnerId: row.id }, 'payout failed');
      if (!(await repo.finish(row.id, startedAt, { payout_status: 'failed', failure_reason: reason, updated_at: now().toISOString() }))) {
        log.warn({ gameId, period, winnerId: row.id }, 'a failed payout attempt was overtaken (retried or corrected since): not marked failed');
      }
      publish(gameId);
      const message = kind === 'retry' ? retryPayoutError(reason) : withCause(GAME_DAY_ERRORS.updatePayoutStatusFailed, reason);
      throw new AppError(502, 'PAYOUT_FAILED', message);
    }
    const at = now().toISOString();
    const completed = await deps.db.transaction().execute(async (trx) => {
      const finished = await payoutsRepository(trx).finish(row.id, startedAt, {
        payout_status: 'completed',
        payout_reference: result.reference,
        paid_at: at,
        failure_reason: null,
        updated_at: at,
      });
      if (finished) await deps.mails.payoutPaid(trx, row.id);
      return finished;
    });
    if (completed) deps.mails.nudge();
    if (!completed) log.error({ gameId, period, winnerId: row.id }, 'a paid payout attempt was overtaken (retried or corrected since): not marked completed');
    publish(gameId);
  }

  return {
    /**
     * D23 with D34: Mark Paid of the organizer's (or charity's) share, once the pot is final: records
     * what is due now with the admin, the time and the reference, and logs it. The organizer pays
     * it outside the app (no provider), as the manual provider's payouts.
     */
    async markSharePaid(gameId: string, adminId: string, reference: string | null): Promise<void> {
      await lockGameOr404(games, gameId, async (game) => {
        if (!game.row.grid_shuffled) throw conflict(GAME_DAY_TEXTS.shareNotFinal, 'SHARE_NOT_FINAL');
        const share = await sharePayoutOf(game.tx, game.row);
        if (!share) throw conflict(GAME_DAY_TEXTS.noShare, 'NO_SHARE');
        if (share.due_cents === 0) throw conflict(GAME_DAY_TEXTS.shareAlreadyPaid(share.name), 'PAYOUT_COMPLETED');
        const at = now().toISOString();
        await payoutsRepository(game.tx).recordSharePayment(gameId, share.due_cents, reference, adminId, at);
        await activityRepository(game.tx).record(
          gameId,
          [
            {
              action: 'share_paid',
              actorUserId: adminId,
              subjectUserId: null,
              squares: [],
              detail: { amount_cents: share.due_cents, share: share.name, ...(reference ? { reference } : {}) },
            },
          ],
          at,
        );
      });
      publish(gameId);
    },

    /** D23 Mark Paid: pending → processing → completed, recording the admin and the reference. */
    markPaid(gameId: string, period: Period, adminId: string, reference: string | null): Promise<void> {
      return run(gameId, period, 'mark-paid', adminId, reference);
    },

    /** Retry Payout: failed → processing → completed or failed, counting the retry. */
    retry(gameId: string, period: Period, adminId: string): Promise<void> {
      return run(gameId, period, 'retry', adminId, null);
    },
  };
}

export type PayoutsService = ReturnType<typeof payoutsService>;

/**
 * D34 with D19 and D24: what confirming (or correcting) `period` pays its winner, read off the
 * one plan (core/payout-plan.ts) with the outcomes recorded so far, and the later payouts the
 * new outcome re-prices under roll-forward. A later payout still pending or failed takes its new
 * amount; one already paid or in processing refuses the correction (409, nothing written: the
 * caller's transaction rolls back). Runs inside the game's lock, on its transaction.
 */
export async function confirmationPayout(locked: Pick<LockedGame, 'row' | 'tx'>, confirmed: Period, winner: string | null, at: string): Promise<number> {
  const game = toGame(locked.row);
  const queries = payoutsRepository(locked.tx);
  const records = await queries.winners(game.id);
  const input = {
    potCents: game.total_pot_cents,
    rules: rulesOfGame(game),
    outcomes: outcomesOf(records.map((record) => ({ period: record.period as Period, winner: record.user_id }))),
  };
  const correction: PeriodOutcome<Period> = winner === null ? { period: confirmed, result: 'unbought' } : { period: confirmed, result: 'won', winner };
  const { plan, repriced } = correctionRepricing(input, correction);
  for (const { period, fromCents, toCents } of repriced) {
    const record = records.find((row) => row.period === period);
    // A later period not confirmed yet will be priced by this plan when it is.
    if (!record) continue;
    if (scoreCorrectionBlock({ ...record, hasWinner: record.user_id !== null }) !== null) {
      throw conflict(
        GAME_DAY_TEXTS.correctionRepricesSettled(confirmed, period, formatUsd(fromCents), formatUsd(toCents), periodModel(game.game_type)),
        'CORRECTION_REPRICES_SETTLED',
      );
    }
    if (!(await queries.reprice(record.id, toCents, at))) throw new Error(`payout ${record.id} left pending or failed inside the game lock`);
  }
  return plan.periods.find((line) => line.period === confirmed)!.payableCents;
}
