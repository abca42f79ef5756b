import { CalendarDays, Lock, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '@core/money';
import { GAME_TYPE_LABELS } from '@core/validation';
import { LinkButton } from '@/components/link-button';
import { GameStatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { Game } from '@/lib/games';
import { shortDate } from '@/lib/time';
import { cn } from '@/lib/utils';

/** D13: title, teams, type (and the game itself) can change until numbers are drawn; completed games stay. */
export function canModify(game: Pick<Game, 'is_active' | 'grid_shuffled'>): boolean {
  return game.is_active && !game.grid_shuffled;
}

/** Why a game can no longer be edited (D13), for the disabled Edit buttons; null while it can. */
function editClosedReason(game: Pick<Game, 'is_active' | 'grid_shuffled'>): string | null {
  if (!game.is_active) return 'Completed: the game stays as a record and can no longer be edited.';
  if (game.grid_shuffled) return 'Numbers are drawn: this game can no longer be edited.';
  return null;
}

/**
 * Edit (to /admin/games/edit/:id) while the game can be edited; once it cannot, a disabled Edit
 * with the reason next to it (the dashboard's cards, the game-day screens).
 */
export function EditGameAction({ game, className }: { game: Game; className?: string }) {
  const reasonId = useId();
  const reason = editClosedReason(game);
  if (reason === null) {
    return (
      <LinkButton variant="outline" size="sm" className={className} to={`/admin/games/edit/${encodeURIComponent(game.id)}`}>
        <Pencil aria-hidden="true" />
        <ActionLabel text="Edit" title={game.title} />
      </LinkButton>
    );
  }
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-2 gap-y-1', className)}>
      <Button variant="outline" size="sm" disabled aria-describedby={reasonId}>
        <Pencil aria-hidden="true" />
        <ActionLabel text="Edit" title={game.title} />
      </Button>
      <span id={reasonId} className="text-xs text-muted-foreground" data-testid="edit-closed-reason">
        {reason}
      </span>
    </span>
  );
}

function gameTypeLabel(game: Pick<Game, 'game_type'>): string {
  return GAME_TYPE_LABELS[game.game_type] ?? game.game_type;
}

/** A game's admin page (spec /admin/game/:id), where every admin list's title leads. */
export const adminGamePath = (gameId: string) => `/admin/game/${encodeURIComponent(gameId)}`;

/** The game's title as a link to its admin page (issue 23: every admin list's titles open the game). */
function AdminGameTitleLink({ game, className }: { game: Pick<Game, 'id' | 'title'>; className?: string }) {
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

function squaresText(game: Pick<Game, 'squares_claimed' | 'board_size'>): string {
  return `${game.squares_claimed}/${game.board_size}`;
}

/** The Created column: the game's creation date, "Jan 5, 2026". */
function createdText(game: Pick<Game, 'created_at'>): string {
  return shortDate(game.created_at);
}

/** The admins' phase word (D45: the same on every admin page), and D30's invite-only mark. */
function AdminStatusBadge({ game }: { game: Game }) {
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

/** A row's Delete: outlined in the destructive colour (the dialog's Delete is the solid one). */
export const DELETE_BUTTON_CLASS =
  'border-destructive/40 text-destructive hover:bg-destructive/10 hover:text-destructive dark:border-destructive/50 dark:hover:bg-destructive/15';

/** A row action's visible text plus the game's title for screen readers ("Edit Super Bowl"). */
function ActionLabel({ text, title }: { text: string; title: string }) {
  return (
    <>
      {text}
      <span className="sr-only"> {title}</span>
    </>
  );
}

/** The Game Management row actions: Game Day, Edit (disabled once shuffled), Delete (hidden then). */
export function GameManagementActions({ game, onDelete, className }: { game: Game; onDelete: (game: Game) => void; className?: string }) {
  const modifiable = canModify(game);
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <LinkButton variant="outline" size="sm" to={`/admin/games/${encodeURIComponent(game.id)}/game-day`}>
        <CalendarDays aria-hidden="true" />
        <ActionLabel text="Game Day" title={game.title} />
      </LinkButton>
      {modifiable ? (
        <LinkButton variant="outline" size="sm" to={`/admin/games/edit/${encodeURIComponent(game.id)}`}>
          <Pencil aria-hidden="true" />
          <ActionLabel text="Edit" title={game.title} />
        </LinkButton>
      ) : (
        <Button variant="outline" size="sm" disabled title={editClosedReason(game) ?? undefined}>
          <Pencil aria-hidden="true" />
          <ActionLabel text="Edit" title={game.title} />
        </Button>
      )}
      {modifiable && (
        <Button variant="outline" size="sm" className={DELETE_BUTTON_CLASS} onClick={() => onDelete(game)}>
          <Trash2 aria-hidden="true" />
          <ActionLabel text="Delete" title={game.title} />
        </Button>
      )}
    </div>
  );
}

/** The Game Management table (768 px and wider). */
export function GamesTable({ games, onDelete }: { games: readonly Game[]; onDelete: (game: Game) => void }) {
  return (
    <Table data-testid="games-table">
      <caption className="sr-only">All games, newest first</caption>
      <GamesTableHeader />
      <TableBody>
        {games.map((game) => (
          <TableRow key={game.id} data-testid="game-row">
            <TableCell className="max-w-64 whitespace-normal">
              <div className="font-medium break-words">
                <AdminGameTitleLink game={game} />
              </div>
              <div className="text-xs text-muted-foreground">{gameTypeLabel(game)}</div>
            </TableCell>
            <TableCell className="max-w-56 whitespace-normal break-words">
              {game.team_a} vs {game.team_b}
            </TableCell>
            <TableCell>
              <AdminStatusBadge game={game} />
            </TableCell>
            <TableCell className="tabular-nums">{squaresText(game)}</TableCell>
            <TableCell className="tabular-nums">{formatUsd(game.total_pot_cents)}</TableCell>
            <TableCell>{createdText(game)}</TableCell>
            <TableCell>
              <GameManagementActions game={game} onDelete={onDelete} className="flex-nowrap" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function GamesTableHeader() {
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        <TableHead>Game</TableHead>
        <TableHead>Teams</TableHead>
        <TableHead>Status</TableHead>
        <TableHead>Squares</TableHead>
        <TableHead>Pot</TableHead>
        <TableHead>Created</TableHead>
        <TableHead>Actions</TableHead>
      </TableRow>
    </TableHeader>
  );
}

/** Skeleton rows while the games load (the table on wide screens). */
export function GamesTableSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div data-testid="games-loading">
      <p role="status" className="sr-only">
        Loading games...
      </p>
      <Table aria-hidden="true">
        <GamesTableHeader />
        <TableBody>
          {Array.from({ length: rows }, (_, index) => (
            <TableRow key={index} className="hover:bg-transparent">
              {[40, 32, 16, 12, 16, 20, 48].map((width, cell) => (
                <TableCell key={cell}>
                  <Skeleton className="h-5" style={{ width: `${width * 4}px` }} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
