import { ArrowRight } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { GameCardTitle, LINKED_CARD } from './game-card';
import { useMySquares } from './my-squares';
import { OwingLine } from './owing-line';
import { useHomeGames } from './use-home-games';
import { YOUR_GAMES_SHOWN, yourGamesList } from './your-games-list';
import { countOf } from '@core/text';

/**
 * The signed-in player's games first (those still open before finished ones), each a link to its
 * board with the player's square count. Nothing while loading or when they have none: the open
 * games below come first then.
 */
export function YourGames() {
  const mine = useMySquares();
  const { listed } = useHomeGames();
  const games = useMemo(() => yourGamesList(mine.data?.games ?? [], listed ?? []), [mine.data, listed]);
  if (games.length === 0) return null;
  return (
    <section aria-labelledby="your-games-title" className="flex flex-col gap-3" data-testid="your-games">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="your-games-title" className="text-xl font-semibold tracking-tight">
          Your games
        </h2>
        <Link to="/my-squares" className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
          My Squares
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {games.slice(0, YOUR_GAMES_SHOWN).map((game) => (
          // On phones three, so that the open games still start near the first screen.
          <li key={game.game_id} className="max-sm:nth-[n+4]:hidden">
            <Card className={cn(LINKED_CARD, 'h-full gap-1 px-4 py-3')} data-testid="your-game">
              <GameCardTitle id={game.game_id} title={game.title} status={game.listed ?? null} />
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                {game.team_a} vs {game.team_b} · {countOf(game.squares.length, 'square')}
              </p>
              {game.owing && <OwingLine owing={game.owing} className="mt-1" />}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
