/**
 * Grid Selection (spec "Game Day Controls screen"; D14, D15, D20): period buttons (Q1-Q4, or H1-H2) with
 * their digit pair, the Show/Hide Numbers toggle with its status text, and the square grid (team
 * A rows, team B columns, square-grid.tsx) that highlights the selected period's winning square.
 * Clicking a square shows its position and numbers; "Confirm Selection & Process Payout" pays
 * the period when the square is its winning square (Mark Paid, or Retry Payout for a failed
 * payout), and says why not otherwise.
 */
import type { BoardSquare } from '@core/api/board';
import type { GameDayView, PeriodResult } from '@core/api/game-day';
import { boardLineDigits } from '@core/board-shape';
import { type Coordinate, squareKey, squarePositionLabel } from '@core/grid';
import { periodModel, type Period } from '@core/periods';
import { cellPerson, personLabel } from '@core/person';
import { numbersForPeriod } from '@core/set-numbers';
import { numbersVisibilityText } from '@core/status';
import { Eye, EyeOff, HandCoins, Info } from 'lucide-react';
import { useMemo, useState } from 'react';
import { shapeOfBoard } from '@/features/board/board-cells';
import { HidingNote, useRevealAction } from './game-day-numbers';
import { MarkPaidDialog, resultWinner, useRetryPayoutAction } from './game-day-payout';
import { SelectionGrid } from './game-day-selection-grid';
import { firstGridPeriod, GRID_MESSAGES, periodShort, selectedDigits, selectionVerdict, squareOwner } from './grid-selection';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useBoard } from '@/features/board/board-data';
import { cn } from '@/lib/utils';

export function GridSelection({ view, headingAs = 'h3' }: { view: GameDayView; headingAs?: 'h3' | 'h4' }) {
  const { game, numbers } = view;
  const board = useBoard(game.id);
  const reveal = useRevealAction(game.id);
  const retry = useRetryPayoutAction(game.id, periodModel(game.game_type));
  // D35: the latest confirmed period, or the period in play once its own set is drawn; the admin's pick once made.
  const [chosen, setPeriod] = useState<Period | null>(null);
  const period = chosen ?? firstGridPeriod(view);
  const [selected, setSelected] = useState<Coordinate | null>(null);
  const [message, setMessage] = useState<{ tone: 'info' | 'success'; text: string } | null>(null);
  const [toPay, setToPay] = useState<PeriodResult | null>(null);

  const hasNumbers = numbers !== null;
  const revealed = game.numbers_revealed;
  const interactive = hasNumbers && revealed;
  const result = view.results.find((r) => r.period === period);
  const owners = useMemo(() => {
    const map = new Map<string, BoardSquare>();
    for (const square of board.data?.squares ?? []) map.set(squareKey(square), square);
    return map;
  }, [board.data]);

  const ownerOf = (square: Coordinate) => {
    const facts = squareOwner(owners, square);
    return facts ? personLabel(facts) : null;
  };
  // D48: a cell shows the name and a mark for "no account", not the words.
  const cellOwnerOf = (square: Coordinate) => {
    const facts = squareOwner(owners, square);
    return facts ? cellPerson(facts, personLabel(facts)) : null;
  };

  function choosePeriod(next: Period) {
    setPeriod(next);
    setMessage(null);
  }

  function select(square: Coordinate) {
    setSelected(square);
    setMessage(null);
  }

  async function confirmSelection() {
    if (!selected) return;
    const verdict = selectionVerdict(view, period, selected, resultWinner);
    if (verdict.kind === 'refuse') {
      setMessage({ tone: 'info', text: verdict.message });
    } else if (verdict.kind === 'pay') {
      setMessage(null);
      setToPay(verdict.result);
    } else {
      setMessage(null);
      if (await retry.run(verdict.result)) {
        setMessage({ tone: 'success', text: `${periodShort(game, period)} payout to ${resultWinner(verdict.result)} processed.` });
      }
    }
  }

  // D35: the chosen period's own set of numbers.
  const periodNumbers = numbersForPeriod(view.digit_sets, period, numbers);
  const lines = periodNumbers
    ? boardLineDigits(shapeOfBoard(game), { xAxisNumbers: periodNumbers.x_axis_numbers, yAxisNumbers: periodNumbers.y_axis_numbers })
    : null;
  const digits = selectedDigits(lines, selected);
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
              const scored = view.results.find((r) => r.period === q);
              return (
                <Button
                  key={q}
                  size="sm"
                  variant={q === period ? 'default' : 'outline'}
                  aria-pressed={q === period}
                  onClick={() => choosePeriod(q)}
                  className="tabular-nums"
                >
                  {periodShort(game, q)}
                  {scored && (
                    <span className={cn('font-normal', q !== period && 'text-muted-foreground')}>
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
            <span className="font-medium">{periodShort(game, period)} winning square:</span> {squarePositionLabel({ x: result.square_x, y: result.square_y })} (
            {game.team_a} {result.winning_numbers_x}, {game.team_b} {result.winning_numbers_y}) · {resultWinner(result)}
          </p>
        )}
        {interactive && !result && <p className="text-sm text-muted-foreground">{periodShort(game, period)} has no confirmed score yet.</p>}

        <SelectionGrid
          view={view}
          interactive={interactive}
          winning={interactive && result ? { x: result.square_x, y: result.square_y } : null}
          period={period}
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
              disabled={!selected || retry.pendingPeriod !== null}
              onClick={() => void confirmSelection()}
            >
              {retry.pendingPeriod !== null ? <Spinner aria-hidden="true" /> : <HandCoins aria-hidden="true" />}
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
        onPaid={(paid) => setMessage({ tone: 'success', text: `${periodShort(game, paid.period)} payout to ${resultWinner(paid)} marked as paid.` })}
      />
    </Card>
  );
}
