import type { BoardResponse } from '@core/api/board';
import { salesClosedMessage, salesOpen, SOLD_OUT_MESSAGE, soldOut } from '@core/sales';
import { LogIn } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { FromState } from '@/features/auth/route-guards';
import { boardNoticeKind } from './board-notice-kind';

/** Above the board: a visitor's way to log in, why sales are closed, that every square is sold, or how picking works. */
export function BoardNotice({ board, signedIn, gameDay, now }: { board: BoardResponse; signedIn: boolean; gameDay: boolean; now: Date }) {
  const { game } = board;
  const location = useLocation();
  switch (boardNoticeKind({ signedIn, open: salesOpen(game, now), soldOut: soldOut(game, now), gameDay })) {
    case 'visitor':
      return (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border bg-muted/50 px-3 py-2 text-sm" data-testid="visitor-note">
          <LogIn aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span>You are viewing this board as a visitor.</span>
          <Link to="/login" state={{ from: location } satisfies FromState} className="font-medium text-primary underline underline-offset-4">
            Log in to pick squares
          </Link>
        </p>
      );
    case 'sales-closed':
      return (
        <p className="rounded-lg border bg-muted/50 px-3 py-2 text-sm" data-testid="sales-closed">
          {salesClosedMessage(game, board.digit_sets, now)}
        </p>
      );
    case 'sold-out':
      return (
        <p className="rounded-lg border bg-muted/50 px-3 py-2 text-sm" data-testid="sold-out">
          {SOLD_OUT_MESSAGE}
        </p>
      );
    case 'pick-hint':
      return (
        <p className="text-sm text-muted-foreground" data-testid="pick-hint">
          Pick any open square to add it to your cart. Tap it again to take it out.
        </p>
      );
    default:
      return null;
  }
}
