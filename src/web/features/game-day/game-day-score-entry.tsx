/**
 * Score Entry (spec "Game Day Controls screen", section 5 "Quarter score"; D19): two boxes per
 * period of the game's model (four quarters, or two halves for college basketball; digits only,
 * 3 characters, 0-199) with the last digit, a Confirm Q{n} (H{n}) button per period (in order; a
 * confirmed period can be corrected while its payout is not completed) and Confirm All Quarter
 * Winners once all scores are valid. The final period's boxes say overtime is in them (D37).
 */
import type { GameDayView } from '@core/api/game-day';
import { periodNoun, periodShortLabel } from '@core/periods';
import { firstSetWaiting, firstSetWaitingText } from '@core/sales';
import { CircleAlert, Info, ListChecks } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { canConfirmPeriod } from './game-day';
import { PeriodFields } from './game-day-period-fields';
import { confirmAllHint, periodTitleWord, stoppedText } from './score-entry';
import { useScoreEntry } from './use-score-entry';

export function ScoreEntry({ view, headingAs = 'h3' }: { view: GameDayView; headingAs?: 'h3' | 'h4' }) {
  const entry = useScoreEntry(view);
  const { model, scores, touched, formError, stopped, busy, allValid, anythingToConfirm, confirmPeriod, confirmAll } = entry;
  const hasNumbers = view.numbers !== null;
  // D38: set 1's ticket is written and its beacon round awaited.
  const firstWaiting = firstSetWaiting(view.digit_sets);

  return (
    <Card className="gap-4 py-5 shadow-none max-sm:gap-3 max-sm:border-0 max-sm:bg-transparent max-sm:py-1" data-testid="score-entry">
      <CardHeader className="px-0 sm:px-6">
        <CardTitle as={headingAs} className="text-lg">
          {periodTitleWord(model)} Score Entry
        </CardTitle>
        <CardDescription>Enter the final scores for each {periodNoun(model)}. Last digits will determine winning squares.</CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        <form noValidate onSubmit={(event) => void entry.onConfirmAll(event)} className="flex flex-col gap-4">
          {!hasNumbers && (
            <Alert role="status" data-testid="scores-need-numbers">
              <Info aria-hidden="true" />
              <AlertDescription>
                {firstWaiting ? firstSetWaitingText(firstWaiting.round) : 'Randomize numbers first: the numbers on the board decide the winning squares.'}
              </AlertDescription>
            </Alert>
          )}
          <div className="grid gap-3 md:grid-cols-2">
            {model.periods.map((period) => (
              <PeriodFields
                key={period}
                period={period}
                model={model}
                view={view}
                value={scores[period]}
                result={entry.resultOf(period)}
                showError={(team) => Boolean(touched[`${period}${team}`])}
                onChange={(team, raw) => entry.setValue(period, team, raw)}
                onBlur={(team) => entry.touchBox(period, team)}
                canConfirm={hasNumbers && canConfirmPeriod(view, period) && entry.changed(period)}
                fromFeed={entry.showsFeed(period)}
                confirming={confirmPeriod.isPending && confirmPeriod.variables?.period === period}
                busy={busy}
                onConfirm={() => void entry.onConfirmPeriod(period)}
              />
            ))}
          </div>

          {formError && (
            <Alert variant="destructive" data-testid="scores-error">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          )}
          {stopped && (
            <Alert variant="destructive" data-testid="confirm-all-stopped">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>Processing stopped at {periodShortLabel(model, stopped.period)}</AlertTitle>
              <AlertDescription>
                <p>{stopped.message}</p>
                <p>{stoppedText(model, stopped)}</p>
              </AlertDescription>
            </Alert>
          )}

          <div className="flex flex-col-reverse items-stretch gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground" id="confirm-all-hint">
              {confirmAllHint(model, { hasNumbers, anythingToConfirm, allValid })}
            </p>
            <Button
              type="submit"
              size="lg"
              disabled={!allValid || !hasNumbers || !anythingToConfirm || busy}
              aria-describedby="confirm-all-hint"
              data-testid="confirm-all"
            >
              {confirmAll.isPending ? <Spinner aria-hidden="true" /> : <ListChecks aria-hidden="true" />}
              {confirmAll.isPending ? 'Processing Winners...' : `Confirm All ${periodTitleWord(model)} Winners`}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
