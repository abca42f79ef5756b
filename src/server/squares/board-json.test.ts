import { describe, expect, it } from 'vitest';
import type { BoardResponse, BoardSquare } from '@core/api/board';
import { boardJson, withMine } from './board-json';

const square = (x: number, y: number, owner: string | null): BoardSquare => ({
  x,
  y,
  status: owner ? 'claimed' : 'held',
  owner_username: owner,
  owner_no_account: false,
  owner_email: null,
  mine: false,
  unpaid: false,
});

// Only the fields the encoder touches matter here; the rest of a board rides along as it is.
const board = {
  game: { id: 'g1', title: 'Ünïcödé Bowl 🏈', team_a: 'Çhiefs', team_b: 'Eagles' },
  squares: [square(0, 0, 'zoë'), square(0, 1, 'bob'), square(3, 4, null), square(9, 9, '日本')],
  numbers: null,
  winners: [],
  draws: [{ action: 'drawn', created_at: '2026-02-08T19:02:00.000Z' }],
  owing: null,
} as unknown as BoardResponse;

const decoded = (bytes: Buffer) => JSON.parse(bytes.toString('utf8')) as unknown;

describe('board JSON', () => {
  it('is the board, encoded once per board object', () => {
    const bytes = boardJson(board);
    expect(decoded(bytes)).toEqual(board);
    expect(boardJson(board)).toBe(bytes);
  });

  it('marks only the viewer’s squares in a copy, whatever the characters before them, and leaves the shared board alone', () => {
    for (const mine of [[0], [1, 3], [0, 1, 2, 3], [3], []]) {
      const copy = withMine(board, mine);
      expect(copy.squares.map((s, i) => s.mine === mine.includes(i))).toEqual([true, true, true, true]);
      expect(decoded(boardJson(copy))).toEqual(copy);
      expect(decoded(boardJson(copy))).toEqual({ ...board, squares: board.squares.map((s, i) => ({ ...s, mine: mine.includes(i) })) });
    }
    expect(board.squares.every((s) => !s.mine)).toBe(true);
    expect(decoded(boardJson(board))).toEqual(board);
  });

  it('writes the viewer’s own owing into a copy and keeps it out of the shared board (D28)', () => {
    // A board of its own: a square's marked text is kept per board, and square 3 is unpaid here.
    const shared = { ...board };
    const owing = { squares: 2, amount_cents: 2000, pay_by: null, instructions: 'Cash to "Pat" ✓' };
    const copy = withMine(shared, [1, 3], new Set([3]), owing);
    expect(decoded(boardJson(copy))).toEqual({
      ...shared,
      squares: shared.squares.map((s, i) => ({ ...s, mine: i === 1 || i === 3, unpaid: i === 3 })),
      owing,
    });
    expect(shared.owing).toBeNull();
    expect(decoded(boardJson(shared))).toEqual(shared);
    expect(decoded(boardJson(withMine(shared, [0])))).toMatchObject({ owing: null });
  });

  it('encodes an empty board', () => {
    const empty = { ...board, squares: [] } as BoardResponse;
    expect(decoded(boardJson(empty))).toEqual(empty);
    expect(decoded(boardJson(withMine(empty, [])))).toEqual(empty);
  });
});
