import type { GameDayView } from '@core/api/game-day';
import { SCORES_HAVE_ERRORS, SUCCESS_TOASTS, processScoresError, periodWinnerToast, savePeriodScoreError } from '@core/messages';
import { finalPeriod, periodModel, type Period } from '@core/periods';
import { type PeriodScoreInput, areAllPeriodScoresValid, isPeriodScoreValid, sanitizeScoreInput } from '@core/validation';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { canConfirmPeriod, type ScorePair, useConfirmAllPeriods, useConfirmPeriod } from './game-day';
import { causeOf, gameDayErrorText, resultWinner } from './game-day-payout';
import { type Drafts, newlyProcessed, scoreChanged, shownScore, showsFeedScore, type StopNotice, type Team, toPair, type Touched } from './score-entry';
import { useFeedStatus } from './score-feed';

/**
 * Score Entry's state: the boxes as typed (drafts) and touched, the form's error and a stopped
 * Confirm All; what each period shows; and Confirm Q{n} and Confirm All with their toasts.
 */
export function useScoreEntry(view: GameDayView) {
  const gameId = view.game.id;
  const model = periodModel(view.game.game_type);
  const confirmPeriod = useConfirmPeriod(gameId);
  const confirmAll = useConfirmAllPeriods(gameId);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [touched, setTouched] = useState<Touched>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stopped, setStopped] = useState<StopNotice | null>(null);

  const busy = confirmPeriod.isPending || confirmAll.isPending;
  const resultOf = (period: Period) => view.results.find((r) => r.period === period);
  // D39: a period the live score feed entered and nobody confirmed shows the feed's score in its boxes.
  const feed = useFeedStatus(gameId, view.game.score_feed !== null).data;
  const feedEntryOf = (period: Period) =>
    view.game.score_feed && !resultOf(period) ? feed?.entries.find((entry) => entry.period === period && !entry.confirmed) : undefined;

  const scores = Object.fromEntries(model.periods.map((q) => [q, shownScore(resultOf(q), drafts[q], feedEntryOf(q))])) as Record<Period, PeriodScoreInput>;
  const showsFeed = (period: Period) => showsFeedScore(feedEntryOf(period), scores[period]);
  const allValid = areAllPeriodScoresValid(scores, model);
  const changed = (period: Period) => scoreChanged(resultOf(period), scores[period]);
  const anythingToConfirm = model.periods.some((q) => canConfirmPeriod(view, q) && changed(q));

  function setValue(period: Period, team: Team, raw: string) {
    const value = sanitizeScoreInput(raw);
    setDrafts((current) => ({ ...current, [period]: { ...current[period], [team]: value } }));
    setTouched((current) => ({ ...current, [`${period}${team}`]: true }));
  }

  function touchBox(period: Period, team: Team) {
    setTouched((current) => ({ ...current, [`${period}${team}`]: true }));
  }

  function touch(periods: readonly Period[]) {
    setTouched((current) => {
      const next = { ...current };
      for (const q of periods) {
        next[`${q}teamA`] = true;
        next[`${q}teamB`] = true;
      }
      return next;
    });
  }

  function forget(periods: readonly Period[]) {
    setDrafts((current) => {
      const next = { ...current };
      for (const q of periods) delete next[q];
      return next;
    });
  }

  async function onConfirmPeriod(period: Period) {
    if (busy) return;
    if (!isPeriodScoreValid(scores[period])) {
      touch([period]);
      setFormError(SCORES_HAVE_ERRORS);
      return;
    }
    setFormError(null);
    setStopped(null);
    try {
      const after = await confirmPeriod.mutateAsync({ period, scores: toPair(scores[period]) });
      forget([period]);
      const result = after.results.find((r) => r.period === period);
      toast.success(periodWinnerToast(period, result ? resultWinner(result) : 'No winner', model));
      if (period === finalPeriod(model) && !after.game.is_active) toast.success(SUCCESS_TOASTS.gameCompleted);
    } catch (error) {
      toast.error(gameDayErrorText(error, savePeriodScoreError(period, model)));
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
      } = await confirmAll.mutateAsync(Object.fromEntries(model.periods.map((q) => [q, toPair(scores[q])])) as Partial<Record<Period, ScorePair>>);
      forget(processed);
      for (const period of newlyProcessed(processed, view.results, scores)) {
        const result = after.results.find((r) => r.period === period);
        toast.success(periodWinnerToast(period, result ? resultWinner(result) : 'No winner', model));
      }
      if (failure) {
        const message = processScoresError(failure.message);
        setStopped({ period: failure.period, message, processed });
        toast.error(message);
        return;
      }
      toast.success(SUCCESS_TOASTS.allPeriodWinnersProcessed);
      if (processed.includes(finalPeriod(model)) && !after.game.is_active) toast.success(SUCCESS_TOASTS.gameCompleted);
    } catch (error) {
      toast.error(processScoresError(causeOf(error)));
    }
  }

  return {
    model,
    scores,
    touched,
    formError,
    stopped,
    busy,
    allValid,
    anythingToConfirm,
    confirmPeriod,
    confirmAll,
    resultOf,
    showsFeed,
    changed,
    setValue,
    touchBox,
    onConfirmPeriod,
    onConfirmAll,
  };
}
