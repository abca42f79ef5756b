import { GAME_ERRORS } from '@core/messages';
import { Link, useParams } from 'react-router';
import { AdminAccessProblem, useAdminAccess } from '@/components/admin-access';
import { AdminBoard } from '@/components/admin-board';
import { EditGameAction } from '@/components/admin-game-list';
import { GameDownloads } from '@/components/admin-game-downloads';
import { GameActivity } from '@/components/game-activity';
import { GameInvite } from '@/components/admin-game-invite';
import { GameOrders } from '@/components/admin-game-orders';
import { GamePayments } from '@/components/admin-game-payments';
import { FourQuarterMode, GameDaySummary } from '@/components/game-day-controls';
import { NumbersActions } from '@/components/game-day-numbers';
import { ErrorState } from '@/components/page';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api';
import { useGameDay, useGameDayMutationErrors } from '@/lib/game-day';
import { GameView } from '@/pages/game';

/**
 * Spec /admin/game/:id (D20): the game's page with one board (board tools or picking winners,
 * design note 016) and the game-day controls under it, then sharing, payments, orders, exports
 * and the activity log.
 */
export default function AdminGamePage() {
  const { id = '' } = useParams();
  const gameDay = useGameDay(id);
  const mutationErrors = useGameDayMutationErrors(id);
  const access = useAdminAccess(gameDay.error, ...mutationErrors);
  if (access !== 'ok') return <AdminAccessProblem access={access} />;

  const notFound = isApiError(gameDay.error) && gameDay.error.status === 404;
  const view = gameDay.data;
  const failed = !view && gameDay.isError && !gameDay.isFetching;
  const loading = (label: string, height: string) => (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span role="status" className="sr-only">
        {label}
      </span>
      <Skeleton className={height} />
    </div>
  );
  return (
    <GameView gameId={id} board={view ? <AdminBoard view={view} /> : failed ? null : loading('Loading the board...', 'aspect-square w-full max-w-2xl')}>
      {!notFound && (
        <section aria-labelledby="game-day-heading" className="mt-2 flex flex-col gap-4 border-t pt-6" data-testid="admin-game-day">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <div className="flex flex-col gap-1">
              <h2 id="game-day-heading" className="text-xl font-semibold tracking-tight">
                Game Day Controls
              </h2>
              <p className="text-sm text-muted-foreground">Draw the numbers, enter each quarter&apos;s score and pay the winners.</p>
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {view && <EditGameAction game={view.game} />}
              {/* D45: the "share this pool" view of a new game, reachable again later. */}
              <Link to={`/admin/games/${encodeURIComponent(id)}/share`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                Share this pool
              </Link>
              <Link to={`/admin/games/${encodeURIComponent(id)}/game-day`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                Open the game-day screen
              </Link>
            </div>
          </div>
          {view ? (
            <>
              <div className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-sm sm:p-4">
                <GameDaySummary view={view} />
                <NumbersActions view={view} />
              </div>
              <FourQuarterMode view={view} headingLevel="h3" gridSelection={false} />
            </>
          ) : failed ? (
            <ErrorState title={GAME_ERRORS.loadDataFailed} onRetry={() => void gameDay.refetch()} />
          ) : (
            loading('Loading game day...', 'h-80')
          )}
        </section>
      )}
      {!notFound && view && (
        <>
          <div className="mt-2 border-t pt-6">
            <GameInvite game={view.game} />
          </div>
          <div className="mt-2 border-t pt-6">
            <GamePayments gameId={id} drawn={view.game.grid_shuffled} />
          </div>
        </>
      )}
      {!notFound && (
        <>
          <div className="mt-2 border-t pt-6">
            <GameOrders gameId={id} />
          </div>
          <div className="mt-2 border-t pt-6">
            <GameDownloads gameId={id} />
          </div>
          <div className="mt-2 border-t pt-6">
            <GameActivity gameId={id} title="Activity" emptyText="Nothing has happened in this game yet." />
          </div>
        </>
      )}
    </GameView>
  );
}
