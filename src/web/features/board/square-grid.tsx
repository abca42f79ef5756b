/**
 * The frame every board of squares shares (spec section 4 "Board", D14): team B's name and
 * digits across the top (columns, y), team A's down the side (rows, x), `#` until the digits are
 * shown, and one tab stop for the whole grid (use-roving-focus). The game's board shape (D36)
 * gives the rows, the columns and the digits each line carries ("3 / 8" on a line of two);
 * each board draws its own squares through `renderCell`.
 */
import type { BoardNumbers } from '@core/api/board';
import { type BoardShape, boardLineDigits } from '@core/board-shape';
import type { Coordinate, Digit } from '@core/grid';
import type { CSSProperties, ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { type RovingFocus, useRovingFocus } from './use-roving-focus';
import { cn } from '@/lib/utils';

/** The public board's roomy squares, or Grid Selection's smaller ones on the game-day controls. */
type GridKind = 'board' | 'selection';

const AXIS = 'flex items-center justify-center rounded-[3px] bg-field text-xs font-bold text-field-foreground tabular-nums whitespace-nowrap';
const TEAM = 'text-xs font-semibold tracking-wide uppercase';

// The column count reaches the classes through --grid-columns, the row headers' width through
// --axis-width and --axis-width-sm (set on the frame: wider for rows of two digits, D36).
const STYLES: Record<GridKind, Record<'frame' | 'teamB' | 'teamA' | 'teamAName' | 'grid' | 'row' | 'axis' | 'columnHeader', string>> = {
  board: {
    frame: 'grid w-full grid-cols-[1rem_minmax(0,1fr)] gap-x-1 sm:grid-cols-[1.5rem_minmax(0,1fr)] sm:gap-x-2',
    teamB: 'truncate pb-1 pl-[calc(var(--axis-width)+1px)] text-center sm:pb-2 sm:pl-[calc(var(--axis-width-sm)+0.25rem)] sm:text-sm',
    teamA: 'flex items-center justify-center pt-[calc(1.25rem+1px)] sm:pt-10',
    teamAName: 'sm:text-sm',
    grid: 'flex min-w-0 flex-col gap-px sm:gap-1',
    row: 'grid grid-cols-[var(--axis-width)_repeat(var(--grid-columns),minmax(0,1fr))] gap-px sm:grid-cols-[var(--axis-width-sm)_repeat(var(--grid-columns),minmax(0,1fr))] sm:gap-1',
    axis: 'sm:rounded-md sm:text-base',
    columnHeader: 'h-5 sm:h-8',
  },
  selection: {
    frame: 'grid w-full grid-cols-[1rem_minmax(0,1fr)] gap-x-1 sm:grid-cols-[1.25rem_minmax(0,1fr)]',
    teamB: 'truncate pb-1 pl-[calc(var(--axis-width)+1px)] text-center sm:pl-[calc(var(--axis-width-sm)+0.25rem)]',
    teamA: 'flex items-center justify-center pt-[calc(1.25rem+1px)]',
    teamAName: '',
    grid: 'flex min-w-0 flex-col gap-px sm:gap-0.5',
    row: 'grid grid-cols-[var(--axis-width)_repeat(var(--grid-columns),minmax(0,1fr))] gap-px sm:grid-cols-[var(--axis-width-sm)_repeat(var(--grid-columns),minmax(0,1fr))] sm:gap-0.5',
    axis: 'sm:text-sm',
    columnHeader: 'h-5 sm:h-7',
  },
};

/** The grid's accessible name starts "<noun> of <title>"; the test ids the browser tests find. */
const KINDS: Record<GridKind, { noun: string; testIds: { frame: string; teamA?: string; teamB?: string; rowDigit: string; columnDigit: string } }> = {
  board: { noun: 'Board', testIds: { frame: 'board', teamA: 'board-team-a', teamB: 'board-team-b', rowDigit: 'row-digit', columnDigit: 'column-digit' } },
  selection: { noun: 'Grid', testIds: { frame: 'selection-grid', rowDigit: 'grid-row-digit', columnDigit: 'grid-column-digit' } },
};

/** The row headers' width, phone and wider: one digit, or two ("3 / 8", D36). */
const AXIS_WIDTHS: Record<GridKind, Record<1 | 2, readonly [string, string]>> = {
  board: { 1: ['1.25rem', '2rem'], 2: ['2.25rem', '3rem'] },
  selection: { 1: ['1.25rem', '1.75rem'], 2: ['2.25rem', '2.75rem'] },
};

function frameVariables(kind: GridKind, shape: BoardShape): CSSProperties {
  const [phone, wide] = AXIS_WIDTHS[kind][shape.digitsPerRow === 2 ? 2 : 1];
  return { '--grid-columns': shape.columns, '--axis-width': phone, '--axis-width-sm': wide } as CSSProperties;
}

/** A line's digits as the header shows them ("3 / 8") and as a screen reader says them ("3 or 8"). */
const shownDigits = (digits: readonly Digit[]) => digits.join(' / ');
const spokenDigits = (digits: readonly Digit[]) => digits.join(' or ');

/** What one square's button takes from the grid; the functions are stable across renders. */
export interface SquareFocus extends Omit<RovingFocus, 'active'> {
  readonly tabIndex: 0 | -1;
}

export interface SquareGridProps {
  /** D36: the game's rows, columns and digits per line. */
  shape: BoardShape;
  /** Team A down the side (rows), team B across the top (columns). */
  game: { readonly title: string; readonly team_a: string; readonly team_b: string };
  /** The digits once shown; null draws `#` ("Row 3" for screen readers). */
  numbers: Pick<BoardNumbers, 'x_axis_numbers' | 'y_axis_numbers'> | null;
  kind: GridKind;
  className?: string;
  readOnly?: boolean;
  disabled?: boolean;
  /** aria-selected of a square's cell, where squares can be selected. */
  selected?: (square: Coordinate) => boolean | undefined;
  /** The square's button (or other focusable), with `focus` spread onto it. */
  renderCell: (square: Coordinate, focus: SquareFocus) => ReactNode;
  /** D43: the chosen period's winning row and column, whose digits are lit. */
  lit?: Coordinate | null;
}

/** A lit axis digit (D43): the winning row's or column's. */
const LIT_AXIS = 'data-[lit]:bg-warning data-[lit]:text-warning-foreground data-[lit]:ring-2 data-[lit]:ring-warning';

export function SquareGrid({ shape, game, numbers, kind, className, readOnly, disabled, selected, renderCell, lit }: SquareGridProps) {
  const { rows, columns } = shape;
  const { active, register, activate, onKeyDown } = useRovingFocus({ rows, columns });
  const styles = STYLES[kind];
  const { noun, testIds } = KINDS[kind];
  const { team_a: teamA, team_b: teamB } = game;
  const lines = numbers ? boardLineDigits(shape, { xAxisNumbers: numbers.x_axis_numbers, yAxisNumbers: numbers.y_axis_numbers }) : null;
  const rowDigit = (x: number) => (lines ? shownDigits(lines.rows[x] ?? []) : '#');
  const columnDigit = (y: number) => (lines ? shownDigits(lines.columns[y] ?? []) : '#');

  return (
    <div className={cn(styles.frame, className)} style={frameVariables(kind, shape)} data-testid={testIds.frame} data-board-size={shape.size}>
      <div aria-hidden="true" />
      <div aria-hidden="true" className={cn(TEAM, styles.teamB)} data-testid={testIds.teamB}>
        {teamB}
      </div>
      <div aria-hidden="true" className={styles.teamA} data-testid={testIds.teamA}>
        <span className={cn('max-h-full truncate [writing-mode:vertical-rl] rotate-180', TEAM, styles.teamAName)}>{teamA}</span>
      </div>
      <div
        role="grid"
        aria-label={`${noun} of ${game.title}: rows ${teamA}, columns ${teamB}`}
        aria-readonly={readOnly || undefined}
        aria-disabled={disabled || undefined}
        className={styles.grid}
      >
        <div role="row" className={styles.row}>
          <div role="columnheader" className="min-w-0">
            <span className="sr-only">
              Rows {teamA}, columns {teamB}
            </span>
          </div>
          {Array.from({ length: columns }, (_, y) => (
            <div
              role="columnheader"
              key={y}
              className={cn(AXIS, LIT_AXIS, styles.axis, styles.columnHeader)}
              data-testid={testIds.columnDigit}
              data-lit={lit?.y === y || undefined}
            >
              <span aria-hidden="true">{columnDigit(y)}</span>
              <span className="sr-only">{lines ? `${teamB} ${spokenDigits(lines.columns[y] ?? [])}` : `Column ${y + 1}`}</span>
            </div>
          ))}
        </div>
        {Array.from({ length: rows }, (_, x) => (
          <div role="row" key={x} className={styles.row}>
            <div role="rowheader" className={cn(AXIS, LIT_AXIS, styles.axis)} data-testid={testIds.rowDigit} data-lit={lit?.x === x || undefined}>
              <span aria-hidden="true">{rowDigit(x)}</span>
              <span className="sr-only">{lines ? `${teamA} ${spokenDigits(lines.rows[x] ?? [])}` : `Row ${x + 1}`}</span>
            </div>
            {Array.from({ length: columns }, (_, y) => (
              <div role="gridcell" key={y} className="min-w-0" aria-selected={selected?.({ x, y })}>
                {renderCell({ x, y }, { tabIndex: active.x === x && active.y === y ? 0 : -1, register, activate, onKeyDown })}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * A placeholder in the grid's shape while it loads (decorative): the team name's strip and one
 * block for the squares. One block, not a pulsing square per cell: on a phone, styling and laying
 * out 121 animated cells cost about as much as the board that replaces them a moment later.
 */
export function SquareGridSkeleton({ shape, className }: { shape: BoardShape; className?: string }) {
  const { rows, columns } = shape;
  const styles = STYLES.board;
  return (
    <div aria-hidden="true" className={cn(styles.frame, className)} style={frameVariables('board', shape)}>
      <div />
      <Skeleton className="mx-auto mb-1 h-4 w-24 sm:mb-2" />
      <div />
      <Skeleton className="w-full rounded-md" style={{ aspectRatio: `${columns + 1} / ${rows + 1}` }} />
    </div>
  );
}
