/**
 * The game form's values as typed, and their mapping: from a game (or the create form's defaults)
 * to the form, from the form to what the schema checks, and the rules section's summary. No React
 * here: the form component and its sections only render and change these values.
 */
import type { BoardSize } from '@core/board-shape';
import type { RulesChoice } from '@core/game-rules-summary';
import { instantToWallTime, wallTimeToInstant } from '@core/game-time';
import type { PaymentMethod } from '@core/payment-methods';
import { CUSTOM_PAYOUT, type PayoutChoice, rulesOfGame, sharesOf, type UnboughtRule } from '@core/payout-plan';
import { type NumberSetMode, periodModel } from '@core/periods';
import { type GameFormErrors, type GameFormField, type GameFormValues, validateGameForm } from '@core/schemas';
import type { GameType } from '@core/validation';
import type { Visibility } from '@core/visibility';
import { browserTimeZone } from '@/lib/time';

/** D36: the board size as the form's choice carries it. */
export type BoardSizeChoice = `${BoardSize}`;

/** The form's values as typed: the price stays text until it is validated. */
export interface GameFormState {
  title: string;
  team_a: string;
  team_b: string;
  price_per_square: string;
  game_type: GameType;
  payout_schedule: PayoutChoice;
  /** D34: custom shares as typed, one per period of the game type, the organizer's share and its name. */
  payout_shares: string[];
  organizer_percent: string;
  organizer_label: string;
  unbought_rule: UnboughtRule;
  /** D28: who collects the money, the organizer's instructions, and the pay-by time as the organizer's local date-time ('' for none). */
  payment_method: PaymentMethod;
  payment_instructions: string;
  pay_by: string;
  /** D31: '' for no cap. */
  max_squares_per_player: string;
  /** D30: who can see the game. */
  visibility: Visibility;
  /** D36: '100', '50' or '25' squares. */
  board_size: BoardSizeChoice;
  /** D35: when numbers are drawn (chosen at creation). */
  number_sets: NumberSetMode;
  /** D39: kickoff as the organizer's wall-clock date-time in `time_zone` ('' for none), the zone, and the draw choice. */
  kickoff_at: string;
  time_zone: string;
  draw_at_kickoff: boolean;
}

/** A game's values as the form and the API carry them (the API's shares are read-only). */
type FormSource = Readonly<Omit<GameFormValues, 'payout_shares'> & { payout_shares: readonly number[] | null }>;

/** The shares the custom inputs start from: the game's own, else its schedule's spelled out per period. */
function startingShares(values: Pick<FormSource, 'game_type' | 'payout_schedule' | 'payout_shares' | 'organizer_percent' | 'unbought_rule'>) {
  const model = periodModel(values.game_type);
  if (values.payout_schedule === CUSTOM_PAYOUT && values.payout_shares?.length === model.periods.length) {
    return { shares: values.payout_shares.map(String), organizer: String(values.organizer_percent ?? 0) };
  }
  const schedule = values.payout_schedule === CUSTOM_PAYOUT ? 'even' : values.payout_schedule;
  const { periods, organizerPercent } = sharesOf(rulesOfGame({ ...values, payout_schedule: schedule, payout_shares: null, organizer_percent: null }));
  return { shares: periods.map(({ percent }) => String(percent)), organizer: String(organizerPercent) };
}

export function toFormState(values: FormSource): GameFormState {
  const { shares, organizer } = startingShares(values);
  // D39: the game's zone, or the organizer's browser's for a new game (and one made before zones).
  const zone = values.time_zone ?? browserTimeZone();
  return {
    title: values.title,
    team_a: values.team_a,
    team_b: values.team_b,
    price_per_square: String(values.price_per_square),
    game_type: values.game_type,
    // D34: the three schedules are for quarters; a game in halves has custom shares.
    payout_schedule: periodModel(values.game_type).kind === 'quarter' ? values.payout_schedule : CUSTOM_PAYOUT,
    payout_shares: shares,
    organizer_percent: organizer,
    organizer_label: values.organizer_label,
    unbought_rule: values.unbought_rule,
    payment_method: values.payment_method,
    payment_instructions: values.payment_instructions ?? '',
    pay_by: values.pay_by ? instantToWallTime(values.pay_by, zone) : '',
    max_squares_per_player: values.max_squares_per_player === null ? '' : String(values.max_squares_per_player),
    visibility: values.visibility,
    board_size: `${values.board_size}`,
    number_sets: values.number_sets,
    kickoff_at: values.kickoff_at ? instantToWallTime(values.kickoff_at, zone) : '',
    time_zone: zone,
    draw_at_kickoff: values.draw_at_kickoff,
  };
}

/** A new game type: shares keyed by its periods (D34), and the schedules only where periods are periods. */
export function withGameType(values: GameFormState, gameType: GameType): GameFormState {
  const model = periodModel(gameType);
  const schedule = model.kind === 'quarter' ? values.payout_schedule : CUSTOM_PAYOUT;
  const fits = values.payout_shares.length === model.periods.length;
  const { shares, organizer } = fits
    ? { shares: values.payout_shares, organizer: values.organizer_percent }
    : startingShares({ game_type: gameType, payout_schedule: 'even', payout_shares: null, organizer_percent: null, unbought_rule: values.unbought_rule });
  return { ...values, game_type: gameType, payout_schedule: schedule, payout_shares: shares, organizer_percent: organizer };
}

/** A wall-clock date-time typed on the form, read in the game's zone (D39): an instant, null for blank, else the text (the schema names it). */
export function typedInstant(wall: string, zone: string): string | null {
  const local = wall.trim();
  if (local === '') return null;
  return wallTimeToInstant(local, zone) ?? local;
}

/** The form's values as the schema takes them: the typed times as instants, read in the game's zone. */
export function toInput(state: GameFormState) {
  const kickoff = typedInstant(state.kickoff_at, state.time_zone);
  return {
    ...state,
    pay_by: state.payment_method === 'organizer' ? typedInstant(state.pay_by, state.time_zone) : null,
    kickoff_at: kickoff,
    draw_at_kickoff: kickoff !== null && state.draw_at_kickoff,
    organizer_label: state.organizer_label,
  };
}

/** The form checked by the schema the server uses: the values to send, or the first message per field. */
export function checkGameForm(state: GameFormState) {
  return validateGameForm(toInput(state));
}

/** The messages the form shows for these values: none once they pass. */
export function formErrors(state: GameFormState): GameFormErrors {
  const result = checkGameForm(state);
  return result.ok ? {} : result.errors;
}

/** The fields of the rules section (folded on the create form), in their order on the page. */
export const RULES_FIELDS: readonly GameFormField[] = [
  'board_size',
  'payout_schedule',
  'payout_shares',
  'organizer_percent',
  'organizer_label',
  'unbought_rule',
  'number_sets',
  'kickoff_at',
  'time_zone',
  'draw_at_kickoff',
  'max_squares_per_player',
  'visibility',
];

/** Field order, for focusing the first invalid one. */
export const FIELD_ORDER: readonly GameFormField[] = [
  'title',
  'team_a',
  'team_b',
  'price_per_square',
  'game_type',
  'payment_method',
  'payment_instructions',
  'pay_by',
  ...RULES_FIELDS,
];

/** The first field on the page with a message (the one to focus), or undefined when none has one. */
export function firstInvalidField(errors: GameFormErrors): GameFormField | undefined {
  return FIELD_ORDER.find((field) => errors[field]);
}

/** The form's rules as the summary reads them. */
export function summaryChoice(values: GameFormState): RulesChoice {
  const cap = values.max_squares_per_player.trim();
  return {
    game_type: values.game_type,
    board_size: Number(values.board_size) as BoardSize,
    payout_schedule: values.payout_schedule,
    unbought_rule: values.unbought_rule,
    organizer_label: values.organizer_label,
    number_sets: values.number_sets,
    visibility: values.visibility,
    kickoff: values.kickoff_at.trim() !== '',
    draw_at_kickoff: values.draw_at_kickoff,
    max_squares_per_player: cap === '' || !Number.isInteger(Number(cap)) ? null : Number(cap),
  };
}
