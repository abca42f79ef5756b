import { boardShape } from '@core/board-shape';
import { describe, expect, it } from 'vitest';
import { claimed, drawnBoard, held, testBoard, testGame, winner } from './board-test-data';
import { printFacts, printGridTracks, printSquares } from './print-squares';

describe('printFacts (D42): the line under the teams', () => {
  it('the board, the price, the pot and the squares sold', () => {
    expect(printFacts(testGame({ price_per_square_cents: 1000, total_pot_cents: 45000, squares_claimed: 45 }))).toEqual([
      '100 squares',
      '$10.00 per square',
      'Pot $450.00',
      '45 of 100 sold',
    ]);
    expect(printFacts(testGame({ board_size: 25, squares_claimed: 3 }))).toEqual(['25 squares', '$10.00 per square', 'Pot $0.00', '3 of 25 sold']);
  });
});

describe('printSquares: every square of the sheet', () => {
  it("row by row, in the board's shape (100, 50, 25)", () => {
    expect(printSquares(testBoard())).toHaveLength(100);
    const fifty = printSquares(testBoard({ board_size: 50 }));
    expect(fifty).toHaveLength(50);
    expect(fifty.at(-1)).toMatchObject({ x: 4, y: 9, key: '4,9' });
    const twentyFive = printSquares(testBoard({ board_size: 25 }));
    expect(twentyFive.map(({ key }) => key).slice(0, 6)).toEqual(['0,0', '0,1', '0,2', '0,3', '0,4', '1,0']);
  });

  it('each owner as the square shows them and in words; holds and free squares are "not sold"', () => {
    const board = testBoard(
      {},
      { squares: [claimed(0, 0, 'CoachDana'), claimed(0, 1, 'Aunt May', { owner_no_account: true }), held(0, 2), claimed(0, 3, 'me', { mine: true })] },
    );
    expect(printSquares(board).slice(0, 5)).toEqual([
      { x: 0, y: 0, key: '0,0', shown: { name: 'CoachDana', noAccount: false }, spoken: 'CoachDana', periods: [] },
      { x: 0, y: 1, key: '0,1', shown: { name: 'Aunt May', noAccount: true }, spoken: 'Aunt May (no account)', periods: [] },
      { x: 0, y: 2, key: '0,2', shown: null, spoken: 'not sold', periods: [] },
      // The sheet is for the wall: the viewer's own squares carry their name, not "You".
      { x: 0, y: 3, key: '0,3', shown: { name: 'me', noAccount: false }, spoken: 'me', periods: [] },
      { x: 0, y: 4, key: '0,4', shown: null, spoken: 'not sold', periods: [] },
    ]);
  });

  it('the periods a square won, in the order confirmed, once the board may show them', () => {
    const winners = [winner(1, 2, 3), winner(4, 2, 3), winner(2, 5, 5)];
    const squares = printSquares(drawnBoard({}, { winners }));
    expect(squares.find((s) => s.key === '2,3')!.periods).toEqual(['Q1', 'Q4']);
    expect(squares.find((s) => s.key === '5,5')!.periods).toEqual(['Q2']);
    const halves = printSquares(drawnBoard({ game_type: 'college-basketball' }, { winners: [winner(2, 0, 0)] }));
    expect(halves[0]!.periods).toEqual(['H2']);
    expect(printSquares(drawnBoard({ numbers_revealed: false }, { winners })).some((s) => s.periods.length > 0)).toBe(false);
  });
});

describe("printGridTracks: the sheet grid's tracks", () => {
  it("one line of digits per set before the squares; the phone's least width grows with the columns and sets", () => {
    expect(printGridTracks(boardShape(100), 1)).toEqual({
      columns: 'auto repeat(1, auto) repeat(10, minmax(0, 1fr))',
      rowsScreen: 'auto repeat(1, auto) repeat(10, minmax(3rem, auto))',
      rowsPrint: 'auto repeat(1, auto) repeat(10, minmax(0, 1fr))',
      minWidth: '41.75rem',
    });
    expect(printGridTracks(boardShape(50), 4)).toMatchObject({
      columns: 'auto repeat(4, auto) repeat(10, minmax(0, 1fr))',
      rowsPrint: 'auto repeat(4, auto) repeat(5, minmax(0, 1fr))',
      minWidth: '50rem',
    });
    expect(printGridTracks(boardShape(25), 2).minWidth).toBe('25.75rem');
  });
});
