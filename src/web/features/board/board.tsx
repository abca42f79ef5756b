/**
 * The board (spec section 4 "Board", D11, D14), in the shared square grid: team B's digits across
 * the top (columns, y), team A's down the side (rows, x), `#` until the numbers are drawn and
 * revealed; one tab stop moved by the grid's keys, Enter or Space acts on the square. Clicking
 * picks a square for the cart, or says why it cannot be picked. What each square shows is the
 * cell model's (board-cells.ts).
 */
import type { BoardResponse } from '@core/api/board';
import { type BoardShape, CLASSIC_SHAPE, squareIndex } from '@core/board-shape';
import { periodModel, type Period } from '@core/periods';
import { cn } from '@/lib/utils';
import { BoardCellButton } from './board-cell';
import { isViewersCell } from './board-cells';
import { BoardNumbers } from './board-numbers';
import { SquareGrid, SquareGridSkeleton } from './square-grid';
import type { BoardSaying } from './square-note-place';
import { useBoardCells } from './use-board-cells';
import { useSquareAction } from './use-square-action';

export interface GameBoardProps {
  board: BoardResponse;
  /** Visitors see the board read-only: an available square takes them to /login (D11), any other says whose it is. */
  signedIn: boolean;
  className?: string;
  /** D43: the period whose winning row and column are lit; null for none. */
  period?: Period | null;
  /** D35: with no period chosen, the period whose set the axes show (the one in play); null for the latest set drawn. */
  numbersPeriod?: number | null;
  /** D44: fade every square but the viewer's. */
  highlightMine?: boolean;
  /** D49: shows another period (its own set with its winner), from the note on winners of other sets. */
  onPeriod?: (period: Period) => void;
  /** What a tap says, for the page's live region and the note by the square. */
  onSay: (saying: BoardSaying) => void;
}

/**
 * The board with its axes and team names. D49: the axes show the chosen period's set and say the
 * periods it holds for; only that set's winners are drawn on its squares, the others are listed
 * above it by their set with a button to show them (a mark on digits that did not decide it
 * would read as a wrong winner).
 */
export function GameBoard({ board, signedIn, className, period = null, numbersPeriod = null, highlightMine = false, onPeriod, onSay }: GameBoardProps) {
  const { game } = board;
  const { shape, set, elsewhere, cells, numbers, chosen } = useBoardCells(board, period, numbersPeriod);
  const act = useSquareAction(board, signedIn, onSay);

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {numbers && set && (
        <BoardNumbers set={set} setCount={board.digit_sets.length} elsewhere={elsewhere} model={periodModel(game.game_type)} onPeriod={onPeriod} />
      )}
      <SquareGrid
        shape={shape}
        game={game}
        numbers={numbers}
        kind="board"
        readOnly={!signedIn}
        lit={chosen}
        renderCell={(square, focus) => {
          const cell = cells[squareIndex(shape, square)]!;
          return <BoardCellButton cell={cell} dimmed={highlightMine && !isViewersCell(cell)} onActivate={act} {...focus} />;
        }}
      />
    </div>
  );
}

/** A placeholder in the board's shape while it loads (decorative; 10 x 10 until the game says otherwise). */
export function BoardSkeleton({ className, shape = CLASSIC_SHAPE }: { className?: string; shape?: BoardShape }) {
  return <SquareGridSkeleton shape={shape} className={className} />;
}
