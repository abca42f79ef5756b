import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawBoard } from '@core/draw-derivation';
import { startFakeDrand, type FakeDrand } from '../../../tests/support/fake-drand';
import { DrandHttpBeacon } from './beacon';
import { digitsForTicket, hashBoard } from './derive';
import { verifyDraw, type PublishedDraw } from './verify';

let node: FakeDrand;
let draw: PublishedDraw;

const BOARD: DrawBoard = {
  rows: 10,
  columns: 10,
  owners: Array.from({ length: 100 }, (_, i) => (i % 7 === 0 ? null : `player-${i % 9}`)),
};

beforeAll(async () => {
  node = await startFakeDrand({ released: 100 });
  // A draw as the server will make it: the ticket first, then the verified round, then the digits.
  const beacon = new DrandHttpBeacon({ baseUrl: node.url, chain: node.chain, firstRetryMs: 10 });
  const ticket = { gameId: 'g-7f3a', setNumber: 2, boardHash: hashBoard(BOARD), chainHash: node.chain.chainHash, round: 77 };
  const round = await beacon.round(ticket.round, AbortSignal.timeout(10_000));
  draw = { ticket, board: BOARD, beacon: round, digits: digitsForTicket(ticket, round.randomness) };
});

afterAll(async () => {
  await node.close();
});

const codes = (published: PublishedDraw): string[] => verifyDraw(published, node.chain).map((problem) => problem.code);

describe('verifying a published draw', () => {
  it('accepts a real draw through the fake node', () => {
    expect(verifyDraw(draw, node.chain)).toEqual([]);
    // Published values are often upper-case hex somewhere along the way: still the same draw.
    expect(verifyDraw({ ...draw, beacon: { ...draw.beacon, signature: draw.beacon.signature.toUpperCase() } }, node.chain)).toEqual([]);
  });

  it('refuses a forged signature', async () => {
    // Another key's signature of the same round, with randomness and digits that match it.
    const forger = await startFakeDrand();
    try {
      const forged = forger.signed(77);
      const published = { ...draw, beacon: forged, digits: digitsForTicket(draw.ticket, forged.randomness) };
      expect(verifyDraw(published, node.chain)).toEqual([
        { code: 'signature', message: "the signature is not the beacon's signature of round 77 under the chain's public key" },
      ]);
    } finally {
      await forger.close();
    }
  });

  it('refuses a changed board', () => {
    const owners = BOARD.owners.map((owner, i) => (i === 50 ? 'player-x' : owner));
    const problems = verifyDraw({ ...draw, board: { ...BOARD, owners } }, node.chain);
    expect(problems).toEqual([
      { code: 'board', message: `the published board hashes to ${hashBoard({ ...BOARD, owners })}, the ticket says ${draw.ticket.boardHash}` },
    ]);
  });

  it('refuses a changed round, in the beacon alone or in the ticket and beacon together', () => {
    expect(codes({ ...draw, beacon: { ...draw.beacon, round: 78 } })).toEqual(['round']);
    // Both say 78, but the signature is round 77's, and the digits would be 78's ticket's.
    const ticket = { ...draw.ticket, round: 78 };
    expect(codes({ ...draw, ticket, beacon: { ...draw.beacon, round: 78 } })).toEqual(['signature', 'digits', 'digits']);
    // A genuine round 78 does not stand in for the ticket's 77.
    const round78 = node.signed(78);
    expect(codes({ ...draw, beacon: round78, digits: digitsForTicket(draw.ticket, round78.randomness) })).toEqual(['round', 'signature']);
  });

  it('refuses swapped digits', () => {
    const rowDigits = [...draw.digits.rowDigits];
    [rowDigits[0], rowDigits[1]] = [rowDigits[1]!, rowDigits[0]!];
    const problems = verifyDraw({ ...draw, digits: { ...draw.digits, rowDigits } }, node.chain);
    expect(problems).toEqual([{ code: 'digits', message: `the row digits should be ${draw.digits.rowDigits.join(' ')}, published ${rowDigits.join(' ')}` }]);
    const swappedAxes = { rowDigits: draw.digits.columnDigits, columnDigits: draw.digits.rowDigits };
    expect(codes({ ...draw, digits: swappedAxes })).toEqual(['digits', 'digits']);
  });

  it('refuses randomness that is not the hash of the signature, another chain, and malformed values', () => {
    expect(codes({ ...draw, beacon: { ...draw.beacon, randomness: 'ab'.repeat(32) } })).toEqual(['randomness']);
    expect(codes({ ...draw, ticket: { ...draw.ticket, chainHash: '0'.repeat(64) } })).toEqual(['chain', 'digits', 'digits']);
    const malformed = verifyDraw({ ...draw, beacon: { ...draw.beacon, signature: 'xyz' } }, node.chain);
    expect(malformed.map((problem) => problem.code)).toEqual(['signature', 'malformed']);
    expect(malformed[1]?.message).toMatch(/^the signature: not an even-length hex string/);
  });
});
