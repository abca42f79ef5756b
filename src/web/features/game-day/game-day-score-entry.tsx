/**
 * Score Entry (spec "Game Day Controls screen", section 5 "Quarter score"; D19): two boxes per
 * period of the game's model (four quarters, or two halves for college basketball; digits only,
 * 3 characters, 0-199) with the last digit, a Confirm Q{n} (H{n}) button per period (in order; a
 * confirmed period can be corrected while its payout is not completed) and Confirm All Quarter
 * Winners once all scores are valid. The final period's boxes say overtime is in them (D37).
 */
import type { GameDayView, QuarterResult } from '@core/api/game-day';
import { SCORES_HAVE_ERRORS, SUCCESS_TOASTS, processScoresError, quarterWinnerToast, saveQuarterScoreError } from '@core/messages';
import { finalPeriod, type PeriodModel, periodEntryLabel, periodModel, periodNoun, periodNounPlural, periodShortLabel } from '@core/periods';
import { type Quarter, lastDigit } from '@core/scoring';
import { firstSetWaiting, firstSetWaitingText } from '@core/sales';
import { SCORE_FEED_TEXTS } from '@core/score-feed';
import { type QuarterScoreInput, SCORE_MAX_LENGTH, areAllQuarterScoresValid, isQuarterScoreValid, sanitizeScoreInput, validateScore } from '@core/validation';
import { CircleAlert, CircleCheck, Info, ListChecks } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { PayoutStatusBadge, causeOf, gameDayErrorText, resultWinner } from './game-day-payout';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { canConfirmQuarter, type ScorePair, scoreLocked, useConfirmAllQuarters, useConfirmQuarter } from './game-day';
import { useFeedStatus } from './score-feed';
import { cn } from '@/lib/utils';

type Team = 'teamA' | 'teamB';
type Drafts = Partial<Record<Quarter, Partial<QuarterScoreInput>>>;
type Touched = Partial<Record<`${Quarter}${Team}`, true>>;

/** The two score boxes of a quarter, in order: the team, its test-id side and where the game keeps its name. */
const TEAMS = [
  { team: 'teamA', side: 'a', name: 'team_a' },
  { team: 'teamB', side: 'b', name: 'team_b' },
] as const satisfies readonly { team: Team; side: 'a' | 'b'; name: 'team_a' | 'team_b' }[];

function confirmedValue(result: QuarterResult | undefined, team: Team): string {
  if (!result) return '';
  return String(team === 'teamA' ? result.team_a_score : result.team_b_score);
}

function toPair(input: QuarterScoreInput): ScorePair {
  return { team_a_score: Number(input.teamA), team_b_score: Number(input.teamB) };
}

/** A failure of Confirm All, kept on screen: which quarter stopped, and why. */
interface StopNotice {
  quarter: Quarter;
  message: string;
  processed: readonly Quarter[];
}

export function ScoreEntry({ view, headingAs = 'h3' }: { view: GameDayView; headingAs?: 'h3' | 'h4' }) {
  const gameId = view.game.id;
  const model = periodModel(view.game.game_type);
  const short = (quarter: Quarter) => periodShortLabel(model, quarter);
  const confirmQuarter = useConfirmQuarter(gameId);
  const confirmAll = useConfirmAllQuarters(gameId);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [touched, setTouched] = useState<Touched>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stopped, setStopped] = useState<StopNotice | null>(null);

  const busy = confirmQuarter.isPending || confirmAll.isPending;
  const hasNumbers = view.numbers !== null;
  // D38: set 1's ticket is written and its beacon round awaited.
  const firstWaiting = firstSetWaiting(view.digit_sets);
  const resultOf = (quarter: Quarter) => view.results.find((r) => r.quarter === quarter);
  // D39: a period the live score feed entered and nobody confirmed shows the feed's score in its boxes.
  const feed = useFeedStatus(gameId, view.game.score_feed !== null).data;
  const feedEntryOf = (quarter: Quarter) =>
    view.game.score_feed && !resultOf(quarter) ? feed?.entries.find((entry) => entry.quarter === quarter && !entry.confirmed) : undefined;

  const valueOf = (quarter: Quarter): QuarterScoreInput => {
    const result = resultOf(quarter);
    // A quarter whose payout is done (or under way) shows its final score, whatever was typed.
    const draft = result && scoreLocked(result) ? undefined : drafts[quarter];
    // What is typed wins over the feed; the feed's score fills a box nobody typed in.
    const entered = feedEntryOf(quarter);
    const shown = (team: Team) => (entered ? String(team === 'teamA' ? entered.team_a_score : entered.team_b_score) : confirmedValue(result, team));
    return {
      teamA: draft?.teamA ?? shown('teamA'),
      teamB: draft?.teamB ?? shown('teamB'),
    };
  };
  /** The boxes hold the feed's score as it entered it (nothing typed over it). */
  const showsFeed = (quarter: Quarter) => {
    const entered = feedEntryOf(quarter);
    const value = scores[quarter];
    return entered !== undefined && value.teamA === String(entered.team_a_score) && value.teamB === String(entered.team_b_score);
  };
  const scores = Object.fromEntries(model.periods.map((q) => [q, valueOf(q)])) as Record<Quarter, QuarterScoreInput>;
  const allValid = areAllQuarterScoresValid(scores, model);
  const changed = (quarter: Quarter) => {
    const result = resultOf(quarter);
    if (!result) return true;
    const value = scores[quarter];
    return value.teamA !== confirmedValue(result, 'teamA') || value.teamB !== confirmedValue(result, 'teamB');
  };
  const anythingToConfirm = model.periods.some((q) => canConfirmQuarter(view, q) && changed(q));

  function setValue(quarter: Quarter, team: Team, raw: string) {
    const value = sanitizeScoreInput(raw);
    setDrafts((current) => ({ ...current, [quarter]: { ...current[quarter], [team]: value } }));
    setTouched((current) => ({ ...current, [`${quarter}${team}`]: true }));
  }

  function touch(quarters: readonly Quarter[]) {
    setTouched((current) => {
      const next = { ...current };
      for (const q of quarters) {
        next[`${q}teamA`] = true;
        next[`${q}teamB`] = true;
      }
      return next;
    });
  }

  function forget(quarters: readonly Quarter[]) {
    setDrafts((current) => {
      const next = { ...current };
      for (const q of quarters) delete next[q];
      return next;
    });
  }

  async function onConfirmQuarter(quarter: Quarter) {
    if (busy) return;
    if (!isQuarterScoreValid(scores[quarter])) {
      touch([quarter]);
      setFormError(SCORES_HAVE_ERRORS);
      return;
    }
    setFormError(null);
    setStopped(null);
    try {
      const after = await confirmQuarter.mutateAsync({ quarter, scores: toPair(scores[quarter]) });
      forget([quarter]);
      const result = after.results.find((r) => r.quarter === quarter);
      toast.success(quarterWinnerToast(quarter, result ? resultWinner(result) : 'No winner', model));
      if (quarter === finalPeriod(model) && !after.game.is_active) toast.success(SUCCESS_TOASTS.gameCompleted);
    } catch (error) {
      toast.error(gameDayErrorText(error, saveQuarterScoreError(quarter, model)));
    }
  }

  async function onConfirmAll(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    if (!allValid) {
      touch(model.periods);
      setFormError(SCORES_HAVE_ERRORS);
      return;
    }
    setFormError(null);
    setStopped(null);
    try {
      const {
        view: after,
        processed,
        failure,
      } = await confirmAll.mutateAsync(Object.fromEntries(model.periods.map((q) => [q, toPair(scores[q])])) as Partial<Record<Quarter, ScorePair>>);
      forget(processed);
      for (const quarter of processed) {
        // A quarter sent again with its confirmed scores was not processed anew: no toast.
        const before = resultOf(quarter);
        const sent = scores[quarter];
        if (before && String(before.team_a_score) === sent.teamA && String(before.team_b_score) === sent.teamB) continue;
        const result = after.results.find((r) => r.quarter === quarter);
        toast.success(quarterWinnerToast(quarter, result ? resultWinner(result) : 'No winner', model));
      }
      if (failure) {
        const message = processScoresError(failure.message);
        setStopped({ quarter: failure.quarter, message, processed });
        toast.error(message);
        return;
      }
      toast.success(SUCCESS_TOASTS.allQuarterWinnersProcessed);
      if (processed.includes(finalPeriod(model)) && !after.game.is_active) toast.success(SUCCESS_TOASTS.gameCompleted);
    } catch (error) {
      toast.error(processScoresError(causeOf(error)));
    }
  }

  return (
    <Card className="gap-4 py-5 shadow-none max-sm:gap-3 max-sm:border-0 max-sm:bg-transparent max-sm:py-1" data-testid="score-entry">
      <CardHeader className="px-0 sm:px-6">
        <CardTitle as={headingAs} className="text-lg">
          {model.kind === 'quarter' ? 'Quarter' : 'Half'} Score Entry
        </CardTitle>
        <CardDescription>Enter the final scores for each {periodNoun(model)}. Last digits will determine winning squares.</CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        <form noValidate onSubmit={(event) => void onConfirmAll(event)} className="flex flex-col gap-4">
          {!hasNumbers && (
            <Alert role="status" data-testid="scores-need-numbers">
              <Info aria-hidden="true" />
              <AlertDescription>
                {firstWaiting ? firstSetWaitingText(firstWaiting.round) : 'Randomize numbers first: the numbers on the board decide the winning squares.'}
              </AlertDescription>
            </Alert>
          )}
          <div className="grid gap-3 md:grid-cols-2">
            {model.periods.map((quarter) => (
              <QuarterFields
                key={quarter}
                quarter={quarter}
                model={model}
                view={view}
                value={scores[quarter]}
                result={resultOf(quarter)}
                showError={(team) => Boolean(touched[`${quarter}${team}`])}
                onChange={(team, raw) => setValue(quarter, team, raw)}
                onBlur={(team) => setTouched((current) => ({ ...current, [`${quarter}${team}`]: true }))}
                canConfirm={hasNumbers && canConfirmQuarter(view, quarter) && changed(quarter)}
                fromFeed={showsFeed(quarter)}
                confirming={confirmQuarter.isPending && confirmQuarter.variables?.quarter === quarter}
                busy={busy}
                onConfirm={() => void onConfirmQuarter(quarter)}
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
              <AlertTitle>Processing stopped at {short(stopped.quarter)}</AlertTitle>
              <AlertDescription>
                <p>{stopped.message}</p>
                <p>
                  {stopped.processed.length > 0
                    ? `${stopped.processed.map(short).join(', ')} ${stopped.processed.length === 1 ? 'was' : 'were'} processed. Fix ${short(stopped.quarter)} and confirm again.`
                    : `No ${periodNoun(model)} was processed. Fix ${short(stopped.quarter)} and confirm again.`}
                </p>
              </AlertDescription>
            </Alert>
          )}

          <div className="flex flex-col-reverse items-stretch gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground" id="confirm-all-hint">
              {!hasNumbers
                ? 'Available once numbers are drawn.'
                : !anythingToConfirm
                  ? `All ${periodNounPlural(model)} are confirmed.`
                  : allValid
                    ? `Confirms every ${periodNoun(model)} in order, stopping at the first problem.`
                    : `Enter all ${model.periods.length * 2 === 8 ? 'eight' : 'four'} scores to confirm all ${periodNounPlural(model)} at once.`}
            </p>
            <Button
              type="submit"
              size="lg"
              disabled={!allValid || !hasNumbers || !anythingToConfirm || busy}
              aria-describedby="confirm-all-hint"
              data-testid="confirm-all"
            >
              {confirmAll.isPending ? <Spinner aria-hidden="true" /> : <ListChecks aria-hidden="true" />}
              {confirmAll.isPending ? 'Processing Winners...' : `Confirm All ${model.kind === 'quarter' ? 'Quarter' : 'Half'} Winners`}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function QuarterFields({
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
