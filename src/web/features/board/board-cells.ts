/**
 * The board's cell model (spec section 4 "Board", D14, D21, D28, D43, D44, D48): from the board's
 * data and what the viewer holds (cart, own squares, open checkouts), what each square is and
 * shows: its state, its owner as text and as the cell draws them, the short label and colour of
 * its owner, the periods it won, whether the chosen period lights it, and its accessible name.
 * Pure: the components draw from it, the unit tests read it.
 */
import { type AxisNumbers, currentNumbers, numbersForPeriod } from '@core/set-numbers';
import type { BoardResponse, BoardSquare } from '@core/api/board';
import { squareAccessibleName, type SquareHolding } from '@core/board';
import { type BoardShape, boardShape } from '@core/board-shape';
import { type Coordinate, squareKey, squarePositionLabel } from '@core/grid';
import { type OwnerKeyEntry, ownerKey } from '@core/owner-labels';
import { type CellPerson, cellPerson, personLabel } from '@core/person';
import { salesOpen } from '@core/sales';
import { type PeriodModel, periodModel, periodShortLabel, type Period } from '@core/periods';
import { countOf } from '@core/text';

/** How a square looks and what clicking it does, from the viewer's side. */
export type CellState =
  /** For sale. */
  | 'available'
  /** Nobody bought it and sales have closed (D18). */
  | 'unsold'
  /** In the viewer's cart. */
  | 'in-cart'
  /** The viewer owns it. */
  | 'mine'
  /** In the viewer's own open checkout (D21). */
  | 'mine-pending'
  /** Sold to someone else. */
  | 'claimed'
  /** In someone else's open checkout (D21). */
  | 'held';

export interface BoardCell extends Coordinate {
  readonly state: CellState;
  /** The owner as text says them (D48: "Aunt May (no account)"), for the cell's name and the note a tap leaves. */
  readonly ownerUsername: string | null;
  /** D48: the owner as the cell shows them: the name, and a mark (not the words) for a named person without an account. */
  readonly ownerShown: CellPerson | null;
  /** D44: the owner's short label on this board (unique among its owners) and colour index. */
  readonly ownerLabel: string | null;
  readonly ownerColour: number | null;
  /** Quarters this square won (only once shuffled, numbers exist and are revealed). */
  readonly wonPeriods: readonly Period[];
  /** Their names in the game's periods: "Q1", "Q4", or "H1", "H2". */
  readonly wonLabels: readonly string[];
  /** D43: in the chosen period's winning row or column; `chosen` for its winning square. */
  readonly lit: boolean;
  readonly chosen: boolean;
  /** D28: owned but not paid yet; the board says so to its owner and to admins only. */
  readonly unpaid: boolean;
  readonly name: string;
}

/** True when the axes show digits: numbers exist and are revealed (spec section 4). */
export function numbersShown(board: BoardResponse): boolean {
  return board.numbers !== null && board.game.numbers_revealed;
}

/** D36: a game's board shape (100, 50 or 25 squares), as the API's game says it. */
export function shapeOfBoard(game: { readonly board_size: BoardShape['size'] }): BoardShape {
  return boardShape(game.board_size);
}

/** The winning squares of the confirmed periods, once the board may show them. */
export function shownWinners(board: BoardResponse): BoardResponse['winners'] {
  return board.game.grid_shuffled && numbersShown(board) ? board.winners : [];
}

/** D35: the digits the axes show for `period` (its own set), or the latest set drawn; null for `#`. */
export function axisNumbers(board: BoardResponse, period: number | null): AxisNumbers | null {
  if (!numbersShown(board)) return null;
  return period ? numbersForPeriod(board.digit_sets, period, board.numbers) : currentNumbers(board.digit_sets, board.numbers);
}

/** D44: the board's owners in reading order, each with the short label and colour their squares get. */
export function boardOwnerKey(board: BoardResponse): OwnerKeyEntry[] {
  const owners = [...board.squares]
    .filter((square) => square.status === 'claimed' && square.owner_username)
    .sort((a, b) => a.x - b.x || a.y - b.y)
    .map((square) => ({ name: square.owner_username!, noAccount: square.owner_no_account }));
  return ownerKey(owners);
}

/** D44: the key's lines the viewer needs: every owner but the viewer (their squares say "You"). */
export function othersOnKey(board: BoardResponse): OwnerKeyEntry[] {
  const mine = new Set(board.squares.filter((square) => square.mine && square.owner_username).map((square) => square.owner_username));
  return boardOwnerKey(board).filter((entry) => !mine.has(entry.name));
}

/** The key's summary: "Who is who on the board (3 players)". */
export function ownerKeySummary(count: number): string {
  return `Who is who on the board (${countOf(count, 'player')})`;
}

function holdingOf(state: CellState, owner: string | null): SquareHolding | null {
  switch (state) {
    case 'available':
      return { kind: 'available' };
    case 'unsold':
      return { kind: 'unsold' };
    case 'in-cart':
      return { kind: 'in-cart' };
    case 'mine':
      return { kind: 'yours' };
    case 'claimed':
      return { kind: 'claimed', ownerName: owner?.trim() || 'someone else' };
    default:
      return null;
  }
}

function cellName(square: Coordinate, state: CellState, owner: string | null, won: readonly Period[], model: PeriodModel): string {
  const holding = holdingOf(state, owner);
  if (holding) return squareAccessibleName(square, holding, won, model);
  // Holds (D21) are not among the core's holdings; named in the same form.
  const text = state === 'held' ? 'being purchased by someone else' : 'yours, waiting for your payment';
  // A hold exists only while sales are open, so before any winner.
  return `${squarePositionLabel(square)}, ${text}`;
}

function cellState(square: BoardSquare | undefined, open: boolean, inCart: boolean): CellState {
  if (square) {
    if (square.status === 'claimed') return square.mine ? 'mine' : 'claimed';
    return square.mine ? 'mine-pending' : 'held';
  }
  if (!open) return 'unsold';
  return inCart ? 'in-cart' : 'available';
}

/**
 * Every square of the board as the viewer sees it, row by row; `period` is the one chosen (D43)
 * and `winnerList` the winners drawn on the digits shown (D49: each on its own set); `now` is the
 * clock the sales rule reads (D39).
 */
export function boardCells(
  board: BoardResponse,
  cartSquares: readonly Coordinate[],
  size: BoardShape,
  period: Period | null,
  winnerList: BoardResponse['winners'],
  now: Date,
): BoardCell[] {
  const model = periodModel(board.game.game_type);
  const taken = new Map<string, BoardSquare>();
  for (const square of board.squares) taken.set(squareKey(square), square);
  const inCart = new Set(cartSquares.map(squareKey));
  const winners = new Map<string, Period[]>();
  for (const winner of winnerList) {
    const key = squareKey({ x: winner.square_x, y: winner.square_y });
    winners.set(key, [...(winners.get(key) ?? []), winner.period]);
  }
  const chosen = winnerList.find((winner) => winner.period === period);
  const key = new Map(boardOwnerKey(board).map((entry) => [entry.name, entry]));
  const open = salesOpen(board.game, now);
  const cells: BoardCell[] = [];
  for (let x = 0; x < size.rows; x += 1) {
    for (let y = 0; y < size.columns; y += 1) {
      const at = squareKey({ x, y });
      const square = taken.get(at);
      const state = cellState(square, open, inCart.has(at));
      // D44's short label and colour go by the name; D48: the full name marks a named person "no account".
      const ownerName = square?.status === 'claimed' ? square.owner_username : null;
      const owner = square && ownerName !== null ? personLabel({ name: ownerName, noAccount: square.owner_no_account }) : null;
      const entry = ownerName === null ? undefined : key.get(ownerName);
      const won = (winners.get(at) ?? []).sort((a, b) => a - b);
      const unpaid = square?.status === 'claimed' && square.unpaid;
      const name = cellName({ x, y }, state, owner, won, model);
      cells.push({
        x,
        y,
        state,
        ownerUsername: owner,
        ownerShown: square && ownerName !== null ? cellPerson({ name: ownerName, noAccount: square.owner_no_account }) : null,
        ownerLabel: entry?.label ?? null,
        ownerColour: entry?.colour ?? null,
        wonPeriods: won,
        wonLabels: won.map((period) => periodShortLabel(model, period)),
        lit: chosen !== undefined && (chosen.square_x === x || chosen.square_y === y),
        chosen: chosen !== undefined && chosen.square_x === x && chosen.square_y === y,
        unpaid,
        name: unpaid ? `${name}, not paid yet` : name,
      });
    }
  }
  return cells;
}

/** The viewer's own squares: owned, waiting for their payment (D21), or in their cart. */
export function isViewersCell(cell: BoardCell): boolean {
  return cell.state === 'mine' || cell.state === 'mine-pending' || cell.state === 'in-cart';
}

/** The sign a cell draws for its state: a tick in the cart, a clock on a hold, a plus on an open square. */
type CellMark = 'check' | 'clock' | 'plus' | null;

/** The owner as a cell draws them (D44, D48). */
interface CellOwner {
  /** The name where there is room ("You" on the viewer's own), without the words "no account". */
  readonly name: string;
  /** D44: what a small cell shows instead of the name. */
  readonly label: string | null;
  /** D48: a named person without an account; the cell carries the mark. */
  readonly noAccount: boolean;
}

/** What a cell draws besides its name (which is for screen readers). */
export interface CellFace {
  /** D43: the square won a period; it is filled and says which. */
  readonly winner: boolean;
  /** The viewer's own (owned, or waiting for their payment): it says "You". */
  readonly mine: boolean;
  /** Null for a square nobody owns, and for one waiting for the viewer's payment (it shows its clock). */
  readonly owner: CellOwner | null;
  readonly mark: CellMark;
}

const MARKS: Record<CellState, CellMark> = {
  available: 'plus',
  unsold: null,
  'in-cart': 'check',
  mine: null,
  'mine-pending': 'clock',
  claimed: null,
  held: 'clock',
};

export function cellFace(cell: BoardCell): CellFace {
  const mine = cell.state === 'mine' || cell.state === 'mine-pending';
  // D48: the cell shows the name and a mark for "no account", never the words it would cut.
  const name = mine ? 'You' : (cell.ownerShown?.name ?? null);
  const shown = name && cell.state !== 'mine-pending';
  return {
    winner: cell.wonPeriods.length > 0,
    mine,
    owner: shown ? { name, label: mine ? 'You' : cell.ownerLabel, noAccount: !mine && cell.ownerShown?.noAccount === true } : null,
    mark: MARKS[cell.state],
  };
}
