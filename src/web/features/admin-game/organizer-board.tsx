/**
 * The organizer's board tools on the game's admin page (D32): select squares (click; Shift-click
 * for the rectangle from the last square clicked; a whole row or column), then assign the free
 * ones to an account or to a person without one (D29), mark sold ones paid or unpaid (D28),
 * release them (a card sale is refunded), or move one sold square to a free one. Keyboard: the
 * arrow keys move through the grid, Space or Enter selects, Shift+Space/Enter selects a range, R
 * and C the focused square's row and column, Escape clears. Assigning, moving and releasing stop
 * once the numbers are drawn; marking paid goes on.
 */
import { squareKey, squarePositionLabel } from '@core/grid';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SquareGrid } from '@/features/board/square-grid';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { AssignDialog } from './assign-dialog';
import { releaseDescription, selectionSummary } from './organizer-board-rules';
import { OrganizerCell } from './organizer-cell';
import { useOrganizerBoard } from './use-organizer-board';
import { countOf } from '@core/text';

export interface OrganizerBoardProps {
  game: {
    readonly id: string;
    readonly title: string;
    readonly team_a: string;
    readonly team_b: string;
    readonly grid_shuffled: boolean;
    readonly is_active: boolean;
    readonly price_per_square_cents: number;
    /** D36: 100, 50 or 25 squares. */
    readonly board_size: 100 | 50 | 25;
  };
}

export function OrganizerBoard({ game }: OrganizerBoardProps) {
  const tools = useOrganizerBoard(game);
  const { board, squares, shape, selection, parts, cursor, setCursor, moving, busy, clear, choose, chooseLine } = tools;
  const { chosen, free, sold, paid, unpaid } = parts;
  const locked = game.grid_shuffled || !game.is_active;

  return (
    <section aria-labelledby="board-tools-heading" className="flex flex-col gap-3" data-testid="board-tools">
      <div className="flex flex-col gap-1">
        {/* The admin board's mode switch shows the name (features/admin-game/admin-board.tsx). */}
        <h3 id="board-tools-heading" className="sr-only">
          Board tools
        </h3>
        <p className="text-sm text-muted-foreground">
          Select squares: click, Shift-click for a range, or a whole row or column (keys: arrows, Space, Shift+Space, R, C). Assign puts someone on the free
          ones; Mark paid records money you collected; Release makes sold squares free again (a card payment is refunded); Move shifts one sold square to a free
          one.
        </p>
        {locked && (
          <p className="text-sm font-medium" data-testid="board-tools-locked">
            {game.is_active
              ? 'The numbers are drawn: squares can no longer be assigned, moved or released. You can still mark them paid.'
              : 'This game is completed: its squares can no longer change.'}
          </p>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Select">
        <Button size="sm" variant="outline" onClick={() => chooseLine({ row: cursor.x })}>
          Whole row {cursor.x + 1}
        </Button>
        <Button size="sm" variant="outline" onClick={() => chooseLine({ column: cursor.y })}>
          Whole column {cursor.y + 1}
        </Button>
        <Button size="sm" variant="ghost" disabled={chosen.length === 0} onClick={clear}>
          Clear selection
        </Button>
      </div>

      {moving && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-primary/50 bg-primary/5 px-3 py-2 text-sm"
          data-testid="move-banner"
        >
          <span>
            Moving {moving.owner}&apos;s square from {squarePositionLabel(moving.from)}: choose a free square.
          </span>
          <Button size="sm" variant="outline" onClick={() => tools.setMoving(null)}>
            Cancel move
          </Button>
        </div>
      )}

      <SquareGrid
        shape={shape}
        game={game}
        numbers={board.data?.numbers ?? null}
        kind="selection"
        className="mx-auto max-w-2xl"
        selected={(square) => selection.keys.has(squareKey(square))}
        renderCell={(square, focus) => (
          <OrganizerCell
            square={square}
            owned={squares.get(squareKey(square))}
            isSelected={selection.keys.has(squareKey(square))}
            focus={focus}
            onClick={(event) => {
              focus.activate(square);
              setCursor(square);
              choose(square, event.shiftKey);
            }}
            onFocus={() => {
              focus.activate(square);
              setCursor(square);
            }}
            onKeyDown={(event) => {
              tools.onCellKey(event, square);
              focus.onKeyDown(event, square);
            }}
          />
        )}
      />

      <div
        className="sticky bottom-0 z-10 flex flex-col gap-2 rounded-xl border bg-card/95 p-3 shadow-sm backdrop-blur sm:flex-row sm:items-center sm:justify-between"
        data-testid="board-tools-actions"
      >
        <p aria-live="polite" className="text-sm" data-testid="selection-summary">
          {selectionSummary(parts)}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={busy || locked || free.length === 0} onClick={() => tools.setAssigning(true)}>
            Assign {free.length > 0 ? countOf(free.length, 'square') : ''}
          </Button>
          <Button size="sm" variant="outline" disabled={busy || !game.is_active || unpaid.length === 0} onClick={() => void tools.run('mark-paid')}>
            Mark paid
          </Button>
          <Button size="sm" variant="outline" disabled={busy || !game.is_active || paid.length === 0} onClick={() => void tools.run('mark-unpaid')}>
            Mark unpaid
          </Button>
          <Button size="sm" variant="outline" disabled={busy || locked || sold.length === 0} onClick={() => tools.setReleasing(true)}>
            Release
          </Button>
          <Button size="sm" variant="outline" disabled={busy || locked || sold.length !== 1 || chosen.length !== 1} onClick={tools.startMove}>
            Move
          </Button>
        </div>
      </div>

      <AssignDialog
        open={tools.assigning}
        count={free.length}
        priceCents={game.price_per_square_cents}
        pending={tools.assignPending}
        onOpenChange={tools.setAssigning}
        onAssign={tools.assignFree}
      />
      <ConfirmDialog
        open={tools.releasing}
        onOpenChange={(open) => {
          if (!open && !tools.releasePending) tools.setReleasing(false);
        }}
        title={`Release ${countOf(sold.length, 'square')}?`}
        description={releaseDescription(sold.length, paid.length)}
        destructive
        busy={tools.releasePending}
        confirmLabel={tools.releasePending ? <Spinner label="Releasing..." /> : 'Release'}
        onConfirm={() => void tools.run('release', { include_paid: paid.length > 0 }).then(() => tools.setReleasing(false))}
        testId="board-release-dialog"
      />
    </section>
  );
}
