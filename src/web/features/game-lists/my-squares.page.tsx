import { boardShape, squareDigitsLabel } from '@core/board-shape';
import { ownedSquarePlace } from '@core/grid';
import { formatUsd } from '@core/money';
import { Grid3x3, RotateCcw } from 'lucide-react';
import { LinkButton } from '@/components/link-button';
import { MyGameCards, MyGamesPage } from './my-games';
import { OwingLine } from './owing-line';
import { EmptyState, PageSection } from '@/components/page';
import { Card, CardContent } from '@/components/ui/card';
import { type MySquaresResponse, useMySquares } from './my-squares';
import { shortDate } from '@/lib/time';
import { countOf } from '@core/text';

/**
 * Spec route /my-squares (signed-in): the player's squares grouped by game, each as its row and
 * column counted from 1 and, once the numbers are revealed, the spec's (x, y) pair and its two
 * digits (D14); a link to each game; refunds: payments whose squares could not be claimed
 * (D21), and the part of a payment for a game the organizer deleted (D13).
 */
export default function MySquaresPage() {
  const squares = useMySquares();
  const data = squares.data;
  const total = data?.games.reduce((sum, game) => sum + game.squares.length, 0) ?? 0;

  return (
    <MyGamesPage
      query={squares}
      title="My Squares"
      description={data && total > 0 ? `${countOf(total, 'square')} in ${countOf(data.games.length, 'game')}.` : 'The squares you own, by game.'}
      loginMessage="Please log in to view your squares."
      errorTitle="Failed to load your squares"
      loadingTestId="my-squares-loading"
    >
      {(data) => (
        <>
          {data.games.length > 0 ? (
            <MyGameCards games={data.games} label="Your games" testId="my-squares-game" summary={(game) => `${countOf(game.squares.length, 'square')}`}>
              {(game) => (
                <>
                  {game.owing && <OwingLine owing={game.owing} />}
                  <OwnedSquares game={game} />
                </>
              )}
            </MyGameCards>
          ) : (
            <NoSquares />
          )}
          {data.refunds.length > 0 && <Refunds refunds={data.refunds} />}
        </>
      )}
    </MyGamesPage>
  );
}

type OwnedGame = MySquaresResponse['games'][number];

/**
 * A game's squares, row by row: the position people read ("Row 5, column 9", D14), and once the
 * numbers are revealed the spec's (x, y) pair next to it and the square's two digits
 * ("Lions 4 - Bears 7") (grid.ts `ownedSquarePlace`).
 */
function OwnedSquares({ game }: { game: OwnedGame }) {
  const sorted = [...game.squares].sort((a, b) => a.x - b.x || a.y - b.y);
  const sets = game.number_sets.map((set) => ({
    label: set.periods_label,
    numbers: { xAxisNumbers: set.x_axis_numbers, yAxisNumbers: set.y_axis_numbers },
  }));
  const shape = boardShape(game.board_size);
  const teams = { teamA: game.team_a, teamB: game.team_b };
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={`Your squares in ${game.title}`} className="flex flex-col divide-y divide-border/70 rounded-lg border text-sm">
        {sorted.map((square) => {
          const place = ownedSquarePlace(square, sets.length > 0);
          return (
            <li key={`${square.x},${square.y}`} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2" data-testid="my-square">
              <span className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium" data-testid="my-square-position">
                  {place.position}
                </span>
                {place.pair && (
                  <>
                    {' '}
                    <span className="font-mono text-xs text-muted-foreground tabular-nums" data-testid="my-square-pair">
                      {place.pair}
                    </span>
                  </>
                )}
              </span>
              {sets.length === 1 && sets[0]!.label === null && (
                <>
                  {' '}
                  <span className="font-semibold tabular-nums [overflow-wrap:anywhere]" data-testid="my-square-digits">
                    {squareDigitsLabel(shape, square, teams, sets[0]!.numbers)}
                  </span>
                </>
              )}
              {(sets.length > 1 || sets[0]?.label) && (
                // D35: new numbers each quarter or at halftime give the square other digits per set.
                <span className="flex w-full flex-col gap-0.5 sm:w-auto sm:items-end">
                  {sets.map((set) => (
                    <span key={set.label ?? ''} className="tabular-nums [overflow-wrap:anywhere]" data-testid="my-square-digits">
                      <span className="text-xs text-muted-foreground">{set.label}: </span>
                      <span className="font-semibold">{squareDigitsLabel(shape, square, teams, set.numbers)}</span>
                    </span>
                  ))}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {sets.length === 0 && (
        <p className="text-xs text-muted-foreground" data-testid="my-squares-digits-note">
          Each square&apos;s two digits show here once the numbers are drawn and revealed.
        </p>
      )}
    </div>
  );
}

function NoSquares() {
  return (
    <EmptyState
      icon={Grid3x3}
      title="No Squares Yet"
      description="Pick squares on a game's board and pay for them to see them here."
      testId="my-squares-empty"
      actions={<LinkButton to="/all-games">Browse Squares</LinkButton>}
    />
  );
}

function Refunds({ refunds }: { refunds: MySquaresResponse['refunds'] }) {
  return (
    <PageSection id="refunds" title="Refunded payments">
      <p className="-mt-2 text-sm text-muted-foreground">
        Money refunded to your card: a payment that could not claim all of its squares is refunded in full (none were claimed), and squares of a game the
        organizer deleted are refunded for that game only.
      </p>
      <ul className="flex flex-col gap-3">
        {refunds.map((refund, index) => (
          // One checkout can have several refunds (one per deleted game).
          <li key={`${refund.checkout_id}-${index}`}>
            <Card className="gap-2 py-4" data-testid="my-squares-refund">
              <CardContent className="flex flex-col gap-1.5 px-4 sm:px-6">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <span className="flex items-center gap-2 font-medium">
                    <RotateCcw aria-hidden="true" className="size-4 text-muted-foreground" />
                    {formatUsd(refund.amount_cents)} refunded
                  </span>
                  <span className="text-sm text-muted-foreground">{shortDate(refund.refunded_at)}</span>
                </div>
                <p className="text-sm break-words">{refund.description}</p>
                <p className="text-sm text-muted-foreground break-words">
                  <span className="font-medium text-foreground">Reason:</span> {refund.reason}
                </p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
