import type { BoardShape } from '@core/board-shape';
import type { PrintedAxisSet } from '@core/print-board';
import type { CSSProperties } from 'react';
import { cn } from '@/lib/utils';
import { PRINT_LINE } from './print-styles';

/** One number set: a line of digits over the columns and a column of digits beside the rows; blank boxes until drawn and revealed. */
export function AxisSet({
  set,
  index,
  count,
  shape,
  labelled,
  at,
}: {
  set: PrintedAxisSet;
  index: number;
  count: number;
  shape: BoardShape;
  labelled: boolean;
  at: (row: number, column: number) => CSSProperties;
}) {
  const digit = cn('flex items-center justify-center border-r border-b px-0.5 font-bold tabular-nums whitespace-nowrap', PRINT_LINE);
  const name = labelled ? `Set ${set.set} (${set.periodsLabel})` : 'Numbers';
  return (
    <>
      {labelled && (
        <>
          <div style={at(index + 1, 0)} className="flex items-center justify-end pr-1 text-[0.85em] font-semibold whitespace-nowrap" aria-hidden="true">
            {set.periodsLabel}
          </div>
          <div style={at(0, index + 1)} className="flex items-end justify-center px-1 pb-0.5 text-[0.85em] font-semibold whitespace-nowrap" aria-hidden="true">
            {set.periodsLabel}
          </div>
        </>
      )}
      {Array.from({ length: shape.columns }, (_, y) => (
        <div
          key={`c${y}`}
          style={at(index + 1, count + 1 + y)}
          className={cn(digit, 'min-h-[1.75em]', index === 0 && 'border-t', y === 0 && 'border-l')}
          data-testid={`print-column-digit-${set.set}`}
        >
          {y === 0 && <span className="sr-only">{`${name}, ${set.columns ? 'columns' : 'not drawn yet'}: `}</span>}
          {set.columns?.[y] ?? ''}
        </div>
      ))}
      {Array.from({ length: shape.rows }, (_, x) => (
        <div
          key={`r${x}`}
          style={at(count + 1 + x, index + 1)}
          className={cn(digit, shape.digitsPerRow === 2 ? 'min-w-[3.25em]' : 'min-w-[1.75em]', index === 0 && 'border-l', x === 0 && 'border-t')}
          data-testid={`print-row-digit-${set.set}`}
        >
          {x === 0 && set.rows && <span className="sr-only">{`${name}, rows: `}</span>}
          {set.rows?.[x] ?? ''}
        </div>
      ))}
    </>
  );
}
