/**
 * The D12 schedules as today's screens and game day read them: each period's payout, the
 * schedule's plan at a pot, its rules with their cents and its one-line summary. All of them
 * are read off the one payout plan (payout-plan.ts), so the cents cannot disagree.
 */
import {
  DEFAULT_ORGANIZER_LABEL,
  type GamePayoutSettings,
  type PayoutRules,
  type PayoutScheduleId,
  planPayouts,
  rulesOfGame,
  scheduleRules,
  sharesOf,
  unboughtRuleText,
} from './payout-plan';
import { dollarsToCents, formatUsd } from './money';
import { type Period, periodModel, periodShortLabel, periodWinningsLabel } from './periods';

/**
 * Where a view's rules come from: a game (its stored rules, D34) or, for the form's preview and
 * older callers, one of the schedules in a game played in quarters, with the house rule.
 */
export type RulesSource = PayoutScheduleId | (GamePayoutSettings & { readonly organizer_label?: string });

/** The rules, the game type and the organizer share's name of a source. */
export function rulesFrom(source: RulesSource): { rules: PayoutRules<Period>; gameType: string; organizerLabel: string } {
  if (typeof source === 'string') return { rules: scheduleRules(source), gameType: 'nfl', organizerLabel: DEFAULT_ORGANIZER_LABEL };
  return { rules: rulesOfGame(source), gameType: source.game_type, organizerLabel: source.organizer_label ?? DEFAULT_ORGANIZER_LABEL };
}

/** One period of a game's payout rules: "1st Quarter", 25%, and what that pays at the pot. */
interface PayoutRulePeriod {
  readonly period: Period;
  /** "1st Quarter", "2nd Quarter", "3rd Quarter", "Final" (the My Winnings labels). */
  readonly label: string;
  readonly percent: number;
  readonly cents: number;
}

/** A game's payout rules at its current pot, as the board and the game card show them (D12). */
export interface PayoutRulesAtPot {
  readonly potCents: number;
  readonly periods: readonly PayoutRulePeriod[];
  /** The share the organizer (or a charity, by its name) keeps, rounded down; null when the periods pay it all. */
  readonly organizer: { readonly percent: number; readonly cents: number; readonly label: string } | null;
  /** What rounding each share down leaves over (D12: "any remainder is shown"). */
  readonly remainderCents: number;
  /** D34: what happens to a winning square nobody bought, in words. */
  readonly unboughtText: string;
}

/**
 * Each period's share and what it pays at `potCents`, the organizer's share and the rounding
 * remainder: periods + organizer + remainder is the pot.
 */
export function payoutRules(potCents: number, source: RulesSource): PayoutRulesAtPot {
  const { rules, gameType, organizerLabel } = rulesFrom(source);
  const model = periodModel(gameType);
  const plan = planPayouts({ potCents, rules, outcomes: [] });
  const periods = plan.periods.map(({ period, percent, baseCents }) => ({
    period: period,
    label: periodWinningsLabel(model, period),
    percent,
    cents: baseCents,
  }));
  const { percent, baseCents } = plan.organizer;
  return {
    potCents,
    periods,
    organizer: percent > 0 ? { percent, cents: baseCents, label: organizerLabel } : null,
    remainderCents: plan.remainder.cents,
    unboughtText: unboughtRuleText(rules.unbought, gameType, organizerLabel),
  };
}

/** The create form's preview (D34): a board with every square sold, its price and what each period pays. */
export interface FullBoardPayouts extends PayoutRulesAtPot {
  readonly priceCents: number;
}

/**
 * What the rules pay when all `squares` of the board sell at `priceDollars` (whole dollars, as the
 * form takes them): read off payoutRules like the board's own, so the form promises the cents the
 * board will show once it is full.
 */
export function fullBoardPayouts(priceDollars: number, squares: number, source: RulesSource): FullBoardPayouts {
  const priceCents = dollarsToCents(priceDollars);
  return { ...payoutRules(priceCents * squares, source), priceCents };
}

/**
 * A schedule's shares in one short line, for a game card: "Q1-Q3 25% · Final 25%", with
 * "· Organizer 20%" when the organizer keeps a share.
 */
export function payoutSummary(source: RulesSource): string {
  const { rules, gameType, organizerLabel } = rulesFrom(source);
  const model = periodModel(gameType);
  const { periods, organizerPercent } = sharesOf(rules);
  const before = periods.slice(0, -1);
  const final = periods.at(-1)!;
  const allSame = before.length > 1 && before.every(({ percent }) => percent === before[0]!.percent);
  const parts = allSame
    ? [`${periodShortLabel(model, before[0]!.period)}-${periodShortLabel(model, before.at(-1)!.period)} ${before[0]!.percent}%`]
    : before.map(({ period, percent }) => `${periodShortLabel(model, period)} ${percent}%`);
  parts.push(`Final ${final.percent}%`);
  if (organizerPercent > 0) parts.push(`${organizerLabel} ${organizerPercent}%`);
  return parts.join(' · ');
}

/** What each period (and the organizer's share) pays at a pot, in one line for a game card (D34): "Q1 $90.00 · ... · Food Bank $90.00". */
export function payoutAmountsSummary(potCents: number, source: RulesSource): string {
  const { gameType } = rulesFrom(source);
  const model = periodModel(gameType);
  const rules = payoutRules(potCents, source);
  const parts = rules.periods.map(({ period, cents }) => `${period === model.periods.at(-1) ? 'Final' : periodShortLabel(model, period)} ${formatUsd(cents)}`);
  if (rules.organizer) parts.push(`${rules.organizer.label} ${formatUsd(rules.organizer.cents)}`);
  return parts.join(' · ');
}

/** The unbought rule in a few words, for a game card (D34). */
export function unboughtRuleShort(source: RulesSource): string {
  const { rules, gameType } = rulesFrom(source);
  return rules.unbought === 'roll' ? `Rolls forward to the next ${periodModel(gameType).kind}` : 'The organizer keeps its share';
}
