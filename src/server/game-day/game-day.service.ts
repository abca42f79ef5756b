import { randomUUID } from 'node:crypto';
import type { ConfirmAllResult, GameDayView, MyWinningsResponse, QuarterResult } from '@core/api/game-day';
import { winningSquareOf } from '@core/board-shape';
import type { Digit } from '@core/grid';
import { createWinnerRecordError, findWinningSquareError, GAME_DAY_ERRORS, GAME_ERRORS, saveQuarterScoreError } from '@core/messages';
import { finalPeriod, isPeriodOf, nextPeriodToConfirm, type Period, type PeriodModel, periodModel, periodWinningsLabel, QUARTER_MODEL } from '@core/periods';
import { winnerOwesCents } from '@core/results-ledger';
import { winningDigits, type Quarter } from '@core/scoring';
import { NUMBERS_LOCKS } from '@core/numbers-controls';
import { nextSetToDraw } from '@core/set-numbers';
import { isPayoutStatus, playerPayoutBadge, scoreCorrectionBlock } from '@core/status';
import type { ActivityDetail } from '@core/activity';
import { activityRepository } from '../activity/activity.repository';
import { shapeOfGame, type GamesRepository, type LockedGame } from '../games/games.repository';
import { toGame } from '../games/games.service';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import type { Logger } from '../logger';
import type { GameEvents } from '../realtime/events';
import { confirmationPayout } from '../payouts/payouts.service';
import { sharePayoutOf } from '../payouts/share-payout';
import { publishSafely } from '../realtime/publish';
import type { ServiceDeps } from '../service-deps';
import { GAME_DAY_TEXTS } from './game-day.messages';
import { parseAxis, toBoardNumbers } from '../db/grid-numbers';
import { clearDigitSets, type DigitSetRow, rangesOf, toBoardDigitSet } from '../draws/digit-sets';
import type { BeaconTicketing } from '../draws/digit-sets';
import { drawFirstSet, drawNextSetAfter, drawSet, numbersForPeriod, pendingRoundForPeriod } from '../draws/game-draws';
import type { Executor } from '../db/executor';
import type { GameMails } from '../mail/game-mails';
import { gameDayRepository, type GameDayRepository, type ResultRow, type WinnerValues } from './game-day.repository';

/** D18: drawing the numbers ends sales; the checkout service cancels the game's open checkouts. */
interface GameSales {
  /** Inside the game lock; queues what to run after commit. */
  closeSales(game: LockedGame): Promise<void>;
}

export interface GameDayServiceDeps extends ServiceDeps {
  games: Pick<GamesRepository, 'findById' | 'withLockedGame'>;
  /** The database; work under a game's lock runs on its transaction instead (`game.tx`). */
  db: Executor;
  sales: GameSales;
  events: GameEvents;
  log: Logger;
  /** Stored with each winner record (game_winners.payout_provider, D23). */
  payoutProviderName: string;
  /** D38: the beacon's chain and round timing for a beacon game's tickets; `drawSoon` wakes the beacon draw job. */
  beacon: BeaconTicketing & { drawSoon(): void };
  /** D40: "numbers are drawn" and "you won", queued in the transaction that draws, confirms or reveals; `nudge` after commit. */
  mails: Pick<GameMails, 'numbersDrawn' | 'numbersCleared' | 'wins'> & { nudge(): void };
}

export interface ScorePair {
  team_a_score: number;
  team_b_score: number;
}

/** What confirming one quarter did. */
interface QuarterOutcome {
  /** False when the quarter was already confirmed with these scores (nothing written). */
  changed: boolean;
}

/**
 * An unexpected failure while processing a quarter, said with the catalogue's text for the step
 * that failed (spec section 8): "Failed to save Q2 score", "Failed to find winning square for
 * Q2", "Failed to create winner record for Q2", "Failed to mark game as completed".
 */
class QuarterStepError extends AppError {
  constructor(
    message: string,
    readonly reason: unknown,
  ) {
    super(500, 'QUARTER_PROCESSING_FAILED', message);
  }
}

/**
 * Game day (spec section 2 "Game Day Controls", sections 3-5; D14-D20, D23, D24): the numbers,
 * quarter scores and their winners. Every change runs under the game's row lock, and boards
 * are told after commit.
 */
export function gameDayService(deps: GameDayServiceDeps) {
  const { games, sales, events, log } = deps;
  const repo = gameDayRepository(deps.db);
  const now = deps.clock;

  const publish = (gameId: string, reason: 'numbers' | 'winners' | 'game') => publishSafely(events, log, gameId, reason);

  /**
   * D40: tells players what is drawn and won and not told yet, in the game's transaction; the
   * mails wait until the numbers are shown (D16), so a Reveal sends what a hidden draw held back.
   */
  async function tellPlayers(game: LockedGame): Promise<void> {
    const queued = (await deps.mails.numbersDrawn(game.tx, game.row.id)) + (await deps.mails.wins(game.tx, game.row.id));
    if (queued > 0) game.afterCommit.add(() => deps.mails.nudge());
  }

  /** The game's periods (quarters, or halves); 404 when the game does not exist. */
  async function modelOf(gameId: string): Promise<PeriodModel> {
    const row = await games.findById(gameId);
    if (!row) throw notFound(GAME_ERRORS.notFound);
    return periodModel(row.game_type);
  }

  /** Runs `work` under the game's lock; 404 when the game does not exist. */
  function locked<T>(gameId: string, work: (game: LockedGame, tx: GameDayRepository) => Promise<T>): Promise<T> {
    return games.withLockedGame(gameId, async (game) => {
      if (!game) throw notFound(GAME_ERRORS.notFound);
      return work(game, gameDayRepository(game.tx));
    });
  }

  async function view(gameId: string): Promise<GameDayView> {
    const row = await games.findById(gameId);
    if (!row) throw notFound(GAME_ERRORS.notFound);
    const [numbersRow, scores, resultRows, draws, sets, share] = await Promise.all([
      repo.numbers(gameId),
      repo.scores(gameId),
      repo.results(gameId),
      repo.draws(gameId),
      repo.digitSets(gameId),
      sharePayoutOf(deps.db, row),
    ]);
    const model = periodModel(row.game_type);
    const confirmed = scores.map((score) => score.quarter).filter((quarter) => isPeriodOf(model, quarter));
    return {
      game: toGame(row),
      numbers: numbersRow ? toBoardNumbers(gameId, numbersRow) : null,
      results: resultRows.map((result) => toResult(gameId, result, row.price_per_square_cents)),
      draws: draws.map((draw) => ({ action: draw.action, created_at: draw.created_at })),
      digit_sets: sets.map((set) => ({
        ...toBoardDigitSet(row, set, true),
        // D38: a waiting set's last failed attempt (the job retries); nothing once it is drawn.
        last_error: set.drawn_at === null ? set.last_error : null,
        last_error_at: set.drawn_at === null ? set.last_error_at : null,
      })),
      next_quarter: nextPeriodToConfirm(model, confirmed),
      numbers_locked: scores.length > 0,
      numbers_shown: numbersShown(row, sets),
      share_payout: share,
    };
  }

  /**
   * Confirms or corrects one quarter in one transaction (D19): the score with its last digits,
   * the winning square under the drawn numbers (D15), its owner, and the winner record with the
   * quarter's share of the pot rounded down (D12), pending (D23), or 0 and completed when nobody
   * owns the square (D24). The game's final period (the 4th quarter, or the 2nd half) completes
   * the game; a period the game's model does not have is refused (400).
   */
  async function confirmQuarter(
    gameId: string,
    quarter: Quarter,
    scores: ScorePair,
    adminId: string | null,
    { onlyUnconfirmed = false }: { onlyUnconfirmed?: boolean } = {},
  ): Promise<QuarterOutcome> {
    return locked(gameId, async (game, tx) => {
      const model = periodModel(game.row.game_type);
      if (!isPeriodOf(model, quarter)) throw badRequest(GAME_DAY_TEXTS.notAPeriod(quarter, model), 'VALIDATION_ERROR');
      // D35: the period's own set decides its winner (set 1 is mirrored in game_grid_numbers).
      const numbers = await numbersForPeriod(game, quarter, () => tx.numbers(gameId));
      if (!numbers) {
        const round = await pendingRoundForPeriod(game, quarter);
        throw conflict(round === null ? GAME_DAY_TEXTS.scoresNeedNumbers : GAME_DAY_TEXTS.drawWaiting(round), 'NO_NUMBERS');
      }
      const confirmed = await tx.scores(gameId);
      const previous = confirmed.find((score) => score.quarter === quarter);
      // D39: the feed confirms a period nobody confirmed yet; it never corrects one.
      if (previous && onlyUnconfirmed) return { changed: false };
      const existing = previous ? await tx.winner(gameId, quarter) : undefined;
      if (!previous) {
        const next = nextPeriodToConfirm(
          model,
          confirmed.map((score) => score.quarter).filter((period) => isPeriodOf(model, period)),
        );
        if (next !== quarter) throw conflict(GAME_DAY_TEXTS.outOfOrder(next ?? quarter, quarter, model), 'QUARTER_OUT_OF_ORDER');
      } else if (existing && previous.team_a_score === scores.team_a_score && previous.team_b_score === scores.team_b_score) {
        // The same quarter confirmed again with the same scores (a second click, a second admin).
        return { changed: false };
      } else if (existing) {
        // D19: correctable until money moved (core's one rule, which the web's score boxes follow too).
        const block = scoreCorrectionBlock({ ...existing, hasWinner: existing.user_id !== null });
        if (block === 'settled') throw conflict(GAME_DAY_TEXTS.payoutDoneNoCorrection(quarter, model), 'PAYOUT_COMPLETED');
        if (block === 'processing') throw conflict(GAME_DAY_TEXTS.payoutUnderWay(quarter, model), 'PAYOUT_PROCESSING');
      }

      const at = now().toISOString();
      const digits = winningDigits(scores.team_a_score, scores.team_b_score);
      await step(saveQuarterScoreError(quarter, model), () =>
        tx.saveScore({
          game_id: gameId,
          quarter,
          team_a_score: scores.team_a_score,
          team_b_score: scores.team_b_score,
          team_a_last_digit: digits.teamADigit,
          team_b_last_digit: digits.teamBDigit,
          entered_by: adminId,
          entered_at: at,
        }),
      );

      const { square, owner } = await step(findWinningSquareError(quarter, model), async () => {
        const square = winningSquareOf(
          shapeOfGame(game.row),
          { xAxisNumbers: parseAxis(gameId, numbers.x_axis_numbers), yAxisNumbers: parseAxis(gameId, numbers.y_axis_numbers) },
          scores.team_a_score,
          scores.team_b_score,
        );
        return { square, owner: await tx.ownerAt(gameId, square.x, square.y) };
      });

      await step(createWinnerRecordError(quarter, model), async () => {
        // D34: the one plan with the outcomes so far; a correction re-prices later payouts (or is refused).
        const amount = await confirmationPayout(game, quarter, owner?.user_id ?? null, at);
        const sameWinner =
          existing !== undefined &&
          existing.square_x === square.x &&
          existing.square_y === square.y &&
          existing.user_id === (owner?.user_id ?? null) &&
          existing.payout_amount_cents === amount;
        if (sameWinner) {
          // A corrected score that picks the same square: the payout goes on as it was.
          await tx.touchWinner(gameId, quarter, { admin_user_id: adminId, updated_at: at });
          return;
        }
        const values: WinnerValues = {
          game_id: gameId,
          quarter,
          winning_square_id: owner?.id ?? null,
          user_id: owner?.user_id ?? null,
          square_x: square.x,
          square_y: square.y,
          winning_numbers_x: digits.teamADigit,
          winning_numbers_y: digits.teamBDigit,
          payout_amount_cents: amount,
          // D23: the organizer pays the winner; D24: a square nobody bought pays 0, completed.
          payout_status: owner ? 'pending' : 'completed',
          // D40: a new winner (or a first one) is told, once the numbers are shown (game-mails.ts).
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
          [{ action: 'confirmed', actorUserId: adminId, subjectUserId: owner?.user_id ?? null, squares: [square], detail: { quarter, amount_cents: amount } }],
          at,
        );
      });

      const final = quarter === finalPeriod(model);
      await step(final ? GAME_DAY_ERRORS.markCompletedFailed : GAME_DAY_ERRORS.updateGameFailed, () =>
        // Spec section 4: confirming scores sets manual_numbers_set; D19: the final period completes the game.
        tx.setFlags(gameId, { manual_numbers_set: true, ...(final ? { is_active: false } : {}), updated_at: at }),
      );
      // D35: the set after this one is drawn when this period ends its set.
      await drawNextSetAfter(game, quarter, adminId, at, deps.beacon);
      if (game.row.draw_method === 'beacon') game.afterCommit.add(() => deps.beacon.drawSoon());
      await tellPlayers(game);
      return { changed: true };
    });
  }

  /** Runs one processing step; an unexpected failure is said with the step's catalogue text. */
  async function step<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new QuarterStepError(message, err);
    }
  }

  /**
   * A quarter's failure as the organizer reads it: an expected refusal keeps its message; anything
   * else is logged with its cause and said with the catalogue's text for the step that failed
   * (saving the score when it failed before any step).
   */
  function quarterFailure(err: unknown, gameId: string, quarter: Quarter, model: PeriodModel): AppError {
    if (err instanceof QuarterStepError) {
      log.error({ err: err.reason, gameId, quarter }, err.message);
      return err;
    }
    if (err instanceof AppError) return err;
    const failure = new QuarterStepError(saveQuarterScoreError(quarter, model), err);
    log.error({ err, gameId, quarter }, failure.message);
    return failure;
  }

  /**
   * D18 with D38: set 1 drawn (its ticket, or commit-reveal at once), logged, the game flagged
   * drawn and its sales closed; inside the game's lock. `actorId` null: the app (D39's kickoff).
   * `reveal`: the numbers are shown at once too (the kickoff draw, with nobody there to Reveal).
   */
  async function drawNumbers(
    game: LockedGame,
    tx: GameDayRepository,
    actorId: string | null,
    at: string,
    { detail, reveal = false }: { detail?: ActivityDetail; reveal?: boolean } = {},
  ): Promise<void> {
    const gameId = game.row.id;
    // D38: set 1's ticket and digits (design note 030); later sets follow their periods' confirmations.
    await drawFirstSet(game, actorId, at, deps.beacon);
    if (game.row.draw_method === 'beacon') game.afterCommit.add(() => deps.beacon.drawSoon());
    await activityRepository(game.tx).record(
      gameId,
      [{ action: 'drawn', actorUserId: actorId, subjectUserId: null, squares: [], ...(detail ? { detail } : {}) }],
      at,
    );
    await tx.setFlags(gameId, { grid_shuffled: true, manual_numbers_set: true, ...(reveal ? { numbers_revealed: true } : {}), updated_at: at });
    // Shown numbers are mailed now (commit-reveal); a beacon set's digits are mailed by the job that lands them.
    await tellPlayers(game);
    // After commit: boards hear of the numbers, then the game's open checkouts end (D18).
    game.afterCommit.add(() => publish(gameId, 'numbers'));
    await sales.closeSales(game);
  }

  return {
    view,

    /**
     * Draws both axes (D17: two independent cryptographic shuffles) and ends sales (D18), in one
     * transaction. A grid that is not full needs `confirmNotFull`; unpaid squares (D28) need
     * `confirmUnpaid`, their number. Drawing again before any score
     * is allowed and logged as another draw.
     */
    async randomize(gameId: string, adminId: string, confirmNotFull: boolean, confirmUnpaid?: number): Promise<GameDayView> {
      await locked(gameId, async (game, tx) => {
        if ((await tx.scores(gameId)).length > 0) throw conflict(GAME_DAY_ERRORS.randomizeAfterScores, 'SCORES_ENTERED');
        if (!game.row.is_active) throw conflict(GAME_DAY_TEXTS.gameCompleted, 'GAME_COMPLETED');
        // D50: numbers players have seen are replaced only by Clear, which tells them.
        if (game.row.grid_shuffled && numbersShown(game.row, await tx.digitSets(gameId))) throw conflict(NUMBERS_LOCKS.shown, 'NUMBERS_SHOWN');
        const claimed = game.row.squares_claimed;
        const { size } = shapeOfGame(game.row);
        if (claimed < size && !confirmNotFull) {
          throw conflict(GAME_DAY_TEXTS.gridNotFull(claimed, size), 'GRID_NOT_FULL', { squares_claimed: claimed });
        }
        // D28: the organizer confirms the number of unpaid squares they saw; a different number asks again.
        const unpaid = await tx.unpaidCount(gameId);
        if (unpaid > 0 && confirmUnpaid !== unpaid) throw conflict(GAME_DAY_TEXTS.unpaidSquares(unpaid), 'UNPAID_SQUARES', { unpaid_squares: unpaid });
        // Randomize redraws set 1 only while it is the only set: a later one (the admin's early draw) was drawn after it, under its seed.
        const later = (await tx.digitSets(gameId)).find((set) => set.set_number > 1);
        if (later) throw conflict(GAME_DAY_TEXTS.laterSetDrawn(later.set_number), 'SET_NOT_NEXT');
        await drawNumbers(game, tx, adminId, now().toISOString());
      });
      return view(gameId);
    },

    /**
     * D39: the kickoff run's draw, inside its lock of the game, by Randomize's path with D18's
     * confirmations taken as given by the organizer's choice (a grid not full, unpaid squares).
     * The numbers are shown in the same transaction (nobody is there to press Reveal; the admin
     * may Hide them later), so the "numbers are drawn" mails go with it (commit-reveal) or with
     * the beacon job's digits. Nothing is drawn for a game already drawn or completed, or with
     * scores. True when it drew.
     */
    async drawAtKickoff(game: LockedGame, at: string): Promise<boolean> {
      if (!game.row.is_active || game.row.grid_shuffled) return false;
      const tx = gameDayRepository(game.tx);
      if ((await tx.scores(game.row.id)).length > 0) return false;
      await drawNumbers(game, tx, null, at, { detail: { kickoff: true, revealed: true }, reveal: true });
      return true;
    },

    /**
     * D35 "or by the admin": draws the next set before the confirmation that would draw it, by the
     * same path (drawSet: a beacon ticket the job draws later, or commit-reveal at once). Only the
     * first set with no ticket, once set 1 and every set before it are drawn; 409 otherwise.
     */
    async drawSetNow(gameId: string, setNumber: number, adminId: string): Promise<GameDayView> {
      await locked(gameId, async (game, tx) => {
        const count = rangesOf(game.row).length;
        if (setNumber > count) throw notFound(GAME_DAY_TEXTS.noSuchSet(setNumber, count));
        if (!game.row.is_active) throw conflict(GAME_DAY_TEXTS.gameCompleted, 'GAME_COMPLETED');
        const sets = await tx.digitSets(gameId);
        const stored = (n: number) => sets.find((set) => set.set_number === n);
        const first = stored(1);
        if (!first) throw conflict(GAME_DAY_TEXTS.firstSetFirst, 'SET_NOT_NEXT');
        const asked = stored(setNumber);
        if (asked)
          throw conflict(asked.drawn_at ? GAME_DAY_TEXTS.setAlreadyDrawn(setNumber) : GAME_DAY_TEXTS.setWaiting(setNumber, asked.round), 'SET_NOT_NEXT');
        const next = nextSetToDraw(
          count,
          sets.map((set) => ({ set: set.set_number, drawn_at: set.drawn_at })),
        );
        if (next !== setNumber) {
          const waiting = sets.find((set) => set.drawn_at === null);
          if (waiting) throw conflict(GAME_DAY_TEXTS.setWaiting(waiting.set_number, waiting.round), 'SET_NOT_NEXT');
          throw conflict(GAME_DAY_TEXTS.setNotNext(setNumber, next ?? 1), 'SET_NOT_NEXT');
        }
        const at = now().toISOString();
        await drawSet(game.tx, game.row, setNumber, adminId, at, deps.beacon);
        if (game.row.draw_method === 'beacon') game.afterCommit.add(() => deps.beacon.drawSoon());
        await activityRepository(game.tx).record(
          gameId,
          [{ action: 'drawn', actorUserId: adminId, subjectUserId: null, squares: [], detail: { set: setNumber } }],
          at,
        );
        await tx.setFlags(gameId, { updated_at: at });
        await tellPlayers(game);
        game.afterCommit.add(() => publish(gameId, 'numbers'));
      });
      return view(gameId);
    },

    /** Deletes the numbers (logged, D17) and brings the game back to selling (D18), until any score exists. */
    async clear(gameId: string, adminId: string): Promise<GameDayView> {
      await locked(gameId, async (game, tx) => {
        if ((await tx.scores(gameId)).length > 0) throw conflict(GAME_DAY_ERRORS.clearAfterScores, 'SCORES_ENTERED');
        const at = now().toISOString();
        // D50: players who have seen the numbers are told they no longer count (before the sets go to the log).
        if (game.row.grid_shuffled && numbersShown(game.row, await tx.digitSets(gameId))) {
          if ((await deps.mails.numbersCleared(game.tx, gameId)) > 0) game.afterCommit.add(() => deps.mails.nudge());
        }
        // D38: every set's ticket and digits stay in the draw log.
        if (await clearDigitSets(game, adminId, at)) {
          await activityRepository(game.tx).record(gameId, [{ action: 'cleared', actorUserId: adminId, subjectUserId: null, squares: [] }], at);
        }
        await tx.setFlags(gameId, { grid_shuffled: false, numbers_revealed: false, manual_numbers_set: false, updated_at: at });
      });
      publish(gameId, 'numbers');
      return view(gameId);
    },

    /** Reveal / Hide (D16). Only numbers that exist can be revealed. */
    async setVisibility(gameId: string, revealed: boolean): Promise<GameDayView> {
      await locked(gameId, async (game, tx) => {
        if (revealed && !(await tx.numbers(gameId))) throw conflict(GAME_DAY_TEXTS.revealWithoutNumbers, 'NO_NUMBERS');
        await tx.setFlags(gameId, { numbers_revealed: revealed, updated_at: now().toISOString() });
        if (revealed) await tellPlayers(game);
      });
      publish(gameId, 'numbers');
      return view(gameId);
    },

    /** PUT quarters/:quarter: confirms a quarter in order, or corrects a confirmed one (D19). */
    async confirm(gameId: string, quarter: Quarter, scores: ScorePair, adminId: string): Promise<GameDayView> {
      let outcome: QuarterOutcome;
      try {
        outcome = await confirmQuarter(gameId, quarter, scores, adminId);
      } catch (err) {
        throw quarterFailure(err, gameId, quarter, await modelOf(gameId));
      }
      if (outcome.changed) publish(gameId, 'winners');
      return view(gameId);
    },

    /**
     * Confirm All Quarter Winners: the game's periods in order (quarters 1-4, or halves 1-2), each
     * in its own transaction, stopping at the first that fails (spec section 4). A period already
     * confirmed with the same scores counts as processed, so repeating the call is harmless and a
     * retry finishes the rest. Scores for exactly the game's periods are required (400 otherwise).
     */
    async confirmAll(gameId: string, scores: Partial<Record<Quarter, ScorePair>>, adminId: string): Promise<ConfirmAllResult> {
      const model = await modelOf(gameId);
      const extra = (Object.keys(scores).map(Number) as Period[]).find((period) => scores[period] !== undefined && !isPeriodOf(model, period));
      if (extra !== undefined) throw badRequest(GAME_DAY_TEXTS.notAPeriod(extra, model), 'VALIDATION_ERROR');
      if (model.periods.some((period) => scores[period] === undefined)) throw badRequest(GAME_DAY_TEXTS.allPeriodsRequired(model), 'VALIDATION_ERROR');
      const processed: Quarter[] = [];
      let failure: ConfirmAllResult['failure'] = null;
      let changed = false;
      for (const quarter of model.periods) {
        try {
          changed = (await confirmQuarter(gameId, quarter, scores[quarter]!, adminId)).changed || changed;
          processed.push(quarter);
        } catch (err) {
          // A game that does not exist is not a quarter's failure.
          if (err instanceof AppError && err.statusCode === 404) throw err;
          failure = { quarter, message: quarterFailure(err, gameId, quarter, model).message };
          break;
        }
      }
      if (changed) publish(gameId, 'winners');
      return { view: await view(gameId), processed, failure };
    },

    /**
     * D39: the live feed's confirmation of a period it entered, by the admin's path (winners,
     * payouts and roll-forward by the same rules) with the app as actor. A period already
     * confirmed is left as it is (manual entry wins). Resolves with null when it confirmed (or
     * there was nothing to do), or with why not (numbers not drawn yet, out of order...).
     */
    async confirmFromFeed(gameId: string, quarter: Quarter, scores: ScorePair): Promise<string | null> {
      let outcome: QuarterOutcome;
      try {
        outcome = await confirmQuarter(gameId, quarter, scores, null, { onlyUnconfirmed: true });
      } catch (err) {
        const failure = quarterFailure(err, gameId, quarter, await modelOf(gameId));
        if (failure.statusCode < 500) return failure.message;
        throw failure;
      }
      if (outcome.changed) publish(gameId, 'winners');
      return null;
    },

    /** My Winnings (D23 badges): the player's wins grouped per game, newest game first. */
    async myWinnings(userId: string): Promise<MyWinningsResponse> {
      const rows = await repo.winningsOf(userId);
      type Group = { game_id: string; title: string; team_a: string; team_b: string; wins: MyWinningsResponse['games'][number]['wins'][number][] };
      const groups: Group[] = [];
      let total = 0;
      for (const row of rows) {
        const model = periodModel(row.game_type);
        if (!isPeriodOf(model, row.quarter) || !isPayoutStatus(row.payout_status))
          throw new Error(`game ${row.game_id}: a winner record with quarter ${row.quarter}`);
        let group = groups.at(-1);
        if (!group || group.game_id !== row.game_id) {
          group = { game_id: row.game_id, title: row.title, team_a: row.team_a, team_b: row.team_b, wins: [] };
          groups.push(group);
        }
        group.wins.push({
          quarter: row.quarter,
          label: periodWinningsLabel(model, row.quarter),
          amount_cents: row.payout_amount_cents,
          badge: playerPayoutBadge(row.payout_status),
        });
        total += row.payout_amount_cents;
      }
      return { total_cents: total, games: groups };
    },
  };
}

export type GameDayService = ReturnType<typeof gameDayService>;

/** D50: players have seen the game's numbers: shown on the board now, or a set's digits mailed to them. */
function numbersShown(game: { grid_shuffled: boolean; numbers_revealed: boolean }, sets: readonly Pick<DigitSetRow, 'numbers_mailed_at'>[]): boolean {
  return game.grid_shuffled && (game.numbers_revealed || sets.some((set) => set.numbers_mailed_at !== null));
}

function toResult(gameId: string, row: ResultRow, priceCents: number): QuarterResult {
  // The database checks the quarter (1-4: every period any model has) and the status; the digits come from a score's last digit.
  if (!isPeriodOf(QUARTER_MODEL, row.quarter)) throw new Error(`game ${gameId}: a result with quarter ${row.quarter}`);
  return {
    quarter: row.quarter,
    team_a_score: row.team_a_score,
    team_b_score: row.team_b_score,
    winning_numbers_x: row.winning_numbers_x as Digit,
    winning_numbers_y: row.winning_numbers_y as Digit,
    square_x: row.square_x,
    square_y: row.square_y,
    winner_name: row.winner_name,
    winner_no_account: row.winner_no_account,
    winner_email: row.winner_email,
    winner_owes_cents: winnerOwesCents(row.winner_unpaid_squares, priceCents),
    winner_id: row.user_id,
    payout_amount_cents: row.payout_amount_cents,
    payout_status: row.payout_status,
    payout_reference: row.payout_reference,
    retry_count: row.retry_count,
    last_retry_at: row.last_retry_at,
    paid_at: row.paid_at,
  };
}
