import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { boardHash, deriveDigits, toHex, type HmacSha256 } from './draw-derivation';
import { commitRevealProblems, type PublishedCommitRevealSet } from './draw-verify';

const sha256 = (data: Uint8Array): Uint8Array => createHash('sha256').update(data).digest();
const hmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();

const SEED = '11'.repeat(32);
const COMMIT = toHex(sha256(Buffer.from(SEED, 'hex')));
const BOARD = { rows: 10, columns: 10, owners: Array.from({ length: 100 }, (_, i) => (i % 7 === 0 ? null : `u-${i % 5}`)) };
const BOARD_HASH = boardHash(BOARD, sha256);
const DIGITS = deriveDigits({ gameId: 'g-1', setNumber: 2, boardHash: BOARD_HASH, chainHash: COMMIT, round: 3 }, SEED, hmac);

const published = (changes: Partial<PublishedCommitRevealSet> = {}): PublishedCommitRevealSet => ({
  gameId: 'g-1',
  setNumber: 2,
  board: BOARD,
  boardHash: BOARD_HASH,
  commitHash: COMMIT,
  ordinal: 3,
  seed: SEED,
  rowDigits: DIGITS.rowDigits,
  columnDigits: DIGITS.columnDigits,
  ...changes,
});

describe('commit-reveal set check (D38, design note 030)', () => {
  it('accepts the set as drawn', () => {
    expect(commitRevealProblems(published(), sha256, hmac)).toEqual([]);
  });

  it('refuses a seed that is not the committed one, a changed board, another set or ordinal, swapped digits', () => {
    expect(commitRevealProblems(published({ seed: '22'.repeat(32) }), sha256, hmac)[0]).toMatch(/^the seed hashes to/);
    const board = { ...BOARD, owners: ['intruder', ...BOARD.owners.slice(1)] };
    expect(commitRevealProblems(published({ board }), sha256, hmac)).toEqual([expect.stringMatching(/^the published board hashes to/)]);
    expect(commitRevealProblems(published({ ordinal: 4 }), sha256, hmac).join('\n')).toMatch(/digits should be/);
    expect(commitRevealProblems(published({ setNumber: 1 }), sha256, hmac).join('\n')).toMatch(/digits should be/);
    const swapped = published({ rowDigits: DIGITS.columnDigits, columnDigits: DIGITS.rowDigits });
    expect(commitRevealProblems(swapped, sha256, hmac)).toHaveLength(2);
    expect(commitRevealProblems(published({ seed: 'zz' }), sha256, hmac)[0]).toMatch(/^malformed/);
  });
});
