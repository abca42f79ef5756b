/**
 * An owner's name in a board cell where there is room for it (desktop cells: the public board,
 * Grid Selection, the board tools). Names break only between words, never inside one: each word
 * is one unbreakable piece, cut with an ellipsis when it is wider than the cell (a 30-character
 * username in a 1024 px board's cell). The full name is the cell's tooltip; screen readers read
 * it in the cell's own name, and a tap on a claimed cell says it (D44).
 */
import { NO_ACCOUNT_MARK } from '@core/person';
import { UserRoundX } from 'lucide-react';
import { Fragment } from 'react';
import { cn } from '@/lib/utils';

/** Shown only in a cell at least 2.5rem wide (its content box) (the cell is an `@container/cell`); narrower cells show the owner's short label (D44). */
const ROOMY = { 1: 'hidden @min-[2.5rem]/cell:line-clamp-1', 2: 'hidden @min-[2.5rem]/cell:line-clamp-2' } as const;
const ALWAYS = { 1: 'line-clamp-1', 2: 'line-clamp-2' } as const;

export function CellName({
  name,
  lines,
  roomyOnly = false,
  noAccount = false,
  className,
}: {
  name: string;
  lines: 1 | 2;
  roomyOnly?: boolean;
  /** D48: a named person without an account; the tooltip says it, the cell's `NoAccountMark` shows it. */
  noAccount?: boolean;
  className?: string;
}) {
  const words = name.split(/\s+/).filter((word) => word !== '');
  return (
    <span
      aria-hidden="true"
      title={noAccount ? `${name} (${NO_ACCOUNT_MARK})` : name}
      className={cn('w-full text-center break-normal hyphens-none', (roomyOnly ? ROOMY : ALWAYS)[lines], className)}
      data-cell-name
    >
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

/**
 * D48 on a board cell: a named person without an account is marked by a small sign in the cell's
 * corner, which costs the name no letters (the words would: "Li Wei (no…"). The cell's own name
 * says "no account" to screen readers; the board's legend explains the sign. The cell must be
 * `relative`.
 */
export function NoAccountMark({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" title={NO_ACCOUNT_MARK} className={cn('absolute top-px left-px leading-none opacity-80', className)} data-no-account>
      <UserRoundX className="size-2 sm:size-2.5" strokeWidth={2.5} />
    </span>
  );
}

/** The legend's picture of the same sign. */
export function NoAccountIcon({ className }: { className?: string }) {
  return <UserRoundX aria-hidden="true" className={cn('size-3', className)} strokeWidth={2.5} />;
}
