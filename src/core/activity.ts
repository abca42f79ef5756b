/**
 * The game's activity log (D32): what each entry says, from what was stored (who did it, whose
 * squares, which squares, what else). Rendered when read, so the names are the current ones (a
 * named person whose squares moved to their account reads under their username).
 */
import { squarePositionLabel, type Coordinate } from './grid';
import { formatUsd } from './money';
import { type PeriodModel, periodNoun, periodWinningsLabel, type Period } from './periods';

export const ACTIVITY_ACTIONS = [
  'bought',
  'reserved',
  'assigned',
  'marked_paid',
  'marked_unpaid',
  'released',
  'moved',
  'refunded',
  'drawn',
  'cleared',
  'confirmed',
  'sales_closed',
  'announced',
  'announcement_deleted',
  'score_entered',
  'share_paid',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** What an entry says besides its squares. */
export interface ActivityDetail {
  /** Money: a sale's or reservation's amount, a refund, a period's payout. */
  readonly amount_cents?: number;
  /** A move: from where (the entry's one square is where it went). */
  readonly from?: Coordinate;
  /** The pay-by run released these, not a person. */
  readonly pay_by?: true;
  /** A confirmation: which period. */
  readonly period?: Period;
  /** A released card-paid square: the price refunded through its provider. */
  readonly refunded_cents?: number;
  /** An assignment: marked paid at once. */
  readonly paid?: true;
  /** D35: a draw of a later number set (the admin's early draw); none for set 1. */
  readonly set?: number;
  /** D39: the kickoff run did it (sales closed, numbers drawn). */
  readonly kickoff?: true;
  /** D39: the kickoff draw also showed the numbers (absent in entries from before it did). */
  readonly revealed?: true;
  /** D40: an announcement's start (core/announcements.ts announcementExcerpt). */
  readonly excerpt?: string;
  /** D40: how many players a posted announcement was mailed to (absent: not mailed). */
  readonly mailed?: number;
  /** D39: a period's score the live feed entered (with `period`). */
  readonly team_a_score?: number;
  readonly team_b_score?: number;
  /** D39: the feed corrected a score it had entered, before its confirmation. */
  readonly corrected?: true;
  /** D34: the share paid, as core/payout-plan.ts shareName says it ("Food Bank share"), with the payout's reference. */
  readonly share?: string;
  readonly reference?: string;
}

export interface ActivityFacts {
  readonly action: ActivityAction;
  /** Who did it (null: the app itself, e.g. the pay-by run). */
  readonly actor: string | null;
  /** Whose squares (null: the whole game, or an unsold square). */
  readonly subject: string | null;
  readonly squares: readonly Coordinate[];
  readonly detail: ActivityDetail;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const listed = (squares: readonly Coordinate[]) => squares.map(squarePositionLabel).join('; ');

/** One sentence for an entry: "coach_k marked 2 squares of Aunt May paid: Row 1, column 2; Row 3, column 4". */
export function activityMessage({ action, actor, subject, squares, detail }: ActivityFacts, model: PeriodModel): string {
  const who = actor ?? 'The app';
  const whose = subject ?? 'someone';
  const count = plural(squares.length, 'square');
  const these = listed(squares);
  const amount = detail.amount_cents === undefined ? '' : ` for ${formatUsd(detail.amount_cents)}`;
  switch (action) {
    case 'bought':
      return `${whose} bought ${count}${amount}: ${these}`;
    case 'reserved':
      return `${whose} reserved ${count}${amount}, to pay the organizer: ${these}`;
    case 'assigned':
      return `${who} put ${whose} on ${count}${detail.paid ? ' (paid)' : ''}: ${these}`;
    case 'marked_paid':
      return `${who} marked ${count} of ${whose} paid: ${these}`;
    case 'marked_unpaid':
      return `${who} marked ${count} of ${whose} unpaid: ${these}`;
    case 'released': {
      const by = detail.pay_by ? 'The pay-by time passed: released' : `${who} released`;
      return `${by} ${count} of ${whose}: ${these}`;
    }
    case 'refunded':
      return `${formatUsd(detail.refunded_cents ?? detail.amount_cents ?? 0)} refunded to ${whose} through the card payment, for ${count}: ${these}`;
    case 'moved':
      return `${who} moved ${whose}'s square from ${detail.from ? squarePositionLabel(detail.from) : '?'} to ${these}`;
    case 'drawn':
      if (detail.kickoff) return detail.revealed ? 'Kickoff: the app drew and showed the numbers' : 'Kickoff: the app drew the numbers';
      return detail.set ? `${who} drew number set ${detail.set}` : `${who} drew the numbers`;
    case 'cleared':
      return `${who} cleared the numbers`;
    case 'sales_closed':
      return detail.kickoff ? 'Kickoff: sales closed' : `${who} closed sales`;
    case 'announced': {
      const mailed = detail.mailed === undefined ? '' : `, mailed to ${plural(detail.mailed, 'player')}`;
      return `${who} posted an announcement${mailed}: "${detail.excerpt ?? ''}"`;
    }
    case 'announcement_deleted':
      return `${who} deleted an announcement: "${detail.excerpt ?? ''}"`;
    case 'confirmed': {
      const period = detail.period ? periodWinningsLabel(model, detail.period) : `A ${periodNoun(model)}`;
      if (subject === null) return `${who} confirmed the ${period}: the winning square ${these} was not sold`;
      return `${who} confirmed the ${period}: ${whose} wins ${formatUsd(detail.amount_cents ?? 0)} with ${these}`;
    }
    case 'share_paid': {
      const reference = detail.reference ? ` (${detail.reference})` : '';
      return `${who} marked the ${detail.share ?? 'share'} paid: ${formatUsd(detail.amount_cents ?? 0)}${reference}`;
    }
    case 'score_entered': {
      const period = detail.period ? periodWinningsLabel(model, detail.period) : `a ${periodNoun(model)}`;
      const score = `${detail.team_a_score ?? 0}-${detail.team_b_score ?? 0}`;
      return detail.corrected ? `The live score feed corrected the ${period} score to ${score}` : `The live score feed entered the ${period} score: ${score}`;
    }
  }
}
