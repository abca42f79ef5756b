/**
 * The published values of a game's draws (D38) and their check, shared by the draw-record route
 * and `npm run verify-draw` (design note 030).
 */
import { createHmac } from 'node:crypto';
import type { DrawRecord } from '@core/api/draws';
import { commitRevealProblems } from '@core/draw-verify';
import { QUICKNET, type ChainInfo } from './beacon';
import { sha256 } from './derive';
import { verifyDraw } from './verify';

const hmac = (key: Uint8Array, message: Uint8Array) => createHmac('sha256', key).update(message).digest();

/** One set's verdict: 'verified', 'not drawn or not revealed yet', 'nothing to check' (legacy), or its problems. */
export interface SetVerdict {
  readonly set: number;
  readonly status: 'verified' | 'pending' | 'legacy' | 'mismatch';
  readonly problems: readonly string[];
}

/** Every set of `record` recomputed; beacon sets against `chain` (quicknet, pinned, unless a test's node). */
export function checkDrawRecord(record: DrawRecord, chain: ChainInfo = QUICKNET): SetVerdict[] {
  return record.sets.map((set): SetVerdict => {
    if (set.method === 'legacy') return { set: set.set, status: 'legacy', problems: [] };
    if (!set.x_axis_numbers || !set.y_axis_numbers || set.board_hash === null || set.round === null) return { set: set.set, status: 'pending', problems: [] };
    let problems: string[];
    if (set.method === 'commit-reveal') {
      if (set.revealed_seed === null || set.commit_hash === null) return { set: set.set, status: 'pending', problems: [] };
      problems = commitRevealProblems(
        {
          gameId: record.game_id,
          setNumber: set.set,
          board: record.board,
          boardHash: set.board_hash,
          commitHash: set.commit_hash,
          ordinal: set.round,
          seed: set.revealed_seed,
          rowDigits: set.x_axis_numbers,
          columnDigits: set.y_axis_numbers,
        },
        sha256,
        hmac,
      );
    } else {
      if (set.beacon_signature === null || set.beacon_randomness === null || set.chain_hash === null) return { set: set.set, status: 'pending', problems: [] };
      problems = verifyDraw(
        {
          ticket: { gameId: record.game_id, setNumber: set.set, boardHash: set.board_hash, chainHash: set.chain_hash, round: set.round },
          board: record.board,
          beacon: { round: set.round, randomness: set.beacon_randomness, signature: set.beacon_signature },
          digits: { rowDigits: set.x_axis_numbers, columnDigits: set.y_axis_numbers },
        },
        chain,
      ).map((problem) => problem.message);
    }
    return { set: set.set, status: problems.length === 0 ? 'verified' : 'mismatch', problems };
  });
}
