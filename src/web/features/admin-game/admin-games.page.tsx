import { GAME_ERRORS } from '@core/messages';
import { AdminAccessProblem } from './admin-access';
import { AdminGameCard, GameCardSkeletons } from './admin-game-list';
import { GameManagementActions } from './admin-game-actions';
import { GamesTable, GamesTableSkeleton } from './admin-games-table';
import { CreateGameLink, useAdminGames } from './admin-games-layout';
import { ErrorState, Page } from '@/components/page';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useIsMobile } from '@/lib/use-mobile';

/** Spec /admin/games: Game Management. */
export default function AdminGamesPage() {
  const { games, access, onDelete, deleteDialog } = useAdminGames(GAME_ERRORS.loadGamesFailed);
  const isMobile = useIsMobile();

  if (access !== 'ok') return <AdminAccessProblem access={access} scope="games" />;

  const list = games.data ?? [];

  return (
    <Page title="Game Management" width="wide" actions={<CreateGameLink />}>
      <Card className="gap-4" role="region" aria-labelledby="all-games-title">
        <CardHeader className="px-4 sm:px-6">
          <CardTitle as="h2" id="all-games-title" className="text-lg">
            All Games
          </CardTitle>
          <CardDescription>Manage your football squares games. Create, edit, or delete games.</CardDescription>
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          {games.isError && !games.data ? (
            <ErrorState title={GAME_ERRORS.loadGamesFailed} onRetry={() => void games.refetch()} />
          ) : games.isPending ? (
            isMobile ? (
              <GameCardSkeletons count={2} />
            ) : (
              <GamesTableSkeleton />
            )
          ) : list.length === 0 ? (
            <EmptyState />
          ) : isMobile ? (
            <ul className="flex flex-col divide-y border-t" aria-label="Games" data-testid="games-cards">
              {list.map((game) => (
                <li key={game.id}>
                  <AdminGameCard game={game} headingLevel="h3" showCreated flat actions={<GameManagementActions game={game} onDelete={onDelete} />} />
                </li>
              ))}
            </ul>
          ) : (
            <GamesTable games={list} onDelete={onDelete} />
          )}
        </CardContent>
      </Card>

      {deleteDialog}
    </Page>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed p-8 text-center" data-testid="games-empty">
      <p className="text-muted-foreground">No games found</p>
      <CreateGameLink>Create Your First Game</CreateGameLink>
    </div>
  );
}
