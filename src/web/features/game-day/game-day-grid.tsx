/**
 * Grid Selection (spec "Game Day Controls screen"; D14, D15, D20): period buttons (Q1-Q4, or H1-H2) with
 * their digit pair, the Show/Hide Numbers toggle with its status text, and the square grid (team
 * A rows, team B columns, square-grid.tsx) that highlights the selected quarter's winning square.
 * Clicking a square shows its position and numbers; "Confirm Selection & Process Payout" pays
 * the quarter when the square is its winning square (Mark Paid, or Retry Payout for a failed
 * payout), and says why not otherwise.
 */
import { boardPeriod, numbersForPeriod } from '@core/set-numbers';
import type { BoardSquare } from '@core/api/board';
import type { GameDayView, QuarterResult } from '@core/api/game-day';
import { boardLineDigits, lineDigitsLabel } from '@core/board-shape';
import { type Coordinate, squareKey, squarePositionLabel } from '@core/grid';
import { periodModel, periodShortLabel } from '@core/periods';
import type { Quarter } from '@core/scoring';
import { type CellPerson, cellPerson, personLabel } from '@core/person';
import { numbersVisibilityText, payoutSettled } from '@core/status';
import { Eye, EyeOff, HandCoins, Info } from 'lucide-react';
import { useMemo, useState } from 'react';
import { shapeOfBoard } from '@/features/board/board';
import { CellName, NoAccountMark } from '@/features/board/cell-name';
import { HidingNote, useRevealAction } from './game-day-numbers';
import { MarkPaidDialog, resultWinner, useRetryPayoutAction } from './game-day-payout';
import { SquareGrid } from '@/features/board/square-grid';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useBoard } from '@/features/board/board-data';
import { cn } from '@/lib/utils';

const GRID_MESSAGES = {
  noNumbers: 'Grid disabled - Please randomize numbers first',
  hidden: 'Numbers are hidden - Click "Show Numbers" to enable grid interaction',
} as const;

/** "Q2" or "H2": a period named in the game's own model. */
const short = (game: { game_type: string }, quarter: Quarter) => periodShortLabel(periodModel(game.game_type), quarter);

/** Why the selected square cannot be paid for the selected quarter, or what to do. */
export type SelectionVerdict = { kind: 'pay'; result: QuarterResult } | { kind: 'retry'; result: QuarterResult } | { kind: 'refuse'; message: string };

/** D20: the selected square pays only when it is the quarter's winning square with a payout due. */
function selectionVerdict(view: Pick<GameDayView, 'results' | 'game'>, quarter: Quarter, square: Coordinate): SelectionVerdict {
  const result = view.results.find((r) => r.quarter === quarter);
  if (!result) {
    return { kind: 'refuse', message: `${short(view.game, quarter)} has no confirmed score yet. Confirm its score in Score Entry first.` };
  }
  if (result.square_x !== square.x || result.square_y !== square.y) {
    const winning = squarePositionLabel({ x: result.square_x, y: result.square_y });
    return {
      kind: 'refuse',
      message: `This is not the ${short(view.game, quarter)} winning square. ${short(view.game, quarter)} (${view.game.team_a} ${result.winning_numbers_x}, ${view.game.team_b} ${result.winning_numbers_y}) wins at ${winning}.`,
    };
  }
  if (!result.winner_id && payoutSettled(result.payout_status)) {
    return { kind: 'refuse', message: `Nobody bought the ${short(view.game, quarter)} winning square: there is no payout to process.` };
  }
  if (payoutSettled(result.payout_status))
    return { kind: 'refuse', message: `The ${short(view.game, quarter)} payout to ${resultWinner(result)} is already paid.` };
  if (result.payout_status === 'processing') {
    return { kind: 'refuse', message: `The ${short(view.game, quarter)} payout is being processed. Check Results & Payouts in a moment.` };
  }
  if (result.payout_status === 'failed') return { kind: 'retry', result };
  return { kind: 'pay', result };
}

export function GridSelection({ view, headingAs = 'h3' }: { view: GameDayView; headingAs?: 'h3' | 'h4' }) {
  const { game, numbers } = view;
  const board = useBoard(game.id);
  const reveal = useRevealAction(game.id);
  const retry = useRetryPayoutAction(game.id, periodModel(game.game_type));
  // D35: the latest confirmed period, or the period in play once its own set is drawn; the admin's pick once made.
  const [chosen, setQuarter] = useState<Quarter | null>(null);
  const quarter = chosen ?? ((boardPeriod(view.digit_sets, view.results.at(-1)?.quarter ?? null, view.next_quarter) ?? 1) as Quarter);
  const [selected, setSelected] = useState<Coordinate | null>(null);
  const [message, setMessage] = useState<{ tone: 'info' | 'success'; text: string } | null>(null);
  const [toPay, setToPay] = useState<QuarterResult | null>(null);

  const hasNumbers = numbers !== null;
  const revealed = game.numbers_revealed;
  const interactive = hasNumbers && revealed;
  const result = view.results.find((r) => r.quarter === quarter);
  const owners = useMemo(() => {
    const map = new Map<string, BoardSquare>();
    for (const square of board.data?.squares ?? []) map.set(squareKey(square), square);
    return map;
  }, [board.data]);

  const ownerFacts = (square: Coordinate) => {
    const found = owners.get(squareKey(square));
    return found?.status === 'claimed' ? { name: found.owner_username, noAccount: found.owner_no_account, email: found.owner_email } : null;
  };
  const ownerOf = (square: Coordinate) => {
    const facts = ownerFacts(square);
    return facts ? personLabel(facts) : null;
  };
  // D48: a cell shows the name and a mark for "no account", not the words.
  const cellOwnerOf = (square: Coordinate) => {
    const facts = ownerFacts(square);
    return facts ? cellPerson(facts, personLabel(facts)) : null;
  };

  function chooseQuarter(next: Quarter) {
    setQuarter(next);
    setMessage(null);
  }

  function select(square: Coordinate) {
    setSelected(square);
    setMessage(null);
  }

  async function confirmSelection() {
    if (!selected) return;
    const verdict = selectionVerdict(view, quarter, selected);
    if (verdict.kind === 'refuse') {
      setMessage({ tone: 'info', text: verdict.message });
    } else if (verdict.kind === 'pay') {
      setMessage(null);
      setToPay(verdict.result);
    } else {
      setMessage(null);
      if (await retry.run(verdict.result)) {
        setMessage({ tone: 'success', text: `${short(game, quarter)} payout to ${resultWinner(verdict.result)} processed.` });
      }
    }
  }

  // D35: the chosen period's own set of numbers.
  const periodNumbers = numbersForPeriod(view.digit_sets, quarter, numbers);
  const lines = periodNumbers
    ? boardLineDigits(shapeOfBoard(game), { xAxisNumbers: periodNumbers.x_axis_numbers, yAxisNumbers: periodNumbers.y_axis_numbers })
    : null;
  const digits = selected && lines ? { a: lineDigitsLabel(lines.rows[selected.x] ?? []), b: lineDigitsLabel(lines.columns[selected.y] ?? []) } : null;
  const selectedOwner = selected ? ownerOf(selected) : null;

  return (
    <Card className="gap-4 py-5 shadow-none max-sm:gap-3 max-sm:border-0 max-sm:bg-transparent max-sm:py-1" data-testid="grid-selection">
      <CardHeader className="px-0 sm:px-6">
        <CardTitle as={headingAs} className="text-lg">
          Grid Winner Selection
        </CardTitle>
        <CardDescription>Pick a {periodModel(game.game_type).kind}, find its winning square and pay its winner.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-0 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div
            role="group"
            aria-label={periodModel(game.game_type).kind === 'quarter' ? 'Quarter' : 'Half'}
            className="flex flex-wrap gap-1.5"
            data-testid="grid-quarters"
          >
            {periodModel(game.game_type).periods.map((q) => {
              const scored = view.results.find((r) => r.quarter === q);
              return (
                <Button
                  key={q}
                  size="sm"
                  variant={q === quarter ? 'default' : 'outline'}
                  aria-pressed={q === quarter}
                  onClick={() => chooseQuarter(q)}
                  className="tabular-nums"
                >
                  {short(game, q)}
                  {scored && (
                    <span className={cn('font-normal', q !== quarter && 'text-muted-foreground')}>
                      {' '}
                      {scored.winning_numbers_x}-{scored.winning_numbers_y}
                    </span>
                  )}
                </Button>
              );
            })}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted-foreground" data-testid="numbers-visibility">
              {numbersVisibilityText({ hasNumbers, numbersRevealed: revealed })}
            </span>
            <Button size="sm" variant="outline" disabled={!hasNumbers || reveal.busy} onClick={() => void reveal.set(!revealed)}>
              {reveal.busy ? <Spinner aria-hidden="true" /> : revealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
              {revealed ? 'Hide Numbers' : 'Show Numbers'}
            </Button>
            {hasNumbers && <HidingNote view={view} />}
          </div>
        </div>

        {!interactive && (
          <Alert role="status" data-testid="grid-disabled">
            <Info aria-hidden="true" />
            <AlertDescription>{hasNumbers ? GRID_MESSAGES.hidden : GRID_MESSAGES.noNumbers}</AlertDescription>
          </Alert>
        )}

        {interactive && result && (
          <p className="text-sm" data-testid="grid-winning">
            <span className="font-medium">{short(game, quarter)} winning square:</span> {squarePositionLabel({ x: result.square_x, y: result.square_y })} (
            {game.team_a} {result.winning_numbers_x}, {game.team_b} {result.winning_numbers_y}) · {resultWinner(result)}
          </p>
        )}
        {interactive && !result && <p className="text-sm text-muted-foreground">{short(game, quarter)} has no confirmed score yet.</p>}

        <SelectionGrid
          view={view}
          interactive={interactive}
          winning={interactive && result ? { x: result.square_x, y: result.square_y } : null}
          quarter={quarter}
          selected={selected}
          ownerOf={ownerOf}
          cellOwnerOf={cellOwnerOf}
          onSelect={select}
        />

        {interactive && (
          <div className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="grid-selected">
            <div aria-live="polite" className="min-w-0 text-sm">
              {selected && digits ? (
                <>
                  <p className="font-medium">Selected: {squarePositionLabel(selected)}</p>
                  <p className="text-muted-foreground [overflow-wrap:anywhere]">
                    Numbers: {game.team_a} {digits.a}, {game.team_b} {digits.b} · {selectedOwner ? `Owner: ${selectedOwner}` : 'Not sold'}
                  </p>
                </>
              ) : (
                <p className="text-muted-foreground">Click a square to select it.</p>
              )}
            </div>
            <Button
              className="h-auto min-h-9 whitespace-normal max-sm:w-full"
              disabled={!selected || retry.pendingQuarter !== null}
              onClick={() => void confirmSelection()}
            >
              {retry.pendingQuarter !== null ? <Spinner aria-hidden="true" /> : <HandCoins aria-hidden="true" />}
              Confirm Selection &amp; Process Payout
            </Button>
          </div>
        )}
        <div aria-live="polite">
          {message && (
            <p
              className={cn(
                'rounded-lg border px-3 py-2 text-sm',
                message.tone === 'success' ? 'border-success/40 text-foreground' : 'border-border bg-muted/40',
              )}
              data-testid="grid-message"
            >
              {message.text}
            </p>
          )}
        </div>
      </CardContent>
      <MarkPaidDialog
        gameId={game.id}
        model={periodModel(game.game_type)}
        result={toPay}
        onClose={() => setToPay(null)}
        onPaid={(paid) => setMessage({ tone: 'success', text: `${short(game, paid.quarter)} payout to ${resultWinner(paid)} marked as paid.` })}
      />
    </Card>
  );
}

function SelectionGrid({
  view,
  interactive,
  winning,
  quarter,
  selected,
  ownerOf,
  cellOwnerOf,
  onSelect,
}: {
  view: GameDayView;
  interactive: boolean;
  winning: Coordinate | null;
  quarter: Quarter;
  selected: Coordinate | null;
  ownerOf: (square: Coordinate) => string | null;
  cellOwnerOf: (square: Coordinate) => CellPerson | null;
  onSelect: (square: Coordinate) => void;
}) {
  const { game, numbers } = view;
  const shown = interactive ? numbersForPeriod(view.digit_sets, quarter, numbers) : null;
  const isSelected = (square: Coordinate) => selected !== null && selected.x === square.x && selected.y === square.y;
  const shape = shapeOfBoard(game);
  const lines = shown ? boardLineDigits(shape, { xAxisNumbers: shown.x_axis_numbers, yAxisNumbers: shown.y_axis_numbers }) : null;

  return (
    <SquareGrid
      shape={shape}
      game={game}
      numbers={shown}
      kind="selection"
      className={cn('mx-auto max-w-2xl', !interactive && 'opacity-60')}
      disabled={!interactive}
      selected={interactive ? isSelected : undefined}
      renderCell={(square, focus) => {
        const owner = ownerOf(square);
        const cellOwner = cellOwnerOf(square);
        const isWinning = winning !== null && winning.x === square.x && winning.y === square.y;
        const name = [
          squarePositionLabel(square),
          lines ? `${game.team_a} ${(lines.rows[square.x] ?? []).join(' or ')}, ${game.team_b} ${(lines.columns[square.y] ?? []).join(' or ')}` : null,
          owner ? `claimed by ${owner}` : 'not sold',
          isWinning ? `${short(game, quarter)} winning square` : null,
        ]
          .filter(Boolean)
          .join(', ');
        return (
          <button
            type="button"
            ref={(element) => focus.register(square, element)}
            disabled={!interactive}
            tabIndex={focus.tabIndex}
            data-x={square.x}
            data-y={square.y}
            data-winning={isWinning || undefined}
            data-selected={isSelected(square) || undefined}
            onClick={() => {
              focus.activate(square);
              onSelect(square);
            }}
            onFocus={() => focus.activate(square)}
            onKeyDown={(event) => focus.onKeyDown(event, square)}
            className={cn(
              'relative flex aspect-square w-full min-w-0 flex-col items-center justify-center overflow-hidden rounded-[3px] border p-px text-[0.5rem] leading-tight font-medium transition-colors sm:text-[0.625rem]',
              'outline-none focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
              owner ? 'border-border bg-secondary text-secondary-foreground dark:bg-muted' : 'border-dashed border-border bg-card text-muted-foreground',
              interactive && 'hover:border-primary/60',
              isWinning && 'border-warning bg-warning text-warning-foreground dark:bg-warning',
              isSelected(square) && 'z-[1] ring-[3px] ring-primary ring-offset-1 ring-offset-background',
            )}
          >
            <span className="sr-only">{name}</span>
            {isWinning && (
              <span aria-hidden="true" className="font-bold">
                {short(game, quarter)}
              </span>
            )}
            {cellOwner && <CellName name={cellOwner.name} noAccount={cellOwner.noAccount} lines={1} className="max-sm:hidden" />}
            {cellOwner?.noAccount && <NoAccountMark />}
          </button>
        );
      }}
    />
  );
}
