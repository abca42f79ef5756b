/**
 * An owner's name in a board cell where there is room for it (desktop cells: the public board,
 * Grid Selection, the board tools). Names break only between words, never inside one: each word
 * is one unbreakable piece, cut with an ellipsis when it is wider than the cell (a 30-character
 * username in a 1024 px board's cell). The full name is the cell's tooltip; screen readers read
 * it in the cell's own name, and a tap on a claimed cell says it (D44).
 */
import { Fragment } from 'react';
import { cn } from '@/lib/utils';

/** Shown only in a cell at least 2.5rem wide (its content box) (the cell is an `@container/cell`); narrower cells show the owner's short label (D44). */
const ROOMY = { 1: 'hidden @min-[2.5rem]/cell:line-clamp-1', 2: 'hidden @min-[2.5rem]/cell:line-clamp-2' } as const;
const ALWAYS = { 1: 'line-clamp-1', 2: 'line-clamp-2' } as const;

export function CellName({ name, lines, roomyOnly = false, className }: { name: string; lines: 1 | 2; roomyOnly?: boolean; className?: string }) {
  const words = name.split(/\s+/).filter((word) => word !== '');
  return (
    <span aria-hidden="true" title={name} className={cn('w-full text-center', (roomyOnly ? ROOMY : ALWAYS)[lines], className)} data-cell-name>
      {words.map((word, index) => (
        <Fragment key={index}>
          {index > 0 && ' '}
          <span className="inline-block max-w-full truncate align-top" data-word>
            {word}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
