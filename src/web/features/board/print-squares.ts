/**
 * D42: what the printed board says (design note 033): the facts line under the teams, each
 * square's owner and the periods it won, and the sheet grid's tracks. Pure: the print page's
 * components draw from it.
 */
import type { BoardResponse } from '@core/api/board';
import type { Game } from '@core/api/games';
import type { BoardShape } from '@core/board-shape';
import { boardShape, boardSizeLabel } from '@core/board-shape';
import { squareKey } from '@core/grid';
import { formatUsd } from '@core/money';
import { periodModel, periodShortLabel } from '@core/periods';
import { type CellPerson, cellPerson, personLabel } from '@core/person';
import { shownWinners } from './board-cells';

/** "100 squares (10 x 10)", "$10.00 per square", "Pot $450.00", "45 of 100 sold". */
export function printFacts(game: Pick<Game, 'board_size' | 'price_per_square_cents' | 'total_pot_cents' | 'squares_claimed'>): string[] {
  return [
    boardSizeLabel(boardShape(game.board_size)),
    `${formatUsd(game.price_per_square_cents)} per square`,
    `Pot ${formatUsd(game.total_pot_cents)}`,
    `${game.squares_claimed} of ${game.board_size} sold`,
  ];
}

export interface PrintSquare {
  readonly x: number;
  readonly y: number;
  readonly key: string;
  /** D48: the owner as the square shows them (the name, a mark for "no account"); null for nobody. */
  readonly shown: CellPerson | null;
  /** What a screen reader hears after the position: the owner in words ("Aunt May (no account)"), or "not sold". */
  readonly spoken: string;
  /** The periods the square won ("Q1", "H2"), once the board may show winners. */
  readonly periods: readonly string[];
}

/** Every square of the sheet, row by row. */
export function printSquares(board: BoardResponse): PrintSquare[] {
  const shape = boardShape(board.game.board_size);
  const model = periodModel(board.game.game_type);
  const owners = new Map(
    board.squares
      .filter((square) => square.status === 'claimed')
      .map((square) => [squareKey(square), { name: square.owner_username, noAccount: square.owner_no_account }] as const),
  );
  const won = new Map<string, string[]>();
  for (const winner of shownWinners(board)) {
    const key = squareKey({ x: winner.square_x, y: winner.square_y });
    won.set(key, [...(won.get(key) ?? []), periodShortLabel(model, winner.period)]);
  }
  const squares: PrintSquare[] = [];
  for (let x = 0; x < shape.rows; x += 1) {
    for (let y = 0; y < shape.columns; y += 1) {
      const key = squareKey({ x, y });
      const owner = owners.get(key);
      const shown = owner ? cellPerson(owner) : null;
      squares.push({ x, y, key, shown, spoken: shown ? personLabel(owner!) : 'not sold', periods: won.get(key) ?? [] });
    }
  }
  return squares;
}

/**
 * The sheet grid's tracks: the team's name, then a line of digits per number set, then the
 * squares; on a screen the rows keep a least height (a phone scrolls the grid sideways, from
 * `minWidth`), on paper they share the sheet.
 */
export function printGridTracks(shape: BoardShape, sets: number) {
  return {
    columns: `auto repeat(${sets}, auto) repeat(${shape.columns}, minmax(0, 1fr))`,
    rowsScreen: `auto repeat(${sets}, auto) repeat(${shape.rows}, minmax(3rem, auto))`,
    rowsPrint: `auto repeat(${sets}, auto) repeat(${shape.rows}, minmax(0, 1fr))`,
    minWidth: `${shape.columns * 3.75 + 1.5 + sets * 2.75}rem`,
  };
}
