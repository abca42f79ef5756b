import type { Period } from '@core/periods';
import type { GameDayView } from '@core/api/game-day';
import { boardLineDigits } from '@core/board-shape';
import type { Coordinate } from '@core/grid';
import type { CellPerson } from '@core/person';
import { numbersForPeriod } from '@core/set-numbers';
import { shapeOfBoard } from '@/features/board/board-cells';
import { CellName, NoAccountMark } from '@/features/board/cell-name';
import { SquareGrid } from '@/features/board/square-grid';
import { cn } from '@/lib/utils';
import { gridSquareName, periodShort } from './grid-selection';

/**
 * Grid Selection's board: the chosen period's numbers once they may be used, its winning square
 * marked, and the selected square ringed; a click selects a square.
 */
export function SelectionGrid({
  view,
  interactive,
  winning,
  period,
  selected,
  ownerOf,
  cellOwnerOf,
  onSelect,
}: {
  view: GameDayView;
  interactive: boolean;
  winning: Coordinate | null;
  period: Period;
  selected: Coordinate | null;
  ownerOf: (square: Coordinate) => string | null;
  cellOwnerOf: (square: Coordinate) => CellPerson | null;
  onSelect: (square: Coordinate) => void;
}) {
  const { game, numbers } = view;
  const shown = interactive ? numbersForPeriod(view.digit_sets, period, numbers) : null;
  const isSelected = (square: Coordinate) => selected !== null && selected.x === square.x && selected.y === square.y;
  const shape = shapeOfBoard(game);
  const lines = shown ? boardLineDigits(shape, { xAxisNumbers: shown.x_axis_numbers, yAxisNumbers: shown.y_axis_numbers }) : null;

  return (
    <SquareGrid
      shape={shape}
      game={game}
      numbers={shown}
      kind="selection"
      className={cn('mx-auto max-w-2xl', !interactive && 'opacity-60')}
      disabled={!interactive}
      selected={interactive ? isSelected : undefined}
      renderCell={(square, focus) => {
        const owner = ownerOf(square);
        const cellOwner = cellOwnerOf(square);
        const isWinning = winning !== null && winning.x === square.x && winning.y === square.y;
        const name = gridSquareName(game, period, square, { lines, owner, isWinning });
        return (
          <button
            type="button"
            ref={(element) => focus.register(square, element)}
            disabled={!interactive}
            tabIndex={focus.tabIndex}
            data-x={square.x}
            data-y={square.y}
            data-winning={isWinning || undefined}
            data-selected={isSelected(square) || undefined}
            onClick={() => {
              focus.activate(square);
              onSelect(square);
            }}
            onFocus={() => focus.activate(square)}
            onKeyDown={(event) => focus.onKeyDown(event, square)}
            className={cn(
              'relative flex aspect-square w-full min-w-0 flex-col items-center justify-center overflow-hidden rounded-[3px] border p-px text-[0.5rem] leading-tight font-medium transition-colors sm:text-[0.625rem]',
              'outline-none focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
              owner ? 'border-border bg-secondary text-secondary-foreground dark:bg-muted' : 'border-dashed border-border bg-card text-muted-foreground',
              interactive && 'hover:border-primary/60',
              isWinning && 'border-warning bg-warning text-warning-foreground dark:bg-warning',
              isSelected(square) && 'z-[1] ring-[3px] ring-primary ring-offset-1 ring-offset-background',
            )}
          >
            <span className="sr-only">{name}</span>
            {isWinning && (
              <span aria-hidden="true" className="font-bold">
                {periodShort(game, period)}
              </span>
            )}
            {cellOwner && <CellName name={cellOwner.name} noAccount={cellOwner.noAccount} lines={1} className="max-sm:hidden" />}
            {cellOwner?.noAccount && <NoAccountMark />}
          </button>
        );
      }}
    />
  );
}
