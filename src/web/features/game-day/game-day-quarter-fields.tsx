import type { GameDayView, QuarterResult } from '@core/api/game-day';
import { type PeriodModel, periodEntryLabel, periodNoun, periodShortLabel } from '@core/periods';
import { type Quarter, lastDigit } from '@core/scoring';
import { SCORE_FEED_TEXTS } from '@core/score-feed';
import { type QuarterScoreInput, SCORE_MAX_LENGTH, validateScore } from '@core/validation';
import { CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { scoreLocked } from './game-day';
import { PayoutStatusBadge, resultWinner } from './game-day-payout';
import { type Team, TEAMS } from './score-entry';

/**
 * One period of Score Entry: its two score boxes (each with the last digit under it), its status
 * (confirmed with its winner, next, or waiting) and its Confirm Q{n} (H{n}) button.
 */
export function QuarterFields({
  quarter,
  model,
  view,
  value,
  result,
  showError,
  onChange,
  onBlur,
  canConfirm,
  fromFeed,
  confirming,
  busy,
  onConfirm,
}: {
  quarter: Quarter;
  model: PeriodModel;
  view: GameDayView;
  value: QuarterScoreInput;
  result: QuarterResult | undefined;
  showError: (team: Team) => boolean;
  onChange: (team: Team, raw: string) => void;
  onBlur: (team: Team) => void;
  canConfirm: boolean;
  /** The boxes hold the score the live score feed entered. */
  fromFeed: boolean;
  confirming: boolean;
  busy: boolean;
  onConfirm: () => void;
}) {
  const locked = result !== undefined && scoreLocked(result);
  const isNext = view.next_quarter === quarter;
  const legendId = useId();
  return (
    <fieldset
      className={cn('flex min-w-0 flex-col gap-3 rounded-lg border p-3 sm:p-4', isNext && 'border-primary/60 bg-accent/30')}
      aria-describedby={`${legendId}-status`}
      data-testid="quarter-fields"
      data-quarter={quarter}
    >
      <legend className="sr-only">{periodEntryLabel(model, quarter)}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2" aria-hidden="true">
        <span className="font-semibold">
          {periodShortLabel(model, quarter)} <span className="font-normal text-muted-foreground">· {periodEntryLabel(model, quarter)}</span>
        </span>
        <QuarterStatus result={result} isNext={isNext} />
      </div>
      <span id={`${legendId}-status`} className="sr-only">
        {result ? `Confirmed, winner ${resultWinner(result)}` : isNext ? 'Next to confirm' : 'Not confirmed yet'}
      </span>
      <div className="grid grid-cols-2 gap-3">
        {TEAMS.map(({ team, side, name }) => (
          <ScoreBox
            key={team}
            quarter={quarter}
            label={periodShortLabel(model, quarter)}
            side={side}
            teamName={view.game[name]}
            value={value[team]}
            showError={showError(team)}
            readOnly={locked}
            onChange={(raw) => onChange(team, raw)}
            onBlur={() => onBlur(team)}
          />
        ))}
      </div>
      {fromFeed && (
        <p className="text-sm" data-testid={`feed-entered-q${quarter}`}>
          {SCORE_FEED_TEXTS.enteredByFeed}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {result ? (
            <>
              Winner: <span className="font-medium text-foreground">{resultWinner(result)}</span>
            </>
          ) : isNext ? (
            `Confirm when the ${periodNoun(model)} ends.`
          ) : (
            `Confirm ${periodShortLabel(model, view.next_quarter ?? quarter)} first.`
          )}
        </p>
        <Button
          type="button"
          size="sm"
          variant={isNext ? 'default' : 'outline'}
          disabled={!canConfirm || busy}
          onClick={onConfirm}
          data-testid={`confirm-q${quarter}`}
        >
          {confirming ? <Spinner aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
          {confirming ? 'Confirming...' : `Confirm ${periodShortLabel(model, quarter)}`}
        </Button>
      </div>
    </fieldset>
  );
}

function QuarterStatus({ result, isNext }: { result: QuarterResult | undefined; isNext: boolean }) {
  if (result) return <PayoutStatusBadge result={result} />;
  if (isNext) return <Badge variant="default">Next</Badge>;
  return <Badge variant="secondary">Waiting</Badge>;
}

function ScoreBox({
  quarter,
  label,
  side,
  teamName,
  value,
  showError,
  readOnly,
  onChange,
  onBlur,
}: {
  quarter: Quarter;
  /** "Q1", "H1": the period in the box's accessible name. */
  label: string;
  side: 'a' | 'b';
  teamName: string;
  value: string;
  showError: boolean;
  readOnly: boolean;
  onChange: (raw: string) => void;
  onBlur: () => void;
}) {
  const id = useId();
  const check = validateScore(value);
  const error = showError && !check.ok ? check.message : null;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="truncate text-sm font-medium" title={teamName}>
        {teamName}
        <span className="sr-only"> score, {label}</span>
      </label>
      <Input
        id={id}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={SCORE_MAX_LENGTH}
        placeholder="0-199"
        value={value}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className={cn(
          'h-11 text-center text-lg font-semibold tabular-nums placeholder:text-sm placeholder:font-normal md:text-lg',
          readOnly && 'bg-muted dark:bg-muted',
        )}
        data-testid={`score-q${quarter}-${side}`}
      />
      <p id={`${id}-message`} aria-live="polite" className={cn('min-h-4 text-xs', error ? 'font-medium text-destructive' : 'text-muted-foreground')}>
        {error ?? (check.ok ? `Last digit: ${lastDigit(check.value)}` : '')}
      </p>
    </div>
  );
}
