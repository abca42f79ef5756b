/**
 * Checking a published draw from its published values alone (D38), for the verify page and
 * `npm run verify-draw`: the board, the beacon round and the digits, each with its own reason.
 */
import type { DerivedDigits, DrawBoard, DrawTicket } from '@core/draw-derivation';
import { isRoundSignature, randomnessOf, type BeaconRound, type ChainInfo } from './beacon';
import { digitsForTicket, hashBoard } from './derive';

/** Everything a draw publishes. */
export interface PublishedDraw {
  readonly ticket: DrawTicket;
  readonly board: DrawBoard;
  readonly beacon: BeaconRound;
  readonly digits: DerivedDigits;
}

export interface DrawProblem {
  readonly code: 'malformed' | 'board' | 'chain' | 'round' | 'signature' | 'randomness' | 'digits';
  readonly message: string;
}

/** Every way the published draw fails to check out; empty when it is sound. */
export function verifyDraw(draw: PublishedDraw, chain: ChainInfo): DrawProblem[] {
  const problems: DrawProblem[] = [];
  const { ticket, beacon } = draw;
  const attempt = <T>(what: string, compute: () => T): T | undefined => {
    try {
      return compute();
    } catch (error) {
      problems.push({ code: 'malformed', message: `${what}: ${(error as Error).message}` });
      return undefined;
    }
  };

  const boardHash = attempt('the board', () => hashBoard(draw.board));
  if (boardHash !== undefined && boardHash !== ticket.boardHash) {
    problems.push({ code: 'board', message: `the published board hashes to ${boardHash}, the ticket says ${ticket.boardHash}` });
  }
  if (ticket.chainHash !== chain.chainHash) {
    problems.push({ code: 'chain', message: `the ticket names chain ${ticket.chainHash}, the beacon is chain ${chain.chainHash}` });
  }
  if (beacon.round !== ticket.round) {
    problems.push({ code: 'round', message: `the ticket fixes round ${ticket.round}, the published beacon is round ${beacon.round}` });
  }
  if (!isRoundSignature(chain, ticket.round, beacon.signature.toLowerCase())) {
    problems.push({ code: 'signature', message: `the signature is not the beacon's signature of round ${ticket.round} under the chain's public key` });
  }
  const randomness = attempt('the signature', () => randomnessOf(beacon.signature.toLowerCase()));
  if (randomness !== undefined && randomness !== beacon.randomness.toLowerCase()) {
    problems.push({ code: 'randomness', message: `the randomness is not the SHA-256 of the signature (${randomness})` });
  }
  const digits = randomness === undefined ? undefined : attempt('the ticket', () => digitsForTicket(ticket, randomness));
  if (digits !== undefined) {
    for (const axis of ['rowDigits', 'columnDigits'] as const) {
      if (digits[axis].join(',') !== draw.digits[axis].join(',')) {
        const name = axis === 'rowDigits' ? 'row' : 'column';
        problems.push({ code: 'digits', message: `the ${name} digits should be ${digits[axis].join(' ')}, published ${draw.digits[axis].join(' ')}` });
      }
    }
  }
  return problems;
}
