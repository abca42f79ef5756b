/**
 * What the board's legend lists: the square states the viewer can meet on this board, and the
 * marks it carries (D21, D28, D43, D48). Pure: board-legend.tsx draws it.
 */
import type { BoardResponse } from '@core/api/board';
import type { CellState } from './board-cells';

type LegendState = CellState | 'winner';

export interface LegendItem {
  readonly state: LegendState;
  readonly label: string;
}

const LEGEND: readonly LegendItem[] = [
  { state: 'available', label: 'Available' },
  { state: 'in-cart', label: 'In your cart' },
  { state: 'mine', label: 'Yours' },
  { state: 'mine-pending', label: 'Waiting for your payment' },
  { state: 'claimed', label: 'Claimed' },
  { state: 'held', label: 'Being purchased' },
  { state: 'winner', label: 'Winner' },
];

export interface LegendFacts {
  readonly signedIn: boolean;
  readonly hasWinners: boolean;
  readonly salesAreOpen: boolean;
  /** The viewer holds squares in their own open checkout (D21). */
  readonly hasPending: boolean;
}

/** The states the viewer can meet, in the legend's order; once sales close, open squares read "Not sold". */
export function legendItems({ signedIn, hasWinners, salesAreOpen, hasPending }: LegendFacts): LegendItem[] {
  return LEGEND.filter(({ state }) => {
    if (state === 'winner') return hasWinners;
    if (state === 'mine-pending') return signedIn && hasPending;
    if (state === 'in-cart' || state === 'held') return salesAreOpen && (signedIn || state === 'held');
    if (state === 'mine') return signedIn;
    return true;
  }).map((item) => (item.state === 'available' && !salesAreOpen ? { state: 'unsold' as const, label: 'Not sold' } : item));
}

/** What the board's squares hold that the legend explains beyond their states. */
export interface BoardMarks {
  /** D21: squares in the viewer's own open checkout. */
  readonly hasPending: boolean;
  /** D28: squares the viewer may know are unpaid (their own; an admin's every). */
  readonly hasUnpaid: boolean;
  /** D48: a named person without an account owns squares (their cells carry a mark). */
  readonly hasNoAccount: boolean;
}

export function boardMarks(board: BoardResponse): BoardMarks {
  return {
    hasPending: board.squares.some((square) => square.mine && square.status === 'held'),
    hasUnpaid: board.squares.some((square) => square.unpaid),
    hasNoAccount: board.squares.some((square) => square.status === 'claimed' && square.owner_no_account),
  };
}
