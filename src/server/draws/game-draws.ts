/**
 * What game day asks of the draws (D35, D38; design note 030): set 1 at the admin's draw, the next
 * set when the period ending a set is confirmed, and the numbers each period's winner uses. Each
 * is given the locked game (its row and its transaction, `game.tx`) and runs inside that lock.
 */
import { isNumberSetMode, numberSetFor, periodModel, type Period } from '@core/periods';
import type { Executor } from '../db/executor';
import type { GameRow } from '../games/games.repository';
import { drawByCommitReveal, newDrawSeed, rangesOf, ticketBeaconSet, type BeaconTicketing } from './digit-sets';
import { drawsRepository } from './draws.repository';

type DrawGame = Pick<GameRow, 'id' | 'game_type' | 'number_sets' | 'draw_seed' | 'draw_seed_hash' | 'draw_method'>;

/** The game under its lock (games repository's withLockedGame): its row and the lock's transaction. */
type LockedDrawGame = { readonly row: DrawGame; readonly tx: Executor };

/**
 * How a set is drawn now: a beacon game writes its ticket (the job draws later), any other draws
 * at once. The one path of every draw: set 1 (Randomize), the next set after its period's
 * confirmation, and the admin's early draw of the next set (D35).
 */
export async function drawSet(db: Executor, game: DrawGame, setNumber: number, adminId: string | null, at: string, beacon: BeaconTicketing): Promise<void> {
  if (game.draw_method === 'beacon') await ticketBeaconSet(db, game, setNumber, adminId, new Date(at), beacon);
  else await drawByCommitReveal(db, await withSeed(db, game), setNumber, adminId, at);
}

interface AxisNumbers {
  x_axis_numbers: string;
  y_axis_numbers: string;
}

/**
 * A game created before draws had tickets has no seed: it gets one now (its commit is written at
 * the draw, not before: the board says so for such a game, design note 030).
 */
async function withSeed(db: Executor, game: DrawGame): Promise<DrawGame> {
  if (game.draw_seed && game.draw_seed_hash) return game;
  return withNewSeed(db, game);
}

/** A fresh secret seed for the game's next commit-reveal draws, its SHA-256 the new commit. */
async function withNewSeed(db: Executor, game: DrawGame): Promise<DrawGame> {
  const { seed, hash } = newDrawSeed();
  await drawsRepository(db).setSeed(game.id, seed, hash);
  return { ...game, draw_seed: seed, draw_seed_hash: hash };
}

/**
 * The admin's draw (D18 already checked by the caller): set 1's ticket and digits. A redraw of a
 * commit-reveal game whose seed is already published (a game with one set publishes it with its
 * draw) is made under a new seed: under the published one anyone, the admin first, could work out
 * the redraw's digits before asking for it and redraw until they liked them.
 */
export async function drawFirstSet({ row: game, tx: db }: LockedDrawGame, adminId: string | null, at: string, beacon: BeaconTicketing): Promise<void> {
  const published = game.draw_method !== 'beacon' && (await drawsRepository(db).seedPublished(game.id));
  await drawSet(db, published ? await withNewSeed(db, game) : game, 1, adminId, at, beacon);
}

/** After `period` is confirmed for the first time: the next set is drawn when `period` ends its set. */
export async function drawNextSetAfter(
  { row: game, tx: db }: LockedDrawGame,
  period: Period,
  adminId: string | null,
  at: string,
  beacon: BeaconTicketing,
): Promise<void> {
  const ranges = rangesOf(game);
  const index = ranges.findIndex((range) => range.lastPeriod === period);
  const next = index >= 0 ? ranges[index + 1] : undefined;
  if (!next) return;
  if (await drawsRepository(db).hasSet(game.id, next.set)) return;
  await drawSet(db, game, next.set, adminId, at, beacon);
}

/** The drand round `period`'s set waits for (ticketed, not drawn yet), or null. */
export async function pendingRoundForPeriod({ row: game, tx: db }: LockedDrawGame, period: Period): Promise<number | null> {
  const mode = isNumberSetMode(game.number_sets) ? game.number_sets : 'game';
  const set = numberSetFor(periodModel(game.game_type), mode, period).set;
  const row = await drawsRepository(db).beaconSet(game.id, set);
  return row && row.drawn_at === null ? row.round : null;
}

/** The numbers deciding `period`: set 1 from its mirror (game_grid_numbers), a later set from digit_sets. */
export async function numbersForPeriod(
  { row: game, tx: db }: LockedDrawGame,
  period: Period,
  setOne: () => Promise<AxisNumbers | undefined>,
): Promise<AxisNumbers | undefined> {
  const mode = isNumberSetMode(game.number_sets) ? game.number_sets : 'game';
  const set = numberSetFor(periodModel(game.game_type), mode, period).set;
  if (set === 1) return setOne();
  const row = await drawsRepository(db).setDigits(game.id, set);
  if (!row?.x_axis_numbers || !row.y_axis_numbers) return undefined;
  return { x_axis_numbers: row.x_axis_numbers, y_axis_numbers: row.y_axis_numbers };
}
