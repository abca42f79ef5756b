import { GAME_ERRORS } from '@core/messages';
import { ArrowRight, LayoutDashboard, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { Game } from '@/lib/games';
import { isAdmin, useSession } from '@/lib/session';
import { GameCard, GameCardGrid, GameCardSkeletons } from './game-card';
import { HOME_NO_GAMES, splitGamesByActivity } from './game-cards';
import { useOwingByGame } from './my-squares';
import { useHomeGames } from './use-home-games';

/** Spec route "/": tabs Active Games and Completed Games of game cards; admins also get their two links. */
export function GamesArea() {
  const session = useSession();
  const { games, listed } = useHomeGames();
  const owing = useOwingByGame(session.status === 'signed-in');
  const { active, completed } = useMemo(() => splitGamesByActivity(listed ?? []), [listed]);

  const panel = (list: readonly Game[]) => {
    if (listed) {
      return list.length > 0 ? (
        <GameCardGrid>
          {list.map((game) => (
            <li key={game.id}>
              <GameCard game={game} owing={owing.get(game.id)} />
            </li>
          ))}
        </GameCardGrid>
      ) : (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground" data-testid="games-empty">
          {HOME_NO_GAMES}
        </p>
      );
    }
    if (games.isError && !games.isFetching) {
      return <ErrorState title={GAME_ERRORS.loadGamesFailed} onRetry={() => void games.refetch()} />;
    }
    return <GameCardSkeletons count={3} />;
  };

  return (
    <section aria-labelledby="games-title" className="flex flex-col gap-4" data-testid="games-area">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="games-title" className="text-xl font-semibold tracking-tight">
          Games
        </h2>
        {isAdmin(session) && (
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to="/admin">
                <LayoutDashboard aria-hidden="true" />
                Admin Dashboard
              </Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/admin/games/new">
                <Plus aria-hidden="true" />
                Create New Game
              </Link>
            </Button>
          </div>
        )}
      </div>
      <Tabs defaultValue="active" className="gap-4">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <TabsList>
            <TabsTrigger value="active" className="px-3">
              Active Games
            </TabsTrigger>
            <TabsTrigger value="completed" className="px-3">
              Completed Games
            </TabsTrigger>
          </TabsList>
          <Button asChild variant="link" className="px-0 has-[>svg]:px-0">
            <Link to="/all-games">
              Browse Games
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <TabsContent value="active">{panel(active)}</TabsContent>
        <TabsContent value="completed">{panel(completed)}</TabsContent>
      </Tabs>
    </section>
  );
}
