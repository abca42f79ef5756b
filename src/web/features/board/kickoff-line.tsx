import { Clock } from 'lucide-react';
import type { Game } from '@core/api/games';
import { formatGameTime } from '@core/game-time';
import { closedAtKickoff } from '@core/sales';
import { cn } from '@/lib/utils';

type KickoffGame = Pick<Game, 'kickoff_at' | 'time_zone' | 'sales_closed_at' | 'grid_shuffled' | 'draw_at_kickoff'>;

/**
 * D39: whether the game's sales closed at its kickoff: by the sales rule while no numbers are
 * drawn (a passed kickoff counts before its run), else only when the kickoff drew them (a draw
 * before kickoff closed sales earlier).
 */
function closedByKickoff(game: KickoffGame, now: Date): boolean {
  return game.grid_shuffled ? game.sales_closed_at !== null && game.draw_at_kickoff : closedAtKickoff(game, now);
}

/**
 * D39: "Kickoff Sun 6:30 PM EST · Sales close at kickoff" on a game's board and card, in the
 * game's zone; "Sales closed at kickoff" once they have. Nothing for a game without a kickoff.
 */
export function KickoffLine({ game, className }: { game: KickoffGame; className?: string }) {
  if (!game.kickoff_at) return null;
  const now = new Date();
  const closed = closedByKickoff(game, now);
  const sales = closed ? 'Sales closed at kickoff' : !game.grid_shuffled ? 'Sales close at kickoff' : null;
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm', className)} data-testid="kickoff-line">
      <Clock aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
      <span className="font-medium">
        Kickoff <time dateTime={game.kickoff_at}>{formatGameTime(game.kickoff_at, game.time_zone, { near: now })}</time>
      </span>
      {sales && <Part>{sales}</Part>}
      {!closed && game.draw_at_kickoff && !game.grid_shuffled && <Part>Numbers drawn at kickoff</Part>}
    </p>
  );
}

/** A part of the line after the kickoff, after a dot (parts share a row on a phone too). */
function Part({ children }: { children: string }) {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">· </span>
      {children}
    </span>
  );
}
