import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { boardHash, boardText, deriveDigits, fromHex, ticketText, toHex, type DrawTicket, type HmacSha256 } from './draw-derivation';

const sha256 = (data: Uint8Array): Uint8Array => createHash('sha256').update(data).digest();
const hmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();

// The vectors of docs/decisions/027-verifiable-draws.md (checked there against a separate Python
// implementation): a 5x5 board, and quicknet's real round 1000 (its randomness, sha256 of its signature).
const BOARD = { rows: 5, columns: 5, owners: Array.from({ length: 25 }, (_, i) => (i % 3 === 0 ? null : `user-${i % 4}`)) };
const BOARD_HASH = '9a3291ca3cbad77a421221b8e82c1d12944105673bcc0d02b42605b8ca2aba34';
const QUICKNET_HASH = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';
const ROUND_1000_RANDOMNESS = 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd';
const TICKET: DrawTicket = { gameId: 'game-1', setNumber: 1, boardHash: BOARD_HASH, chainHash: QUICKNET_HASH, round: 1000 };

/** The 0.999 quantile of chi-square with 9 degrees of freedom. */
const CHI_SQUARE_9_999 = 27.877;

describe('board hash', () => {
  it('serializes the shape and every square in position order, unsold squares empty', () => {
    const text = boardText(BOARD);
    expect(text.startsWith('squares-pool board v1\nshape:5x5\n0:\n1:user-1\n2:user-2\n3:\n')).toBe(true);
    expect(text.endsWith('23:user-3\n24:\n')).toBe(true);
    expect(boardHash(BOARD, sha256)).toBe(BOARD_HASH);
  });

  it('changes when any one owner changes, or the shape does', () => {
    const moved = { ...BOARD, owners: BOARD.owners.map((owner, i) => (i === 24 ? 'user-9' : owner)) };
    expect(boardHash(moved, sha256)).not.toBe(BOARD_HASH);
    const unsold = { ...BOARD, owners: BOARD.owners.map((owner, i) => (i === 1 ? null : owner)) };
    expect(boardHash(unsold, sha256)).not.toBe(BOARD_HASH);
    expect(boardHash({ rows: 10, columns: 10, owners: Array(100).fill(null) }, sha256)).not.toBe(
      boardHash({ rows: 5, columns: 20, owners: Array(100).fill(null) }, sha256),
    );
  });

  it('refuses owners that would make the text ambiguous, and a wrong square count', () => {
    expect(() => boardText({ ...BOARD, owners: BOARD.owners.map((o, i) => (i === 2 ? 'a\n3:b' : o)) })).toThrow(/owner of square 2/);
    expect(() => boardText({ ...BOARD, owners: BOARD.owners.map((o, i) => (i === 2 ? '' : o)) })).toThrow(/owner of square 2/);
    expect(() => boardText({ ...BOARD, owners: BOARD.owners.slice(1) })).toThrow(/has 25 squares, got 24/);
  });
});

describe('ticket', () => {
  it('is six lines in a fixed order', () => {
    expect(ticketText(TICKET)).toBe(`squares-pool draw v1\ngame:game-1\nset:1\nboard:${BOARD_HASH}\nchain:${QUICKNET_HASH}\nround:1000`);
  });

  it('refuses malformed fields', () => {
    expect(() => ticketText({ ...TICKET, round: 0 })).toThrow(/round/);
    expect(() => ticketText({ ...TICKET, setNumber: 1.5 })).toThrow(/set number/);
    expect(() => ticketText({ ...TICKET, boardHash: BOARD_HASH.toUpperCase() })).toThrow(/board hash/);
    expect(() => ticketText({ ...TICKET, gameId: 'a b' })).toThrow(/game id/);
  });
});

describe('digit derivation', () => {
  it('gives the documented digits for the documented inputs, each axis a permutation of 0-9', () => {
    const digits = deriveDigits(TICKET, ROUND_1000_RANDOMNESS, hmac);
    expect(digits).toEqual({ rowDigits: [8, 7, 2, 1, 6, 3, 5, 0, 4, 9], columnDigits: [5, 8, 7, 0, 6, 9, 2, 4, 1, 3] });
    expect(deriveDigits(TICKET, ROUND_1000_RANDOMNESS, hmac)).toEqual(digits);
    for (const axis of [digits.rowDigits, digits.columnDigits]) expect([...axis].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('depends on every ticket field and on the randomness', () => {
    const base = JSON.stringify(deriveDigits(TICKET, ROUND_1000_RANDOMNESS, hmac));
    const variants: DrawTicket[] = [
      { ...TICKET, gameId: 'game-2' },
      { ...TICKET, setNumber: 2 },
      { ...TICKET, boardHash: '0'.repeat(64) },
      { ...TICKET, chainHash: '1'.repeat(64) },
      { ...TICKET, round: 1001 },
    ];
    for (const ticket of variants) expect(JSON.stringify(deriveDigits(ticket, ROUND_1000_RANDOMNESS, hmac))).not.toBe(base);
    expect(JSON.stringify(deriveDigits(TICKET, '0'.repeat(64), hmac))).not.toBe(base);
  });

  it('keys the HMAC with the randomness and labels each axis and block in the message', () => {
    const calls: { key: string; message: string }[] = [];
    deriveDigits(TICKET, ROUND_1000_RANDOMNESS, (key, message) => {
      calls.push({ key: toHex(key), message: new TextDecoder().decode(message) });
      return hmac(key, message);
    });
    expect(calls.map((call) => call.key)).toEqual([ROUND_1000_RANDOMNESS, ROUND_1000_RANDOMNESS]);
    expect(calls.map((call) => call.message)).toEqual([`${ticketText(TICKET)}\naxis:rows\nblock:0`, `${ticketText(TICKET)}\naxis:columns\nblock:0`]);
  });

  it('skips the bytes that would bias a remainder, reading further blocks when needed', () => {
    // Every byte 250-255 must be rejected for the first pick (n = 10: 250 is the largest multiple
    // of 10 below 256); a block of only such bytes forces block 1, whose bytes are all 0.
    const blocks: string[] = [];
    const digits = deriveDigits(TICKET, ROUND_1000_RANDOMNESS, (_key, message) => {
      const text = new TextDecoder().decode(message);
      blocks.push(text.slice(text.lastIndexOf('\naxis:') + 1));
      return text.endsWith('block:0') ? new Uint8Array(32).fill(250 + (blocks.length % 6)) : new Uint8Array(32);
    });
    expect(blocks).toEqual(['axis:rows\nblock:0', 'axis:rows\nblock:1', 'axis:columns\nblock:0', 'axis:columns\nblock:1']);
    // All-zero bytes: j = 0 at every step of Fisher-Yates (swap i with 0, i = 9..1).
    expect(digits.rowDigits).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 0]);
    expect(digits.columnDigits).toEqual(digits.rowDigits);
  });

  it('draws every digit equally often at every position (chi-square over 20,000 draws from fixed inputs)', () => {
    const draws = 20_000;
    const counts = { rowDigits: [] as number[][], columnDigits: [] as number[][] };
    for (const axis of [counts.rowDigits, counts.columnDigits]) for (let p = 0; p < 10; p += 1) axis.push(Array(10).fill(0) as number[]);
    for (let i = 0; i < draws; i += 1) {
      const digits = deriveDigits({ ...TICKET, round: 1 + i }, ROUND_1000_RANDOMNESS, hmac);
      digits.rowDigits.forEach((digit, position) => (counts.rowDigits[position]![digit]! += 1));
      digits.columnDigits.forEach((digit, position) => (counts.columnDigits[position]![digit]! += 1));
    }
    const expected = draws / 10;
    const statistics = [...counts.rowDigits, ...counts.columnDigits].map((row) =>
      row.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0),
    );
    expect(statistics).toHaveLength(20);
    for (const statistic of statistics) expect(statistic).toBeLessThan(CHI_SQUARE_9_999);
  });
});

describe('hex', () => {
  it('round-trips and refuses odd or non-hex text', () => {
    expect(toHex(fromHex('00ff10Ab'))).toBe('00ff10ab');
    expect(() => fromHex('abc')).toThrow(/hex/);
    expect(() => fromHex('zz')).toThrow(/hex/);
  });
});
