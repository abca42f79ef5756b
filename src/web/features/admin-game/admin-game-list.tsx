import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '@core/money';
import { GameStatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { Game } from '@/lib/games';
import { cn } from '@/lib/utils';
import { createdText, gameTypeLabel, squaresText } from './admin-game-rules';

/** A game's admin page (spec /admin/game/:id), where every admin list's title leads. */
export const adminGamePath = (gameId: string) => `/admin/game/${encodeURIComponent(gameId)}`;

/** The game's title as a link to its admin page (issue 23: every admin list's titles open the game). */
export function AdminGameTitleLink({ game, className }: { game: Pick<Game, 'id' | 'title'>; className?: string }) {
  return (
    <Link
      to={adminGamePath(game.id)}
      className={cn('text-foreground underline-offset-4 hover:underline focus-visible:underline', className)}
      data-testid="admin-game-title-link"
    >
      {game.title}
    </Link>
  );
}

/** The admins' phase word (D45: the same on every admin page), and D30's invite-only mark. */
export function AdminStatusBadge({ game }: { game: Game }) {
  const badge = <GameStatusBadge game={game} admin />;
  if (game.visibility !== 'invite') return badge;
  // D30: admins see invite-only games in their lists, marked.
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-1">
      {badge}
      <Badge variant="outline" data-testid="invite-only-badge">
        <Lock aria-hidden="true" />
        Invite only
      </Badge>
    </span>
  );
}

/** A game as a card (dashboard, and the Game Management list on phones). */
export function AdminGameCard({
  game,
  headingLevel = 'h2',
  showCreated = false,
  flat = false,
  className,
  actions,
}: {
  game: Game;
  headingLevel?: 'h2' | 'h3';
  showCreated?: boolean;
  /** Without its own border and padding: an entry of a list inside another card. */
  flat?: boolean;
  className?: string;
  actions: ReactNode;
}) {
  const Heading = headingLevel;
  const headingId = `admin-game-${game.id}`;
  const pad = flat ? 'px-0' : 'px-4';
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      data-testid="admin-game-card"
      className={cn('gap-4 py-4', flat && 'gap-3 rounded-none border-0 bg-transparent shadow-none', className)}
    >
      <div className={cn('flex items-start justify-between gap-3', pad)}>
        <Heading id={headingId} className="min-w-0 text-base leading-snug font-semibold break-words">
          <AdminGameTitleLink game={game} />
        </Heading>
        <AdminStatusBadge game={game} />
      </div>
      <dl className={cn('grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm', pad)}>
        <Detail label="Teams">
          {game.team_a} vs {game.team_b}
        </Detail>
        <Detail label="Type">{gameTypeLabel(game)}</Detail>
        <Detail label="Squares">{squaresText(game)}</Detail>
        <Detail label="Pot">{formatUsd(game.total_pot_cents)}</Detail>
        {showCreated && <Detail label="Created">{createdText(game)}</Detail>}
      </dl>
      <div className={cn('mt-auto flex flex-wrap gap-2', flat ? 'pt-1' : 'border-t px-4 pt-4')}>{actions}</div>
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words">{children}</dd>
    </>
  );
}

/** Placeholders while the games load, with one announcement for screen readers. */
export function GameCardSkeletons({ count = 3, label = 'Loading games...' }: { count?: number; label?: string }) {
  return (
    <div data-testid="games-loading">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, index) => (
          <Card key={index} className="gap-4 py-4" aria-hidden="true">
            <div className="flex justify-between gap-3 px-4">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-5 w-16" />
            </div>
            <div className="flex flex-col gap-2 px-4">
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
              <Skeleton className="h-4 w-1/2" />
            </div>
            <div className="flex gap-2 border-t px-4 pt-4">
              <Skeleton className="h-8 w-20" />
              <Skeleton className="h-8 w-20" />
            </div>
          </Card>
        ))}
      </div>
    </div>
  );
}
