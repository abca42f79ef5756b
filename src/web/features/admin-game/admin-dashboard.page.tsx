import { RefreshCw, Settings2, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { formatUsd } from '@core/money';
import { GAME_ERRORS, SUCCESS_TOASTS } from '@core/messages';
import { AdminAccessProblem } from './admin-access';
import { adminGamePath, AdminGameCard, GameCardSkeletons } from './admin-game-list';
import { canModify } from './admin-game-rules';
import { DELETE_BUTTON_CLASS, EditGameAction } from './admin-game-actions';
import { CreateGameLink, useAdminGames } from './admin-games-layout';
import { LinkButton } from '@/components/link-button';
import { ErrorState, Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { type Game } from '@/lib/games';
import { cn } from '@/lib/utils';

/** Spec /admin: Admin Dashboard. */
export default function AdminDashboardPage() {
  const { games, access, onDelete, deleteDialog } = useAdminGames(GAME_ERRORS.loadGamesDataFailed);
  const [refreshing, setRefreshing] = useState(false);

  if (access !== 'ok') return <AdminAccessProblem access={access} />;

  async function onRefresh() {
    setRefreshing(true);
    const result = await games.refetch();
    setRefreshing(false);
    // A failure is already told by the effect above.
    if (!result.isError) toast.success(SUCCESS_TOASTS.gamesRefreshed);
  }

  const list = games.data ?? [];
  const active = list.filter((game) => game.is_active);
  const completed = list.filter((game) => !game.is_active);
  // D47: money taken in, the collected part of each pot (an organizer-collects pot also counts squares not paid yet).
  const revenue = list.reduce((sum, game) => sum + game.collected_cents, 0);
  const loading = games.isPending;

  return (
    <Page
      title="Admin Dashboard"
      description="Overview of every game: sales, status and quick actions."
      width="wide"
      actions={
        <>
          <Button variant="outline" onClick={() => void onRefresh()} disabled={refreshing || games.isFetching}>
            <RefreshCw aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
          <CreateGameLink />
        </>
      }
    >
      <section aria-labelledby="summary-heading" className="flex flex-col gap-3">
        <h2 id="summary-heading" className="sr-only">
          Summary
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4" data-testid="admin-stats">
          <Stat label="Total Games" loading={loading}>
            {list.length}
          </Stat>
          <Stat label="Active Games" loading={loading}>
            {active.length}
          </Stat>
          <Stat label="Total Revenue" loading={loading} className="col-span-2 sm:col-span-1">
            {formatUsd(revenue)}
          </Stat>
        </dl>
      </section>

      {games.isError && <ErrorState title={GAME_ERRORS.loadGamesDataFailed} onRetry={() => void onRefresh()} />}

      {(!games.isError || games.data) && (
        <Tabs defaultValue="active" className="gap-4">
          <TabsList aria-label="Games" className="w-full sm:w-fit">
            <TabsTrigger value="active" className="px-4">
              Active Games
            </TabsTrigger>
            <TabsTrigger value="completed" className="px-4">
              Completed Games
            </TabsTrigger>
          </TabsList>
          <TabsContent value="active">
            <GameCards games={active} loading={loading} onDelete={onDelete} />
          </TabsContent>
          <TabsContent value="completed">
            <GameCards games={completed} loading={loading} onDelete={onDelete} />
          </TabsContent>
        </Tabs>
      )}

      {deleteDialog}
    </Page>
  );
}

function Stat({ label, loading, className, children }: { label: string; loading: boolean; className?: string; children: ReactNode }) {
  return (
    <Card className={cn('gap-1 px-4 py-3 sm:px-5 sm:py-4', className)} data-testid="admin-stat">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tracking-tight tabular-nums">{loading ? <Skeleton className="mt-1 h-7 w-20" /> : children}</dd>
    </Card>
  );
}

function GameCards({ games, loading, onDelete }: { games: readonly Game[]; loading: boolean; onDelete: (game: Game) => void }) {
  if (loading) return <GameCardSkeletons />;
  if (games.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-8 text-center text-muted-foreground" data-testid="games-empty">
        No games found
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Games">
      {games.map((game) => (
        <li key={game.id} className="flex">
          <AdminGameCard
            game={game}
            className="flex-1"
            actions={
              <>
                <LinkButton size="sm" to={adminGamePath(game.id)}>
                  <Settings2 aria-hidden="true" />
                  Manage<span className="sr-only"> {game.title}</span>
                </LinkButton>
                <EditGameAction game={game} />
                {canModify(game) && (
                  <Button variant="outline" size="sm" className={DELETE_BUTTON_CLASS} onClick={() => onDelete(game)}>
                    <Trash2 aria-hidden="true" />
                    Delete<span className="sr-only"> {game.title}</span>
                  </Button>
                )}
              </>
            }
          />
        </li>
      ))}
    </ul>
  );
}
