import type { BoardResponse } from '@core/api/board';
import { Highlighter } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { RandomPick } from './selection-bar';

/** D44 by the board: "Highlight my squares" for a player who has some, "Pick at random" while sales are open. */
export function BoardToolsBar({
  board,
  open,
  hasMine,
  highlightMine,
  onHighlightMine,
  onPicked,
}: {
  board: BoardResponse;
  open: boolean;
  hasMine: boolean;
  highlightMine: boolean;
  onHighlightMine: () => void;
  onPicked: (text: string) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="board-tools-bar">
      {hasMine && (
        <Button
          type="button"
          variant="outline"
          aria-pressed={highlightMine}
          onClick={onHighlightMine}
          className="min-h-11 aria-pressed:border-primary aria-pressed:bg-primary/10 sm:min-h-9"
          data-testid="highlight-mine"
        >
          <Highlighter aria-hidden="true" />
          Highlight my squares
        </Button>
      )}
      {open && <RandomPick board={board} onPicked={onPicked} />}
    </div>
  );
}
