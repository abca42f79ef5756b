/**
 * The D12 schedules' payouts at a pot before any quarter is played, read off the one payout plan
 * (src/core/payout-plan.ts): what tests of the schedules and of game day expect a quarter to pay.
 */
import type { Period } from '@core/periods';
import { planPayouts, scheduleRules, type PayoutScheduleId } from '@core/payout-plan';

/** A schedule's plan at a pot before any quarter is played: each share rounded down to the cent. */
function schedulePlan(potCents: number, scheduleId: PayoutScheduleId) {
  return planPayouts({ potCents, rules: scheduleRules(scheduleId), outcomes: [] });
}

/** A quarter's payout in cents: its share of the pot, rounded down to the cent. */
export function periodPayoutCents(potCents: number, scheduleId: PayoutScheduleId, period: Period): number {
  return schedulePlan(potCents, scheduleId).periods.find((line) => line.period === period)!.baseCents;
}

export interface PayoutPlan {
  readonly periods: readonly { readonly period: Period; readonly cents: number }[];
  /** Sum of the four quarter payouts. */
  readonly paidOutCents: number;
  /** The part of the pot not paid out: the organizer's share plus rounding. */
  readonly remainderCents: number;
}

/** All four payouts of a pot under a schedule, and what remains. */
export function payoutPlan(potCents: number, scheduleId: PayoutScheduleId): PayoutPlan {
  const periods = schedulePlan(potCents, scheduleId).periods.map(({ period, baseCents }) => ({ period: period, cents: baseCents }));
  const paidOutCents = periods.reduce((sum, { cents }) => sum + cents, 0);
  return { periods, paidOutCents, remainderCents: potCents - paidOutCents };
}
