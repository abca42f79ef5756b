/**
 * Payout schedules (D12): each quarter pays a share of the pot, rounded down to the cent; what
 * is not paid out (the organizer's share and rounding) is the remainder, shown to everyone.
 */
import { isCents } from './money';
import type { Quarter } from './scoring';
import { QUARTERS, quarterShortLabel, quarterWinningsLabel } from './scoring';

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
    infoText: '20% of the pot for each of the 1st, 2nd and 3rd quarters and 20% for the final score. ' + 'The organizer keeps the remaining 20%.',
  },
};

/** True for one of the schedule ids. */
export function isPayoutScheduleId(value: unknown): value is PayoutScheduleId {
  return (PAYOUT_SCHEDULE_IDS as readonly unknown[]).includes(value);
}

/** A quarter's payout in cents: its share of the pot, rounded down to the cent. */
export function quarterPayoutCents(potCents: number, scheduleId: PayoutScheduleId, quarter: Quarter): number {
  return shareCents(potCents, PAYOUT_SCHEDULES[scheduleId].sharesPercent[quarter - 1] as number);
}

/** `percent` of a pot in cents, rounded down to the cent. */
export function shareCents(potCents: number, percent: number): number {
  if (!isCents(potCents) || potCents < 0) {
    throw new RangeError(`A pot must be a non-negative integer number of cents, got ${potCents}`);
  }
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

/** One quarter of a game's payout rules: "1st Quarter", 25%, and what that pays at the pot. */
interface PayoutRuleQuarter {
  readonly quarter: Quarter;
  /** "1st Quarter", "2nd Quarter", "3rd Quarter", "Final" (the My Winnings labels). */
  readonly label: string;
  readonly percent: number;
  readonly cents: number;
}

/** A game's payout rules at its current pot, as the board and the game card show them (D12). */
export interface PayoutRules {
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
export function payoutRules(potCents: number, scheduleId: PayoutScheduleId): PayoutRules {
  const shares = PAYOUT_SCHEDULES[scheduleId].sharesPercent;
  const quarters = QUARTERS.map((quarter) => {
    const percent = shares[quarter - 1] as number;
    return { quarter, label: quarterWinningsLabel(quarter), percent, cents: shareCents(potCents, percent) };
  });
  const keptPercent = 100 - shares.reduce((sum, share) => sum + share, 0);
  const organizer = keptPercent > 0 ? { percent: keptPercent, cents: shareCents(potCents, keptPercent) } : null;
  const paid = quarters.reduce((sum, { cents }) => sum + cents, 0) + (organizer?.cents ?? 0);
  return { potCents, quarters, organizer, remainderCents: potCents - paid };
}

/**
 * A schedule's shares in one short line, for a game card: "Q1-Q3 25% · Final 25%", with
 * "· Organizer 20%" when the organizer keeps a share.
 */
export function payoutSummary(scheduleId: PayoutScheduleId): string {
  const [q1, q2, q3, final] = PAYOUT_SCHEDULES[scheduleId].sharesPercent;
  const parts = q1 === q2 && q2 === q3 ? [`Q1-Q3 ${q1}%`] : ([q1, q2, q3] as const).map((percent, i) => `${quarterShortLabel((i + 1) as Quarter)} ${percent}%`);
  parts.push(`Final ${final}%`);
  const kept = 100 - (q1 + q2 + q3 + final);
  if (kept > 0) parts.push(`Organizer ${kept}%`);
  return parts.join(' · ');
}
