/**
 * The beacon draw job (D38, design note 030 "The beacon path"): every instance runs it; each set
 * ticketed and not drawn is claimed by one instance at a time with a conditional update on its
 * lease, its round fetched and verified once due, the digits derived from that round and stored
 * with the beacon's randomness and signature. It waits and retries (the lease runs out, another
 * run or instance picks the set up, a restart too); it never draws a set from anything but the
 * round on its ticket.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';
import type { GameEvents } from '../realtime/events';
import { publishSafely } from '../realtime/publish';
import { periodicJob, type PeriodicJob } from '../jobs/periodic';
import type { BeaconProvider } from './beacon';
import { digitsForTicket } from './derive';

export interface BeaconDrawOptions {
  readonly db: Kysely<Database>;
  readonly beacon: BeaconProvider;
  readonly events: GameEvents;
  readonly log: Logger;
  readonly clock: () => Date;
  /** How long one claim lasts; a crashed instance's claim is taken over after it. */
  readonly leaseMs?: number;
  /** How long one attempt waits for its round before handing the set back (it is tried again). */
  readonly fetchMs?: number;
  readonly intervalMs?: number;
  /** D40: "numbers are drawn", queued in the draw's transaction (shown games only); `nudge` after commit. */
  readonly mails?: { numbersDrawn(tx: Kysely<Database>, gameId: string): Promise<number>; nudge(): void };
}

export interface BeaconDraws extends PeriodicJob {
  /** One pass: claims every due set, fetches and draws them. Resolves with the sets drawn here. */
  drawDue(): Promise<number>;
}

interface Claimed {
  game_id: string;
  set_number: number;
  board_hash: string;
  chain_hash: string;
  round: number;
  ticketed_by: string | null;
}

/**
 * The sets a pass may claim: beacon sets of this chain not drawn, whose round is due and whose
 * lease is free or ran out. Its method and drawn_at terms are the partial index
 * `digit_sets_waiting`'s (migration 019), the method a literal so that even a generic plan may use
 * it: both databases answer from that index, empty while nothing waits (design note 027, "Why the
 * job polls").
 */
export function dueSetsQuery(db: Kysely<Database>, chainHash: string, due: number, now: Date) {
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

export function beaconDraws(options: BeaconDrawOptions): BeaconDraws {
  const { db, beacon, events, log, clock } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const fetchMs = Math.min(options.fetchMs ?? 20_000, leaseMs - 1000);
  const owner = randomUUID();
  const stopping = new AbortController();

  async function claim(set: Claimed): Promise<boolean> {
    const now = clock();
    const result = await db
      .updateTable('digit_sets')
      .set((eb) => ({ lease_owner: owner, lease_until: new Date(now.getTime() + leaseMs).toISOString(), attempts: eb('attempts', '+', 1) }))
      .where('game_id', '=', set.game_id)
      .where('set_number', '=', set.set_number)
      .where('method', '=', sql.lit('beacon'))
      .where('drawn_at', 'is', null)
      .where('round', '=', set.round)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString())]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Hands the set back (after a miss, a refused round or a stop) so the next run tries again; an
   * error is stored with its time for the admin's game-day page (a stop keeps the last one).
   */
  async function release(set: Claimed, error: string | null): Promise<void> {
    await db
      .updateTable('digit_sets')
      .set({ lease_owner: null, lease_until: null, ...(error === null ? {} : { last_error: error, last_error_at: clock().toISOString() }) })
      .where('game_id', '=', set.game_id)
      .where('set_number', '=', set.set_number)
      .where('lease_owner', '=', owner)
      .execute();
  }

  async function draw(set: Claimed): Promise<boolean> {
    const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(fetchMs)]);
    let round;
    try {
      round = await beacon.round(set.round, signal);
    } catch (err) {
      const message = stopping.signal.aborted
        ? 'stopped while waiting for the round'
        : signal.aborted
          ? `drand round ${set.round} was not out within ${Math.round(fetchMs / 1000)} s; trying again`
          : (err as Error).message;
      if (!stopping.signal.aborted) log.warn({ err, gameId: set.game_id, set: set.set_number, round: set.round }, `beacon draw waits: ${message}`);
      await release(set, stopping.signal.aborted ? null : message).catch((releaseErr: unknown) =>
        log.warn({ err: releaseErr }, 'a beacon draw claim could not be handed back; it runs out'),
      );
      return false;
    }
    const digits = digitsForTicket(
      { gameId: set.game_id, setNumber: set.set_number, boardHash: set.board_hash, chainHash: set.chain_hash, round: set.round },
      round.randomness,
    );
    const x = JSON.stringify(digits.rowDigits);
    const y = JSON.stringify(digits.columnDigits);
    const at = clock().toISOString();
    let trxTold = false;
    const drawn = await db.transaction().execute(async (trx) => {
      // Only our claim on this very ticket (a Clear may have replaced it meanwhile) is drawn.
      const updated = await trx
        .updateTable('digit_sets')
        .set({
          x_axis_numbers: x,
          y_axis_numbers: y,
          beacon_randomness: round.randomness,
          beacon_signature: round.signature,
          drawn_at: at,
          drawn_by: set.ticketed_by,
          lease_owner: null,
          lease_until: null,
          last_error: null,
          last_error_at: null,
        })
        .where('game_id', '=', set.game_id)
        .where('set_number', '=', set.set_number)
        .where('lease_owner', '=', owner)
        .where('drawn_at', 'is', null)
        .where('round', '=', set.round)
        .where('board_hash', '=', set.board_hash)
        .where('chain_hash', '=', set.chain_hash)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      if (set.set_number === 1) {
        const mirror = { x_axis_numbers: x, y_axis_numbers: y, generated_at: at, generated_by: set.ticketed_by };
        await trx
          .insertInto('game_grid_numbers')
          .values({ game_id: set.game_id, ...mirror })
          .onConflict((oc) => oc.column('game_id').doUpdateSet(mirror))
          .execute();
      }
      await trx
        .insertInto('grid_draws')
        .values({
          id: randomUUID(),
          game_id: set.game_id,
          action: 'drawn',
          x_axis_numbers: x,
          y_axis_numbers: y,
          admin_user_id: set.ticketed_by,
          created_at: at,
          set_number: set.set_number,
          method: 'beacon',
          board_hash: set.board_hash,
          chain_hash: set.chain_hash,
          round: set.round,
          beacon_randomness: round.randomness,
          beacon_signature: round.signature,
        })
        .execute();
      // D40: "numbers are drawn" in this transaction (a shown game's owners; nothing while hidden).
      const told = (await options.mails?.numbersDrawn(trx, set.game_id)) ?? 0;
      if (told > 0) trxTold = true;
      return true;
    });
    if (trxTold) options.mails?.nudge();
    if (drawn) {
      log.info({ gameId: set.game_id, set: set.set_number, round: set.round }, 'numbers drawn from the drand beacon');
      publishSafely(events, log, set.game_id, 'numbers');
    }
    return drawn;
  }

  async function drawDue(): Promise<number> {
    const now = clock();
    const waiting = await dueSetsQuery(db, beacon.chain.chainHash, beacon.roundAt(now), now).execute();
    const sets = waiting.filter((row): row is Claimed => row.board_hash !== null && row.chain_hash !== null && row.round !== null);
    const results = await Promise.all(
      sets.map(async (set) => {
        if (stopping.signal.aborted || !(await claim(set))) return false;
        return draw(set);
      }),
    );
    return results.filter(Boolean).length;
  }

  const job = periodicJob('beacon draws', drawDue, options.intervalMs ?? beacon.chain.periodSeconds * 1000, log);
  return {
    ...job,
    drawDue,
    async stop() {
      stopping.abort(new Error('the beacon draw job stopped'));
      await job.stop();
    },
  };
}
