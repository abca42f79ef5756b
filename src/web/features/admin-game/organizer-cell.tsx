import type { BoardSquare } from '@core/api/board';
import { type Coordinate, squarePositionLabel } from '@core/grid';
import type { CellPerson } from '@core/person';
import type { KeyboardEvent, MouseEvent } from 'react';
import { CellName, NoAccountMark } from '@/features/board/cell-name';
import type { SquareFocus } from '@/features/board/square-grid';
import { cn } from '@/lib/utils';
import { cellOwner, cellState } from './organizer-board-rules';

/**
 * One square of the board tools: a toggle button (aria-pressed) that says its position and state
 * to screen readers, and shows its owner and a $ while unpaid.
 */
export function OrganizerCell({
  square,
  owned,
  isSelected,
  focus,
  onClick,
  onFocus,
  onKeyDown,
}: {
  square: Coordinate;
  /** The sold or held square at this position; undefined when it is free. */
  owned: BoardSquare | undefined;
  isSelected: boolean;
  focus: SquareFocus;
  onClick: (event: MouseEvent) => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  return (
    <button
      type="button"
      ref={(element) => focus.register(square, element)}
      tabIndex={focus.tabIndex}
      aria-pressed={isSelected}
      data-x={square.x}
      data-y={square.y}
      data-testid="tool-square"
      onClick={onClick}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      className={cn(
        'relative flex aspect-square w-full min-w-0 flex-col items-center justify-center overflow-hidden rounded-[3px] border p-px text-[0.5rem] leading-tight font-medium transition-colors sm:text-[0.625rem]',
        'outline-none focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
        owned ? 'border-border bg-secondary text-secondary-foreground dark:bg-muted' : 'border-dashed border-border bg-card text-muted-foreground',
        owned?.status === 'held' && 'opacity-60',
        'hover:border-primary/60',
        isSelected && 'z-[1] bg-primary/15 ring-[3px] ring-primary ring-offset-1 ring-offset-background',
      )}
    >
      <span className="sr-only">
        {squarePositionLabel(square)}: {cellState(owned)}
      </span>
      {owned?.status === 'claimed' && <OwnerInCell person={cellOwner(owned)} />}
      {owned?.unpaid && (
        <span aria-hidden="true" className="absolute top-0 right-0.5 font-bold text-warning-foreground">
          $
        </span>
      )}
    </button>
  );
}

function OwnerInCell({ person }: { person: CellPerson | null }) {
  if (!person) return null;
  return (
    <>
      <CellName name={person.name} noAccount={person.noAccount} lines={2} />
      {person.noAccount && <NoAccountMark />}
    </>
  );
}
