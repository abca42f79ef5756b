/**
 * D43 with D24: where every cent of a pot goes, quarter by quarter, so that the results a
 * player reads add up to the pot. A confirmed quarter was won (its winner's payout) or is
 * unclaimed (nobody bought the winning square: the organizer keeps its share, D24); a quarter not
 * confirmed yet is still to play for its share; the schedule's organizer share and the rounding
 * remainder make up the rest.
 */
import { formatUsd } from './money';
import { type PayoutScheduleId, payoutRules } from './payouts';
import { type Quarter, quarterShortLabel } from './scoring';

/** A confirmed quarter as the results know it. */
export interface ConfirmedQuarter {
  readonly quarter: Quarter;
  /** Null when nobody bought the winning square (D24). */
  readonly winner: string | null;
  readonly payoutCents: number;
}

export type LedgerLine =
  | { readonly kind: 'won'; readonly quarter: Quarter; readonly label: string; readonly winner: string; readonly cents: number }
  | { readonly kind: 'unclaimed'; readonly quarter: Quarter; readonly label: string; readonly cents: number }
  | { readonly kind: 'to-play'; readonly quarter: Quarter; readonly label: string; readonly cents: number };

export interface ResultsLedger {
  readonly lines: readonly LedgerLine[];
  /** Paid or owed to winners. */
  readonly wonCents: number;
  /** Shares of quarters nobody won: the organizer keeps them (D24). */
  readonly unclaimedCents: number;
  /** Shares of quarters not confirmed yet. */
  readonly toPlayCents: number;
  /** The schedule's organizer share (Organizer keeps 20%), 0 when the quarters pay it all. */
  readonly organizerCents: number;
  /** What is left: rounding down (D12); the lines and this add up to the pot. */
  readonly remainderCents: number;
  readonly potCents: number;
}

/** Every quarter's line and the totals; the totals always add up to `potCents`. */
export function resultsLedger(potCents: number, scheduleId: PayoutScheduleId, confirmed: readonly ConfirmedQuarter[]): ResultsLedger {
  const rules = payoutRules(potCents, scheduleId);
  const lines: LedgerLine[] = rules.quarters.map(({ quarter, cents }) => {
    const label = quarterShortLabel(quarter);
    const result = confirmed.find((entry) => entry.quarter === quarter);
    if (!result) return { kind: 'to-play', quarter, label, cents };
    if (result.winner === null) return { kind: 'unclaimed', quarter, label, cents };
    return { kind: 'won', quarter, label, winner: result.winner, cents: result.payoutCents };
  });
  const sum = (kind: LedgerLine['kind']) => lines.filter((line) => line.kind === kind).reduce((total, line) => total + line.cents, 0);
  const wonCents = sum('won');
  const unclaimedCents = sum('unclaimed');
  const toPlayCents = sum('to-play');
  const organizerCents = rules.organizer?.cents ?? 0;
  return {
    lines,
    wonCents,
    unclaimedCents,
    toPlayCents,
    organizerCents,
    remainderCents: potCents - wonCents - unclaimedCents - toPlayCents - organizerCents,
    potCents,
  };
}

/** D43: an unclaimed quarter said plainly. */
export function unclaimedText(cents: number): string {
  return `Unclaimed: nobody bought this square, so the organizer keeps ${formatUsd(cents)}.`;
}

/** D43: the winner's banner line, "You won Q1 - $194.00". */
export function youWonText(quarter: Quarter, cents: number): string {
  return `You won ${quarterShortLabel(quarter)} - ${formatUsd(cents)}`;
}
