import { GAME_ERRORS } from '@core/messages';
import { CalendarClock } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { GameCard, GameCardGrid, GameCardSkeletons } from './game-card';
import { EmptyState, ErrorState, Page } from '@/components/page';
import { ALL_GAMES_EMPTY } from './game-cards';
import { useGames } from '@/lib/games';
import { useOwingByGame } from './my-squares';
import { useSession } from '@/lib/session';

/** Spec route "/all-games": every game as a card, newest first. */
export default function AllGamesPage() {
  const games = useGames();
  const owing = useOwingByGame(useSession().status === 'signed-in');
  const failedAt = games.isError ? games.errorUpdatedAt : 0;

  // Spec: toast "Failed to load games" on error (once per failed load; the id keeps it single).
  useEffect(() => {
    if (failedAt) toast.error(GAME_ERRORS.loadGamesFailed, { id: 'load-games-failed' });
  }, [failedAt]);

  return (
    <Page title="All Games" description="Every game, newest first. Open one to see its board." width="wide">
      {games.data ? (
        games.data.length > 0 ? (
          <GameCardGrid aria-label="Games">
            {games.data.map((game) => (
              <li key={game.id}>
                <GameCard game={game} headingLevel="h2" owing={owing.get(game.id)} />
              </li>
            ))}
          </GameCardGrid>
        ) : (
          <EmptyState icon={CalendarClock} title={ALL_GAMES_EMPTY.title} description={ALL_GAMES_EMPTY.description} testId="games-empty" />
        )
      ) : games.isError && !games.isFetching ? (
        <ErrorState title={GAME_ERRORS.loadGamesFailed} onRetry={() => void games.refetch()} />
      ) : (
        <GameCardSkeletons count={6} />
      )}
    </Page>
  );
}
