import type { BoardResponse } from '@core/api/board';
import { boardShape } from '@core/board-shape';
import { squarePositionLabel } from '@core/grid';
import { periodModel } from '@core/periods';
import { printedAxisSets } from '@core/print-board';
import type { CSSProperties } from 'react';
import { cn } from '@/lib/utils';
import { CellName, NoAccountMark } from './cell-name';
import { AxisSet } from './print-axis-set';
import { printGridTracks, printSquares } from './print-squares';
import { PRINT_CELL_TEXT, PRINT_LINE } from './print-styles';

/**
 * The grid: team B's name across the top and one line of digits per number set above the columns,
 * team A's name down the side and one column of digits per set beside the rows (a set's periods
 * label it when the game has several); each square with its owner's name, cut to fit, and the
 * periods it won. Borders only, no fills: it prints in black and white without background graphics.
 */
export function PrintGrid({ board }: { board: BoardResponse }) {
  const { game } = board;
  const shape = boardShape(game.board_size);
  const model = periodModel(game.game_type);
  const sets = printedAxisSets({
    shape,
    model,
    mode: game.number_sets,
    revealed: game.numbers_revealed,
    sets: board.digit_sets,
    numbers: board.numbers,
  });
  const several = sets.length > 1;
  const s = sets.length;
  const tracks = printGridTracks(shape, s);
  const style = {
    gridTemplateColumns: tracks.columns,
    '--rows-screen': tracks.rowsScreen,
    '--rows-print': tracks.rowsPrint,
    '--grid-min': tracks.minWidth,
  } as CSSProperties;
  const at = (row: number, column: number): CSSProperties => ({ gridRow: row + 1, gridColumn: column + 1 });

  return (
    // Positioned: the cells' screen-reader words (absolute) stay inside the box that scrolls on a phone.
    <section aria-labelledby="print-board-heading" tabIndex={0} className="relative min-w-0 flex-1 overflow-x-auto print:overflow-hidden">
      <h2 id="print-board-heading" className="sr-only">
        Board
      </h2>
      <div
        className={cn(
          'grid min-w-[var(--grid-min)] grid-rows-[var(--rows-screen)] print:h-full print:min-w-0 print:grid-rows-[var(--rows-print)]',
          PRINT_CELL_TEXT[shape.size],
        )}
        style={style}
        data-testid="print-grid"
      >
        <div
          style={{ ...at(0, s + 1), gridColumnEnd: -1 }}
          className="truncate pb-0.5 text-center font-bold tracking-wide uppercase"
          data-testid="print-team-b"
        >
          {game.team_b} →
        </div>
        <div
          style={{ ...at(s + 1, 0), gridRowEnd: -1 }}
          className="flex items-center justify-center pr-0.5 font-bold tracking-wide uppercase [writing-mode:vertical-rl] rotate-180"
          data-testid="print-team-a"
        >
          <span className="truncate">{game.team_a} →</span>
        </div>
        {sets.map((set, i) => (
          <AxisSet key={set.set} set={set} index={i} count={s} shape={shape} labelled={several} at={at} />
        ))}
        {printSquares(board).map(({ x, y, key, shown, spoken, periods }) => (
          <div
            key={key}
            style={at(s + 1 + x, s + 1 + y)}
            className={cn('relative flex min-w-0 flex-col items-center justify-center overflow-hidden border-r border-b p-0.5 leading-tight', PRINT_LINE)}
            data-testid="print-square"
            data-x={x}
            data-y={y}
            data-won={periods.length > 0 ? periods.join(' ') : undefined}
          >
            {/* D48: the cell shows the name and a mark for "no account"; its words are for screen readers. */}
            <span className="sr-only">
              {squarePositionLabel({ x, y })}: {spoken}
              {periods.length > 0 && `, won ${periods.join(', ')}`}
            </span>
            {/* On paper a name wraps between words over two lines; a word wider than the square ends in an ellipsis. */}
            {shown && <CellName name={shown.name} noAccount={shown.noAccount} lines={2} />}
            {shown?.noAccount && <NoAccountMark />}
            {periods.length > 0 && (
              <span aria-hidden="true" className="mt-0.5 rounded-sm border border-black px-1 text-[0.85em] font-bold">
                {periods.join(' ')}
              </span>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
