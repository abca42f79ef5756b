import type { OwingInfo } from '@core/api/board';
import type { Game } from '@core/api/games';
import { boardShape, boardSizeLabel } from '@core/board-shape';
import { formatUsd } from '@core/money';
import { payoutAmountsSummary, payoutSummary, unboughtRuleShort } from '@core/payouts';
import { GAME_TYPE_LABELS } from '@core/validation';
import { ArrowRight, Trophy } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { OwingLine } from './owing-line';
import { GameStatusBadge } from '@/components/status-badge';
import { KickoffLine } from '@/features/board/kickoff-line';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { gameBoardPath, squaresClaimedText } from './game-cards';
import { cn } from '@/lib/utils';

export type GameCardGame = Pick<
  Game,
  | 'id'
  | 'title'
  | 'team_a'
  | 'team_b'
  | 'game_type'
  | 'is_active'
  | 'grid_shuffled'
  | 'squares_claimed'
  | 'board_size'
  | 'price_per_square_cents'
  | 'total_pot_cents'
  | 'payout_schedule'
  | 'payout_shares'
  | 'organizer_percent'
  | 'organizer_label'
  | 'unbought_rule'
  | 'kickoff_at'
  | 'time_zone'
  | 'sales_closed_at'
  | 'draw_at_kickoff'
>;

/**
 * A game in the public lists (spec sections 4 and 9): title, teams, type, badge (D16), squares
 * claimed out of the board's 100, 50 or 25 (D36), the board's size, price per square, pot and the payout shares (D12). The title is the card's
 * only link (to the board); it covers the whole card, so the card is one click or tap target and
 * one tab stop (and "How to pay" when the signed-in player owes money for it, D28).
 */
export function GameCard({ game, headingLevel = 'h3', owing = null }: { game: GameCardGame; headingLevel?: 'h2' | 'h3'; owing?: OwingInfo | null }) {
  const Heading = headingLevel;
  const claimedId = useId();
  const claimed = squaresClaimedText(game.squares_claimed, game.board_size);
  return (
    <Card data-testid="game-card" className={cn(LINKED_CARD, 'group/card h-full gap-4 py-5 transition-[box-shadow,border-color] hover:shadow-md')}>
      <CardHeader className="gap-1 px-5">
        <GameCardTitle id={game.id} title={game.title} status={game} as={Heading} className="text-lg" />
        <p className="text-sm font-medium [overflow-wrap:anywhere]" data-testid="game-teams">
          {game.team_a} vs {game.team_b}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="game-type">
          <Trophy aria-hidden="true" className="size-3.5 shrink-0" />
          {GAME_TYPE_LABELS[game.game_type] ?? GAME_TYPE_LABELS.other}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-5">
        <KickoffLine game={game} />
        {owing && <OwingLine owing={owing} zone={game.time_zone} />}
        <div className="flex flex-col gap-2">
          <p id={claimedId} className="text-sm text-muted-foreground tabular-nums" data-testid="game-claimed">
            {claimed}
          </p>
          <Progress value={game.squares_claimed} max={game.board_size} aria-labelledby={claimedId} aria-valuetext={claimed} />
        </div>
        {/* Rows rather than columns: a pot can reach $1,000,000.00 and must never be cut. */}
        <dl className="divide-y divide-border/70 rounded-lg bg-muted/70 text-sm">
          <Fact term="Board" className="font-medium" testId="game-board-size">
            {boardSizeLabel(boardShape(game.board_size))}
          </Fact>
          <Fact term="Price per square" className="font-semibold" testId="game-price">
            {formatUsd(game.price_per_square_cents)}
          </Fact>
          <Fact term="Pot" className="text-base font-semibold" testId="game-pot">
            {formatUsd(game.total_pot_cents)}
          </Fact>
          {/* D12: the schedule's shares; the board shows what each pays at the current pot. */}
          <Fact term="Payouts" className="font-medium" testId="game-payouts">
            {payoutSummary(game)}
          </Fact>
          {/* D34: what each share pays at the current pot, and where an unbought square's money goes. */}
          <Fact term="At this pot" className="text-sm" testId="game-payout-amounts">
            {payoutAmountsSummary(game.total_pot_cents, game)}
          </Fact>
          <Fact term="Unbought winning square" className="text-sm" testId="game-unbought">
            {unboughtRuleShort(game)}
          </Fact>
        </dl>
      </CardContent>
      <CardFooter className="mt-auto px-5">
        {/* The title link above covers the card; this only shows where a click goes. */}
        <span
          aria-hidden="true"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary group-hover/card:underline group-hover/card:underline-offset-4"
        >
          View Board
          <ArrowRight className="size-4 transition-transform group-hover/card:translate-x-0.5" />
        </span>
      </CardFooter>
    </Card>
  );
}

/** A card whose title link covers it (GameCardTitle): a hover border and the link's focus ring on the whole card. */
export const LINKED_CARD = 'relative hover:border-primary/40 has-[a:focus-visible]:border-primary has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring';

/**
 * A game card's title row: the heading, whose link to the board covers the whole card (put it in
 * a LINKED_CARD), and the badge (D16, D45) when known.
 */
export function GameCardTitle({
  id,
  title,
  status,
  as: Heading = 'h3',
  className,
}: {
  id: string;
  title: string;
  /** The game's state for its badge (D16, D45); null when not known. */
  status: ComponentProps<typeof GameStatusBadge>['game'] | null;
  as?: 'h2' | 'h3';
  className?: string;
}) {
  return (
    <div className="flex items-start justify-between gap-3">
      <Heading className={cn('min-w-0 leading-snug font-semibold [overflow-wrap:anywhere]', className)}>
        <Link to={gameBoardPath(id)} className="after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none">
          {title}
        </Link>
      </Heading>
      {status && <GameStatusBadge game={status} className="mt-0.5" />}
    </div>
  );
}

/** One row of the card's facts: the term, and its value on the right (wrapping under it when long). */
function Fact({ term, className, testId, children }: { term: string; className: string; testId: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className={cn('tabular-nums', className)} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** A loading placeholder in the card's shape (decorative; the list says it is loading). */
function GameCardSkeleton() {
  return (
    <Card data-testid="game-card-skeleton" aria-hidden="true" className="h-full gap-4 py-5">
      <CardHeader className="gap-2 px-5">
        <div className="flex items-start justify-between gap-3">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-14" />
        </div>
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-5">
        <div className="flex flex-col gap-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-2 w-full rounded-full" />
        </div>
        <Skeleton className="h-28" />
      </CardContent>
      <CardFooter className="mt-auto px-5">
        <Skeleton className="h-4 w-24" />
      </CardFooter>
    </Card>
  );
}

/** Columns follow the space the list has (the sidebar takes part of the window): 1, 2 or 3. */
const GRID_CLASSES = 'grid gap-4 @xl:grid-cols-2 @4xl:grid-cols-3';

/** Cards in a responsive grid, as a list (one item per game). */
export function GameCardGrid({ className, children, ...props }: ComponentProps<'ul'>) {
  return (
    <div className="@container">
      <ul role="list" className={cn(GRID_CLASSES, className)} {...props}>
        {children}
      </ul>
    </div>
  );
}

/**
 * Placeholders while the games load: `count` skeleton cards, announced once as "Loading games...".
 */
export function GameCardSkeletons({ count, className }: { count: number; className?: string }) {
  return (
    <div role="status" aria-live="polite" data-testid="games-loading" className={cn('@container', className)}>
      <span className="sr-only">Loading games...</span>
      <div className={GRID_CLASSES}>
        {Array.from({ length: count }, (_, index) => (
          <GameCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
