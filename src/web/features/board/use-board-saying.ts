import { useCallback, useRef, useState } from 'react';
import { type BoardSaying, liveRegionText, placeNote, type SquareNoteAt } from './square-note-place';

/**
 * D44: what a tap on the board said, by its square (the note, placed in `frame`, the board's
 * `relative` wrapper) and for screen readers (the live region's `said`).
 */
export function useBoardSaying() {
  const [note, setNote] = useState<SquareNoteAt | null>(null);
  const [said, setSaid] = useState({ text: '', n: 0 });
  const frame = useRef<HTMLDivElement>(null);
  const say = useCallback((next: BoardSaying) => {
    setNote(frame.current ? placeNote(next, frame.current) : null);
    setSaid((previous) => ({ text: next.text, n: previous.n + 1 }));
  }, []);
  const closeNote = useCallback(() => setNote(null), []);
  return { frame, note, say, closeNote, said: liveRegionText(said.text, said.n) };
}

/** What the board's tap said, and where: what the board, its note and its live region take. */
export type BoardSayings = ReturnType<typeof useBoardSaying>;
