import type { BeaconTicketing } from '../draws/digit-sets';
import type { Executor } from '../db/executor';
import type { DigitSetRow } from '../draws/draws.repository';
import { lockGameOr404 } from '../games/game-or-404';
import type { GamesRepository, LockedGame } from '../games/games.repository';
import type { Logger } from '../logger';
import type { GameMails } from '../mail/game-mails.service';
import type { GameEvents } from '../realtime/events';
import { publishSafely } from '../realtime/publish';
import type { ServiceDeps } from '../service-deps';
import { gameDayRepository, type GameDayRepository } from './game-day.repository';

/** D18: drawing the numbers ends sales; the checkout service cancels the game's open checkouts. */
interface GameSales {
  /** Inside the game lock; queues what to run after commit. */
  closeSales(game: LockedGame): Promise<void>;
}

/** What every game-day module works with (wired in app.ts). */
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

/** Runs `work` under the game's lock with game day's repository on its transaction; 404 when the game does not exist. */
export function lockedGameDay<T>({ games }: GameDayServiceDeps, gameId: string, work: (game: LockedGame, tx: GameDayRepository) => Promise<T>): Promise<T> {
  return lockGameOr404(games, gameId, (game) => work(game, gameDayRepository(game.tx)));
}

/** Boards hear that the game's numbers, winners or game changed (after commit). */
export function publishGameDay({ events, log }: GameDayServiceDeps, gameId: string, reason: 'numbers' | 'winners' | 'game'): void {
  publishSafely(events, log, gameId, reason);
}

/**
 * D40: tells players what is drawn and won and not told yet, in the game's transaction; the
 * mails wait until the numbers are shown (D16), so a Reveal sends what a hidden draw held back.
 */
export async function tellPlayers({ mails }: GameDayServiceDeps, game: LockedGame): Promise<void> {
  const queued = (await mails.numbersDrawn(game.tx, game.row.id)) + (await mails.wins(game.tx, game.row.id));
  if (queued > 0) game.afterCommit.add(() => mails.nudge());
}

/** D50: players have seen the game's numbers: shown on the board now, or a set's digits mailed to them. */
export function numbersShown(game: { grid_shuffled: boolean; numbers_revealed: boolean }, sets: readonly Pick<DigitSetRow, 'numbers_mailed_at'>[]): boolean {
  return game.grid_shuffled && (game.numbers_revealed || sets.some((set) => set.numbers_mailed_at !== null));
}
