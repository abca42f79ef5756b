/**
 * Score Entry's rules (spec "Game Day Controls screen", section 5; D19, D39): what each period's
 * two boxes show (what was typed, else the live feed's score, else the confirmed one), whether a
 * period has changed since it was confirmed, and the texts under the form.
 */
import type { PeriodResult } from '@core/api/game-day';
import { type PeriodModel, periodNoun, periodNounPlural, periodShortLabel, type Period } from '@core/periods';
import type { PeriodScoreInput } from '@core/validation';
import { type ScorePair, scoreLocked } from './game-day';

export type Team = 'teamA' | 'teamB';
export type Drafts = Partial<Record<Period, Partial<PeriodScoreInput>>>;
export type Touched = Partial<Record<`${Period}${Team}`, true>>;

/** The two score boxes of a period, in order: the team, its test-id side and where the game keeps its name. */
export const TEAMS = [
  { team: 'teamA', side: 'a', name: 'team_a' },
  { team: 'teamB', side: 'b', name: 'team_b' },
] as const satisfies readonly { team: Team; side: 'a' | 'b'; name: 'team_a' | 'team_b' }[];

/** The score a box holds for a period: the pair's team's, as text ('' when there is none). */
function pairValue(pair: ScorePair | undefined, team: Team): string {
  if (!pair) return '';
  return String(team === 'teamA' ? pair.team_a_score : pair.team_b_score);
}

/** A confirmed period's score in a box, '' for a period not confirmed. */
export function confirmedValue(result: PeriodResult | undefined, team: Team): string {
  return pairValue(result, team);
}

export function toPair(input: PeriodScoreInput): ScorePair {
  return { team_a_score: Number(input.teamA), team_b_score: Number(input.teamB) };
}

/**
 * What a period's boxes show. A period whose payout is done (or under way) shows its final score,
 * whatever was typed; otherwise what is typed wins over the feed, and the feed's score (D39: a
 * period it entered and nobody confirmed) fills a box nobody typed in, else the confirmed score.
 */
export function shownScore(result: PeriodResult | undefined, draft: Partial<PeriodScoreInput> | undefined, feed: ScorePair | undefined): PeriodScoreInput {
  const typed = result && scoreLocked(result) ? undefined : draft;
  const shown = (team: Team) => (feed ? pairValue(feed, team) : confirmedValue(result, team));
  return { teamA: typed?.teamA ?? shown('teamA'), teamB: typed?.teamB ?? shown('teamB') };
}

/** The boxes hold the feed's score as it entered it (nothing typed over it). */
export function showsFeedScore(feed: ScorePair | undefined, value: PeriodScoreInput): boolean {
  return feed !== undefined && value.teamA === String(feed.team_a_score) && value.teamB === String(feed.team_b_score);
}

/** A period to confirm: not confirmed yet, or its boxes differ from its confirmed score. */
export function scoreChanged(result: PeriodResult | undefined, value: PeriodScoreInput): boolean {
  if (!result) return true;
  return value.teamA !== confirmedValue(result, 'teamA') || value.teamB !== confirmedValue(result, 'teamB');
}

/**
 * The periods Confirm All processed that get a winner's toast: a period sent again with its
 * confirmed scores was not processed anew.
 */
export function newlyProcessed(processed: readonly Period[], before: readonly PeriodResult[], sent: Readonly<Record<Period, PeriodScoreInput>>): Period[] {
  return processed.filter((period) => {
    const result = before.find((r) => r.period === period);
    return !(result && String(result.team_a_score) === sent[period].teamA && String(result.team_b_score) === sent[period].teamB);
  });
}

/** "Quarter" or "Half", as the card's title and Confirm All say it. */
export function periodTitleWord(model: PeriodModel): 'Quarter' | 'Half' {
  return model.kind === 'quarter' ? 'Quarter' : 'Half';
}

/** The line next to Confirm All: why it waits, or what it will do. */
export function confirmAllHint(model: PeriodModel, state: { hasNumbers: boolean; anythingToConfirm: boolean; allValid: boolean }): string {
  if (!state.hasNumbers) return 'Available once numbers are drawn.';
  if (!state.anythingToConfirm) return `All ${periodNounPlural(model)} are confirmed.`;
  if (state.allValid) return `Confirms every ${periodNoun(model)} in order, stopping at the first problem.`;
  return `Enter all ${model.periods.length * 2 === 8 ? 'eight' : 'four'} scores to confirm all ${periodNounPlural(model)} at once.`;
}

/** A failure of Confirm All, kept on screen: which period stopped, and why. */
export interface StopNotice {
  period: Period;
  message: string;
  processed: readonly Period[];
}

/** Under "Processing stopped at Q3": what was processed before it, and what to do. */
export function stoppedText(model: PeriodModel, stopped: StopNotice): string {
  const short = (period: Period) => periodShortLabel(model, period);
  return stopped.processed.length > 0
    ? `${stopped.processed.map(short).join(', ')} ${stopped.processed.length === 1 ? 'was' : 'were'} processed. Fix ${short(stopped.period)} and confirm again.`
    : `No ${periodNoun(model)} was processed. Fix ${short(stopped.period)} and confirm again.`;
}
