import type { GameDayView } from '@core/api/game-day';
import { SCORES_HAVE_ERRORS, SUCCESS_TOASTS, processScoresError, quarterWinnerToast, saveQuarterScoreError } from '@core/messages';
import { finalPeriod, periodModel } from '@core/periods';
import type { Quarter } from '@core/scoring';
import { type QuarterScoreInput, areAllQuarterScoresValid, isQuarterScoreValid, sanitizeScoreInput } from '@core/validation';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { canConfirmQuarter, type ScorePair, useConfirmAllQuarters, useConfirmQuarter } from './game-day';
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
  const confirmQuarter = useConfirmQuarter(gameId);
  const confirmAll = useConfirmAllQuarters(gameId);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [touched, setTouched] = useState<Touched>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stopped, setStopped] = useState<StopNotice | null>(null);

  const busy = confirmQuarter.isPending || confirmAll.isPending;
  const resultOf = (quarter: Quarter) => view.results.find((r) => r.quarter === quarter);
  // D39: a period the live score feed entered and nobody confirmed shows the feed's score in its boxes.
  const feed = useFeedStatus(gameId, view.game.score_feed !== null).data;
  const feedEntryOf = (quarter: Quarter) =>
    view.game.score_feed && !resultOf(quarter) ? feed?.entries.find((entry) => entry.quarter === quarter && !entry.confirmed) : undefined;

  const scores = Object.fromEntries(model.periods.map((q) => [q, shownScore(resultOf(q), drafts[q], feedEntryOf(q))])) as Record<Quarter, QuarterScoreInput>;
  const showsFeed = (quarter: Quarter) => showsFeedScore(feedEntryOf(quarter), scores[quarter]);
  const allValid = areAllQuarterScoresValid(scores, model);
  const changed = (quarter: Quarter) => scoreChanged(resultOf(quarter), scores[quarter]);
  const anythingToConfirm = model.periods.some((q) => canConfirmQuarter(view, q) && changed(q));

  function setValue(quarter: Quarter, team: Team, raw: string) {
    const value = sanitizeScoreInput(raw);
    setDrafts((current) => ({ ...current, [quarter]: { ...current[quarter], [team]: value } }));
    setTouched((current) => ({ ...current, [`${quarter}${team}`]: true }));
  }

  function touchBox(quarter: Quarter, team: Team) {
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
      for (const quarter of newlyProcessed(processed, view.results, scores)) {
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

  return {
    model,
    scores,
    touched,
    formError,
    stopped,
    busy,
    allValid,
    anythingToConfirm,
    confirmQuarter,
    confirmAll,
    resultOf,
    showsFeed,
    changed,
    setValue,
    touchBox,
    onConfirmQuarter,
    onConfirmAll,
  };
}
