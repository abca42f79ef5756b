import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { GAME_ERRORS } from '@core/messages';
import { AdminAccessProblem, useAdminAccess } from '@/components/admin-access';
import { DeleteGameDialog } from '@/components/admin-delete-dialog';
import { AdminGameCard, GameCardSkeletons, GameManagementActions, GamesTable, GamesTableSkeleton } from '@/components/admin-game-list';
import { LinkButton } from '@/components/link-button';
import { ErrorState, Page } from '@/components/page';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type Game, useGames } from '@/lib/games';
import { useIsMobile } from '@/lib/use-mobile';

/** Spec /admin/games: Game Management. */
export default function AdminGamesPage() {
  const games = useGames();
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const access = useAdminAccess(games.error, deleteError);
  const isMobile = useIsMobile();
  const [toDelete, setToDelete] = useState<Game | null>(null);

  const failedAt = games.isError && access === 'ok' ? games.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(GAME_ERRORS.loadGamesFailed, { id: 'admin-games-load' });
  }, [failedAt]);

  if (access !== 'ok') return <AdminAccessProblem access={access} scope="games" />;

  const list = games.data ?? [];

  return (
    <Page
      title="Game Management"
      width="wide"
      actions={
        <LinkButton to="/admin/games/new">
          <Plus aria-hidden="true" />
          Create New Game
        </LinkButton>
      }
    >
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
                  <AdminGameCard game={game} headingLevel="h3" short showCreated flat actions={<GameManagementActions game={game} onDelete={setToDelete} />} />
                </li>
              ))}
            </ul>
          ) : (
            <GamesTable games={list} onDelete={setToDelete} />
          )}
        </CardContent>
      </Card>

      <DeleteGameDialog game={toDelete} onClose={() => setToDelete(null)} onFailed={setDeleteError} />
    </Page>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed p-8 text-center" data-testid="games-empty">
      <p className="text-muted-foreground">No games found</p>
      <LinkButton to="/admin/games/new">
        <Plus aria-hidden="true" />
        Create Your First Game
      </LinkButton>
    </div>
  );
}
