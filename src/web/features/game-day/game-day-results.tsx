/**
 * Results & Payouts (spec "Game Day Controls screen"; D23, D24): card "Quarter Results &
 * Payouts", a table on wide screens and cards on phones; Mark Paid for pending payouts, Retry
 * Payout for failed ones.
 */
import type { GameDayView, PeriodResult } from '@core/api/game-day';
import { formatUsd } from '@core/money';
import { type LedgerLine, ledgerTotals, resultsLedger } from '@core/results-ledger';
import { type PeriodModel, periodModel, periodNoun, periodShortLabel, periodWinningsLabel } from '@core/periods';
import { BadgeCheck, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { MarkPaidDialog, PayoutStatusBadge, WinnerOwes, canMarkPaid, canRetry, isUnclaimed, resultWinner, useRetryPayoutAction } from './game-day-payout';
import { SharePayoutRow } from './share-payout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useIsMobile } from '@/lib/use-mobile';

export function ResultsPayouts({ view, headingAs = 'h3' }: { view: GameDayView; headingAs?: 'h3' | 'h4' }) {
  const isMobile = useIsMobile();
  const [toPay, setToPay] = useState<PeriodResult | null>(null);
  const model = periodModel(view.game.game_type);
  const noun = model.kind === 'quarter' ? 'Quarter' : 'Half';
  const retry = useRetryPayoutAction(view.game.id, model);
  const results = view.results;
  // D43: what each period pays, and totals that add up to the pot (an unclaimed share stays with the organizer).
  const ledger = resultsLedger(
    view.game.total_pot_cents,
    view.game,
    results.map((r) => ({ period: r.period, winner: isUnclaimed(r) ? null : resultWinner(r), payoutCents: r.payout_amount_cents })),
  );
  const unclaimedTo = (line: LedgerLine | undefined) =>
    line?.kind !== 'unclaimed' || line.to === 'house'
      ? 'kept by the organizer'
      : line.to === 'next-period'
        ? `rolls forward to ${line.toLabel}`
        : `goes to the ${line.toLabel} share`;
  const payout = (result: PeriodResult) =>
    isUnclaimed(result) ? (
      <span className="flex flex-col items-end sm:items-end">
        <span className="tabular-nums">{formatUsd(ledger.lines[result.period - 1]!.cents)}</span>
        <span className="text-xs font-normal text-muted-foreground" data-testid="unclaimed-to">
          {unclaimedTo(ledger.lines[result.period - 1])}
        </span>
      </span>
    ) : (
      formatUsd(result.payout_amount_cents)
    );

  const actions = (result: PeriodResult) => (
    <PayoutActions
      result={result}
      model={model}
      retrying={retry.pendingPeriod === result.period}
      onMarkPaid={() => setToPay(result)}
      onRetry={() => void retry.run(result)}
    />
  );

  return (
    <Card className="gap-4 py-5 shadow-none max-sm:gap-3 max-sm:border-0 max-sm:bg-transparent max-sm:py-1" data-testid="results-payouts">
      <CardHeader className="px-0 sm:px-6">
        <CardTitle as={headingAs} className="text-lg">
          {noun} Results &amp; Payouts
        </CardTitle>
        <CardDescription>
          Winners of the confirmed {model.kind === 'quarter' ? 'quarters' : 'halves'}. Pay each winner, then mark the payout as paid.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        {results.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground" data-testid="results-empty">
            No {periodNoun(model)} results yet. Enter scores to see winners.
          </p>
        ) : isMobile ? (
          <ul className="flex flex-col gap-3" aria-label={`${noun} results`} data-testid="results-cards">
            {results.map((result) => (
              <li key={result.period} className="rounded-lg border p-3" data-testid="result-card" data-period={result.period}>
                <div className="flex items-start justify-between gap-2">
                  <p className="font-semibold">{periodWinningsLabel(model, result.period)}</p>
                  <PayoutStatusBadge result={result} />
                </div>
                <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">Scores</dt>
                  <dd className="[overflow-wrap:anywhere]">{scoresText(view, result)}</dd>
                  <dt className="text-muted-foreground">Winning digits</dt>
                  <dd className="tabular-nums">{digitsText(result)}</dd>
                  <dt className="text-muted-foreground">Winner</dt>
                  <dd className="font-medium [overflow-wrap:anywhere]">{resultWinner(result)}</dd>
                  <dt className="text-muted-foreground">Payout</dt>
                  <dd className="font-semibold tabular-nums">
                    {payout(result)}
                    <WinnerOwes gameId={view.game.id} result={result} className="mt-1" />
                  </dd>
                  {result.payout_reference && (
                    <>
                      <dt className="text-muted-foreground">Reference</dt>
                      <dd className="[overflow-wrap:anywhere]">{result.payout_reference}</dd>
                    </>
                  )}
                </dl>
                {(canMarkPaid(result) || canRetry(result)) && <div className="mt-3">{actions(result)}</div>}
              </li>
            ))}
          </ul>
        ) : (
          <Table data-testid="results-table" scrollLabel={`${noun} results`}>
            <TableHeader>
              <TableRow>
                <TableHead>{noun}</TableHead>
                <TableHead>Scores</TableHead>
                <TableHead>Winning Digits</TableHead>
                <TableHead>Winner</TableHead>
                <TableHead className="text-right">Payout</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>
                  <span>Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {results.map((result) => (
                <TableRow key={result.period} data-testid="result-row" data-period={result.period}>
                  <TableCell className="font-medium">{periodShortLabel(model, result.period)}</TableCell>
                  <TableCell className="tabular-nums">
                    <span aria-hidden="true">
                      {result.team_a_score} - {result.team_b_score}
                    </span>
                    <span className="sr-only">{scoresText(view, result)}</span>
                  </TableCell>
                  <TableCell className="tabular-nums">{digitsText(result)}</TableCell>
                  <TableCell className="max-w-48 truncate font-medium" title={resultWinner(result)}>
                    {resultWinner(result)}
                  </TableCell>
                  <TableCell className="text-right font-semibold tabular-nums">
                    {payout(result)}
                    <WinnerOwes gameId={view.game.id} result={result} className="mt-1 ml-auto max-w-56 items-end text-right whitespace-normal" />
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-col items-start gap-0.5">
                      <PayoutStatusBadge result={result} />
                      {result.payout_reference && (
                        <span className="max-w-40 truncate text-xs text-muted-foreground" title={result.payout_reference}>
                          {result.payout_reference}
                        </span>
                      )}
                    </div>
                  </TableCell>
                  <TableCell>{actions(result)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {results.length > 0 && (
          <dl className="mt-3 flex flex-wrap justify-end gap-x-5 gap-y-1 text-sm text-muted-foreground" data-testid="results-payouts-totals">
            {[...ledgerTotals(ledger, 'Paid out or owed'), { key: 'pot', label: 'Pot', cents: ledger.potCents }].map(({ key, label, cents }) => (
              <div key={key} className="flex gap-1.5" data-testid={`results-total-${key}`}>
                <dt>{label}:</dt>
                <dd className="font-semibold text-foreground tabular-nums">{formatUsd(cents)}</dd>
              </div>
            ))}
          </dl>
        )}
        <SharePayoutRow view={view} />
      </CardContent>
      <MarkPaidDialog gameId={view.game.id} model={model} result={toPay} onClose={() => setToPay(null)} />
    </Card>
  );
}

function scoresText(view: GameDayView, result: PeriodResult): string {
  return `${view.game.team_a} ${result.team_a_score} - ${view.game.team_b} ${result.team_b_score}`;
}

function digitsText(result: PeriodResult): string {
  return `${result.winning_numbers_x} - ${result.winning_numbers_y}`;
}

function PayoutActions({
  result,
  model,
  retrying,
  onMarkPaid,
  onRetry,
}: {
  result: PeriodResult;
  model: PeriodModel;
  retrying: boolean;
  onMarkPaid: () => void;
  onRetry: () => void;
}) {
  if (canMarkPaid(result)) {
    return (
      <Button size="sm" onClick={onMarkPaid}>
        <BadgeCheck aria-hidden="true" />
        Mark Paid<span className="sr-only"> {periodShortLabel(model, result.period)}</span>
      </Button>
    );
  }
  if (canRetry(result)) {
    return (
      <Button size="sm" variant="outline" disabled={retrying} onClick={onRetry}>
        {retrying ? <Spinner aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
        {retrying ? 'Retrying...' : 'Retry Payout'}
        <span className="sr-only"> {periodShortLabel(model, result.period)}</span>
      </Button>
    );
  }
  if (result.payout_status === 'processing') return <span className="text-xs text-muted-foreground">In progress</span>;
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">No action needed</span>
    </span>
  );
}
