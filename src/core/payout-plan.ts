/**
 * D34 with D12, D24 and D19: a game's payout rules and the one plan of where every cent of its
 * pot goes, period by period, given the outcomes so far. Rules are one of the three schedules or
 * custom whole-percent shares per period plus an organizer (or charity) share, adding up to 100,
 * and what happens to a winning square nobody bought: the house keeps its money (D24, the
 * default) or it rolls forward to the next period (from the last period, to the organizer's
 * share). The plan is a pure function of pot, rules and outcomes, so a corrected score (D19) is a
 * new plan; `correctionRepricing` says which later periods it pays differently.
 */
import { isCents } from './money';
import { type Period, periodModel, periodNoun, periodShortLabel, QUARTER_MODEL } from './periods';
import { normalizeText, type TextField, validateText } from './text';
import type { ValidationResult } from './validation-result';

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

/** `percent` of a pot in cents, rounded down to the cent. */
function shareCents(potCents: number, percent: number): number {
  if (!isCents(potCents) || potCents < 0) {
    throw new RangeError(`A pot must be a non-negative integer number of cents, got ${potCents}`);
  }
  // floor(pot * percent / 100), split so the product never leaves exact integer range.
  const wholeDollars = Math.floor(potCents / 100);
  return wholeDollars * percent + Math.floor(((potCents % 100) * percent) / 100);
}

export const UNBOUGHT_RULES = ['house', 'roll'] as const;

/** What a period whose winning square nobody bought does with its money. */
export type UnboughtRule = (typeof UNBOUGHT_RULES)[number];

export const UNBOUGHT_RULE_INVALID = 'Choose what happens to a winning square nobody bought: the house keeps it or it rolls forward';

/** D24: the house keeps it. */
export const DEFAULT_UNBOUGHT_RULE: UnboughtRule = 'house';

/** One period's whole-percent share of the pot. */
interface PeriodShare<K> {
  readonly period: K;
  readonly percent: number;
}

/** Custom shares (D34): the periods in playing order, and what the organizer or a charity gets. */
export interface CustomShares<K> {
  readonly kind: 'custom';
  readonly periods: readonly PeriodShare<K>[];
  readonly organizerPercent: number;
}

/** One of the three schedules (D12): football quarters only. */
interface ScheduleShares {
  readonly kind: 'schedule';
  readonly schedule: PayoutScheduleId;
}

/**
 * A game's payout rules. `K` is the period key (football quarters by default; any key, e.g. a
 * half, for custom shares). A schedule is offered only where quarters are periods.
 */
export interface PayoutRules<K = Period> {
  readonly shares: CustomShares<K> | (Period extends K ? ScheduleShares : never);
  readonly unbought: UnboughtRule;
}

/** A schedule's rules: `house` unless the game says otherwise. */
export function scheduleRules(schedule: PayoutScheduleId, unbought: UnboughtRule = DEFAULT_UNBOUGHT_RULE): PayoutRules {
  return { shares: { kind: 'schedule', schedule }, unbought };
}

/** The shares of a rules value, a schedule spelled out as its periods and organizer share. */
export function sharesOf<K>(rules: PayoutRules<K>): Omit<CustomShares<K>, 'kind'> {
  const { shares } = rules;
  if (shares.kind === 'custom') return { periods: shares.periods, organizerPercent: shares.organizerPercent };
  const percents = PAYOUT_SCHEDULES[shares.schedule].sharesPercent;
  // A schedule is only a member of the union when periods are keys of K (see PayoutRules).
  const periods = QUARTER_MODEL.periods.map((period, i) => ({ period: period as unknown as K, percent: percents[i] as number }));
  return { periods, organizerPercent: 100 - percents.reduce((sum, percent) => sum + percent, 0) };
}

/**
 * A share as typed on the form or sent as JSON (D34): its number. Blank is not a number (NaN), like
 * any other text that is not one, so the rules name it rather than reading it as 0.
 */
export function typedPercent(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value.trim());
}

/** What shares add up to, or null while one of them is not a whole number (the form's live sum, D34). */
export function sharesTotal(percents: readonly number[]): number | null {
  return percents.every((percent) => Number.isInteger(percent)) ? percents.reduce((total, percent) => total + percent, 0) : null;
}

function isWholePercent(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 100;
}

/**
 * Rules as the create form or the server receives them, checked: each share a whole percent from
 * 0 to 100, named by `labelOf` when it is not ("Q2 share must be a whole percent from 0 to 100"),
 * and the shares adding up to 100, each share and the sum said when they do not.
 */
export function validatePayoutRules<K>(rules: PayoutRules<K>, labelOf: (period: K) => string): ValidationResult<PayoutRules<K>> {
  const fail = (message: string): ValidationResult<PayoutRules<K>> => ({ ok: false, message });
  if (!(UNBOUGHT_RULES as readonly unknown[]).includes(rules.unbought)) {
    return fail(UNBOUGHT_RULE_INVALID);
  }
  if (rules.shares.kind === 'schedule') {
    return isPayoutScheduleId(rules.shares.schedule) ? { ok: true, value: rules } : fail('Choose one of the payout schedules');
  }
  const { periods, organizerPercent } = rules.shares;
  if (periods.length === 0) return fail('Payout shares need at least one period');
  if (new Set(periods.map(({ period }) => period)).size !== periods.length) return fail('Each period may have only one payout share');
  for (const { period, percent } of periods) {
    if (!isWholePercent(percent)) return fail(`${labelOf(period)} share must be a whole percent from 0 to 100`);
  }
  if (!isWholePercent(organizerPercent)) return fail('Organizer share must be a whole percent from 0 to 100');
  const sum = sharesTotal([...periods.map(({ percent }) => percent), organizerPercent]);
  if (sum !== 100) {
    const parts = [...periods.map(({ period, percent }) => `${labelOf(period)} ${percent}%`), `Organizer ${organizerPercent}%`];
    return fail(`Payout shares must add up to 100%: ${parts.join(' + ')} = ${sum}%`);
  }
  return { ok: true, value: rules };
}

/** A period played so far: won by an owner (an opaque id), or its winning square nobody bought. */
export type PeriodOutcome<K> = { readonly period: K; readonly result: 'won'; readonly winner: string } | { readonly period: K; readonly result: 'unbought' };

interface PlannedPeriod<K> {
  readonly period: K;
  readonly percent: number;
  /** Its share of the pot, rounded down to the cent. */
  readonly baseCents: number;
  /** What earlier unbought periods rolled into it (rule `roll`); 0 under `house`. */
  readonly rolledInCents: number;
  /** Base plus rolled in: the period's money. */
  readonly cents: number;
  /** `to-play`: no outcome yet. */
  readonly status: 'won' | 'unbought' | 'to-play';
  readonly winner: string | null;
  /** What its winner is paid, or will be once it is played: its money, or 0 when nobody bought the square (D24). */
  readonly payableCents: number;
  /** Where an unbought period's money went; null for a period won or still to play. */
  readonly unboughtTo: 'house' | 'next-period' | 'organizer' | null;
}

export interface PayoutPlanInput<K> {
  readonly potCents: number;
  readonly rules: PayoutRules<K>;
  /** The periods played so far, in any order; a period with no outcome is still to play. The rules name the periods. */
  readonly outcomes: readonly PeriodOutcome<NoInfer<K>>[];
}

export interface PlannedPayouts<K> {
  readonly potCents: number;
  readonly unbought: UnboughtRule;
  /** In the rules' order. */
  readonly periods: readonly PlannedPeriod<K>[];
  /** The organizer's (or charity's) share, plus an unbought last period's money under `roll`. */
  readonly organizer: { readonly percent: number; readonly baseCents: number; readonly rolledInCents: number; readonly cents: number };
  /** Paid or owed to winners. */
  readonly wonCents: number;
  /** Periods still to play, with what rolled into them. */
  readonly toPlayCents: number;
  /** Unbought periods' money under `house` (D24: the organizer keeps it). */
  readonly houseCents: number;
  /** What rounding each share down to the cent leaves over (D12): less than a cent per share. */
  readonly remainder: { readonly cents: number; readonly cause: 'rounding' };
}

/**
 * Where every cent of the pot goes under the rules and the outcomes so far: won, to play, kept by
 * the house, the organizer's share and the rounding remainder add up to the pot exactly. Throws a
 * RangeError for a pot that is not whole non-negative cents, rules that do not validate or an
 * outcome for a period the rules do not have (stored data, checked on the way in).
 */
export function planPayouts<K>({ potCents, rules, outcomes }: PayoutPlanInput<K>): PlannedPayouts<K> {
  const checked = validatePayoutRules(rules, String);
  if (!checked.ok) throw new RangeError(checked.message);
  const { periods: shares, organizerPercent } = sharesOf(rules);
  const byPeriod = new Map(outcomes.map((outcome) => [outcome.period, outcome]));
  if (byPeriod.size !== outcomes.length) throw new RangeError('A period has more than one outcome');
  for (const period of byPeriod.keys()) {
    if (!shares.some((share) => share.period === period)) throw new RangeError(`No payout share for period ${String(period)}`);
  }

  let carried = 0;
  let organizerRolledIn = 0;
  const periods = shares.map(({ period, percent }, index): PlannedPeriod<K> => {
    const baseCents = shareCents(potCents, percent);
    const rolledInCents = carried;
    carried = 0;
    const cents = baseCents + rolledInCents;
    const outcome = byPeriod.get(period);
    const line = { period, percent, baseCents, rolledInCents, cents };
    if (!outcome) return { ...line, status: 'to-play', winner: null, payableCents: cents, unboughtTo: null };
    if (outcome.result === 'won') return { ...line, status: 'won', winner: outcome.winner, payableCents: cents, unboughtTo: null };
    let unboughtTo: PlannedPeriod<K>['unboughtTo'] = 'house';
    if (rules.unbought === 'roll' && index < shares.length - 1) {
      unboughtTo = 'next-period';
      carried = cents;
    } else if (rules.unbought === 'roll') {
      unboughtTo = 'organizer';
      organizerRolledIn = cents;
    }
    return { ...line, status: 'unbought', winner: null, payableCents: 0, unboughtTo };
  });

  const organizerBase = shareCents(potCents, organizerPercent);
  const sum = (pick: (period: PlannedPeriod<K>) => number) => periods.reduce((total, period) => total + pick(period), 0);
  return {
    potCents,
    unbought: rules.unbought,
    periods,
    organizer: { percent: organizerPercent, baseCents: organizerBase, rolledInCents: organizerRolledIn, cents: organizerBase + organizerRolledIn },
    wonCents: sum((period) => (period.status === 'won' ? period.cents : 0)),
    toPlayCents: sum((period) => (period.status === 'to-play' ? period.cents : 0)),
    houseCents: sum((period) => (period.unboughtTo === 'house' ? period.cents : 0)),
    remainder: { cents: potCents - organizerBase - sum((period) => period.baseCents), cause: 'rounding' },
  };
}

/** A later period whose payout a correction changes. */
export interface Repricing<K> {
  readonly period: K;
  readonly fromCents: number;
  readonly toCents: number;
}

/**
 * D19: a corrected outcome for a period gives a new plan; under `roll` it can change what later
 * periods pay (an unbought period rolls forward, a won one does not). `repriced` lists the later
 * periods whose payable amount changes, for the server to refuse the correction when one of them
 * has a payout recorded already, or to redo their pending payouts. Under `house` it is empty.
 */
export function correctionRepricing<K>(
  input: PayoutPlanInput<K>,
  correction: PeriodOutcome<NoInfer<K>>,
): { readonly plan: PlannedPayouts<K>; readonly repriced: readonly Repricing<K>[] } {
  const before = planPayouts(input);
  const plan = planPayouts({ ...input, outcomes: [...input.outcomes.filter((outcome) => outcome.period !== correction.period), correction] });
  const at = plan.periods.findIndex((line) => line.period === correction.period);
  const repriced = plan.periods.flatMap((line, index) => {
    const fromCents = before.periods[index]!.payableCents;
    return index > at && line.payableCents !== fromCents ? [{ period: line.period, fromCents, toCents: line.payableCents }] : [];
  });
  return { plan, repriced };
}

// A game's stored rules (migration 017) and what every view reads off them.

/** The create form's choice: one of the schedules, or custom shares (D34). */
export const CUSTOM_PAYOUT = 'custom';

export const PAYOUT_CHOICES = [...PAYOUT_SCHEDULE_IDS, CUSTOM_PAYOUT] as const;

export type PayoutChoice = (typeof PAYOUT_CHOICES)[number];

/** The form's label for custom shares. */
export const CUSTOM_PAYOUT_LABEL = 'Custom shares';

/** What the organizer's (or a charity's) share is called when the organizer gives no name. */
export const DEFAULT_ORGANIZER_LABEL = 'Organizer';

/** The organizer share as results, payouts and the log call it: "Organizer's share", "Food Bank share". */
export function shareName(organizerLabel: string): string {
  return organizerLabel === DEFAULT_ORGANIZER_LABEL ? "Organizer's share" : `${organizerLabel} share`;
}

/** The organizer share's name while it is being typed: blank is "Organizer" (as saving it makes it). */
export function organizerLabelOf(typed: string | null | undefined): string {
  return typed?.trim() || DEFAULT_ORGANIZER_LABEL;
}

const ORGANIZER_LABEL_MAX_LENGTH = 40;

const ORGANIZER_LABEL_FIELD: TextField = {
  maxLength: ORGANIZER_LABEL_MAX_LENGTH,
  messages: {
    tooShort: 'Name who gets the organizer share, e.g. "Organizer" or a charity',
    tooLong: `The organizer share's name must be at most ${ORGANIZER_LABEL_MAX_LENGTH} characters`,
    notAllowed: "The organizer share's name contains characters that are not allowed",
  },
};

/** The organizer share's name ("Organizer", "Food Bank"): blank is "Organizer"; 1-40 characters of allowed text. */
export function validateOrganizerLabel(raw: string | null | undefined): ValidationResult<string> {
  if (raw === null || raw === undefined || normalizeText(raw) === '') return { ok: true, value: DEFAULT_ORGANIZER_LABEL };
  return validateText(raw, ORGANIZER_LABEL_FIELD);
}

/** A game's payout settings as stored and as the API carries them. */
export interface GamePayoutSettings {
  readonly game_type: string;
  readonly payout_schedule: PayoutChoice;
  /** Custom shares: whole percents per period, in the game's playing order; null for a schedule. */
  readonly payout_shares: readonly number[] | null;
  /** Custom shares: the organizer's (or charity's) percent; null for a schedule (it says its own). */
  readonly organizer_percent: number | null;
  readonly unbought_rule: UnboughtRule;
}

/**
 * The rules of a game. A schedule in a game played in halves pays each half the shares of its two
 * quarters (Even 50/50, Final-heavy 40/60, Organizer keeps 20% 40/40): a game of that type made
 * before custom shares keeps what its schedule meant. Throws for stored custom shares that do not
 * name every period (checked on the way in).
 */
export function rulesOfGame(game: GamePayoutSettings): PayoutRules<Period> {
  const model = periodModel(game.game_type);
  const unbought = game.unbought_rule;
  if (game.payout_schedule !== CUSTOM_PAYOUT) {
    if (model.kind === 'quarter') return scheduleRules(game.payout_schedule, unbought);
    const { periods: quarterShares, organizerPercent } = sharesOf(scheduleRules(game.payout_schedule));
    const perHalf = quarterShares.length / model.periods.length;
    const periods = model.periods.map((period, i) => ({
      period,
      percent: quarterShares.slice(i * perHalf, (i + 1) * perHalf).reduce((sum, share) => sum + share.percent, 0),
    }));
    return { shares: { kind: 'custom', periods, organizerPercent }, unbought };
  }
  const percents = game.payout_shares ?? [];
  if (percents.length !== model.periods.length) throw new RangeError(`A game in ${model.kind}s has ${percents.length} payout shares`);
  return {
    shares: { kind: 'custom', periods: model.periods.map((period, i) => ({ period, percent: percents[i]! })), organizerPercent: game.organizer_percent ?? 0 },
    unbought,
  };
}

/**
 * The create and edit forms' payout choice checked against the game's periods (D34): custom
 * shares need one whole percent per period and the organizer's, adding up to 100; each wrong
 * share named ("Q2 share must be a whole percent from 0 to 100").
 */
export function validateGamePayout(game: GamePayoutSettings): ValidationResult<GamePayoutSettings> {
  const model = periodModel(game.game_type);
  if (!(UNBOUGHT_RULES as readonly unknown[]).includes(game.unbought_rule)) return { ok: false, message: UNBOUGHT_RULE_INVALID };
  if (game.payout_schedule !== CUSTOM_PAYOUT) return { ok: true, value: { ...game, payout_shares: null, organizer_percent: null } };
  const shares = game.payout_shares;
  if (!shares || shares.length !== model.periods.length) {
    return { ok: false, message: `Custom shares need one share for each ${periodNoun(model)} (${model.periods.length})` };
  }
  const rules: PayoutRules<Period> = {
    shares: { kind: 'custom', periods: model.periods.map((period, i) => ({ period, percent: shares[i]! })), organizerPercent: game.organizer_percent ?? 0 },
    unbought: game.unbought_rule,
  };
  const checked = validatePayoutRules(rules, (period) => periodShortLabel(model, period));
  return checked.ok ? { ok: true, value: { ...game, organizer_percent: game.organizer_percent ?? 0 } } : checked;
}

/** The unbought rule in words, for the board, the card and the form (D34). */
export function unboughtRuleText(rule: UnboughtRule, gameType: string, organizerLabel: string = DEFAULT_ORGANIZER_LABEL): string {
  const model = periodModel(gameType);
  if (rule === 'house') return `A winning square nobody bought: the organizer keeps its share.`;
  return `A winning square nobody bought: its money rolls forward to the next ${periodNoun(model)}; an unbought Final goes to the ${organizerLabel} share.`;
}

/** A confirmed period as the winner records say it: its winner, or null when nobody bought the square. */
export interface RecordedOutcome {
  readonly period: Period;
  readonly winner: string | null;
}

/** The plan's outcomes from confirmed periods. */
export function outcomesOf(recorded: readonly RecordedOutcome[]): PeriodOutcome<Period>[] {
  return recorded.map(({ period, winner }) => (winner === null ? { period, result: 'unbought' } : { period, result: 'won', winner }));
}
