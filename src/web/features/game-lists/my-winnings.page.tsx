import type { MyWinningsResponse } from '@core/api/game-day';
import { formatUsd } from '@core/money';
import { Trophy } from 'lucide-react';
import { LinkButton } from '@/components/link-button';
import { MyGameCards, MyGamesPage } from './my-games';
import { EmptyState } from '@/components/page';
import { Badge } from '@/components/ui/badge';
import { useMyWinnings } from '@/features/game-day/game-day';
import { countOf } from '@core/text';

/**
 * Spec route /my-winnings (signed-in): Total Winnings and, per game, each win with its period
 * label, amount and a Paid or Pending badge (D23).
 */
export default function MyWinningsPage() {
  const winnings = useMyWinnings();
  return (
    <MyGamesPage
      query={winnings}
      title="My Winnings"
      description="What your squares have won, by game."
      loginMessage="Please log in to view your winnings."
      errorTitle="Failed to load your winnings"
      loadingTestId="my-winnings-loading"
      totalSkeleton
    >
      {(data) => (
        <>
          <TotalWinnings data={data} />
          {data.games.length > 0 ? <GameList games={data.games} /> : <NoWinnings />}
        </>
      )}
    </MyGamesPage>
  );
}

function TotalWinnings({ data }: { data: MyWinningsResponse }) {
  const wins = data.games.reduce((sum, game) => sum + game.wins.length, 0);
  const pending = data.games.reduce((sum, game) => sum + game.wins.filter((win) => win.badge === 'Pending').reduce((s, win) => s + win.amount_cents, 0), 0);
  return (
    <section
      aria-labelledby="total-winnings-heading"
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
      data-testid="total-winnings"
    >
      <div className="flex items-center gap-3">
        <div aria-hidden="true" className="flex size-11 items-center justify-center rounded-full bg-warning/15 text-warning-foreground dark:text-warning">
          <Trophy className="size-5" />
        </div>
        <div className="flex flex-col">
          <h2 id="total-winnings-heading" className="text-sm font-medium text-muted-foreground">
            Total Winnings
          </h2>
          <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid="total-winnings-amount">
            {formatUsd(data.total_cents)}
          </p>
        </div>
      </div>
      {wins > 0 && (
        <p className="text-sm text-muted-foreground">
          {countOf(wins, 'win')}
          {pending > 0 && (
            <>
              {' '}
              · <span className="font-medium text-foreground tabular-nums">{formatUsd(pending)}</span> still to be paid
            </>
          )}
        </p>
      )}
    </section>
  );
}

function GameList({ games }: { games: MyWinningsResponse['games'] }) {
  return (
    <MyGameCards
      games={games}
      label="Your winnings by game"
      testId="my-winnings-game"
      summary={(game) => formatUsd(game.wins.reduce((sum, win) => sum + win.amount_cents, 0))}
    >
      {(game) => (
        <ul className="flex flex-col divide-y divide-border/70 rounded-lg border" aria-label={`Wins in ${game.title}`}>
          {game.wins.map((win) => (
            <li key={win.period} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2.5" data-testid="my-winnings-win">
              <span className="font-medium">{win.label}</span>
              <span className="flex items-center gap-2">
                <span className="font-semibold tabular-nums">{formatUsd(win.amount_cents)}</span>
                <Badge variant={win.badge === 'Paid' ? 'success' : 'outline'}>{win.badge}</Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </MyGameCards>
  );
}

function NoWinnings() {
  return (
    <EmptyState
      icon={Trophy}
      title="No Winnings Yet"
      description="When one of your squares wins a quarter, it shows up here, as on the board, once the numbers are revealed."
      testId="my-winnings-empty"
      actions={
        <>
          <LinkButton to="/all-games">Browse Games</LinkButton>
          <LinkButton variant="outline" to="/my-squares">
            View My Squares
          </LinkButton>
        </>
      }
    />
  );
}
