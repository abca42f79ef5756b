/**
 * The board (spec section 4 "Board", D11, D14), in the shared square grid: team B's digits across
 * the top (columns, y), team A's down the side (rows, x), `#` until the numbers are drawn and
 * revealed; one tab stop moved by the grid's keys, Enter or Space acts on the square. Clicking
 * picks a square for the cart, or says why it cannot be picked.
 */
import { currentNumbers, numbersForPeriod, numbersHoldForText, setShownFor, winnersBySet } from '@core/set-numbers';
import type { BoardResponse, BoardSquare } from '@core/api/board';
import { squareAccessibleName, type SquareHolding } from '@core/board';
import { type BoardShape, boardShape, CLASSIC_SHAPE, squareIndex } from '@core/board-shape';
import { type Coordinate, squareKey, squarePositionLabel } from '@core/grid';
import { SQUARE_BEING_PURCHASED, SUCCESS_TOASTS, squareAlreadyClaimedMessage } from '@core/messages';
import { type OwnerKeyEntry, ownerKey } from '@core/owner-labels';
import { type CellPerson, cellPerson, NO_ACCOUNT_LEGEND, NO_ACCOUNT_MARK, personLabel } from '@core/person';
import type { Cart } from '@core/cart';
import { playerCapMessage, squaresLeft } from '@core/player-limit';
import { salesClosedMessage, salesOpen } from '@core/sales';
import { type PeriodModel, periodModel, periodShortLabel } from '@core/periods';
import type { Quarter } from '@core/scoring';
import { Check, Clock, Plus } from 'lucide-react';
import { type CSSProperties, Fragment, memo, useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CellName, NoAccountIcon, NoAccountMark } from './cell-name';
import type { FromState } from '@/features/auth/route-guards';
import { Disclosure } from '@/components/disclosure';
import { type SquareFocus, SquareGrid, SquareGridSkeleton } from './square-grid';
import { Button } from '@/components/ui/button';
import { cartStore, useCartItem } from '@/features/checkout/cart';
import { cn } from '@/lib/utils';

/** How a square looks and what clicking it does, from the viewer's side. */
type CellState =
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
  readonly wonQuarters: readonly Quarter[];
  /** Their names in the game's periods: "Q1", "Q4", or "H1", "H2". */
  readonly wonLabels: readonly string[];
  /** D43: in the chosen quarter's winning row or column; `chosen` for its winning square. */
  readonly lit: boolean;
  readonly chosen: boolean;
  /** D28: owned but not paid yet; the board says so to its owner and to admins only. */
  readonly unpaid: boolean;
  readonly name: string;
}

/** Our texts for the clicks the spec does not word. */
const BOARD_MESSAGES = {
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

function cellName(square: Coordinate, state: CellState, owner: string | null, won: readonly Quarter[], model: PeriodModel): string {
  const holding = holdingOf(state, owner);
  if (holding) return squareAccessibleName(square, holding, won, model);
  // Holds (D21) are not among the core's holdings; named in the same form.
  const text = state === 'held' ? 'being purchased by someone else' : 'yours, waiting for your payment';
  // A hold exists only while sales are open, so before any winner.
  return `${squarePositionLabel(square)}, ${text}`;
}

/** D36: a game's board shape (100, 50 or 25 squares), as the API's game says it. */
export function shapeOfBoard(game: { readonly board_size: BoardShape['size'] }): BoardShape {
  return boardShape(game.board_size);
}

/** The winning squares of the confirmed quarters, once the board may show them. */
export function shownWinners(board: BoardResponse): BoardResponse['winners'] {
  return board.game.grid_shuffled && numbersShown(board) ? board.winners : [];
}

/** D44: the board's owners in reading order, each with the short label and colour their squares get. */
function boardOwnerKey(board: BoardResponse): OwnerKeyEntry[] {
  const owners = [...board.squares]
    .filter((square) => square.status === 'claimed' && square.owner_username)
    .sort((a, b) => a.x - b.x || a.y - b.y)
    .map((square) => ({ name: square.owner_username!, noAccount: square.owner_no_account }));
  return ownerKey(owners);
}

/**
 * Every square of the board as the viewer sees it, row by row; `quarter` is the one chosen (D43)
 * and `winnerList` the winners drawn on the digits shown (D49: each on its own set).
 */
function boardCells(
  board: BoardResponse,
  cartSquares: readonly Coordinate[],
  size: BoardShape,
  quarter: Quarter | null,
  winnerList: BoardResponse['winners'],
): BoardCell[] {
  const model = periodModel(board.game.game_type);
  const taken = new Map<string, BoardSquare>();
  for (const square of board.squares) taken.set(squareKey(square), square);
  const inCart = new Set(cartSquares.map(squareKey));
  const winners = new Map<string, Quarter[]>();
  for (const winner of winnerList) {
    const key = squareKey({ x: winner.square_x, y: winner.square_y });
    winners.set(key, [...(winners.get(key) ?? []), winner.quarter]);
  }
  const chosen = winnerList.find((winner) => winner.quarter === quarter);
  const key = new Map(boardOwnerKey(board).map((entry) => [entry.name, entry]));
  const open = salesOpen(board.game, new Date());
  const cells: BoardCell[] = [];
  for (let x = 0; x < size.rows; x += 1) {
    for (let y = 0; y < size.columns; y += 1) {
      const at = squareKey({ x, y });
      const square = taken.get(at);
      let state: CellState;
      if (square) {
        if (square.status === 'claimed') state = square.mine ? 'mine' : 'claimed';
        else state = square.mine ? 'mine-pending' : 'held';
      } else if (!open) state = 'unsold';
      else state = inCart.has(at) ? 'in-cart' : 'available';
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
        wonQuarters: won,
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

const CELL_STYLES: Record<CellState, string> = {
  available: 'border border-border bg-card text-muted-foreground hover:border-primary/60 hover:bg-accent hover:text-accent-foreground',
  unsold: 'border border-dashed border-border bg-muted/40 text-muted-foreground',
  'in-cart': 'border-2 border-primary bg-accent text-accent-foreground',
  mine: 'border border-primary bg-primary text-primary-foreground',
  'mine-pending': 'border-2 border-dashed border-primary bg-accent text-accent-foreground',
  // D44: each owner's colour (--owner-hue), light on dark text, dark on light text in the dark theme.
  claimed:
    'border border-transparent bg-[oklch(0.93_0.045_var(--owner-hue))] text-[oklch(0.3_0.08_var(--owner-hue))] dark:bg-[oklch(0.34_0.06_var(--owner-hue))] dark:text-[oklch(0.95_0.03_var(--owner-hue))]',
  held: 'bg-[repeating-linear-gradient(135deg,var(--color-muted)_0_3px,transparent_3px_7px)] border border-dashed border-muted-foreground/40 text-muted-foreground',
};

/** D44: the owner colours' hues, far enough apart that neighbours tell apart (OWNER_COLOURS of them). */
const OWNER_HUES = [25, 250, 145, 320, 75, 200, 0, 110, 285, 175] as const;

const ownerStyle = (colour: number | null) => (colour === null ? undefined : ({ '--owner-hue': OWNER_HUES[colour % OWNER_HUES.length] } as CSSProperties));

/** D43: a winning square is filled; the chosen quarter's is ringed, its row and column lit. */
const WINNER = 'border-transparent bg-warning text-warning-foreground dark:bg-warning dark:text-warning-foreground';
const LIT = 'shadow-[inset_0_0_0_2px_var(--color-warning)] sm:shadow-[inset_0_0_0_3px_var(--color-warning)]';

const Cell = memo(function Cell({
  cell,
  dimmed,
  onActivate,
  tabIndex,
  register,
  activate,
  onKeyDown,
}: SquareFocus & {
  cell: BoardCell;
  /** D44 "highlight my squares": everyone else's squares fade. */
  dimmed: boolean;
  onActivate: (cell: BoardCell, element: HTMLElement) => void;
}) {
  const winner = cell.wonQuarters.length > 0;
  const mine = cell.state === 'mine' || cell.state === 'mine-pending';
  // D48: the cell shows the name and a mark for "no account", never the words it would cut.
  const full = mine ? 'You' : (cell.ownerShown?.name ?? null);
  const noAccount = !mine && cell.ownerShown?.noAccount === true;
  const short = mine ? 'You' : cell.ownerLabel;
  return (
    <button
      type="button"
      ref={(element) => register(cell, element)}
      tabIndex={tabIndex}
      data-state={cell.state}
      data-winner={winner || undefined}
      data-lit={cell.lit || undefined}
      data-chosen={cell.chosen || undefined}
      data-dimmed={dimmed || undefined}
      data-x={cell.x}
      data-y={cell.y}
      onClick={(event) => onActivate(cell, event.currentTarget)}
      onKeyDown={(event) => onKeyDown(event, cell)}
      onFocus={() => activate(cell)}
      style={ownerStyle(cell.ownerColour)}
      className={cn(
        'group/cell @container/cell relative flex aspect-square w-full touch-manipulation min-w-0 flex-col items-center justify-center overflow-hidden rounded-[3px] p-px text-xs leading-none font-semibold transition-[colors,opacity] sm:rounded-md sm:p-1 sm:leading-[1.1] sm:font-medium',
        'outline-none focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
        CELL_STYLES[cell.state],
        winner && WINNER,
        cell.lit && !winner && LIT,
        cell.chosen && 'z-[5] ring-2 ring-foreground ring-offset-1 ring-offset-background',
        dimmed && 'opacity-25',
      )}
    >
      {/* The name ("Row 3, column 7, available") is the content; the drawing is decoration. */}
      <span className="sr-only" data-name>
        {cell.name}
      </span>
      {winner && (
        // D43: the quarter (or quarters) this square won.
        <span aria-hidden="true" className="flex flex-wrap justify-center gap-px text-[0.625rem] leading-none font-bold sm:gap-0.5 sm:text-xs" data-quarters>
          {cell.wonLabels.map((label, index) => (
            <Fragment key={label}>
              {index > 0 && ' '}
              <span>{label}</span>
            </Fragment>
          ))}
        </span>
      )}
      {cell.state === 'in-cart' && <Check aria-hidden="true" className="size-4 sm:size-5" strokeWidth={3} />}
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
      {full && cell.state !== 'mine-pending' && (
        <>
          {/* D44: a short label on small squares (a phone's, a narrow desktop board's), the name where there is room. */}
          <span
            aria-hidden="true"
            title={noAccount ? `${full} (${NO_ACCOUNT_MARK})` : full}
            className={cn('@min-[2.5rem]/cell:hidden', cell.wonQuarters.length > 1 && 'hidden')}
            data-label
          >
            {short}
          </span>
          <CellName name={full} lines={winner ? 1 : 2} roomyOnly noAccount={noAccount} className={cn(mine && 'font-semibold')} />
          {noAccount && <NoAccountMark />}
        </>
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

/** What tapping a square says (D44): a note by the square, or a line for screen readers only. */
export interface BoardSaying {
  readonly text: string;
  /** The square the note points at; null for what only the live region says (added, removed). */
  readonly at: HTMLElement | null;
}

/** The action of tapping a square (spec, D11, D44): pick it, take it out again, or say why not. */
function useSquareAction(board: BoardResponse, signedIn: boolean, say: (saying: BoardSaying) => void) {
  const navigate = useNavigate();
  const location = useLocation();
  const { game } = board;
  return useCallback(
    (cell: BoardCell, element: HTMLElement) => {
      if (!signedIn && cell.state === 'available') {
        // D11: visitors see the board; picking a square needs an account, then back here.
        navigate('/login', { state: { from: location } satisfies FromState });
        return;
      }
      // Any other square tells a visitor what it tells a player: whose it is, or why it cannot be picked.
      const note = (text: string) => say({ text, at: element });
      const now = new Date();
      const open = salesOpen(game, now);
      switch (cell.state) {
        case 'claimed':
          note(squareAlreadyClaimedMessage(cell.ownerUsername));
          return;
        case 'held':
          note(SQUARE_BEING_PURCHASED);
          return;
        case 'mine':
          note(BOARD_MESSAGES.yours);
          return;
        case 'mine-pending':
          note(BOARD_MESSAGES.yoursPending);
          return;
        case 'unsold':
          note(salesClosedMessage(game, board.digit_sets, now));
          return;
        case 'in-cart':
          // D44: tapping a square in the cart takes it out again.
          cartStore.remove(game.id, cell);
          say({ text: SUCCESS_TOASTS.squareRemoved, at: null });
          return;
        case 'available': {
          if (!open) {
            note(salesClosedMessage(game, board.digit_sets, now));
            return;
          }
          // D31: the game's cap on squares per player, counting the player's squares and cart (the server decides at checkout).
          const left = squaresLeft(game.max_squares_per_player, playerSquareCount(board, cartStore.get()));
          if (left === 0) {
            note(playerCapMessage(game.max_squares_per_player!));
            return;
          }
          const result = cartStore.add({ game_id: game.id, game_title: game.title, price_per_square: game.price_per_square }, cell);
          if (result.result === 'added') say({ text: SUCCESS_TOASTS.squareAdded, at: null });
          else note(result.message);
        }
      }
    },
    [board, game, signedIn, navigate, location, say],
  );
}

export interface GameBoardProps {
  board: BoardResponse;
  /** Visitors see the board read-only: an available square takes them to /login (D11), any other says whose it is. */
  signedIn: boolean;
  className?: string;
  /** D43: the quarter whose winning row and column are lit; null for none. */
  quarter?: Quarter | null;
  /** D35: with no quarter chosen, the period whose set the axes show (the one in play); null for the latest set drawn. */
  numbersPeriod?: number | null;
  /** D44: fade every square but the viewer's. */
  highlightMine?: boolean;
  /** D49: shows another period (its own set with its winner), from the note on winners of other sets. */
  onQuarter?: (quarter: Quarter) => void;
  /** What a tap says, for the page's live region and the note by the square. */
  onSay: (saying: BoardSaying) => void;
}

/**
 * The board with its axes and team names. D49: the axes show the chosen period's set and say the
 * periods it holds for; only that set's winners are drawn on its squares, the others are listed
 * above it by their set with a button to show them (a mark on digits that did not decide it
 * would read as a wrong winner).
 */
export function GameBoard({ board, signedIn, className, quarter = null, numbersPeriod = null, highlightMine = false, onQuarter, onSay }: GameBoardProps) {
  const { game } = board;
  const cartItem = useCartItem(game.id);
  const shape = shapeOfBoard(game);
  const model = periodModel(game.game_type);
  // D35: the chosen period's own set, else the given period's, else the latest set drawn.
  const period = quarter ?? numbersPeriod;
  const set = setShownFor(board.digit_sets, period);
  const { onBoard, elsewhere } = useMemo(() => winnersBySet(board.digit_sets, set, shownWinners(board)), [board, set]);
  const cells = useMemo(() => boardCells(board, cartItem?.squares ?? [], shape, quarter, onBoard), [board, cartItem, shape, quarter, onBoard]);
  const act = useSquareAction(board, signedIn, onSay);
  const shown = numbersShown(board)
    ? period
      ? numbersForPeriod(board.digit_sets, period, board.numbers)
      : currentNumbers(board.digit_sets, board.numbers)
    : null;
  const chosen = cells.find((cell) => cell.chosen);

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {shown && set && (
        <div className="flex flex-col gap-1.5 text-sm" data-testid="board-numbers">
          <p className="font-semibold" data-testid="board-numbers-periods">
            {numbersHoldForText(set.periods_label)}
            {board.digit_sets.length > 1 && <span className="font-normal text-muted-foreground"> · set {set.set}</span>}
          </p>
          {elsewhere.map((group) => (
            <p key={group.set} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground" data-testid="other-set-winners">
              <span>{group.text}:</span>
              {group.winners.map((winner) => {
                const label = periodShortLabel(model, winner.quarter);
                return onQuarter ? (
                  <Button
                    key={winner.quarter}
                    type="button"
                    variant="outline"
                    size="sm"
                    className="min-h-9 sm:min-h-8"
                    onClick={() => onQuarter(winner.quarter)}
                    data-testid="show-other-set"
                  >
                    Show {label}
                  </Button>
                ) : (
                  <span key={winner.quarter}>{label}</span>
                );
              })}
            </p>
          ))}
        </div>
      )}
      <SquareGrid
        shape={shape}
        game={game}
        numbers={shown}
        kind="board"
        readOnly={!signedIn}
        lit={chosen ?? null}
        renderCell={(square, focus) => {
          const cell = cells[squareIndex(shape, square)]!;
          const dimmed = highlightMine && cell.state !== 'mine' && cell.state !== 'mine-pending' && cell.state !== 'in-cart';
          return <Cell cell={cell} dimmed={dimmed} onActivate={act} {...focus} />;
        }}
      />
    </div>
  );
}

/** Where a note stands in the board's frame: above its square, or below it on the top rows. */
export interface SquareNoteAt {
  readonly text: string;
  readonly left: number;
  readonly top: number;
  readonly above: boolean;
}

/** The note for `saying` inside `frame` (the board's `relative` wrapper), measured at the tap. */
export function placeNote(saying: BoardSaying, frame: HTMLElement): SquareNoteAt | null {
  if (!saying.at) return null;
  const cell = saying.at.getBoundingClientRect();
  const box = frame.getBoundingClientRect();
  const above = cell.top - box.top > 56;
  return { text: saying.text, left: cell.left + cell.width / 2 - box.left, top: above ? cell.top - box.top - 6 : cell.bottom - box.top + 6, above };
}

/**
 * D44: the note a tap leaves by its square ("This square is already claimed by CoachDana."):
 * the full name one tap away. Escape or the next tap closes it; it goes by itself after a few
 * seconds. Screen readers hear the same words from the page's live region.
 */
export function SquareNote({ note, onClose }: { note: SquareNoteAt | null; onClose: () => void }) {
  useEffect(() => {
    if (!note) return;
    const timer = window.setTimeout(onClose, 5000);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, [note, onClose]);
  if (!note) return null;
  return (
    <p
      aria-hidden="true"
      data-testid="square-note"
      onClick={onClose}
      className={cn(
        'absolute z-30 w-max max-w-[min(15rem,90%)] -translate-x-1/2 rounded-lg border bg-popover px-3 py-2 text-sm font-medium text-popover-foreground shadow-lg [overflow-wrap:anywhere]',
        note.above && '-translate-y-full',
      )}
      style={{ left: `clamp(7.5rem, ${note.left}px, calc(100% - 7.5rem))`, top: note.top }}
    >
      {note.text}
    </p>
  );
}

/** A placeholder in the board's shape while it loads (decorative; 10 x 10 until the game says otherwise). */
export function BoardSkeleton({ className, shape = CLASSIC_SHAPE }: { className?: string; shape?: BoardShape }) {
  return <SquareGridSkeleton shape={shape} className={className} />;
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
  hasNoAccount = false,
}: {
  signedIn: boolean;
  hasWinners: boolean;
  salesAreOpen: boolean;
  /** The viewer holds squares in their own open checkout (D21). */
  hasPending?: boolean;
  /** D28: squares the viewer may know are unpaid (their own; an admin's every). */
  hasUnpaid?: boolean;
  /** D48: the board has a named person without an account (their cells carry a mark). */
  hasNoAccount?: boolean;
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
            className={cn('inline-flex size-4 shrink-0 items-center justify-center rounded-[3px]', state === 'winner' ? WINNER : CELL_STYLES[state])}
            style={state === 'claimed' ? ownerStyle(0) : undefined}
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
      {hasNoAccount && (
        <li className="flex items-center gap-1.5" data-testid="legend-no-account">
          <span aria-hidden="true" className="inline-flex size-4 shrink-0 items-center justify-center rounded-[3px] border border-border bg-card">
            <NoAccountIcon className="size-2.5" />
          </span>
          {NO_ACCOUNT_LEGEND}
        </li>
      )}
    </ul>
  );
}

/** Past this many owners the key starts folded: a long list would push the page down on a phone. */
const KEY_OPEN_UP_TO = 8;

/**
 * D44: the key to the short labels a phone's squares show ("CD" is coach_dana), each with the
 * owner's colour; the viewer's own squares say "You" and need no line. A disclosure (a native
 * `details`), so it is one tab stop and a screen reader announces it; folded when long.
 */
export function OwnerKey({ board }: { board: BoardResponse }) {
  const mine = new Set(board.squares.filter((square) => square.mine && square.owner_username).map((square) => square.owner_username));
  const entries = boardOwnerKey(board).filter((entry) => !mine.has(entry.name));
  if (entries.length === 0) return null;
  const count = `${entries.length} ${entries.length === 1 ? 'player' : 'players'}`;
  return (
    <Disclosure open={entries.length <= KEY_OPEN_UP_TO} summary={`Who is who on the board (${count})`} className="group" data-testid="owner-key">
      <ul aria-label="Who is who on the board" className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-x-4 gap-y-1.5">
        {entries.map((entry) => (
          <li key={entry.name} className="flex min-w-0 items-center gap-2" data-testid="owner-key-entry">
            <span
              className={cn('inline-flex h-6 min-w-8 shrink-0 items-center justify-center rounded-[3px] px-1 text-xs font-semibold', CELL_STYLES.claimed)}
              style={ownerStyle(entry.colour)}
              data-testid="owner-key-label"
            >
              {entry.label}
            </span>
            <span className="sr-only">: </span>
            <span className="min-w-0 break-words" data-testid="owner-key-name">
              {personLabel({ name: entry.name, noAccount: entry.noAccount })}
            </span>
          </li>
        ))}
      </ul>
    </Disclosure>
  );
}
