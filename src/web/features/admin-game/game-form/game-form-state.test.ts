import { describe, expect, it } from 'vitest';
import { GAME_FORM_DEFAULTS } from '@core/schemas';
import { browserTimeZone } from '@/lib/time';
import {
  checkGameForm,
  FIELD_ORDER,
  firstInvalidField,
  formErrors,
  type GameFormState,
  RULES_FIELDS,
  summaryChoice,
  toFormState,
  toInput,
  typedInstant,
  withGameType,
} from './game-form-state';

const ZONE = 'America/New_York';

/** The create form's starting values, in a fixed zone, with what every pool needs filled in. */
function filled(changes: Partial<GameFormState> = {}): GameFormState {
  return { ...toFormState({ ...GAME_FORM_DEFAULTS, time_zone: ZONE }), title: 'Championship Sunday', team_a: 'Eagles', team_b: 'Chiefs', ...changes };
}

describe('the game form from a game (toFormState)', () => {
  it('types the create form’s defaults: the price as text, the even shares spelled out, no cap, kickoff or pay-by', () => {
    expect(toFormState({ ...GAME_FORM_DEFAULTS, time_zone: ZONE })).toEqual({
      title: '',
      team_a: '',
      team_b: '',
      price_per_square: '10',
      game_type: 'nfl',
      payout_schedule: 'even',
      payout_shares: ['25', '25', '25', '25'],
      organizer_percent: '0',
      organizer_label: 'Organizer',
      unbought_rule: 'house',
      payment_method: GAME_FORM_DEFAULTS.payment_method,
      payment_instructions: '',
      pay_by: '',
      max_squares_per_player: '',
      visibility: GAME_FORM_DEFAULTS.visibility,
      board_size: '100',
      number_sets: GAME_FORM_DEFAULTS.number_sets,
      kickoff_at: '',
      time_zone: ZONE,
      draw_at_kickoff: false,
    });
  });

  it('takes the browser’s zone for a game without one (D39)', () => {
    expect(toFormState(GAME_FORM_DEFAULTS).time_zone).toBe(browserTimeZone());
  });

  it('shows the kickoff and the pay-by time on the wall clock of the game’s zone', () => {
    const state = toFormState({ ...GAME_FORM_DEFAULTS, time_zone: ZONE, kickoff_at: '2026-02-08T23:30:00.000Z', pay_by: '2026-02-08T20:00:00.000Z' });
    expect(state.kickoff_at).toBe('2026-02-08T18:30');
    expect(state.pay_by).toBe('2026-02-08T15:00');
  });

  it('starts the custom inputs from the schedule’s shares, or the game’s own (D34)', () => {
    const organizer20 = toFormState({ ...GAME_FORM_DEFAULTS, payout_schedule: 'organizer-20' });
    expect([organizer20.payout_shares, organizer20.organizer_percent]).toEqual([['20', '20', '20', '20'], '20']);
    const custom = toFormState({ ...GAME_FORM_DEFAULTS, payout_schedule: 'custom', payout_shares: [10, 20, 30, 30], organizer_percent: 10 });
    expect([custom.payout_schedule, custom.payout_shares, custom.organizer_percent]).toEqual(['custom', ['10', '20', '30', '30'], '10']);
    expect(toFormState({ ...GAME_FORM_DEFAULTS, max_squares_per_player: 5 }).max_squares_per_player).toBe('5');
  });

  it('gives a game in halves custom shares: its schedule’s quarters added up per half', () => {
    const halves = toFormState({ ...GAME_FORM_DEFAULTS, game_type: 'college-basketball', payout_schedule: 'final-heavy' });
    expect([halves.payout_schedule, halves.payout_shares, halves.organizer_percent]).toEqual(['custom', ['40', '60'], '0']);
  });
});

describe('a new game type on the form (withGameType, D34)', () => {
  it('to halves: custom shares, one per half, from the even schedule', () => {
    const halves = withGameType(filled(), 'college-basketball');
    expect([halves.game_type, halves.payout_schedule, halves.payout_shares, halves.organizer_percent]).toEqual([
      'college-basketball',
      'custom',
      ['50', '50'],
      '0',
    ]);
  });

  it('keeps the typed shares while they fit the periods, and the schedule where quarters are periods', () => {
    const typed = filled({ payout_schedule: 'custom', payout_shares: ['10', '20', '30', '30'], organizer_percent: '10' });
    expect(withGameType(typed, 'nba')).toEqual({ ...typed, game_type: 'nba' });
    expect(withGameType(filled({ payout_schedule: 'final-heavy' }), 'other').payout_schedule).toBe('final-heavy');
  });

  it('back to quarters: the shares spelled out per quarter again, still custom', () => {
    const back = withGameType(withGameType(filled(), 'college-basketball'), 'nfl');
    expect([back.payout_schedule, back.payout_shares, back.organizer_percent]).toEqual(['custom', ['25', '25', '25', '25'], '0']);
  });
});

describe('the form as the schema checks it (toInput)', () => {
  it('reads a typed time in the game’s zone: an instant, null when blank, else the text for the schema to name', () => {
    expect(typedInstant('2026-02-08T18:30', ZONE)).toBe('2026-02-08T23:30:00.000Z');
    expect(typedInstant('  ', ZONE)).toBeNull();
    expect(typedInstant('soon', ZONE)).toBe('soon');
  });

  it('sends a pay-by time only for organizer-collects games, and the draw at kickoff only with a kickoff', () => {
    const card = toInput(filled({ payment_method: 'card', pay_by: '2026-02-08T15:00', draw_at_kickoff: true }));
    expect([card.pay_by, card.kickoff_at, card.draw_at_kickoff]).toEqual([null, null, false]);
    const organizer = toInput(filled({ payment_method: 'organizer', pay_by: '2026-02-08T15:00', kickoff_at: '2026-02-08T18:30', draw_at_kickoff: true }));
    expect([organizer.pay_by, organizer.kickoff_at, organizer.draw_at_kickoff]).toEqual(['2026-02-08T20:00:00.000Z', '2026-02-08T23:30:00.000Z', true]);
  });

  it('passes a filled form with the values to send, and names each field that is wrong', () => {
    const checked = checkGameForm(filled({ price_per_square: '12', max_squares_per_player: '4' }));
    expect(checked.ok && [checked.value.price_per_square, checked.value.max_squares_per_player, checked.value.payout_shares]).toEqual([12, 4, null]);
    expect(formErrors(filled())).toEqual({});
    expect(Object.keys(formErrors(filled({ title: '', price_per_square: 'ten' }))).sort()).toEqual(['price_per_square', 'title']);
    expect(formErrors(filled({ payout_schedule: 'custom', payout_shares: ['50', '60', '0', '0'] })).payout_shares).toMatch(/= 110%$/);
  });
});

describe('the first field with a message (the one the submit focuses)', () => {
  it('goes by the order on the page, the rules last', () => {
    expect(firstInvalidField({ visibility: 'x', title: 'x' })).toBe('title');
    expect(firstInvalidField({ kickoff_at: 'x', pay_by: 'x' })).toBe('pay_by');
    expect(firstInvalidField({ max_squares_per_player: 'x', board_size: 'x' })).toBe('board_size');
    expect(firstInvalidField({})).toBeUndefined();
    expect(FIELD_ORDER.slice(-RULES_FIELDS.length)).toEqual(RULES_FIELDS);
  });
});

describe('the folded rules’ summary (summaryChoice)', () => {
  it('reads the board size, the kickoff and the cap off the typed values', () => {
    expect(summaryChoice(filled({ board_size: '25', kickoff_at: '2026-02-08T18:30', max_squares_per_player: ' 5 ' }))).toMatchObject({
      board_size: 25,
      kickoff: true,
      max_squares_per_player: 5,
    });
    expect(summaryChoice(filled({ max_squares_per_player: '' })).max_squares_per_player).toBeNull();
    expect(summaryChoice(filled({ max_squares_per_player: '2.5' })).max_squares_per_player).toBeNull();
    expect(summaryChoice(filled()).kickoff).toBe(false);
  });
});
