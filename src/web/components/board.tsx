/**
 * The board (spec section 4 "Board", D11, D14), in the shared square grid: team B's digits across
 * the top (columns, y), team A's down the side (rows, x), `#` until the numbers are drawn and
 * revealed; one tab stop moved by the grid's keys, Enter or Space acts on the square. Clicking
 * picks a square for the cart, or says why it cannot be picked.
 */
import type { BoardResponse, BoardSquare } from '@core/api/board';
import { squareAccessibleName, type SquareHolding } from '@core/board';
import { type Coordinate, GRID_SIZE, squareKey, squarePositionLabel } from '@core/grid';
import { DUPLICATE_SQUARE, SQUARE_BEING_PURCHASED, SUCCESS_TOASTS, squareAlreadyClaimedMessage } from '@core/messages';
import type { Cart } from '@core/cart';
import { playerCapMessage, squaresLeft } from '@core/player-limit';
import { salesClosedMessage, salesOpen } from '@core/sales';
import { type Quarter, quarterOrdinal } from '@core/scoring';
import { Clock, Plus } from 'lucide-react';
import { Fragment, memo, useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { FromState } from '@/components/route-guards';
import { type SquareFocus, SquareGrid, SquareGridSkeleton } from '@/components/square-grid';
import { cartStore, useCartItem } from '@/lib/cart';
import type { GridDimensions } from '@/lib/use-roving-focus';
import { cn } from '@/lib/utils';

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
  readonly ownerUsername: string | null;
  /** Quarters this square won (only once shuffled, numbers exist and are revealed). */
  readonly wonQuarters: readonly Quarter[];
  /** D28: owned but not paid yet; the board says so to its owner and to admins only. */
  readonly unpaid: boolean;
  readonly name: string;
}

/** Our texts for the clicks the spec does not word. */
export const BOARD_MESSAGES = {
  yours: 'This square is yours.',
  yoursPending: 'This square is yours, waiting for your payment. Resume the payment or start again from your cart.',
} as const;

/** True when the axes show digits: numbers exist and are revealed (spec section 4). */
export function numbersShown(board: BoardResponse): boolean {
  return board.numbers !== null && board.game.numbers_revealed;
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

function cellName(square: Coordinate, state: CellState, owner: string | null, won: readonly Quarter[]): string {
  const holding = holdingOf(state, owner);
  if (holding) return squareAccessibleName(square, holding, won);
  // Holds (D21) are not among the core's holdings; named in the same form.
  const text = state === 'held' ? 'being purchased by someone else' : 'yours, waiting for your payment';
  // A hold exists only while sales are open, so before any winner.
  return `${squarePositionLabel(square)}, ${text}`;
}

/** The board's rows and columns: 10 by 10 for every game today (D36 brings 10x5 and 5x5). */
export const BOARD_SIZE: GridDimensions = { rows: GRID_SIZE, columns: GRID_SIZE };

/** Every square of the board as the viewer sees it, row by row. */
export function boardCells(board: BoardResponse, cartSquares: readonly Coordinate[], size: GridDimensions = BOARD_SIZE): BoardCell[] {
  const taken = new Map<string, BoardSquare>();
  for (const square of board.squares) taken.set(squareKey(square), square);
  const inCart = new Set(cartSquares.map(squareKey));
  const winners = new Map<string, Quarter[]>();
  if (board.game.grid_shuffled && numbersShown(board)) {
    for (const winner of board.winners) {
      const key = squareKey({ x: winner.square_x, y: winner.square_y });
      winners.set(key, [...(winners.get(key) ?? []), winner.quarter]);
    }
  }
  const open = salesOpen(board.game);
  const cells: BoardCell[] = [];
  for (let x = 0; x < size.rows; x += 1) {
    for (let y = 0; y < size.columns; y += 1) {
      const key = squareKey({ x, y });
      const square = taken.get(key);
      let state: CellState;
      if (square) {
        if (square.status === 'claimed') state = square.mine ? 'mine' : 'claimed';
        else state = square.mine ? 'mine-pending' : 'held';
      } else if (!open) state = 'unsold';
      else state = inCart.has(key) ? 'in-cart' : 'available';
      const owner = square?.status === 'claimed' ? square.owner_username : null;
      const won = (winners.get(key) ?? []).sort((a, b) => a - b);
      const unpaid = square?.status === 'claimed' && square.unpaid;
      const name = cellName({ x, y }, state, owner, won);
      cells.push({ x, y, state, ownerUsername: owner, wonQuarters: won, unpaid, name: unpaid ? `${name}, not paid yet` : name });
    }
  }
  return cells;
}

const CELL_STYLES: Record<CellState, string> = {
  available: 'border border-border bg-card text-muted-foreground hover:border-primary/60 hover:bg-accent hover:text-accent-foreground',
  unsold: 'border border-dashed border-border bg-muted/40 text-muted-foreground',
  'in-cart': 'border-2 border-dashed border-primary bg-accent text-accent-foreground',
  mine: 'border border-primary bg-primary text-primary-foreground',
  'mine-pending': 'border-2 border-dashed border-primary bg-accent text-accent-foreground',
  claimed: 'border border-border bg-secondary text-secondary-foreground dark:bg-muted',
  held: 'bg-[repeating-linear-gradient(135deg,var(--color-muted)_0_3px,transparent_3px_7px)] border border-dashed border-muted-foreground/40 text-muted-foreground',
};

const Cell = memo(function Cell({
  cell,
  onActivate,
  tabIndex,
  register,
  activate,
  onKeyDown,
}: SquareFocus & {
  cell: BoardCell;
  onActivate: (cell: BoardCell) => void;
}) {
  const winner = cell.wonQuarters.length > 0;
  const label = cell.state === 'mine' || cell.state === 'mine-pending' ? 'You' : cell.ownerUsername;
  return (
    <button
      type="button"
      ref={(element) => register(cell, element)}
      tabIndex={tabIndex}
      data-state={cell.state}
      data-winner={winner || undefined}
      data-x={cell.x}
      data-y={cell.y}
      onClick={() => onActivate(cell)}
      onKeyDown={(event) => onKeyDown(event, cell)}
      onFocus={() => activate(cell)}
      className={cn(
        'group/cell relative flex aspect-square w-full min-w-0 flex-col items-center justify-center overflow-hidden rounded-[3px] p-px text-[0.5625rem] leading-[1.1] font-medium transition-colors sm:rounded-md sm:p-1 sm:text-xs',
        'outline-none focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
        CELL_STYLES[cell.state],
        winner && 'ring-2 ring-warning ring-inset',
      )}
    >
      {/* The name ("Row 3, column 7, available") is the content; the drawing is decoration. */}
      <span className="sr-only" data-name>
        {cell.name}
      </span>
      {winner && (
        // One badge per quarter won; they wrap on a phone's small squares.
        <span aria-hidden="true" className="mb-px flex flex-wrap justify-center gap-px sm:mb-0.5 sm:gap-0.5">
          {cell.wonQuarters.map((quarter, index) => (
            <Fragment key={quarter}>
              {index > 0 && ' '}
              <span className="rounded-sm bg-warning px-0.5 text-[0.5rem] leading-tight font-bold whitespace-nowrap text-warning-foreground sm:px-1 sm:text-[0.625rem]">
                {quarterOrdinal(quarter)}
              </span>
            </Fragment>
          ))}
        </span>
      )}
      {cell.state === 'in-cart' && (
        <span aria-hidden="true" className="font-semibold tracking-tight uppercase">
          Cart
        </span>
      )}
      {(cell.state === 'held' || cell.state === 'mine-pending') && <Clock aria-hidden="true" className="size-3 sm:size-4" />}
      {cell.unpaid && (
        // D28: a corner mark on a square not paid yet (its owner and admins see it).
        <span
          aria-hidden="true"
          data-unpaid
          className="absolute top-0 right-0 rounded-bl-sm bg-warning px-0.5 text-[0.5rem] leading-tight font-bold text-warning-foreground sm:text-[0.625rem]"
        >
          $
        </span>
      )}
      {label && cell.state !== 'mine-pending' && (
        <span
          aria-hidden="true"
          className={cn(
            'w-full text-center [overflow-wrap:anywhere]',
            winner ? 'line-clamp-1' : 'line-clamp-2',
            cell.wonQuarters.length > 1 && 'max-sm:hidden',
            cell.state === 'mine' && 'font-semibold',
          )}
        >
          {label}
        </span>
      )}
      {cell.state === 'available' && (
        <Plus
          aria-hidden="true"
          className="hidden size-4 opacity-0 transition-opacity group-hover/cell:opacity-100 group-focus-visible/cell:opacity-100 sm:block"
        />
      )}
    </button>
  );
});

/** D31: the viewer's squares in this game (owned or held) plus those in their cart for it. */
export function playerSquareCount(board: BoardResponse, cart: Cart): number {
  const mine = board.squares.filter((square) => square.mine).length;
  const inCart = cart.find((item) => item.game_id === board.game.id)?.squares.length ?? 0;
  return mine + inCart;
}

/** The action of clicking a square, as the spec and D11 say. */
function useSquareAction(board: BoardResponse, signedIn: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const { game } = board;
  return useCallback(
    (cell: BoardCell) => {
      if (!signedIn) {
        // D11: visitors see the board; picking a square needs an account, then back here.
        navigate('/login', { state: { from: location } satisfies FromState });
        return;
      }
      const open = salesOpen(game);
      switch (cell.state) {
        case 'claimed':
          toast.error(squareAlreadyClaimedMessage(cell.ownerUsername), { id: 'board-square' });
          return;
        case 'held':
          toast.warning(SQUARE_BEING_PURCHASED, { id: 'board-square' });
          return;
        case 'mine':
          toast.info(BOARD_MESSAGES.yours, { id: 'board-square' });
          return;
        case 'mine-pending':
          toast.info(BOARD_MESSAGES.yoursPending, { id: 'board-square' });
          return;
        case 'unsold':
          toast.info(salesClosedMessage(game), { id: 'board-square' });
          return;
        case 'in-cart':
          toast.info(DUPLICATE_SQUARE, { id: 'board-square' });
          return;
        case 'available': {
          if (!open) {
            toast.info(salesClosedMessage(game), { id: 'board-square' });
            return;
          }
          // D31: the game's cap on squares per player, counting the player's squares and cart (the server decides at checkout).
          const left = squaresLeft(game.max_squares_per_player, playerSquareCount(board, cartStore.get()));
          if (left === 0) {
            toast.info(playerCapMessage(game.max_squares_per_player!), { id: 'board-square' });
            return;
          }
          const result = cartStore.add({ game_id: game.id, game_title: game.title, price_per_square: game.price_per_square }, cell);
          if (result.result === 'added') toast.success(SUCCESS_TOASTS.squareAdded, { id: 'board-square' });
          else toast.info(result.message, { id: 'board-square' });
        }
      }
    },
    [board, game, signedIn, navigate, location],
  );
}

export interface GameBoardProps {
  board: BoardResponse;
  /** Visitors see the board read-only; a click takes them to /login (D11). */
  signedIn: boolean;
  className?: string;
}

/** The board with its axes and team names. */
export function GameBoard({ board, signedIn, className }: GameBoardProps) {
  const { game } = board;
  const cartItem = useCartItem(game.id);
  const cells = useMemo(() => boardCells(board, cartItem?.squares ?? [], BOARD_SIZE), [board, cartItem]);
  const act = useSquareAction(board, signedIn);
  const shown = numbersShown(board) ? board.numbers : null;

  return (
    <SquareGrid
      {...BOARD_SIZE}
      game={game}
      numbers={shown}
      kind="board"
      className={className}
      readOnly={!signedIn}
      renderCell={(square, focus) => <Cell cell={cells[square.x * BOARD_SIZE.columns + square.y]!} onActivate={act} {...focus} />}
    />
  );
}

/** A placeholder in the board's shape while it loads (decorative). */
export function BoardSkeleton({ className }: { className?: string }) {
  return <SquareGridSkeleton {...BOARD_SIZE} className={className} />;
}

const LEGEND: { state: CellState | 'winner'; label: string }[] = [
  { state: 'available', label: 'Available' },
  { state: 'in-cart', label: 'In your cart' },
  { state: 'mine', label: 'Yours' },
  { state: 'mine-pending', label: 'Waiting for your payment' },
  { state: 'claimed', label: 'Claimed' },
  { state: 'held', label: 'Being purchased' },
  { state: 'winner', label: 'Winner' },
];

/** What the square colours mean; only the states the viewer can meet. */
export function BoardLegend({
  signedIn,
  hasWinners,
  salesAreOpen,
  hasPending = false,
  hasUnpaid = false,
}: {
  signedIn: boolean;
  hasWinners: boolean;
  salesAreOpen: boolean;
  /** The viewer holds squares in their own open checkout (D21). */
  hasPending?: boolean;
  /** D28: squares the viewer may know are unpaid (their own; an admin's every). */
  hasUnpaid?: boolean;
}) {
  const items = LEGEND.filter(({ state }) => {
    if (state === 'winner') return hasWinners;
    if (state === 'mine-pending') return signedIn && hasPending;
    if (state === 'in-cart' || state === 'held') return salesAreOpen && (signedIn || state === 'held');
    if (state === 'mine') return signedIn;
    return true;
  }).map((item) => (item.state === 'available' && !salesAreOpen ? { state: 'unsold' as const, label: 'Not sold' } : item));
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-muted-foreground" data-testid="board-legend">
      {items.map(({ state, label }) => (
        <li key={state} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={cn(
              'inline-flex size-4 shrink-0 items-center justify-center rounded-[3px]',
              state === 'winner' ? 'bg-card ring-2 ring-warning ring-inset' : CELL_STYLES[state],
            )}
          >
            {state === 'mine-pending' && <Clock className="size-2.5" />}
          </span>
          {label}
        </li>
      ))}
      {hasUnpaid && (
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-flex size-4 shrink-0 items-center justify-center rounded-[3px] bg-warning text-[0.625rem] font-bold text-warning-foreground"
          >
            $
          </span>
          Not paid yet
        </li>
      )}
    </ul>
  );
}
