/**
 * D44: what a tap on a square says, and where its note stands: by the square for a sighted
 * reader, in the page's live region for a screen reader.
 */

/** What tapping a square says (D44): a note by the square, or a line for screen readers only. */
export interface BoardSaying {
  readonly text: string;
  /** The square the note points at; null for what only the live region says (added, removed). */
  readonly at: HTMLElement | null;
}

/** Where a note stands in the board's frame: above its square, or below it on the top rows. */
export interface SquareNoteAt {
  readonly text: string;
  readonly left: number;
  readonly top: number;
  readonly above: boolean;
}

/** Room a note needs above its square (px); nearer the frame's top it goes below the square. */
const ROOM_ABOVE = 56;
/** The gap between the note and its square (px). */
const GAP = 6;

/** The note for `saying` inside `frame` (the board's `relative` wrapper), measured at the tap. */
export function placeNote(saying: BoardSaying, frame: HTMLElement): SquareNoteAt | null {
  if (!saying.at) return null;
  const cell = saying.at.getBoundingClientRect();
  const box = frame.getBoundingClientRect();
  const above = cell.top - box.top > ROOM_ABOVE;
  return { text: saying.text, left: cell.left + cell.width / 2 - box.left, top: above ? cell.top - box.top - GAP : cell.bottom - box.top + GAP, above };
}

/**
 * A repeated sentence is read out again: the live region's text must change, so every other
 * saying ends in an invisible zero-width space. `n` counts the sayings.
 */
export function liveRegionText(text: string, n: number): string {
  return text + (n % 2 === 1 ? '\u200b' : '');
}
