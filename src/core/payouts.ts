/**
 * The D12 schedules as today's screens and game day read them: each quarter's payout, the
 * schedule's plan at a pot, its rules with their cents and its one-line summary. All of them
 * are read off the one payout plan (payout-plan.ts), so the cents cannot disagree.
 */
import { type PayoutScheduleId, planPayouts, sharesOf } from './payout-plan';
import { DEFAULT_PERIOD_MODEL, periodPayoutRules } from './period-payouts';
import { type PeriodModel, periodShortLabel, periodWinningsLabel } from './periods';
import type { Quarter } from './scoring';

/** A schedule's plan at a pot before any quarter is played: each share rounded down to the cent. */
function schedulePlan(potCents: number, scheduleId: PayoutScheduleId, model: PeriodModel) {
  return planPayouts({ potCents, rules: periodPayoutRules(model, scheduleId), outcomes: [] });
}

/** A quarter's payout in cents: its share of the pot, rounded down to the cent. */
export function quarterPayoutCents(potCents: number, scheduleId: PayoutScheduleId, quarter: Quarter, model: PeriodModel = DEFAULT_PERIOD_MODEL): number {
  return schedulePlan(potCents, scheduleId, model).periods.find(({ period }) => period === quarter)!.baseCents;
}

export interface PayoutPlan {
  readonly quarters: readonly { readonly quarter: Quarter; readonly cents: number }[];
  /** Sum of the four quarter payouts. */
  readonly paidOutCents: number;
  /** The part of the pot not paid out: the organizer's share plus rounding. */
  readonly remainderCents: number;
}

/** All four payouts of a pot under a schedule, and what remains. */
export function payoutPlan(potCents: number, scheduleId: PayoutScheduleId, model: PeriodModel = DEFAULT_PERIOD_MODEL): PayoutPlan {
  const quarters = schedulePlan(potCents, scheduleId, model).periods.map(({ period, baseCents }) => ({ quarter: period, cents: baseCents }));
  const paidOutCents = quarters.reduce((sum, { cents }) => sum + cents, 0);
  return { quarters, paidOutCents, remainderCents: potCents - paidOutCents };
}

/** One quarter of a game's payout rules: "1st Quarter", 25%, and what that pays at the pot. */
interface PayoutRuleQuarter {
  readonly quarter: Quarter;
  /** "1st Quarter", "2nd Quarter", "3rd Quarter", "Final" (the My Winnings labels). */
  readonly label: string;
  readonly percent: number;
  readonly cents: number;
}

/** A game's payout rules at its current pot, as the board and the game card show them (D12). */
export interface PayoutRulesAtPot {
  readonly potCents: number;
  readonly quarters: readonly PayoutRuleQuarter[];
  /** The share the organizer keeps (Organizer keeps 20%), rounded down; null when the quarters pay it all. */
  readonly organizer: { readonly percent: number; readonly cents: number } | null;
  /** What rounding each share down leaves over (D12: "any remainder is shown"). */
  readonly remainderCents: number;
}

/**
 * Each quarter's share and what it pays at `potCents`, the organizer's share and the rounding
 * remainder: quarters + organizer + remainder is the pot.
 */
export function payoutRules(potCents: number, scheduleId: PayoutScheduleId, model: PeriodModel = DEFAULT_PERIOD_MODEL): PayoutRulesAtPot {
  const plan = schedulePlan(potCents, scheduleId, model);
  const quarters = plan.periods.map(({ period, percent, baseCents }) => ({
    quarter: period,
    label: periodWinningsLabel(model, period),
    percent,
    cents: baseCents,
  }));
  const { percent, baseCents } = plan.organizer;
  return { potCents, quarters, organizer: percent > 0 ? { percent, cents: baseCents } : null, remainderCents: plan.remainder.cents };
}

/**
 * A schedule's shares in one short line, for a game card: "Q1-Q3 25% · Final 25%", with
 * "· Organizer 20%" when the organizer keeps a share.
 */
export function payoutSummary(scheduleId: PayoutScheduleId, model: PeriodModel = DEFAULT_PERIOD_MODEL): string {
  const { periods, organizerPercent } = sharesOf(periodPayoutRules(model, scheduleId));
  const before = periods.slice(0, -1);
  const final = periods.at(-1)!.percent;
  const first = before[0]!;
  const last = before.at(-1)!;
  const same = before.every(({ percent }) => percent === first.percent);
  const range = first === last ? periodShortLabel(model, first.period) : `${periodShortLabel(model, first.period)}-${periodShortLabel(model, last.period)}`;
  const parts = same ? [`${range} ${first.percent}%`] : before.map(({ period, percent }) => `${periodShortLabel(model, period)} ${percent}%`);
  parts.push(`Final ${final}%`);
  if (organizerPercent > 0) parts.push(`Organizer ${organizerPercent}%`);
  return parts.join(' · ');
}
