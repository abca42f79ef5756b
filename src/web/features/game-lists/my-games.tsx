import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { LinkButton } from '@/components/link-button';
import { ErrorState, Page } from '@/components/page';
import { LoginRequired, useSessionLost } from '@/features/auth/login-required';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The frame of a signed-in player's own page (/my-squares, /my-winnings): "Authentication
 * Required" once the session is lost, the page with its content once loaded, an error with Retry,
 * or skeletons while loading (`totalSkeleton`: one more for a total above the cards).
 */
export function MyGamesPage<T>({
  query,
  title,
  description,
  loginMessage,
  errorTitle,
  loadingTestId,
  totalSkeleton = false,
  children,
}: {
  query: UseQueryResult<T>;
  title: string;
  description: string;
  /** The text of "Authentication Required". */
  loginMessage: string;
  errorTitle: string;
  loadingTestId: string;
  totalSkeleton?: boolean;
  children: (data: T) => ReactNode;
}) {
  const sessionLost = useSessionLost(query.error);
  if (sessionLost) {
    return <LoginRequired title="Authentication Required" message={loginMessage} />;
  }
  return (
    <Page title={title} description={description}>
      {query.data ? (
        children(query.data)
      ) : query.isError && !query.isFetching ? (
        <ErrorState title={errorTitle} onRetry={() => void query.refetch()} />
      ) : (
        <div className="flex flex-col gap-4" data-testid={loadingTestId} aria-busy="true">
          <span className="sr-only" role="status">
            Loading...
          </span>
          {totalSkeleton && <Skeleton className="h-24 rounded-xl" />}
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

interface MyGame {
  readonly game_id: string;
  readonly title: string;
  readonly team_a: string;
  readonly team_b: string;
}

/** The player's games as cards: title, "Team A vs Team B · `summary`", the game's own body and View Game. */
export function MyGameCards<G extends MyGame>({
  games,
  label,
  testId,
  summary,
  children,
}: {
  games: readonly G[];
  /** The list's accessible name. */
  label: string;
  /** Each card's test id. */
  testId: string;
  summary: (game: G) => string;
  children: (game: G) => ReactNode;
}) {
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label={label}>
      {games.map((game) => (
        <li key={game.game_id}>
          <Card className="h-full gap-4" data-testid={testId}>
            <CardHeader>
              <CardTitle as="h2" className="text-lg leading-snug break-words">
                {game.title}
              </CardTitle>
              <CardDescription className="break-words">
                {game.team_a} vs {game.team_b} · {summary(game)}
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col justify-between gap-4">
              {children(game)}
              <LinkButton variant="outline" size="sm" className="self-start" to={`/game/${encodeURIComponent(game.game_id)}`}>
                View Game<span className="sr-only">: {game.title}</span>
                <ArrowRight aria-hidden="true" />
              </LinkButton>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
