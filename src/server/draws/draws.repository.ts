import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../db/executor';
import type { DigitSetsTable, GridDrawsTable } from '../db/schema';

export type DigitSetRow = Selectable<DigitSetsTable>;

/** A set's ticket (and, for commit-reveal, its digits): every column but the key and the attempt count. */
export type DigitSetValues = Omit<Insertable<DigitSetsTable>, 'game_id' | 'set_number'>;

/** One line of the draw log (D17): a draw or a Clear, with its set's ticket. */
export type DrawLogEntry = Omit<Insertable<GridDrawsTable>, 'id'>;

/** Set 1's digits as `game_grid_numbers` mirrors them for every reader of "the numbers". */
interface SetOneMirror {
  x_axis_numbers: string;
  y_axis_numbers: string;
  generated_at: string;
  generated_by: string | null;
}

/** A ticketed beacon set the job may draw (its ticket's fields). */
export interface WaitingBeaconSet {
  game_id: string;
  set_number: number;
  board_hash: string;
  chain_hash: string;
  round: number;
}

export function digitSetsOf(db: Executor, gameId: string): Promise<DigitSetRow[]> {
  return db.selectFrom('digit_sets').selectAll().where('game_id', '=', gameId).orderBy('set_number').execute();
}

/**
 * The sets a pass may claim: beacon sets of this chain not drawn, whose round is due and whose
 * lease is free or ran out. Its method and drawn_at terms are the partial index
 * `digit_sets_waiting`'s (migration 019), the method a literal so that even a generic plan may use
 * it: both databases answer from that index, empty while nothing waits (design note 027, "Why the
 * job polls").
 */
export function dueSetsQuery(db: Executor, chainHash: string, due: number, now: Date) {
  return (
    db
      .selectFrom('digit_sets')
      .select(['game_id', 'set_number', 'board_hash', 'chain_hash', 'round', 'ticketed_by'])
      .where('drawn_at', 'is', null)
      .where('method', '=', sql.lit('beacon'))
      // A ticket names its chain: only that chain's rounds can draw it.
      .where('chain_hash', '=', chainHash)
      .where('round', '<=', due)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString())]))
  );
}

/**
 * A game's digit sets (D35, D38; design note 030), its draw log and set 1's mirror in
 * `game_grid_numbers`, and the beacon job's leases. Game day's writes run on the game's lock
 * (`drawsRepository(game.tx)`); the beacon job claims each set with a conditional update.
 */
export function drawsRepository(db: Executor) {
  return {
    digitSets: (gameId: string) => digitSetsOf(db, gameId),

    /** The board's shape and who owns each sold square: what a ticket hashes (digit-sets.ts drawBoardOf). */
    async boardOwners(gameId: string): Promise<{ rows: number; columns: number; squares: { x: number; y: number; user_id: string }[] }> {
      const { board_rows: rows, board_columns: columns } = await db
        .selectFrom('games')
        .select(['board_rows', 'board_columns'])
        .where('id', '=', gameId)
        .executeTakeFirstOrThrow();
      const squares = await db.selectFrom('squares').select(['x', 'y', 'user_id']).where('game_id', '=', gameId).where('status', '=', 'claimed').execute();
      return { rows, columns, squares };
    },

    /** How many draws the game's log holds (every set, every redraw after a Clear). */
    async drawCount(gameId: string): Promise<number> {
      const row = await db
        .selectFrom('grid_draws')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('game_id', '=', gameId)
        .where('action', '=', 'drawn')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Writes a set's ticket (and digits), replacing the set's earlier one. */
    async saveSet(gameId: string, setNumber: number, values: DigitSetValues): Promise<void> {
      await db
        .insertInto('digit_sets')
        .values({ game_id: gameId, set_number: setNumber, ...values })
        .onConflict((oc) => oc.columns(['game_id', 'set_number']).doUpdateSet(values))
        .execute();
    },

    /** The commit-reveal seed is out: every commit-reveal set of the game carries it. */
    async revealSeed(gameId: string, seed: string): Promise<void> {
      await db.updateTable('digit_sets').set({ revealed_seed: seed }).where('game_id', '=', gameId).where('method', '=', 'commit-reveal').execute();
    },

    /** Set 1's digits into `game_grid_numbers`, which every reader of "the numbers" uses. */
    async mirrorSetOne(gameId: string, mirror: SetOneMirror): Promise<void> {
      await db
        .insertInto('game_grid_numbers')
        .values({ game_id: gameId, ...mirror })
        .onConflict((oc) => oc.column('game_id').doUpdateSet(mirror))
        .execute();
    },

    async log(entry: DrawLogEntry): Promise<void> {
      await db
        .insertInto('grid_draws')
        .values({ id: randomUUID(), ...entry })
        .execute();
    },

    /** Deletes every set and set 1's mirror; true when the mirror had a row (a game drawn before sets existed). */
    async removeSets(gameId: string): Promise<boolean> {
      await db.deleteFrom('digit_sets').where('game_id', '=', gameId).execute();
      const mirror = await db.deleteFrom('game_grid_numbers').where('game_id', '=', gameId).executeTakeFirst();
      return Number(mirror.numDeletedRows) > 0;
    },

    /** The game's commit-reveal seed and its commit (SHA-256). */
    async setSeed(gameId: string, seed: string, hash: string): Promise<void> {
      await db.updateTable('games').set({ draw_seed: seed, draw_seed_hash: hash }).where('id', '=', gameId).execute();
    },

    /** True when a set of the game has published the seed (a game with one set publishes it with its draw). */
    async seedPublished(gameId: string): Promise<boolean> {
      const row = await db
        .selectFrom('digit_sets')
        .select('set_number')
        .where('game_id', '=', gameId)
        .where('revealed_seed', 'is not', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    async hasSet(gameId: string, setNumber: number): Promise<boolean> {
      const row = await db.selectFrom('digit_sets').select('set_number').where('game_id', '=', gameId).where('set_number', '=', setNumber).executeTakeFirst();
      return row !== undefined;
    },

    /** A beacon set's round and whether it is drawn; undefined when the set is not a beacon one. */
    beaconSet(gameId: string, setNumber: number): Promise<{ round: number | null; drawn_at: string | null } | undefined> {
      return db
        .selectFrom('digit_sets')
        .select(['round', 'drawn_at'])
        .where('game_id', '=', gameId)
        .where('set_number', '=', setNumber)
        .where('method', '=', 'beacon')
        .executeTakeFirst();
    },

    /** A set's digits (null until drawn); undefined when the set does not exist. */
    setDigits(gameId: string, setNumber: number): Promise<{ x_axis_numbers: string | null; y_axis_numbers: string | null } | undefined> {
      return db
        .selectFrom('digit_sets')
        .select(['x_axis_numbers', 'y_axis_numbers'])
        .where('game_id', '=', gameId)
        .where('set_number', '=', setNumber)
        .executeTakeFirst();
    },

    /** The beacon sets of this chain waiting to be drawn, their round due by `due`, not leased at `now`. */
    dueBeaconSets: (chainHash: string, due: number, now: Date) => dueSetsQuery(db, chainHash, due, now).execute(),

    /** Claims a waiting set for `owner` until `leaseUntil`, by one conditional update: one instance at a time. */
    async claimBeaconSet(set: WaitingBeaconSet, owner: string, now: Date, leaseUntil: string): Promise<boolean> {
      const result = await db
        .updateTable('digit_sets')
        .set((eb) => ({ lease_owner: owner, lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('game_id', '=', set.game_id)
        .where('set_number', '=', set.set_number)
        .where('method', '=', sql.lit('beacon'))
        .where('drawn_at', 'is', null)
        .where('round', '=', set.round)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString())]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Hands `owner`'s claim back, with the error (and its time) for the admin's game-day page, if any. */
    async releaseBeaconSet(set: WaitingBeaconSet, owner: string, error: { message: string; at: string } | null): Promise<void> {
      await db
        .updateTable('digit_sets')
        .set({ lease_owner: null, lease_until: null, ...(error === null ? {} : { last_error: error.message, last_error_at: error.at }) })
        .where('game_id', '=', set.game_id)
        .where('set_number', '=', set.set_number)
        .where('lease_owner', '=', owner)
        .execute();
    },

    /**
     * Stores a beacon set's digits, only on `owner`'s claim of this very ticket (a Clear may have
     * replaced it meanwhile): true when it did.
     */
    async storeBeaconDraw(
      set: WaitingBeaconSet,
      owner: string,
      drawn: { x_axis_numbers: string; y_axis_numbers: string; beacon_randomness: string; beacon_signature: string; drawn_at: string; drawn_by: string | null },
    ): Promise<boolean> {
      const updated = await db
        .updateTable('digit_sets')
        .set({ ...drawn, lease_owner: null, lease_until: null, last_error: null, last_error_at: null })
        .where('game_id', '=', set.game_id)
        .where('set_number', '=', set.set_number)
        .where('lease_owner', '=', owner)
        .where('drawn_at', 'is', null)
        .where('round', '=', set.round)
        .where('board_hash', '=', set.board_hash)
        .where('chain_hash', '=', set.chain_hash)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
  };
}
