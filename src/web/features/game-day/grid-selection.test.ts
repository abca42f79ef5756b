import type { BoardSquare } from '@core/api/board';
import type { GameDayDigitSet, GameDayView, PeriodResult } from '@core/api/game-day';
import { boardLineDigits, boardShape } from '@core/board-shape';
import type { Digit } from '@core/grid';
import { describe, expect, it } from 'vitest';
import { firstGridPeriod, gridSquareName, periodShort, selectedDigits, selectionVerdict, squareOwner } from './grid-selection';

const football = { game_type: 'nfl', team_a: 'Lions', team_b: 'Bears' };
const college = { game_type: 'college-basketball', team_a: 'Duke', team_b: 'UNC' };
const winnerOf = (result: PeriodResult) => `winner of ${result.period}`;

function result(period: 1 | 2 | 3 | 4, facts: Partial<PeriodResult> = {}): PeriodResult {
  return {
    period,
    team_a_score: 14,
    team_b_score: 7,
    winning_numbers_x: 4,
    winning_numbers_y: 7,
    square_x: 2,
    square_y: 5,
    winner_name: 'amy',
    winner_no_account: false,
    winner_email: null,
    winner_owes_cents: 0,
    winner_id: 'u1',
    payout_amount_cents: 2500,
    payout_status: 'pending',
    payout_reference: null,
    retry_count: 0,
    last_retry_at: null,
    paid_at: null,
    ...facts,
  };
}

const view = (results: PeriodResult[], game = football) => ({ game, results }) as unknown as Pick<GameDayView, 'results' | 'game'>;
const winning = { x: 2, y: 5 };

describe('Grid Selection: paying the selected square (D20)', () => {
  it('pays the winning square of a confirmed period whose payout is due, and retries a failed one', () => {
    const due = result(1);
    expect(selectionVerdict(view([due]), 1, winning, winnerOf)).toEqual({ kind: 'pay', result: due });
    const failed = result(1, { payout_status: 'failed' });
    expect(selectionVerdict(view([failed]), 1, winning, winnerOf)).toEqual({ kind: 'retry', result: failed });
  });

  it('refuses a period without a confirmed score', () => {
    expect(selectionVerdict(view([result(1)]), 2, winning, winnerOf)).toEqual({
      kind: 'refuse',
      message: 'Q2 has no confirmed score yet. Confirm its score in Score Entry first.',
    });
  });

  it('refuses another square, and says where the period was won', () => {
    expect(selectionVerdict(view([result(1)]), 1, { x: 0, y: 0 }, winnerOf)).toEqual({
      kind: 'refuse',
      message: 'This is not the Q1 winning square. Q1 (Lions 4, Bears 7) wins at Row 3, column 6.',
    });
  });

  it('refuses a settled payout: nobody to pay when the square was not sold, else already paid', () => {
    expect(selectionVerdict(view([result(1, { winner_id: null, payout_status: 'completed' })]), 1, winning, winnerOf)).toEqual({
      kind: 'refuse',
      message: 'Nobody bought the Q1 winning square: there is no payout to process.',
    });
    expect(selectionVerdict(view([result(1, { payout_status: 'paid' })]), 1, winning, winnerOf)).toEqual({
      kind: 'refuse',
      message: 'The Q1 payout to winner of 1 is already paid.',
    });
  });

  it('refuses a payout under way, and names periods in the game own model', () => {
    expect(selectionVerdict(view([result(2, { payout_status: 'processing' })], college), 2, winning, winnerOf)).toEqual({
      kind: 'refuse',
      message: 'The H2 payout is being processed. Check Results & Payouts in a moment.',
    });
    expect(periodShort(college, 1)).toBe('H1');
    expect(periodShort(football, 4)).toBe('Q4');
  });
});

function digitSet(set: number, first: number, last: number, drawn: boolean): GameDayDigitSet {
  const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as Digit[];
  return {
    set,
    first_period: first,
    last_period: last,
    x_axis_numbers: drawn ? digits : null,
    y_axis_numbers: drawn ? digits : null,
  } as GameDayDigitSet;
}

describe('the period Grid Selection shows first (D35)', () => {
  it('is the first period before any score, else the latest confirmed one', () => {
    expect(firstGridPeriod({ digit_sets: [], results: [], next_period: 1 })).toBe(1);
    expect(firstGridPeriod({ digit_sets: [], results: [result(1), result(2)], next_period: 3 })).toBe(2);
  });

  it('is the period in play once its own set of numbers is drawn', () => {
    const halves = [digitSet(1, 1, 2, true), digitSet(2, 3, 4, true)];
    expect(firstGridPeriod({ digit_sets: halves, results: [result(1), result(2)], next_period: 3 })).toBe(3);
    const waiting = [digitSet(1, 1, 2, true), digitSet(2, 3, 4, false)];
    expect(firstGridPeriod({ digit_sets: waiting, results: [result(1), result(2)], next_period: 3 })).toBe(2);
  });
});

describe('what the grid says of a square', () => {
  const full = boardLineDigits(boardShape(100), { xAxisNumbers: [3, 1, 4, 0, 5, 9, 2, 6, 8, 7], yAxisNumbers: [7, 8, 6, 2, 9, 5, 0, 4, 1, 3] });
  const half = boardLineDigits(boardShape(50), { xAxisNumbers: [3, 1, 4, 0, 5, 9, 2, 6, 8, 7], yAxisNumbers: [7, 8, 6, 2, 9, 5, 0, 4, 1, 3] });

  it('names the position, the digits once shown, the owner and a win', () => {
    expect(gridSquareName(football, 1, { x: 0, y: 1 }, { lines: full, owner: 'amy', isWinning: true })).toBe(
      'Row 1, column 2, Lions 3, Bears 8, claimed by amy, Q1 winning square',
    );
    expect(gridSquareName(football, 1, { x: 0, y: 1 }, { lines: null, owner: null, isWinning: false })).toBe('Row 1, column 2, not sold');
    // A row of two digits on a 50-square board.
    expect(gridSquareName(college, 2, { x: 0, y: 0 }, { lines: half, owner: null, isWinning: false })).toBe('Row 1, column 1, Duke 3 or 1, UNC 7, not sold');
  });

  it('gives the selected square each team digits, or nothing before numbers or a selection', () => {
    expect(selectedDigits(half, { x: 1, y: 2 })).toEqual({ a: '4 / 0', b: '6' });
    expect(selectedDigits(null, { x: 1, y: 2 })).toBeNull();
    expect(selectedDigits(full, null)).toBeNull();
  });

  it('has an owner only when it is sold, not while it is held in a checkout', () => {
    const owners = new Map<string, BoardSquare>([
      ['0,0', { x: 0, y: 0, status: 'claimed', owner_username: 'Aunt May', owner_no_account: true, owner_email: null, mine: false, unpaid: false }],
      ['0,1', { x: 0, y: 1, status: 'held', owner_username: null, owner_no_account: false, owner_email: null, mine: false, unpaid: false }],
    ]);
    expect(squareOwner(owners, { x: 0, y: 0 })).toEqual({ name: 'Aunt May', noAccount: true, email: null });
    expect(squareOwner(owners, { x: 0, y: 1 })).toBeNull();
    expect(squareOwner(owners, { x: 5, y: 5 })).toBeNull();
  });
});
