import { cn } from '@/lib/utils';
import type { SquareNoteAt } from './square-note-place';
import { useDismissNote } from './use-dismiss-note';

/**
 * D44: the note a tap leaves by its square ("This square is already claimed by CoachDana."):
 * the full name one tap away. Escape or the next tap closes it; it goes by itself after a few
 * seconds. Screen readers hear the same words from the page's live region.
 */
export function SquareNote({ note, onClose }: { note: SquareNoteAt | null; onClose: () => void }) {
  useDismissNote(note, onClose);
  if (!note) return null;
  return (
    <p
      aria-hidden="true"
      data-testid="square-note"
      onClick={onClose}
      className={cn(
        'absolute z-30 w-max max-w-[min(15rem,90%)] -translate-x-1/2 rounded-lg border bg-popover px-3 py-2 text-sm font-medium text-popover-foreground shadow-lg [overflow-wrap:anywhere]',
        note.above && '-translate-y-full',
      )}
      style={{ left: `clamp(7.5rem, ${note.left}px, calc(100% - 7.5rem))`, top: note.top }}
    >
      {note.text}
    </p>
  );
}
