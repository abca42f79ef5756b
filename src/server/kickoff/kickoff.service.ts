/**
 * D39's kickoff run (docs/decisions/035): at a game's kickoff its sales close by themselves, as a
 * draw closes them (D18: open checkouts end, their holds released), and if the organizer chose
 * it the numbers are drawn by Randomize's path (D38: a beacon ticket or commit-reveal). Every
 * instance runs it at start and then every KICKOFF_INTERVAL_SECONDS; each game's run is claimed
 * with a conditional update inside the game's lock, so it happens once across instances, and a
 * kickoff passed while the server was down is handled at the next start.
 */
import { activityRepository } from '../activity/activity.repository';
import type { GamesRepository, LockedGame } from '../games/games.repository';
import { periodicJob, type PeriodicJob } from '../jobs/periodic';
import type { Logger } from '../logger';
import type { GameEvents } from '../realtime/events';
import { publishSafely } from '../realtime/publish';
import type { Db } from '../db/connection';
import { kickoffRepository } from './kickoff.repository';
import type { ServiceDeps } from '../service-deps';

export interface KickoffDeps extends ServiceDeps {
  db: Db;
  games: Pick<GamesRepository, 'withLockedGame'>;
  /** D18: ends the game's open checkouts after commit (checkout sales hooks). */
  sales: { closeSales(game: LockedGame): Promise<void> };
  /** Randomize's path without its confirmations (game-day/numbers.ts). */
  gameDay: { drawAtKickoff(game: LockedGame, at: string): Promise<boolean> };
  events: GameEvents;
  log: Logger;
  intervalMs: number;
}

export interface KickoffRun extends PeriodicJob {
  /** One pass: closes (and draws, when chosen) every game whose kickoff has passed. Resolves with the games closed here. */
  closeDue(now?: Date): Promise<number>;
}

export function kickoffRun(deps: KickoffDeps): KickoffRun {
  const { games, sales, gameDay, events, log, clock } = deps;

  async function closeAtKickoff(gameId: string, kickoffAt: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const closed = await games.withLockedGame(gameId, async (game) => {
      if (!game) return false;
      if (!(await kickoffRepository(game.tx).claim(gameId, kickoffAt, at))) return false;
      // Drawn (or completed) before kickoff: sales were closed by then; the claim only marks the run done.
      if (!game.row.is_active || game.row.grid_shuffled) return true;
      await activityRepository(game.tx).record(
        gameId,
        [{ action: 'sales_closed', actorUserId: null, subjectUserId: null, squares: [], detail: { kickoff: true } }],
        at,
      );
      // The draw closes sales itself; without it, the open checkouts end here.
      if (!(game.row.draw_at_kickoff && (await gameDay.drawAtKickoff(game, at)))) await sales.closeSales(game);
      return true;
    });
    if (closed) {
      log.info({ gameId, kickoffAt }, 'kickoff: sales closed');
      publishSafely(events, log, gameId, 'game');
    }
    return closed;
  }

  async function closeDue(now: Date = clock()): Promise<number> {
    let closed = 0;
    for (const { id, kickoff_at } of await kickoffRepository(deps.db).due(now.toISOString())) {
      try {
        if (await closeAtKickoff(id, kickoff_at, now)) closed += 1;
      } catch (err) {
        log.error({ err, gameId: id }, 'kickoff run failed; the next run tries again');
      }
    }
    return closed;
  }

  return { ...periodicJob('kickoff', () => closeDue(), deps.intervalMs, log), closeDue };
}
