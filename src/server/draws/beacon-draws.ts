/**
 * The beacon draw job (D38, design note 030 "The beacon path"): every instance runs it; each set
 * ticketed and not drawn is claimed by one instance at a time with a conditional update on its
 * lease, its round fetched and verified once due, the digits derived from that round and stored
 * with the beacon's randomness and signature. It waits and retries (the lease runs out, another
 * run or instance picks the set up, a restart too); it never draws a set from anything but the
 * round on its ticket.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection';
import type { Executor } from '../db/executor';
import type { Logger } from '../logger';
import type { GameEvents } from '../realtime/events';
import { publishSafely } from '../realtime/publish';
import { periodicJob, type PeriodicJob } from '../jobs/periodic';
import type { BeaconProvider } from './beacon';
import { digitsForTicket } from './derive';
import { drawsRepository, type WaitingBeaconSet } from './draws.repository';
import type { ServiceDeps } from '../service-deps';

export interface BeaconDrawsDeps extends ServiceDeps {
  readonly db: Db;
  readonly beacon: BeaconProvider;
  readonly events: GameEvents;
  readonly log: Logger;
  /** How long one claim lasts; a crashed instance's claim is taken over after it. */
  readonly leaseMs?: number;
  /** How long one attempt waits for its round before handing the set back (it is tried again). */
  readonly fetchMs?: number;
  readonly intervalMs?: number;
  /** D40: "numbers are drawn", queued in the draw's transaction (shown games only); `nudge` after commit. */
  readonly mails?: { numbersDrawn(tx: Executor, gameId: string): Promise<number>; nudge(): void };
}

export interface BeaconDraws extends PeriodicJob {
  /** One pass: claims every due set, fetches and draws them. Resolves with the sets drawn here. */
  drawDue(): Promise<number>;
}

interface Claimed extends WaitingBeaconSet {
  ticketed_by: string | null;
}

export function beaconDraws(deps: BeaconDrawsDeps): BeaconDraws {
  const { db, beacon, events, log, clock } = deps;
  const repo = drawsRepository(db);
  const leaseMs = deps.leaseMs ?? 60_000;
  const fetchMs = Math.min(deps.fetchMs ?? 20_000, leaseMs - 1000);
  const owner = randomUUID();
  const stopping = new AbortController();

  async function claim(set: Claimed): Promise<boolean> {
    const now = clock();
    return repo.claimBeaconSet(set, owner, now, new Date(now.getTime() + leaseMs).toISOString());
  }

  /**
   * Hands the set back (after a miss, a refused round or a stop) so the next run tries again; an
   * error is stored with its time for the admin's game-day page (a stop keeps the last one).
   */
  async function release(set: Claimed, error: string | null): Promise<void> {
    await repo.releaseBeaconSet(set, owner, error === null ? null : { message: error, at: clock().toISOString() });
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
      const tx = drawsRepository(trx);
      // Only our claim on this very ticket (a Clear may have replaced it meanwhile) is drawn.
      const stored = await tx.storeBeaconDraw(set, owner, {
        x_axis_numbers: x,
        y_axis_numbers: y,
        beacon_randomness: round.randomness,
        beacon_signature: round.signature,
        drawn_at: at,
        drawn_by: set.ticketed_by,
      });
      if (!stored) return false;
      if (set.set_number === 1) await tx.mirrorSetOne(set.game_id, { x_axis_numbers: x, y_axis_numbers: y, generated_at: at, generated_by: set.ticketed_by });
      await tx.log({
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
      });
      // D40: "numbers are drawn" in this transaction (a shown game's owners; nothing while hidden).
      const told = (await deps.mails?.numbersDrawn(trx, set.game_id)) ?? 0;
      if (told > 0) trxTold = true;
      return true;
    });
    if (trxTold) deps.mails?.nudge();
    if (drawn) {
      log.info({ gameId: set.game_id, set: set.set_number, round: set.round }, 'numbers drawn from the drand beacon');
      publishSafely(events, log, set.game_id, 'numbers');
    }
    return drawn;
  }

  async function drawDue(): Promise<number> {
    const now = clock();
    const waiting = await repo.dueBeaconSets(beacon.chain.chainHash, beacon.roundAt(now), now);
    const sets = waiting.filter((row): row is Claimed => row.board_hash !== null && row.chain_hash !== null && row.round !== null);
    const results = await Promise.all(
      sets.map(async (set) => {
        if (stopping.signal.aborted || !(await claim(set))) return false;
        return draw(set);
      }),
    );
    return results.filter(Boolean).length;
  }

  const job = periodicJob('beacon draws', drawDue, deps.intervalMs ?? beacon.chain.periodSeconds * 1000, log);
  return {
    ...job,
    drawDue,
    async stop() {
      stopping.abort(new Error('the beacon draw job stopped'));
      await job.stop();
    },
  };
}
