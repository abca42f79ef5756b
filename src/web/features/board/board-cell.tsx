import { NO_ACCOUNT_MARK } from '@core/person';
import { Check, Clock, Plus } from 'lucide-react';
import { Fragment, memo } from 'react';
import { cn } from '@/lib/utils';
import { type BoardCell, cellFace } from './board-cells';
import { CellName, NoAccountMark } from './cell-name';
import { cellClassName, ownerStyle } from './cell-styles';
import type { SquareFocus } from './square-grid';

/** One square of the board: a button named by the cell model, drawn by its state. */
export const BoardCellButton = memo(function BoardCellButton({
  cell,
  dimmed,
  onActivate,
  tabIndex,
  register,
  activate,
  onKeyDown,
}: SquareFocus & {
  cell: BoardCell;
  /** D44 "highlight my squares": everyone else's squares fade. */
  dimmed: boolean;
  onActivate: (cell: BoardCell, element: HTMLElement) => void;
}) {
  const { winner, mine, owner, mark } = cellFace(cell);
  return (
    <button
      type="button"
      ref={(element) => register(cell, element)}
      tabIndex={tabIndex}
      data-state={cell.state}
      data-winner={winner || undefined}
      data-lit={cell.lit || undefined}
      data-chosen={cell.chosen || undefined}
      data-dimmed={dimmed || undefined}
      data-x={cell.x}
      data-y={cell.y}
      onClick={(event) => onActivate(cell, event.currentTarget)}
      onKeyDown={(event) => onKeyDown(event, cell)}
      onFocus={() => activate(cell)}
      style={ownerStyle(cell.ownerColour)}
      className={cellClassName(cell, dimmed)}
    >
      {/* The name ("Row 3, column 7, available") is the content; the drawing is decoration. */}
      <span className="sr-only" data-name>
        {cell.name}
      </span>
      {winner && (
        // D43: the period (or periods) this square won.
        <span aria-hidden="true" className="flex flex-wrap justify-center gap-px text-[0.625rem] leading-none font-bold sm:gap-0.5 sm:text-xs" data-periods>
          {cell.wonLabels.map((label, index) => (
            <Fragment key={label}>
              {index > 0 && ' '}
              <span>{label}</span>
            </Fragment>
          ))}
        </span>
      )}
      {mark === 'check' && <Check aria-hidden="true" className="size-4 sm:size-5" strokeWidth={3} />}
      {mark === 'clock' && <Clock aria-hidden="true" className="size-3 sm:size-4" />}
      {cell.unpaid && (
        // D28: a corner mark on a square not paid yet (its owner and admins see it).
        <span
          aria-hidden="true"
          data-unpaid
          className="absolute top-0 right-0 rounded-bl-sm bg-warning px-0.5 text-[0.5rem] leading-tight font-bold text-warning-foreground sm:text-[0.625rem]"
        >
          $
        </span>
      )}
      {owner && (
        <>
          {/* D44: a short label on small squares (a phone's, a narrow desktop board's), the name where there is room. */}
          <span
            aria-hidden="true"
            title={owner.noAccount ? `${owner.name} (${NO_ACCOUNT_MARK})` : owner.name}
            className={cn('@min-[2.5rem]/cell:hidden', cell.wonPeriods.length > 1 && 'hidden')}
            data-label
          >
            {owner.label}
          </span>
          <CellName name={owner.name} lines={winner ? 1 : 2} roomyOnly noAccount={owner.noAccount} className={cn(mine && 'font-semibold')} />
          {owner.noAccount && <NoAccountMark />}
        </>
      )}
      {mark === 'plus' && (
        <Plus
          aria-hidden="true"
          className="hidden size-4 opacity-0 transition-opacity group-hover/cell:opacity-100 group-focus-visible/cell:opacity-100 sm:block"
        />
      )}
    </button>
  );
});
