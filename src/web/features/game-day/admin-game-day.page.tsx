import { GAME_ERRORS } from '@core/messages';
import { LayoutGrid } from 'lucide-react';
import { useParams } from 'react-router';
import { AdminAccessProblem, useAdminAccess } from '@/features/admin-game/admin-access';
import { adminGamePath } from '@/features/admin-game/admin-game-list';
import { EditGameAction } from '@/features/admin-game/admin-game-actions';
import { AnnouncementsPanel } from './announcements';
import { FourQuarterMode, GameDaySummary } from './game-day-controls';
import { NumbersActions } from './game-day-numbers';
import { GameDayNumberSets } from './game-day-number-sets';
import { BackLink, LinkButton } from '@/components/link-button';
import { ScoreFeedPanel } from './score-feed-link';
import { ErrorState, Page, usePageTitle } from '@/components/page';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api';
import { useBoardLive } from '@/features/board/board-data';
import { useGameDay, useGameDayMutationErrors } from './game-day';

function BackToGames() {
  return <BackLink to="/admin/games">Back to Games List</BackLink>;
}

/** D20 /admin/games/:id/game-day: the Game Day Controls screen. */
export default function AdminGameDayPage() {
  const { id = '' } = useParams();
  const gameDay = useGameDay(id);
  const mutationErrors = useGameDayMutationErrors(id);
  const access = useAdminAccess(gameDay.error, ...mutationErrors);
  const notFound = isApiError(gameDay.error) && (gameDay.error.status === 404 || gameDay.error.status === 400);
  // Squares sold, another organizer's changes: the view follows the game's live stream.
  useBoardLive(notFound || access !== 'ok' ? undefined : id);

  if (access !== 'ok') return <AdminAccessProblem access={access} />;

  const view = gameDay.data;
  if (!view) {
    if (notFound) {
      return (
        <Page title={GAME_ERRORS.notFound} before={<BackToGames />} width="narrow">
          <p className="text-muted-foreground">The requested game could not be found.</p>
        </Page>
      );
    }
    if (gameDay.isError && !gameDay.isFetching) {
      return (
        <Page title="Game Day Controls" before={<BackToGames />}>
          <ErrorState title={GAME_ERRORS.loadDataFailed} onRetry={() => void gameDay.refetch()} />
        </Page>
      );
    }
    return <GameDayLoading />;
  }

  const { game } = view;
  return (
    <Page
      title={`Game Day Controls - ${game.title}`}
      description={
        <span className="[overflow-wrap:anywhere]">
          {game.team_a} vs {game.team_b}
        </span>
      }
      before={<BackToGames />}
      actions={
        <>
          <LinkButton variant="ghost" size="sm" to={adminGamePath(game.id)}>
            <LayoutGrid aria-hidden="true" />
            View Board
          </LinkButton>
          <EditGameAction game={game} />
        </>
      }
      className="px-3 sm:px-4 md:px-6 [&_h1]:[overflow-wrap:anywhere]"
    >
      <div className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-sm sm:p-4">
        <GameDaySummary view={view} />
        <NumbersActions view={view} />
        <GameDayNumberSets view={view} />
      </div>
      <ScoreFeedPanel view={view} />
      <FourQuarterMode view={view} />
      {/* D40: the organizer's announcements on the board, optionally mailed to the players. */}
      <AnnouncementsPanel gameId={game.id} />
    </Page>
  );
}

function GameDayLoading() {
  usePageTitle('Game Day Controls');
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 md:px-6 md:py-8" data-testid="game-day-loading">
      <span role="status" className="sr-only">
        Loading game...
      </span>
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-9 w-96 max-w-full" />
      <Skeleton className="h-24" />
      <Skeleton className="h-96" />
    </div>
  );
}
