/**
 * Payout schedules (D12): each quarter pays a share of the pot, rounded down to the cent; what
 * is not paid out (the organizer's share and rounding) is the remainder, shown to everyone.
 */
import { isCents } from './money';
import type { Quarter } from './scoring';
import { QUARTERS } from './scoring';

export const PAYOUT_SCHEDULE_IDS = ['even', 'final-heavy', 'organizer-20'] as const;

export type PayoutScheduleId = (typeof PAYOUT_SCHEDULE_IDS)[number];

/** Even 25/25/25/25, the game-day rule "pot / 4". */
export const DEFAULT_PAYOUT_SCHEDULE: PayoutScheduleId = 'even';

export interface PayoutSchedule {
  readonly id: PayoutScheduleId;
  /** The name on the create form's choice. */
  readonly label: string;
  /** Percent of the pot for Q1, Q2, Q3 and the final score, in that order. */
  readonly sharesPercent: readonly [number, number, number, number];
  /** The create form's info box for this schedule, in the spec's wording. */
  readonly infoText: string;
}

export const PAYOUT_SCHEDULES: Readonly<Record<PayoutScheduleId, PayoutSchedule>> = {
  even: {
    id: 'even',
    label: 'Even (25/25/25/25)',
    sharesPercent: [25, 25, 25, 25],
    infoText: '25% of the pot for each of the 1st, 2nd and 3rd quarters and 25% for the final score.',
  },
  'final-heavy': {
    id: 'final-heavy',
    label: 'Final-heavy (20/20/20/40)',
    sharesPercent: [20, 20, 20, 40],
    infoText: '20% of the pot for each of the 1st, 2nd and 3rd quarters and 40% for the final score.',
  },
  'organizer-20': {
    id: 'organizer-20',
    label: 'Organizer keeps 20% (20/20/20/20)',
    sharesPercent: [20, 20, 20, 20],
    infoText:
      '20% of the pot for each of the 1st, 2nd and 3rd quarters and 20% for the final score. ' +
      'The organizer keeps the remaining 20%.',
  },
};

/** True for one of the schedule ids. */
export function isPayoutScheduleId(value: unknown): value is PayoutScheduleId {
  return (PAYOUT_SCHEDULE_IDS as readonly unknown[]).includes(value);
}

/** A quarter's payout in cents: its share of the pot, rounded down to the cent. */
export function quarterPayoutCents(potCents: number, scheduleId: PayoutScheduleId, quarter: Quarter): number {
  if (!isCents(potCents) || potCents < 0) {
    throw new RangeError(`A pot must be a non-negative integer number of cents, got ${potCents}`);
  }
  const percent = PAYOUT_SCHEDULES[scheduleId].sharesPercent[quarter - 1] as number;
  // floor(pot * percent / 100), split so the product never leaves exact integer range.
  const wholeDollars = Math.floor(potCents / 100);
  return wholeDollars * percent + Math.floor(((potCents % 100) * percent) / 100);
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
  const quarters = QUARTERS.map((quarter) => ({ quarter, cents: quarterPayoutCents(potCents, scheduleId, quarter) }));
  const paidOutCents = quarters.reduce((sum, { cents }) => sum + cents, 0);
  return { quarters, paidOutCents, remainderCents: potCents - paidOutCents };
}
