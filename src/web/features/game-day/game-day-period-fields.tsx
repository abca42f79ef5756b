import type { GameDayView, PeriodResult } from '@core/api/game-day';
import { type PeriodModel, periodEntryLabel, periodNoun, periodShortLabel, type Period } from '@core/periods';
import { lastDigit } from '@core/scoring';
import { SCORE_FEED_TEXTS } from '@core/score-feed';
import { type PeriodScoreInput, SCORE_MAX_LENGTH, validateScore } from '@core/validation';
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
export function PeriodFields({
  period,
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
  period: Period;
  model: PeriodModel;
  view: GameDayView;
  value: PeriodScoreInput;
  result: PeriodResult | undefined;
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
  const isNext = view.next_period === period;
  const legendId = useId();
  return (
    <fieldset
      className={cn('flex min-w-0 flex-col gap-3 rounded-lg border p-3 sm:p-4', isNext && 'border-primary/60 bg-accent/30')}
      aria-describedby={`${legendId}-status`}
      data-testid="quarter-fields"
      data-period={period}
    >
      <legend className="sr-only">{periodEntryLabel(model, period)}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2" aria-hidden="true">
        <span className="font-semibold">
          {periodShortLabel(model, period)} <span className="font-normal text-muted-foreground">· {periodEntryLabel(model, period)}</span>
        </span>
        <PeriodStatus result={result} isNext={isNext} />
      </div>
      <span id={`${legendId}-status`} className="sr-only">
        {result ? `Confirmed, winner ${resultWinner(result)}` : isNext ? 'Next to confirm' : 'Not confirmed yet'}
      </span>
      <div className="grid grid-cols-2 gap-3">
        {TEAMS.map(({ team, side, name }) => (
          <ScoreBox
            key={team}
            period={period}
            label={periodShortLabel(model, period)}
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
        <p className="text-sm" data-testid={`feed-entered-q${period}`}>
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
            `Confirm ${periodShortLabel(model, view.next_period ?? period)} first.`
          )}
        </p>
        <Button
          type="button"
          size="sm"
          variant={isNext ? 'default' : 'outline'}
          disabled={!canConfirm || busy}
          onClick={onConfirm}
          data-testid={`confirm-q${period}`}
        >
          {confirming ? <Spinner aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
          {confirming ? 'Confirming...' : `Confirm ${periodShortLabel(model, period)}`}
        </Button>
      </div>
    </fieldset>
  );
}

function PeriodStatus({ result, isNext }: { result: PeriodResult | undefined; isNext: boolean }) {
  if (result) return <PayoutStatusBadge result={result} />;
  if (isNext) return <Badge variant="default">Next</Badge>;
  return <Badge variant="secondary">Waiting</Badge>;
}

function ScoreBox({
  period,
  label,
  side,
  teamName,
  value,
  showError,
  readOnly,
  onChange,
  onBlur,
}: {
  period: Period;
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
        data-testid={`score-q${period}-${side}`}
      />
      <p id={`${id}-message`} aria-live="polite" className={cn('min-h-4 text-xs', error ? 'font-medium text-destructive' : 'text-muted-foreground')}>
        {error ?? (check.ok ? `Last digit: ${lastDigit(check.value)}` : '')}
      </p>
    </div>
  );
}
