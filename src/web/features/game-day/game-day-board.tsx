/**
 * D43 the game-day board's pieces around the grid: the score bar (teams, score, period, live,
 * and the period chooser that lights the board), the winner's banner ("You won Q1 - $194.00")
 * and the period results, whose lines and totals add up to the pot (an unclaimed period said
 * plainly, D24).
 */
import type { BoardResponse, BoardWinner } from '@core/api/board';
import { squareKey } from '@core/grid';
import { formatUsd } from '@core/money';
import { personLabel } from '@core/person';
import { type LedgerLine, ledgerTotals, resultsLedger, unclaimedText, youWonText } from '@core/results-ledger';
import { finalPeriod, nextPeriodToConfirm, periodEndLabel, periodModel, periodShortLabel, type Period } from '@core/periods';
import { boardPeriod } from '@core/set-numbers';
import { liveScoreLabel } from '@core/score-feed';
import { Trophy } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/utils';

/** The latest confirmed period, the one the board shows first. */
export function latestPeriod(winners: readonly BoardWinner[]): Period | null {
  return winners.reduce<Period | null>((latest, winner) => (latest === null || winner.period > latest ? winner.period : latest), null);
}

/**
 * D35: the period in play (the next to confirm) when the board shows it rather than the latest
 * confirmed one: it counts with another set, and that set is drawn (Q3 of a game with a new set at
 * halftime, once set 2 is in). Null otherwise.
 */
export function playablePeriod(board: BoardResponse, winners: readonly BoardWinner[]): Period | null {
  const latest = latestPeriod(winners);
  const inPlay = nextPeriodToConfirm(
    periodModel(board.game.game_type),
    winners.map((winner) => winner.period),
  );
  const period = boardPeriod(board.digit_sets, latest, inPlay);
  return period !== null && period === inPlay && period !== latest ? inPlay : null;
}

/** A game is over once its Final (its last period) is confirmed or it was marked completed. */
function gameOver(board: BoardResponse, winners: readonly BoardWinner[]): boolean {
  const final = finalPeriod(periodModel(board.game.game_type));
  return !board.game.is_active || winners.some((winner) => winner.period === final);
}

export function ScoreBar({
  board,
  winners,
  inPlay = null,
  period,
  onPeriod,
  liveIndicator,
}: {
  board: BoardResponse;
  /** The confirmed periods the board may show. */
  winners: readonly BoardWinner[];
  /** D35: the period in play, choosable when the board shows its own set (playablePeriod). */
  inPlay?: Period | null;
  period: Period | null;
  onPeriod: (period: Period) => void;
  /** The page's live-updates mark, shown while the game is on. */
  liveIndicator: ReactNode;
}) {
  const { game } = board;
  const model = periodModel(game.game_type);
  const shown = winners.find((winner) => winner.period === period) ?? null;
  // The period in play shows the score so far: the latest confirmed one's.
  const playing = period !== null && period === inPlay;
  const latest = winners.find((winner) => winner.period === latestPeriod(winners)) ?? null;
  // D39: a game following the live feed shows the real game's score as it stands, said as the feed says it.
  const live = game.score_feed?.live ?? null;
  const score = live && live.state !== 'pre' ? live : (shown ?? (playing ? latest : null));
  const over = gameOver(board, winners);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-sm sm:p-4" data-testid="score-bar">
      <h2 id={headingId} className="sr-only">
        Score
      </h2>
      <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 sm:gap-4">
        <TeamScore team={game.team_a} score={score?.team_a_score ?? null} align="start" testId="score-team-a" />
        <div className="flex flex-col items-center gap-1 text-center">
          <span className="text-sm font-semibold whitespace-nowrap" data-testid="score-period">
            {live
              ? liveScoreLabel(live, model)
              : shown
                ? periodEndLabel(model, shown.period)
                : playing
                  ? `${periodShortLabel(model, period)} in play`
                  : 'Numbers drawn'}
          </span>
          {live && <span className="text-xs text-muted-foreground">Live score feed</span>}
          {over ? <span className="text-xs text-muted-foreground">Game over</span> : liveIndicator}
        </div>
        <TeamScore team={game.team_b} score={score?.team_b_score ?? null} align="end" testId="score-team-b" />
      </div>
      <div
        role="group"
        aria-label={`Show a ${model.kind}'s winner on the board`}
        className={cn('grid gap-1.5', model.periods.length === 2 ? 'grid-cols-2' : 'grid-cols-4')}
        data-testid="quarter-chooser"
      >
        {model.periods.map((q) => {
          const result = winners.find((winner) => winner.period === q);
          const choosable = result !== undefined || q === inPlay;
          return (
            <button
              key={q}
              type="button"
              disabled={!choosable}
              aria-pressed={period === q}
              onClick={() => onPeriod(q)}
              className={cn(
                'flex min-h-11 flex-col items-center justify-center rounded-lg border px-1 py-1 text-sm font-semibold tabular-nums transition-colors',
                'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                'disabled:cursor-not-allowed disabled:border-dashed disabled:text-muted-foreground',
                'aria-pressed:border-warning aria-pressed:bg-warning aria-pressed:text-warning-foreground',
                choosable && 'hover:bg-accent aria-pressed:hover:bg-warning',
              )}
            >
              <span>{periodShortLabel(model, q)}</span>
              <span className="text-xs font-normal">{result ? `${result.team_a_score}-${result.team_b_score}` : q === inPlay ? 'in play' : 'to play'}</span>
            </button>
          );
        })}
      </div>
    </section>
  );
}

function TeamScore({ team, score, align, testId }: { team: string; score: number | null; align: 'start' | 'end'; testId: string }) {
  return (
    <div className={cn('flex min-w-0 flex-col', align === 'end' ? 'items-end text-right' : 'items-start')} data-testid={testId}>
      <span className="w-full truncate text-xs font-semibold tracking-wide text-muted-foreground uppercase sm:text-sm">{team}</span>
      <span className="text-3xl leading-tight font-bold tabular-nums sm:text-4xl">{score ?? '–'}</span>
    </div>
  );
}

/** D43: "You won Q1 - $194.00", one line per period the viewer's squares won. */
export function WinnerBanner({ board, winners }: { board: BoardResponse; winners: readonly BoardWinner[] }) {
  const mine = new Set(board.squares.filter((square) => square.mine && square.status === 'claimed').map(squareKey));
  const model = periodModel(board.game.game_type);
  const won = winners.filter((winner) => mine.has(squareKey({ x: winner.square_x, y: winner.square_y }))).sort((a, b) => a.period - b.period);
  if (won.length === 0) return null;
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl border-2 border-warning bg-warning/15 p-3 sm:p-4" data-testid="winner-banner">
      <Trophy aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-warning-foreground dark:text-warning" />
      <ul className="flex flex-col gap-0.5">
        {won.map((winner) => (
          <li key={winner.period} className="text-lg font-bold tabular-nums">
            {youWonText(winner.period, winner.payout_amount_cents, model)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Quarter results (D43, D24): each quarter won, unclaimed or still to play, and totals equal to the pot. */
export function PeriodResults({ board, winners }: { board: BoardResponse; winners: readonly BoardWinner[] }) {
  const { game } = board;
  const model = periodModel(game.game_type);
  const headingId = useId();
  const ledger = resultsLedger(
    game.total_pot_cents,
    game,
    winners.map((winner) => ({
      period: winner.period,
      winner: winner.winner_username === null ? null : personLabel({ name: winner.winner_username, noAccount: winner.winner_no_account }),
      payoutCents: winner.payout_amount_cents,
    })),
  );
  const scoreOf = (line: LedgerLine) => winners.find((winner) => winner.period === line.period);
  const totals = ledgerTotals(ledger, 'Won by players');
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-sm" data-testid="quarter-results-panel">
      <h2 id={headingId} className="font-semibold">
        {model.kind === 'quarter' ? 'Quarter' : 'Half'} results
      </h2>
      <ul className="flex flex-col divide-y divide-border/70 text-sm" data-testid="quarter-results">
        {ledger.lines.map((line) => {
          const result = scoreOf(line);
          return (
            <li key={line.period} className="flex flex-col gap-0.5 py-2 first:pt-0" data-testid="quarter-result" data-kind={line.kind}>
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-medium">
                  {periodShortLabel(model, line.period)}
                  {result && (
                    <span className="font-normal text-muted-foreground tabular-nums">
                      {' '}
                      · {game.team_a} {result.team_a_score} - {game.team_b} {result.team_b_score}
                    </span>
                  )}
                </span>
                <span className={cn('font-semibold tabular-nums', line.kind !== 'won' && 'text-muted-foreground')}>{formatUsd(line.cents)}</span>
              </span>
              <span className={cn('[overflow-wrap:anywhere]', line.kind === 'won' ? 'font-medium' : 'text-muted-foreground')}>
                {line.kind === 'won' ? line.winner : line.kind === 'unclaimed' ? unclaimedText(line.cents, line) : 'Still to play'}
              </span>
            </li>
          );
        })}
      </ul>
      <dl className="flex flex-col gap-1 border-t pt-2 text-sm" data-testid="results-totals">
        {totals.map(({ key, label, cents }) => (
          <div key={key} className="flex items-baseline justify-between gap-2">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="tabular-nums" data-testid={`total-${key === 'rounding' ? 'remainder' : key}`}>
              {formatUsd(cents)}
            </dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-2 font-semibold">
          <dt>Pot</dt>
          <dd className="tabular-nums" data-testid="total-pot">
            {formatUsd(ledger.potCents)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
