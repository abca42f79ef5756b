import { GAME_ERRORS } from '@core/messages';
import { Link, useParams } from 'react-router';
import { AdminAccessProblem, useAdminAccess } from '@/components/admin-access';
import { EditGameAction } from '@/components/admin-game-list';
import { GameDownloads } from '@/components/admin-game-downloads';
import { GameActivity } from '@/components/game-activity';
import { GameInvite } from '@/components/admin-game-invite';
import { GameOrders } from '@/components/admin-game-orders';
import { GamePayments } from '@/components/admin-game-payments';
import { FourQuarterMode, GameDaySummary } from '@/components/game-day-controls';
import { NumbersActions } from '@/components/game-day-numbers';
import { OrganizerBoard } from '@/components/organizer-board';
import { ErrorState } from '@/components/page';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api';
import { useGameDay, useGameDayMutationErrors } from '@/lib/game-day';
import { GameView } from '@/pages/game';

/** Spec /admin/game/:id (D20): the game's page with the game-day controls under its board. */
export default function AdminGamePage() {
  const { id = '' } = useParams();
  const gameDay = useGameDay(id);
  const mutationErrors = useGameDayMutationErrors(id);
  const access = useAdminAccess(gameDay.error, ...mutationErrors);
  if (access !== 'ok') return <AdminAccessProblem access={access} />;

  const notFound = isApiError(gameDay.error) && gameDay.error.status === 404;
  return (
    <GameView gameId={id}>
      {!notFound && (
        <section aria-labelledby="game-day-heading" className="mt-2 flex flex-col gap-4 border-t pt-6" data-testid="admin-game-day">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="game-day-heading" className="text-xl font-semibold tracking-tight">
              Game Day Controls
            </h2>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {gameDay.data && <EditGameAction game={gameDay.data.game} />}
              <Link to={`/admin/games/${encodeURIComponent(id)}/game-day`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                Open full screen
              </Link>
            </div>
          </div>
          {gameDay.data ? (
            <>
              <div className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-sm sm:p-4">
                <GameDaySummary view={gameDay.data} />
                <NumbersActions view={gameDay.data} />
              </div>
              <FourQuarterMode view={gameDay.data} headingLevel="h3" />
            </>
          ) : gameDay.isError && !gameDay.isFetching ? (
            <ErrorState title={GAME_ERRORS.loadDataFailed} onRetry={() => void gameDay.refetch()} />
          ) : (
            <div aria-busy="true" className="flex flex-col gap-3">
              <span role="status" className="sr-only">
                Loading game day...
              </span>
              <Skeleton className="h-20" />
              <Skeleton className="h-80" />
            </div>
          )}
        </section>
      )}
      {!notFound && gameDay.data && (
        <div className="mt-2 border-t pt-6">
          <GameInvite game={gameDay.data.game} />
        </div>
      )}
      {!notFound && gameDay.data && (
        <div className="mt-2 border-t pt-6">
          <OrganizerBoard game={gameDay.data.game} />
        </div>
      )}
      {!notFound && gameDay.data && (
        <div className="mt-2 border-t pt-6">
          <GamePayments gameId={id} drawn={gameDay.data.game.grid_shuffled} />
        </div>
      )}
      {!notFound && (
        <div className="mt-2 border-t pt-6">
          <GameOrders gameId={id} />
        </div>
      )}
      {!notFound && (
        <div className="mt-2 border-t pt-6">
          <GameDownloads gameId={id} />
        </div>
      )}
      {!notFound && (
        <div className="mt-2 border-t pt-6">
          <GameActivity gameId={id} title="Activity" emptyText="Nothing has happened in this game yet." />
        </div>
      )}
    </GameView>
  );
}
