/**
 * The digit sets of a game (D35, D38; design note 030): tickets, draws and the draw log. Every
 * function runs inside the caller's transaction (the game's lock). Set 1's digits are mirrored in
 * `game_grid_numbers`, which every reader of "the numbers" uses.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { DrawBoard, DrawTicket } from '@core/draw-derivation';
import type { BoardDigitSet } from '@core/api/board';
import { numberSetPeriodsLabel, numberSetRanges, periodModel, type NumberSetMode, type NumberSetRange, type Period } from '@core/periods';
import type { Executor } from '../db/executor';
import { parseAxis } from '../db/grid-numbers';
import type { BeaconProvider } from './beacon';
import { digitsForTicket, hashBoard } from './derive';
import { drawsRepository, type DigitSetRow, type DigitSetValues } from './draws.repository';

/** A new game's commit-reveal seed (32 random bytes, hex) and its SHA-256, shown from creation. */
export function newDrawSeed(): { seed: string; hash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, hash: createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex') };
}

/** The game's board as the ticket hashes it: 10x10, row = x (team A's axis), column = y, owners by user id. */
export async function drawBoardOf(db: Executor, gameId: string): Promise<DrawBoard> {
  // D36: the board's own shape (10 x 10, 5 x 10 or 5 x 5) is part of the hashed board text.
  const { rows, columns, squares } = await drawsRepository(db).boardOwners(gameId);
  const owners: (string | null)[] = Array.from({ length: rows * columns }, () => null);
  for (const square of squares) owners[square.x * columns + square.y] = square.user_id;
  return { rows, columns, owners };
}

interface GameForDraw {
  id: string;
  game_type: string;
  number_sets: string;
  draw_seed: string | null;
  draw_seed_hash: string | null;
}

export function rangesOf(game: Pick<GameForDraw, 'game_type' | 'number_sets'>): NumberSetRange[] {
  return numberSetRanges(periodModel(game.game_type), game.number_sets as NumberSetMode);
}

/**
 * The commit-reveal ticket: the chain line carries the commit (SHA-256 of the seed) and the round
 * line the draw's ordinal in the game (1 for the first draw, counting every draw of every set and
 * every redraw after a Clear), so no two draws of a game share a ticket.
 */
export function commitRevealTicket(gameId: string, setNumber: number, boardHash: string, commitHash: string, ordinal: number): DrawTicket {
  return { gameId, setNumber, boardHash, chainHash: commitHash, round: ordinal };
}

/**
 * Tickets and draws set `setNumber` of a commit-reveal game at once (D38): the digits come from
 * HMAC-SHA256 under the game's seed. The seed is published (stored as revealed) with the game's
 * last set, so earlier sets cannot be foretold from it. Returns the digits.
 */
export async function drawByCommitReveal(
  db: Executor,
  game: GameForDraw,
  setNumber: number,
  adminId: string | null,
  at: string,
): Promise<{ x: number[]; y: number[] }> {
  if (!game.draw_seed || !game.draw_seed_hash) throw new Error(`game ${game.id} has no commit-reveal seed`);
  const range = rangesOf(game).find((candidate) => candidate.set === setNumber);
  if (!range) throw new RangeError(`game ${game.id} has no number set ${setNumber}`);
  const repo = drawsRepository(db);
  const board = await drawBoardOf(db, game.id);
  const boardHash = hashBoard(board);
  const ordinal = (await repo.drawCount(game.id)) + 1;
  const ticket = commitRevealTicket(game.id, setNumber, boardHash, game.draw_seed_hash, ordinal);
  const digits = digitsForTicket(ticket, game.draw_seed);
  const x = [...digits.rowDigits];
  const y = [...digits.columnDigits];
  const xText = JSON.stringify(x);
  const yText = JSON.stringify(y);
  const isLast = setNumber === rangesOf(game).length;
  const values: DigitSetValues = {
    first_period: range.firstPeriod,
    last_period: range.lastPeriod,
    method: 'commit-reveal' as const,
    board_hash: boardHash,
    chain_hash: null,
    round: ordinal,
    commit_hash: game.draw_seed_hash,
    ticketed_at: at,
    ticketed_by: adminId,
    x_axis_numbers: xText,
    y_axis_numbers: yText,
    beacon_randomness: null,
    beacon_signature: null,
    revealed_seed: isLast ? game.draw_seed : null,
    drawn_at: at,
    drawn_by: adminId,
    lease_owner: null,
    lease_until: null,
    last_error: null,
    last_error_at: null,
    // D40: a redraw's new digits are told again.
    numbers_mailed_at: null,
  };
  await repo.saveSet(game.id, setNumber, values);
  // The seed is out: every earlier set of this game can now be checked too.
  if (isLast) await repo.revealSeed(game.id, game.draw_seed);
  if (setNumber === 1) await repo.mirrorSetOne(game.id, { x_axis_numbers: xText, y_axis_numbers: yText, generated_at: at, generated_by: adminId });
  await repo.log({
    game_id: game.id,
    action: 'drawn',
    x_axis_numbers: xText,
    y_axis_numbers: yText,
    admin_user_id: adminId,
    created_at: at,
    set_number: setNumber,
    method: 'commit-reveal',
    board_hash: boardHash,
    round: ordinal,
    commit_hash: game.draw_seed_hash,
    revealed_seed: isLast ? game.draw_seed : null,
  });
  return { x, y };
}

/** What writing a beacon ticket needs of the beacon: its chain and its round timing (no network). */
export type BeaconTicketing = Pick<BeaconProvider, 'chain' | 'nextRoundAfter'>;

/** D38: a ticket's round is the first one due at least this long after the ticket is written. */
export const TICKET_LEAD_SECONDS = 10;

/**
 * Tickets set `setNumber` of a beacon game (D38): the board's hash, the chain and the first round
 * due at least 10 s from `now`, with no digits. The beacon draw job (beacon-draws.ts) fetches and
 * verifies that round, and only that round, once it is out. Returns the round.
 */
export async function ticketBeaconSet(
  db: Executor,
  game: GameForDraw,
  setNumber: number,
  adminId: string | null,
  now: Date,
  beacon: BeaconTicketing,
): Promise<number> {
  const range = rangesOf(game).find((candidate) => candidate.set === setNumber);
  if (!range) throw new RangeError(`game ${game.id} has no number set ${setNumber}`);
  const boardHash = hashBoard(await drawBoardOf(db, game.id));
  const round = beacon.nextRoundAfter(now, TICKET_LEAD_SECONDS);
  const values: DigitSetValues = {
    first_period: range.firstPeriod,
    last_period: range.lastPeriod,
    method: 'beacon',
    board_hash: boardHash,
    chain_hash: beacon.chain.chainHash,
    round,
    commit_hash: null,
    ticketed_at: now.toISOString(),
    ticketed_by: adminId,
    x_axis_numbers: null,
    y_axis_numbers: null,
    beacon_randomness: null,
    beacon_signature: null,
    revealed_seed: null,
    drawn_at: null,
    drawn_by: null,
    lease_owner: null,
    lease_until: null,
    attempts: 0,
    last_error: null,
    last_error_at: null,
    // D40: a set ticketed again (a redraw) is told again once drawn.
    numbers_mailed_at: null,
  };
  await drawsRepository(db).saveSet(game.id, setNumber, values);
  return round;
}

/**
 * A Clear (D18, D38): every set goes, each logged with its ticket and digits; a commit-reveal game
 * gets a new seed (the old one is published in the log), so the next draw cannot be foretold.
 * True when anything was cleared.
 */
export async function clearDigitSets(
  { row: game, tx: db }: { readonly row: GameForDraw; readonly tx: Executor },
  adminId: string,
  at: string,
): Promise<boolean> {
  const repo = drawsRepository(db);
  const sets = await repo.digitSets(game.id);
  for (const set of sets) {
    await repo.log({
      game_id: game.id,
      action: 'cleared',
      x_axis_numbers: set.x_axis_numbers,
      y_axis_numbers: set.y_axis_numbers,
      admin_user_id: adminId,
      created_at: at,
      set_number: set.set_number,
      method: set.method,
      board_hash: set.board_hash,
      chain_hash: set.chain_hash,
      round: set.round,
      commit_hash: set.commit_hash,
      beacon_randomness: set.beacon_randomness,
      beacon_signature: set.beacon_signature,
      revealed_seed: set.method === 'commit-reveal' ? game.draw_seed : set.revealed_seed,
    });
  }
  const mirrorCleared = await repo.removeSets(game.id);
  if (game.draw_seed && sets.some((set) => set.method === 'commit-reveal')) {
    const fresh = newDrawSeed();
    await repo.setSeed(game.id, fresh.seed, fresh.hash);
  }
  return sets.length > 0 || mirrorCleared;
}

/** A stored set as the board and the verify page show it; digits only when `showDigits`. */
export function toBoardDigitSet(game: Pick<GameForDraw, 'id' | 'game_type'>, row: DigitSetRow, showDigits: boolean): BoardDigitSet {
  const model = periodModel(game.game_type);
  const digits = showDigits && row.x_axis_numbers !== null && row.y_axis_numbers !== null;
  return {
    set: row.set_number,
    first_period: row.first_period,
    last_period: row.last_period,
    periods_label: numberSetPeriodsLabel(model, { set: row.set_number, firstPeriod: row.first_period as Period, lastPeriod: row.last_period as Period }),
    method: row.method,
    board_hash: row.board_hash,
    chain_hash: row.chain_hash,
    round: row.round,
    commit_hash: row.commit_hash,
    drawn_at: row.drawn_at,
    x_axis_numbers: digits ? parseAxis(game.id, row.x_axis_numbers!) : null,
    y_axis_numbers: digits ? parseAxis(game.id, row.y_axis_numbers!) : null,
    beacon_randomness: digits ? row.beacon_randomness : null,
    beacon_signature: digits ? row.beacon_signature : null,
    revealed_seed: digits ? row.revealed_seed : null,
  };
}
