import type { MyWinningsResponse } from '@core/api/game-day';
import { formatUsd } from '@core/money';
import { ArrowRight, Trophy } from 'lucide-react';
import { LinkButton } from '@/components/link-button';
import { EmptyState, ErrorState, Page } from '@/components/page';
import { LoginRequired, useSessionLost } from '@/components/route-guards';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMyWinnings } from '@/lib/game-day';

/**
 * Spec route /my-winnings (signed-in): Total Winnings and, per game, each win with its quarter
 * label, amount and a Paid or Pending badge (D23).
 */
export default function MyWinningsPage() {
  const winnings = useMyWinnings();
  const sessionLost = useSessionLost(winnings.error);

  if (sessionLost) {
    return <LoginRequired title="Authentication Required" message="Please log in to view your winnings." />;
  }

  const data = winnings.data;
  return (
    <Page title="My Winnings" description="What your squares have won, by game.">
      {data ? (
        <>
          <TotalWinnings data={data} />
          {data.games.length > 0 ? <GameList games={data.games} /> : <NoWinnings />}
        </>
      ) : winnings.isError && !winnings.isFetching ? (
        <ErrorState title="Failed to load your winnings" onRetry={() => void winnings.refetch()} />
      ) : (
        <div className="flex flex-col gap-4" data-testid="my-winnings-loading" aria-busy="true">
          <span className="sr-only" role="status">
            Loading...
          </span>
          <Skeleton className="h-24 rounded-xl" />
          <div className="grid gap-4 md:grid-cols-2">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-40 rounded-xl" />
            ))}
          </div>
        </div>
      )}
    </Page>
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
          {wins} {wins === 1 ? 'win' : 'wins'}
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
    <ul className="grid gap-4 md:grid-cols-2" aria-label="Your winnings by game">
      {games.map((game) => {
        const total = game.wins.reduce((sum, win) => sum + win.amount_cents, 0);
        return (
          <li key={game.game_id}>
            <Card className="h-full gap-4" data-testid="my-winnings-game">
              <CardHeader>
                <CardTitle as="h2" className="text-lg leading-snug break-words">
                  {game.title}
                </CardTitle>
                <CardDescription className="break-words">
                  {game.team_a} vs {game.team_b} · {formatUsd(total)}
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-1 flex-col justify-between gap-4">
                <ul className="flex flex-col divide-y divide-border/70 rounded-lg border" aria-label={`Wins in ${game.title}`}>
                  {game.wins.map((win) => (
                    <li key={win.quarter} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2.5" data-testid="my-winnings-win">
                      <span className="font-medium">{win.label}</span>
                      <span className="flex items-center gap-2">
                        <span className="font-semibold tabular-nums">{formatUsd(win.amount_cents)}</span>
                        <Badge variant={win.badge === 'Paid' ? 'success' : 'outline'}>{win.badge}</Badge>
                      </span>
                    </li>
                  ))}
                </ul>
                <LinkButton variant="outline" size="sm" className="self-start" to={`/game/${encodeURIComponent(game.game_id)}`}>
                  View Game<span className="sr-only">: {game.title}</span>
                  <ArrowRight aria-hidden="true" />
                </LinkButton>
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
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
