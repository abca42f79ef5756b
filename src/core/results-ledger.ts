/**
 * D43 with D24: where every cent of a pot goes, period by period, so that the results a
 * player reads add up to the pot. A confirmed period was won (its winner's payout) or is
 * unclaimed (nobody bought the winning square: the organizer keeps its share, D24); a period not
 * confirmed yet is still to play for its share; the schedule's organizer share and the rounding
 * remainder make up the rest.
 */
import { formatUsd } from './money';
import { squaresAmountCents } from './payment-methods';
import { outcomesOf, planPayouts, shareName } from './payout-plan';
import { type RulesSource, rulesFrom } from './payouts';
import { type PeriodModel, periodModel, periodShortLabel, type Period } from './periods';

/** A confirmed period as the results know it. */
export interface ConfirmedPeriod {
  readonly period: Period;
  /** Null when nobody bought the winning square (D24). */
  readonly winner: string | null;
  readonly payoutCents: number;
}

export type LedgerLine =
  | { readonly kind: 'won'; readonly period: Period; readonly label: string; readonly winner: string; readonly cents: number }
  | {
      readonly kind: 'unclaimed';
      readonly period: Period;
      readonly label: string;
      readonly cents: number;
      /** D34: where its money went: kept by the house (D24), rolled into the next period, or to the organizer's share. */
      readonly to: 'house' | 'next-period' | 'organizer';
      /** The next period's short label when it rolled forward; the organizer share's name when it went there. */
      readonly toLabel: string | null;
    }
  | { readonly kind: 'to-play'; readonly period: Period; readonly label: string; readonly cents: number };

export interface ResultsLedger {
  readonly lines: readonly LedgerLine[];
  /** Paid or owed to winners. */
  readonly wonCents: number;
  /** Shares of periods nobody won that the house keeps (D24); under roll-forward they are in a later line or the organizer's share. */
  readonly unclaimedCents: number;
  /** Shares of periods not confirmed yet. */
  readonly toPlayCents: number;
  /** The organizer's (or charity's) share, with an unbought Final rolled into it (D34); 0 when the periods pay it all. */
  readonly organizerCents: number;
  /** What is left: the lines and this add up to the pot. It is `roundingCents` plus `earlierPotCents`. */
  readonly remainderCents: number;
  /** What rounding each share down leaves (D12). */
  readonly roundingCents: number;
  /**
   * D47: what won periods' recorded payouts differ from their share of this pot by. Never for a
   * pot fixed at the draw; only payouts recorded before the pot of an organizer-collects game
   * counted its unpaid squares (migration 013 keeps a payout already made as made).
   */
  readonly earlierPotCents: number;
  readonly potCents: number;
  /** The organizer share's name (D34: "Organizer" or a charity's). */
  readonly organizerLabel: string;
}

/** Every quarter's line and the totals; the totals always add up to `potCents`. */
export function resultsLedger(potCents: number, source: RulesSource, confirmed: readonly ConfirmedPeriod[]): ResultsLedger {
  const { rules, gameType, organizerLabel } = rulesFrom(source);
  const model = periodModel(gameType);
  const plan = planPayouts({ potCents, rules, outcomes: outcomesOf(confirmed.map(({ period, winner }) => ({ period: period, winner }))) });
  const lines: LedgerLine[] = plan.periods.map(({ period: period, status, winner, cents, unboughtTo }, index) => {
    const label = periodShortLabel(model, period);
    if (status === 'to-play') return { kind: 'to-play', period, label, cents };
    if (status === 'unbought') {
      const to = unboughtTo ?? 'house';
      const next = plan.periods[index + 1];
      const toLabel = to === 'next-period' && next ? periodShortLabel(model, next.period) : to === 'organizer' ? organizerLabel : null;
      return { kind: 'unclaimed', period, label, cents, to, toLabel };
    }
    // The payout as recorded: D47's earlier pot shows where it differs from the plan.
    const recorded = confirmed.find((entry) => entry.period === period)!;
    return { kind: 'won', period, label, winner: winner!, cents: recorded.payoutCents };
  });
  const sum = (kind: LedgerLine['kind']) => lines.filter((line) => line.kind === kind).reduce((total, line) => total + line.cents, 0);
  const wonCents = sum('won');
  // Under roll-forward an unclaimed line's money is in the next line or the organizer's share already.
  const unclaimedCents = plan.houseCents;
  const toPlayCents = sum('to-play');
  const organizerCents = plan.organizer.cents;
  const remainderCents = potCents - wonCents - unclaimedCents - toPlayCents - organizerCents;
  return {
    lines,
    wonCents,
    unclaimedCents,
    toPlayCents,
    organizerCents,
    remainderCents,
    roundingCents: plan.remainder.cents,
    earlierPotCents: remainderCents - plan.remainder.cents,
    potCents,
    organizerLabel,
  };
}

/** One total under the results, with its real cause as its label (D47). */
export interface LedgerTotal {
  readonly key: 'won' | 'unclaimed' | 'organizer' | 'to-play' | 'rounding' | 'earlier-pot';
  readonly label: string;
  readonly cents: number;
}

/**
 * The totals under the period results, each labelled with its cause, those that are not zero:
 * with the pot's line they add up to the pot. `wonLabel`: the board's "Won by players", the
 * organizer's "Paid out or owed".
 */
export function ledgerTotals(ledger: ResultsLedger, wonLabel: string): LedgerTotal[] {
  const totals: LedgerTotal[] = [
    { key: 'won', label: wonLabel, cents: ledger.wonCents },
    { key: 'unclaimed', label: 'Unclaimed, kept by the organizer', cents: ledger.unclaimedCents },
    {
      key: 'organizer',
      label: shareName(ledger.organizerLabel),
      cents: ledger.organizerCents,
    },
    { key: 'to-play', label: 'Still to play', cents: ledger.toPlayCents },
    { key: 'rounding', label: 'Left over from rounding down', cents: ledger.roundingCents },
    { key: 'earlier-pot', label: 'Payouts recorded before the pot was final differ by', cents: ledger.earlierPotCents },
  ];
  return totals.filter((total) => total.cents !== 0);
}

/**
 * D23 with D34: the organizer's (or charity's) share as a payout, once the pot is final (numbers
 * drawn, D47): its amount now, what Mark Paid has recorded, and what is still due (an unbought
 * last period rolled in after a Mark Paid is due again). Null while the pot can still change or
 * the game has no such share. Never a player's winnings.
 */
export interface SharePayout {
  readonly name: string;
  readonly label: string;
  readonly cents: number;
  readonly paidCents: number;
  readonly dueCents: number;
}

export function sharePayout(ledger: ResultsLedger, potFinal: boolean, paidCents: number): SharePayout | null {
  if (!potFinal || ledger.organizerCents === 0) return null;
  return {
    name: shareName(ledger.organizerLabel),
    label: ledger.organizerLabel,
    cents: ledger.organizerCents,
    paidCents,
    dueCents: Math.max(0, ledger.organizerCents - paidCents),
  };
}

/** D47: a winner who still owes for unpaid squares in the game, and what paying them out nets. */
export interface WinnerOwing {
  readonly owesCents: number;
  /** The payout minus what they owe; negative when they owe more than they won. */
  readonly netCents: number;
}

/** D47: what a winner owes: their unpaid squares in the game (shared-queries' winnerUnpaidSquares) at its price. */
export function winnerOwesCents(unpaidSquares: number, priceCents: number): number {
  return squaresAmountCents(unpaidSquares, priceCents);
}

/** D47: a payout net of what its winner owes; negative when they owe more than they won. */
export function winnerNetCents(payoutCents: number, owesCents: number): number {
  return payoutCents - owesCents;
}

/** Null when the winner owes nothing. */
export function winnerOwing(payoutCents: number, owesCents: number): WinnerOwing | null {
  return owesCents > 0 ? { owesCents, netCents: winnerNetCents(payoutCents, owesCents) } : null;
}

/** D47: the owing line where the organizer pays out: "Owes $10.00 for unpaid squares · net $15.00". */
export function winnerOwingText({ owesCents, netCents }: WinnerOwing): string {
  const net = netCents >= 0 ? `net ${formatUsd(netCents)} after what they owe` : `they still owe ${formatUsd(-netCents)} after this payout`;
  return `Owes ${formatUsd(owesCents)} for unpaid squares · ${net}`;
}

/** D43: an unclaimed period said plainly; under roll-forward (D34), where its money went. */
export function unclaimedText(cents: number, line?: Pick<Extract<LedgerLine, { kind: 'unclaimed' }>, 'to' | 'toLabel'>): string {
  if (line?.to === 'next-period') return `Unclaimed: nobody bought this square, so its ${formatUsd(cents)} rolls forward to ${line.toLabel}.`;
  if (line?.to === 'organizer') return `Unclaimed: nobody bought this square, so its ${formatUsd(cents)} goes to the ${line.toLabel} share.`;
  return `Unclaimed: nobody bought this square, so the organizer keeps ${formatUsd(cents)}.`;
}

/** D43: the winner's banner line, "You won Q1 - $194.00". */
export function youWonText(period: Period, cents: number, model: PeriodModel): string {
  return `You won ${periodShortLabel(model, period)} - ${formatUsd(cents)}`;
}
