import type { BoardSquare } from '@core/api/board';
import { ORGANIZER_TEXTS } from '@core/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import {
  actionDoneText,
  actionTargets,
  assignTo,
  cellOwner,
  cellState,
  messageOf,
  ownerName,
  releaseDescription,
  selectionParts,
  selectionSummary,
  squaresByKey,
} from './organizer-board-rules';

function square(x: number, y: number, facts: Partial<BoardSquare> = {}): BoardSquare {
  return { x, y, status: 'claimed', owner_username: 'amy', owner_no_account: false, owner_email: null, mine: false, unpaid: false, ...facts };
}

// A board with a paid square, an unpaid one, a named person's square and one held in a checkout.
const board = squaresByKey([
  square(0, 0),
  square(0, 1, { unpaid: true, owner_username: 'bo' }),
  square(0, 2, { owner_username: 'Aunt May', owner_no_account: true, unpaid: true }),
  square(0, 3, { status: 'held', owner_username: null }),
]);
const row = [0, 1, 2, 3, 4, 5].map((y) => ({ x: 0, y }));

describe('what a selection on the board tools holds (D32)', () => {
  it('sorts the chosen squares into sold, free, unpaid and paid; a held square is neither sold nor free', () => {
    const parts = selectionParts(row, board);
    expect(parts.sold.map((s) => s.y)).toEqual([0, 1, 2]);
    expect(parts.free).toEqual([
      { x: 0, y: 4 },
      { x: 0, y: 5 },
    ]);
    expect(parts.unpaid.map((s) => s.y)).toEqual([1, 2]);
    expect(parts.paid.map((s) => s.y)).toEqual([0]);
  });

  it('sums it up in one line, leaving out what is none', () => {
    expect(selectionSummary(selectionParts(row, board))).toBe('6 squares selected · 2 free · 3 sold · 2 unpaid');
    expect(selectionSummary(selectionParts([{ x: 5, y: 5 }], board))).toBe('1 square selected · 1 free');
    expect(selectionSummary(selectionParts([{ x: 0, y: 0 }], board))).toBe('1 square selected · 1 sold');
    expect(selectionSummary(selectionParts([], board))).toBe('No squares selected.');
  });

  it('gives each action its squares: Mark paid the unpaid, Mark unpaid the paid, Release every sold one', () => {
    const parts = selectionParts(row, board);
    expect(actionTargets('mark-paid', parts).map((s) => s.y)).toEqual([1, 2]);
    expect(actionTargets('mark-unpaid', parts).map((s) => s.y)).toEqual([0]);
    expect(actionTargets('release', parts).map((s) => s.y)).toEqual([0, 1, 2]);
  });

  it('says what an action did', () => {
    expect(actionDoneText('mark-paid', 2)).toBe(`${ORGANIZER_TEXTS.markedPaid}: 2 squares`);
    expect(actionDoneText('mark-unpaid', 1)).toBe(`${ORGANIZER_TEXTS.markedUnpaid}: 1 square`);
    expect(actionDoneText('release', 0)).toBe('Released: 0 squares');
  });
});

describe('the board tools squares, as said and shown', () => {
  it('names the owner, a person without an account with the words, a cell with the mark instead', () => {
    expect(ownerName(square(0, 0))).toBe('amy');
    const may = board.get('0,2')!;
    expect(ownerName(may)).toBe('Aunt May (no account)');
    expect(cellOwner(may)).toEqual({ name: 'Aunt May', noAccount: true });
  });

  it('tells a screen reader whether a square is free, in a checkout, or whose and whether paid', () => {
    expect(cellState(undefined)).toBe('free');
    expect(cellState(square(1, 1, { status: 'held', owner_username: null }))).toBe('in a checkout');
    expect(cellState(square(1, 1))).toBe('amy, paid');
    expect(cellState(square(1, 1, { unpaid: true, owner_username: 'Li', owner_no_account: true }))).toBe('Li (no account), unpaid');
  });
});

describe('releasing squares', () => {
  it('warns about money already paid only when some is', () => {
    expect(releaseDescription(2, 0)).toBe('They become available to everyone, and their owners are told by e-mail.');
    expect(releaseDescription(3, 1)).toBe(
      'They become available to everyone, and their owners are told by e-mail. 1 square of them is paid: a card payment is refunded to the card; money paid to you directly, you hand back yourself.',
    );
    expect(releaseDescription(3, 2)).toContain('2 squares of them are paid');
  });
});

describe('the Assign dialog', () => {
  const fields = { name: '', email: '', account: '' };

  it('wants a name for a person, and takes a blank e-mail as none', () => {
    expect(assignTo('person', { ...fields, name: '  ' })).toEqual({ ok: false, message: "Enter the person's name (up to 40 characters)." });
    expect(assignTo('person', { ...fields, name: 'Aunt May', email: ' ' })).toEqual({ ok: true, value: { name: 'Aunt May', email: null } });
    expect(assignTo('person', { ...fields, name: 'Aunt May', email: 'may@example.com' })).toEqual({
      ok: true,
      value: { name: 'Aunt May', email: 'may@example.com' },
    });
  });

  it('wants a username or address for an account, and ignores the person fields then', () => {
    expect(assignTo('account', { ...fields, name: 'Aunt May' })).toEqual({ ok: false, message: 'Enter a username or e-mail address.' });
    expect(assignTo('account', { name: 'x', email: 'y', account: 'amy' })).toEqual({ ok: true, value: { account: 'amy' } });
  });
});

describe('a refused tool', () => {
  it("shows the server's message for a refusal, the catalogue's otherwise", () => {
    expect(messageOf(new ApiError(409, 'SQUARES_UNAVAILABLE', 'Those squares are taken.'))).toBe('Those squares are taken.');
    expect(messageOf(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe(ORGANIZER_TEXTS.toolFailed);
    expect(messageOf(new Error('boom'))).toBe(ORGANIZER_TEXTS.toolFailed);
  });
});
