import type { ActivityDetail } from '@core/activity';
import type { GameDayView } from '@core/api/game-day';
import { GAME_DAY_ERRORS } from '@core/messages';
import { NUMBERS_LOCKS } from '@core/numbers-controls';
import { nextSetToDraw } from '@core/set-numbers';
import { activityRepository } from '../activity/activity.repository';
import { clearDigitSets, rangesOf } from '../draws/digit-sets';
import { drawFirstSet, drawSet } from '../draws/game-draws';
import { shapeOfGame, type LockedGame } from '../games/games.repository';
import { conflict, notFound } from '../http/errors';
import { lockedGameDay, numbersShown, publishGameDay, tellPlayers, type GameDayServiceDeps } from './game-day.deps';
import { gameDayRepository, type GameDayRepository } from './game-day.repository';
import { GAME_DAY_TEXTS } from './game-day.messages';

/**
 * The numbers (spec section 2 "Game Day Controls"; D16-D18, D35, D38, D50): Randomize (set 1, which
 * ends sales), the kickoff's draw, the admin's early draw of the next set, Clear, Reveal and Hide.
 * Each answers with the game-day view after its commit.
 */
export function gameDayNumbers(deps: GameDayServiceDeps, view: (gameId: string) => Promise<GameDayView>) {
  const now = deps.clock;

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
    await tellPlayers(deps, game);
    // After commit: boards hear of the numbers, then the game's open checkouts end (D18).
    game.afterCommit.add(() => publishGameDay(deps, gameId, 'numbers'));
    await deps.sales.closeSales(game);
  }

  return {
    /**
     * Draws both axes (D17: two independent cryptographic shuffles) and ends sales (D18), in one
     * transaction. A grid that is not full needs `confirmNotFull`; unpaid squares (D28) need
     * `confirmUnpaid`, their number. Drawing again before any score
     * is allowed and logged as another draw.
     */
    async randomize(gameId: string, adminId: string, confirmNotFull: boolean, confirmUnpaid?: number): Promise<GameDayView> {
      await lockedGameDay(deps, gameId, async (game, tx) => {
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
      await lockedGameDay(deps, gameId, async (game, tx) => {
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
        await tellPlayers(deps, game);
        game.afterCommit.add(() => publishGameDay(deps, gameId, 'numbers'));
      });
      return view(gameId);
    },

    /** Deletes the numbers (logged, D17) and brings the game back to selling (D18), until any score exists. */
    async clear(gameId: string, adminId: string): Promise<GameDayView> {
      await lockedGameDay(deps, gameId, async (game, tx) => {
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
      publishGameDay(deps, gameId, 'numbers');
      return view(gameId);
    },

    /** Reveal / Hide (D16). Only numbers that exist can be revealed. */
    async setVisibility(gameId: string, revealed: boolean): Promise<GameDayView> {
      await lockedGameDay(deps, gameId, async (game, tx) => {
        if (revealed && !(await tx.numbers(gameId))) throw conflict(GAME_DAY_TEXTS.revealWithoutNumbers, 'NO_NUMBERS');
        await tx.setFlags(gameId, { numbers_revealed: revealed, updated_at: now().toISOString() });
        if (revealed) await tellPlayers(deps, game);
      });
      publishGameDay(deps, gameId, 'numbers');
      return view(gameId);
    },
  };
}
