/**
 * How the board's squares look, by state (D43, D44): the cells, the legend's samples and the
 * owner key's labels draw from the same classes, so a colour means one thing on the page.
 */
import type { CSSProperties } from 'react';
import { cn } from '@/lib/utils';
import type { BoardCell, CellState } from './board-cells';

export const CELL_STYLES: Record<CellState, string> = {
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
export const OWNER_HUES = [25, 250, 145, 320, 75, 200, 0, 110, 285, 175] as const;

/** The owner's colour as the cell's `--owner-hue`; nothing for a square without an owner on the key. */
export const ownerStyle = (colour: number | null) =>
  colour === null ? undefined : ({ '--owner-hue': OWNER_HUES[colour % OWNER_HUES.length] } as CSSProperties);

/** D43: a winning square is filled; the chosen period's is ringed, its row and column lit. */
export const WINNER = 'border-transparent bg-warning text-warning-foreground dark:bg-warning dark:text-warning-foreground';
const LIT = 'shadow-[inset_0_0_0_2px_var(--color-warning)] sm:shadow-[inset_0_0_0_3px_var(--color-warning)]';

const CELL =
  'group/cell @container/cell relative flex aspect-square w-full touch-manipulation min-w-0 flex-col items-center justify-center overflow-hidden rounded-[3px] p-px text-xs leading-none font-semibold transition-[colors,opacity] sm:rounded-md sm:p-1 sm:leading-[1.1] sm:font-medium';
const FOCUS =
  'outline-none focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background';

/** A cell's classes: its state's, then a win (D43), the chosen period's lines and square, and D44's fading. */
export function cellClassName(cell: BoardCell, dimmed: boolean): string {
  const winner = cell.wonPeriods.length > 0;
  return cn(
    CELL,
    FOCUS,
    CELL_STYLES[cell.state],
    winner && WINNER,
    cell.lit && !winner && LIT,
    cell.chosen && 'z-[5] ring-2 ring-foreground ring-offset-1 ring-offset-background',
    dimmed && 'opacity-25',
  );
}
