import { formatUsd } from '@core/money';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { Game } from '@/lib/games';
import { GameManagementActions } from './admin-game-actions';
import { AdminGameTitleLink, AdminStatusBadge } from './admin-game-list';
import { createdText, gameTypeLabel, squaresText } from './admin-game-rules';

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
