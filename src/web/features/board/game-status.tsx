import type { BoardResponse } from '@core/api/board';
import { gameStatusLine } from '@core/status';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { GameStatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import type { LiveStatus } from './board-data';
import { KickoffLine } from './kickoff-line';
import { LiveIndicator } from './live-indicator';

/** Above the board: the game's status (D16, D45), who may see it (D30), live updates, the kickoff (D39); `drawDetails` on a wide screen. */
export function GameStatus({ board, live, gameDay, drawDetails }: { board: BoardResponse; live: LiveStatus; gameDay: boolean; drawDetails: ReactNode }) {
  const { game } = board;
  const location = useLocation();
  return (
    <div className="flex flex-col gap-1.5 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        {/* D45: players read D16's word; the game's admin page (/admin/game/:id) the admin phase word. */}
        <GameStatusBadge game={game} admin={location.pathname.startsWith('/admin/')} />
        {game.visibility === 'invite' && (
          <Badge variant="outline" data-testid="invite-only-note" title="Only people with the invite link see this game">
            <Lock aria-hidden="true" />
            Invite only
          </Badge>
        )}
        <span className="font-medium" data-testid="game-status">
          {gameStatusLine(game, board.digit_sets)}
        </span>
        {/* D45: a finished game is not live; on game day the mark sits in the score bar (D43). */}
        {game.is_active && !gameDay && <LiveIndicator status={live} inProgress={game.grid_shuffled} />}
      </div>
      <KickoffLine game={game} />
      {drawDetails}
    </div>
  );
}
