/**
 * The D12 schedules as today's screens and game day read them: each quarter's payout, the
 * schedule's plan at a pot, its rules with their cents and its one-line summary. All of them
 * are read off the one payout plan (payout-plan.ts), so the cents cannot disagree.
 */
import { type PayoutScheduleId, planPayouts, scheduleRules, sharesOf } from './payout-plan';
import type { Quarter } from './scoring';
import { quarterShortLabel, quarterWinningsLabel } from './scoring';

/** A schedule's plan at a pot before any quarter is played: each share rounded down to the cent. */
function schedulePlan(potCents: number, scheduleId: PayoutScheduleId) {
  return planPayouts({ potCents, rules: scheduleRules(scheduleId), outcomes: [] });
}

/** A quarter's payout in cents: its share of the pot, rounded down to the cent. */
export function quarterPayoutCents(potCents: number, scheduleId: PayoutScheduleId, quarter: Quarter): number {
  return schedulePlan(potCents, scheduleId).periods.find(({ period }) => period === quarter)!.baseCents;
}

export interface PayoutPlan {
  readonly quarters: readonly { readonly quarter: Quarter; readonly cents: number }[];
  /** Sum of the four quarter payouts. */
  readonly paidOutCents: number;
  /** The part of the pot not paid out: the organizer's share plus rounding. */
  readonly remainderCents: number;
}

/** All four payouts of a pot under a schedule, and what remains. */
export function payoutPlan(potCents: number, scheduleId: PayoutScheduleId): PayoutPlan {
  const quarters = schedulePlan(potCents, scheduleId).periods.map(({ period, baseCents }) => ({ quarter: period, cents: baseCents }));
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
export function payoutRules(potCents: number, scheduleId: PayoutScheduleId): PayoutRulesAtPot {
  const plan = schedulePlan(potCents, scheduleId);
  const quarters = plan.periods.map(({ period, percent, baseCents }) => ({ quarter: period, label: quarterWinningsLabel(period), percent, cents: baseCents }));
  const { percent, baseCents } = plan.organizer;
  return { potCents, quarters, organizer: percent > 0 ? { percent, cents: baseCents } : null, remainderCents: plan.remainder.cents };
}

/**
 * A schedule's shares in one short line, for a game card: "Q1-Q3 25% · Final 25%", with
 * "· Organizer 20%" when the organizer keeps a share.
 */
export function payoutSummary(scheduleId: PayoutScheduleId): string {
  const { periods, organizerPercent } = sharesOf(scheduleRules(scheduleId));
  const [q1, q2, q3, final] = periods.map(({ percent }) => percent) as [number, number, number, number];
  const parts = q1 === q2 && q2 === q3 ? [`Q1-Q3 ${q1}%`] : periods.slice(0, 3).map(({ period, percent }) => `${quarterShortLabel(period)} ${percent}%`);
  parts.push(`Final ${final}%`);
  if (organizerPercent > 0) parts.push(`Organizer ${organizerPercent}%`);
  return parts.join(' · ');
}
