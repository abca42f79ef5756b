import { GAME_ERRORS } from '@core/messages';
import { periodModel, periodNoun } from '@core/periods';
import { Link, useParams } from 'react-router';
import { AdminAccessProblem, useAdminAccess } from './admin-access';
import { AdminBoard } from './admin-board';
import { EditGameAction } from './admin-game-actions';
import { GameDownloads } from './admin-game-downloads';
import { GameActivity } from '@/features/board/game-activity';
import { GameInvite } from './admin-game-invite';
import { GameOrders } from './admin-game-orders';
import { GamePayments } from './admin-game-payments';
import { AdminGameSections } from './admin-game-sections';
import { FourQuarterMode, GameDaySummary } from '@/features/game-day/game-day-controls';
import { NumbersActions } from '@/features/game-day/game-day-numbers';
import { GameDayNumberSets } from '@/features/game-day/game-day-number-sets';
import { AnnouncementsPanel } from '@/features/game-day/announcements';
import { ScoreFeedPanel } from '@/features/game-day/score-feed-link';
import { InstructionsMissing } from './instructions-missing';
import { ErrorState } from '@/components/page';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api';
import { useGameDay, useGameDayMutationErrors } from '@/features/game-day/game-day';
import { GameView } from '@/features/board/game-view';

const LINK = 'text-sm font-medium text-primary underline-offset-4 hover:underline';

/**
 * Spec /admin/game/:id (D20): the game's page for its organizer. At the top what needs doing
 * (missing payment instructions, money not paid yet), then one section at a time (issue 23,
 * AdminGameSections): the board (board tools or picking winners, design note 016), game day
 * (numbers, the score feed, scores, payouts, announcements), payments, orders and exports, the activity log, and settings
 * (edit, sharing, who can see the game).
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
  const content = view ? (
    <div className="flex flex-col gap-4">
      <InstructionsMissing game={view.game} editLink />
      <AdminGameSections
        view={view}
        panels={{
          board: <AdminBoard view={view} />,
          'game-day': (
            <section aria-labelledby="game-day-heading" className="flex flex-col gap-4" data-testid="admin-game-day">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <div className="flex flex-col gap-1">
                  <h2 id="game-day-heading" className="text-xl font-semibold tracking-tight">
                    Game Day Controls
                  </h2>
                  <p className="text-sm text-muted-foreground">
                    Draw the numbers, enter each {periodNoun(periodModel(view.game.game_type))}&apos;s score, pay the winners and tell the players.
                  </p>
                </div>
                <Link to={`/admin/games/${encodeURIComponent(id)}/game-day`} className={LINK}>
                  Open the game-day screen
                </Link>
              </div>
              <div className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-sm sm:p-4">
                <GameDaySummary view={view} />
                <NumbersActions view={view} />
                <GameDayNumberSets view={view} headingLevel="h3" />
              </div>
              <ScoreFeedPanel view={view} headingLevel="h3" />
              <FourQuarterMode view={view} headingLevel="h3" gridSelection={false} />
              {/* D40: the organizer's announcements on the board, optionally mailed to the players. */}
              <AnnouncementsPanel gameId={id} headingLevel="h3" />
            </section>
          ),
          payments: <GamePayments gameId={id} drawn={view.game.grid_shuffled} />,
          orders: (
            <>
              <GameOrders gameId={id} zone={view.game.time_zone} />
              <GameDownloads gameId={id} />
            </>
          ),
          activity: <GameActivity gameId={id} zone={view.game.time_zone} title="Activity" emptyText="Nothing has happened in this game yet." />,
          settings: (
            <>
              <section aria-labelledby="game-settings-heading" className="flex flex-col gap-3" data-testid="game-settings">
                <div className="flex flex-col gap-1">
                  <h2 id="game-settings-heading" className="text-xl font-semibold tracking-tight">
                    Settings
                  </h2>
                  <p className="text-sm text-muted-foreground">Title, teams, price and how players pay; sharing the pool.</p>
                </div>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                  <EditGameAction game={view.game} />
                  {/* D45: the "share this pool" view of a new game, reachable again later. */}
                  <Link to={`/admin/games/${encodeURIComponent(id)}/share`} className={LINK}>
                    Share this pool
                  </Link>
                </div>
              </section>
              {/* Who can see the game and its invite link (D30); the invite-only game's members list goes here too. */}
              <GameInvite game={view.game} />
            </>
          ),
        }}
      />
    </div>
  ) : failed ? (
    <ErrorState title={GAME_ERRORS.loadDataFailed} onRetry={() => void gameDay.refetch()} />
  ) : (
    loading('Loading the game...', 'aspect-square w-full max-w-2xl')
  );
  return <GameView gameId={id} board={notFound ? null : content} />;
}
