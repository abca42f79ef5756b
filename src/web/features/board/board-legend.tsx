import { NO_ACCOUNT_LEGEND } from '@core/person';
import { Clock } from 'lucide-react';
import { cn } from '@/lib/utils';
import { legendItems } from './board-legend-items';
import { NoAccountIcon } from './cell-name';
import { CELL_STYLES, ownerStyle, WINNER } from './cell-styles';

/** What the square colours mean; only the states the viewer can meet. */
export function BoardLegend({
  signedIn,
  hasWinners,
  salesAreOpen,
  hasPending = false,
  hasUnpaid = false,
  hasNoAccount = false,
}: {
  signedIn: boolean;
  hasWinners: boolean;
  salesAreOpen: boolean;
  /** The viewer holds squares in their own open checkout (D21). */
  hasPending?: boolean;
  /** D28: squares the viewer may know are unpaid (their own; an admin's every). */
  hasUnpaid?: boolean;
  /** D48: the board has a named person without an account (their cells carry a mark). */
  hasNoAccount?: boolean;
}) {
  const items = legendItems({ signedIn, hasWinners, salesAreOpen, hasPending });
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-muted-foreground" data-testid="board-legend">
      {items.map(({ state, label }) => (
        <li key={state} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={cn('inline-flex size-4 shrink-0 items-center justify-center rounded-[3px]', state === 'winner' ? WINNER : CELL_STYLES[state])}
            style={state === 'claimed' ? ownerStyle(0) : undefined}
          >
            {state === 'mine-pending' && <Clock className="size-2.5" />}
          </span>
          {label}
        </li>
      ))}
      {hasUnpaid && (
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-flex size-4 shrink-0 items-center justify-center rounded-[3px] bg-warning text-[0.625rem] font-bold text-warning-foreground"
          >
            $
          </span>
          Not paid yet
        </li>
      )}
      {hasNoAccount && (
        <li className="flex items-center gap-1.5" data-testid="legend-no-account">
          <span aria-hidden="true" className="inline-flex size-4 shrink-0 items-center justify-center rounded-[3px] border border-border bg-card">
            <NoAccountIcon className="size-2.5" />
          </span>
          {NO_ACCOUNT_LEGEND}
        </li>
      )}
    </ul>
  );
}
