import { randomUUID } from 'node:crypto';
import type { ConfirmAllResult, GameDayView } from '@core/api/game-day';
import { winningSquareOf } from '@core/board-shape';
import { createWinnerRecordError, findWinningSquareError, GAME_DAY_ERRORS, savePeriodScoreError } from '@core/messages';
import { finalPeriod, isPeriodOf, nextPeriodToConfirm, type Period, type PeriodModel, periodModel } from '@core/periods';
import { winningDigits } from '@core/scoring';
import { scoreCorrectionBlock } from '@core/status';
import { activityRepository } from '../activity/activity.repository';
import { parseAxis } from '../db/grid-numbers';
import { drawNextSetAfter, numbersForPeriod, pendingRoundForPeriod } from '../draws/game-draws';
import { findGameOr404 } from '../games/game-or-404';
import { shapeOfGame } from '../games/games.repository';
import { AppError, badRequest, conflict } from '../http/errors';
import { confirmationPayout } from '../payouts/payouts.service';
import { lockedGameDay, publishGameDay, tellPlayers, type GameDayServiceDeps } from './game-day.deps';
import type { WinnerValues } from './game-day.repository';
import { GAME_DAY_TEXTS } from './game-day.messages';

export interface ScorePair {
  team_a_score: number;
  team_b_score: number;
}

/** What confirming one period did. */
interface ConfirmOutcome {
  /** False when the period was already confirmed with these scores (nothing written). */
  changed: boolean;
}

/**
 * An unexpected failure while processing a period, said with the catalogue's text for the step
 * that failed (spec section 8): "Failed to save Q2 score", "Failed to find winning square for
 * Q2", "Failed to create winner record for Q2", "Failed to mark game as completed".
 */
class PeriodStepError extends AppError {
  constructor(
    message: string,
    readonly reason: unknown,
  ) {
    super(500, 'QUARTER_PROCESSING_FAILED', message);
  }
}

/** Runs one processing step; an unexpected failure is said with the step's catalogue text. */
async function step<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new PeriodStepError(message, err);
  }
}

/**
 * Confirming periods (spec sections 3-5; D15, D19, D23, D24, D34, D35, D39): a quarter (or half)
 * confirmed or corrected in one transaction with its winner and payout, Confirm All in order, and
 * the live feed's confirmations by the same path.
 */
export function periodConfirmations(deps: GameDayServiceDeps, view: (gameId: string) => Promise<GameDayView>) {
  const { log } = deps;
  const now = deps.clock;

  /** The game's periods (quarters, or halves); 404 when the game does not exist. */
  async function modelOf(gameId: string): Promise<PeriodModel> {
    return periodModel((await findGameOr404(deps.games, gameId)).game_type);
  }

  /**
   * Confirms or corrects one period in one transaction (D19): the score with its last digits,
   * the winning square under the drawn numbers (D15), its owner, and the winner record with the
   * period's share of the pot rounded down (D12), pending (D23), or 0 and completed when nobody
   * owns the square (D24). The game's final period (the 4th quarter, or the 2nd half) completes
   * the game; a period the game's model does not have is refused (400).
   */
  async function confirmPeriod(
    gameId: string,
    period: Period,
    scores: ScorePair,
    adminId: string | null,
    { onlyUnconfirmed = false }: { onlyUnconfirmed?: boolean } = {},
  ): Promise<ConfirmOutcome> {
    return lockedGameDay(deps, gameId, async (game, tx) => {
      const model = periodModel(game.row.game_type);
      if (!isPeriodOf(model, period)) throw badRequest(GAME_DAY_TEXTS.notAPeriod(period, model), 'VALIDATION_ERROR');
      // D35: the period's own set decides its winner (set 1 is mirrored in game_grid_numbers).
      const numbers = await numbersForPeriod(game, period, () => tx.numbers(gameId));
      if (!numbers) {
        const round = await pendingRoundForPeriod(game, period);
        throw conflict(round === null ? GAME_DAY_TEXTS.scoresNeedNumbers : GAME_DAY_TEXTS.drawWaiting(round), 'NO_NUMBERS');
      }
      const confirmed = await tx.scores(gameId);
      const previous = confirmed.find((score) => score.period === period);
      // D39: the feed confirms a period nobody confirmed yet; it never corrects one.
      if (previous && onlyUnconfirmed) return { changed: false };
      const existing = previous ? await tx.winner(gameId, period) : undefined;
      if (!previous) {
        const next = nextPeriodToConfirm(
          model,
          confirmed.map((score) => score.period).filter((period) => isPeriodOf(model, period)),
        );
        if (next !== period) throw conflict(GAME_DAY_TEXTS.outOfOrder(next ?? period, period, model), 'QUARTER_OUT_OF_ORDER');
      } else if (existing && previous.team_a_score === scores.team_a_score && previous.team_b_score === scores.team_b_score) {
        // The same period confirmed again with the same scores (a second click, a second admin).
        return { changed: false };
      } else if (existing) {
        // D19: correctable until money moved (core's one rule, which the web's score boxes follow too).
        const block = scoreCorrectionBlock({ ...existing, hasWinner: existing.user_id !== null });
        if (block === 'settled') throw conflict(GAME_DAY_TEXTS.payoutDoneNoCorrection(period, model), 'PAYOUT_COMPLETED');
        if (block === 'processing') throw conflict(GAME_DAY_TEXTS.payoutUnderWay(period, model), 'PAYOUT_PROCESSING');
      }

      const at = now().toISOString();
      const digits = winningDigits(scores.team_a_score, scores.team_b_score);
      await step(savePeriodScoreError(period, model), () =>
        tx.saveScore({
          game_id: gameId,
          period,
          team_a_score: scores.team_a_score,
          team_b_score: scores.team_b_score,
          team_a_last_digit: digits.teamADigit,
          team_b_last_digit: digits.teamBDigit,
          entered_by: adminId,
          entered_at: at,
        }),
      );

      const { square, owner } = await step(findWinningSquareError(period, model), async () => {
        const square = winningSquareOf(
          shapeOfGame(game.row),
          { xAxisNumbers: parseAxis(gameId, numbers.x_axis_numbers), yAxisNumbers: parseAxis(gameId, numbers.y_axis_numbers) },
          scores.team_a_score,
          scores.team_b_score,
        );
        return { square, owner: await tx.ownerAt(gameId, square.x, square.y) };
      });

      await step(createWinnerRecordError(period, model), async () => {
        // D34: the one plan with the outcomes so far; a correction re-prices later payouts (or is refused).
        const amount = await confirmationPayout(game, period, owner?.user_id ?? null, at);
        const sameWinner =
          existing !== undefined &&
          existing.square_x === square.x &&
          existing.square_y === square.y &&
          existing.user_id === (owner?.user_id ?? null) &&
          existing.payout_amount_cents === amount;
        if (sameWinner) {
          // A corrected score that picks the same square: the payout goes on as it was.
          await tx.touchWinner(gameId, period, { admin_user_id: adminId, updated_at: at });
          return;
        }
        const values: WinnerValues = {
          game_id: gameId,
          period,
          winning_square_id: owner?.id ?? null,
          user_id: owner?.user_id ?? null,
          square_x: square.x,
          square_y: square.y,
          winning_numbers_x: digits.teamADigit,
          winning_numbers_y: digits.teamBDigit,
          payout_amount_cents: amount,
          // D23: the organizer pays the winner; D24: a square nobody bought pays 0, completed.
          payout_status: owner ? 'pending' : 'completed',
          // D40: a new winner (or a first one) is told, once the numbers are shown (game-mails.service.ts).
          won_mailed_at: null,
          payout_provider: deps.payoutProviderName,
          payout_reference: null,
          admin_user_id: adminId,
          paid_by: null,
          paid_at: null,
          retry_count: 0,
          last_retry_at: null,
          failure_reason: null,
          processing_started_at: null,
          updated_at: at,
        };
        await tx.saveWinner(randomUUID(), values, at);
        // D32: the confirmation in the game's log, about the winner's square (its owner sees it).
        await activityRepository(game.tx).record(
          gameId,
          [{ action: 'confirmed', actorUserId: adminId, subjectUserId: owner?.user_id ?? null, squares: [square], detail: { period, amount_cents: amount } }],
          at,
        );
      });

      const final = period === finalPeriod(model);
      await step(final ? GAME_DAY_ERRORS.markCompletedFailed : GAME_DAY_ERRORS.updateGameFailed, () =>
        // Spec section 4: confirming scores sets manual_numbers_set; D19: the final period completes the game.
        tx.setFlags(gameId, { manual_numbers_set: true, ...(final ? { is_active: false } : {}), updated_at: at }),
      );
      // D35: the set after this one is drawn when this period ends its set.
      await drawNextSetAfter(game, period, adminId, at, deps.beacon);
      if (game.row.draw_method === 'beacon') game.afterCommit.add(() => deps.beacon.drawSoon());
      await tellPlayers(deps, game);
      return { changed: true };
    });
  }

  /**
   * A period's failure as the organizer reads it: an expected refusal keeps its message; anything
   * else is logged with its cause and said with the catalogue's text for the step that failed
   * (saving the score when it failed before any step).
   */
  function periodFailure(err: unknown, gameId: string, period: Period, model: PeriodModel): AppError {
    if (err instanceof PeriodStepError) {
      log.error({ err: err.reason, gameId, period }, err.message);
      return err;
    }
    if (err instanceof AppError) return err;
    const failure = new PeriodStepError(savePeriodScoreError(period, model), err);
    log.error({ err, gameId, period }, failure.message);
    return failure;
  }

  return {
    /** PUT periods/:period: confirms a period in order, or corrects a confirmed one (D19). */
    async confirm(gameId: string, period: Period, scores: ScorePair, adminId: string): Promise<GameDayView> {
      let outcome: ConfirmOutcome;
      try {
        outcome = await confirmPeriod(gameId, period, scores, adminId);
      } catch (err) {
        throw periodFailure(err, gameId, period, await modelOf(gameId));
      }
      if (outcome.changed) publishGameDay(deps, gameId, 'winners');
      return view(gameId);
    },

    /**
     * Confirm All Quarter Winners: the game's periods in order (quarters 1-4, or halves 1-2), each
     * in its own transaction, stopping at the first that fails (spec section 4). A period already
     * confirmed with the same scores counts as processed, so repeating the call is harmless and a
     * retry finishes the rest. Scores for exactly the game's periods are required (400 otherwise).
     */
    async confirmAll(gameId: string, scores: Partial<Record<Period, ScorePair>>, adminId: string): Promise<ConfirmAllResult> {
      const model = await modelOf(gameId);
      const extra = (Object.keys(scores).map(Number) as Period[]).find((period) => scores[period] !== undefined && !isPeriodOf(model, period));
      if (extra !== undefined) throw badRequest(GAME_DAY_TEXTS.notAPeriod(extra, model), 'VALIDATION_ERROR');
      if (model.periods.some((period) => scores[period] === undefined)) throw badRequest(GAME_DAY_TEXTS.allPeriodsRequired(model), 'VALIDATION_ERROR');
      const processed: Period[] = [];
      let failure: ConfirmAllResult['failure'] = null;
      let changed = false;
      for (const period of model.periods) {
        try {
          changed = (await confirmPeriod(gameId, period, scores[period]!, adminId)).changed || changed;
          processed.push(period);
        } catch (err) {
          // A game that does not exist is not a period's failure.
          if (err instanceof AppError && err.statusCode === 404) throw err;
          failure = { period, message: periodFailure(err, gameId, period, model).message };
          break;
        }
      }
      if (changed) publishGameDay(deps, gameId, 'winners');
      return { view: await view(gameId), processed, failure };
    },

    /**
     * D39: the live feed's confirmation of a period it entered, by the admin's path (winners,
     * payouts and roll-forward by the same rules) with the app as actor. A period already
     * confirmed is left as it is (manual entry wins). Resolves with null when it confirmed (or
     * there was nothing to do), or with why not (numbers not drawn yet, out of order...).
     */
    async confirmFromFeed(gameId: string, period: Period, scores: ScorePair): Promise<string | null> {
      let outcome: ConfirmOutcome;
      try {
        outcome = await confirmPeriod(gameId, period, scores, null, { onlyUnconfirmed: true });
      } catch (err) {
        const failure = periodFailure(err, gameId, period, await modelOf(gameId));
        if (failure.statusCode < 500) return failure.message;
        throw failure;
      }
      if (outcome.changed) publishGameDay(deps, gameId, 'winners');
      return null;
    },
  };
}
