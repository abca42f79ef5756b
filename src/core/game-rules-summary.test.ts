import { describe, expect, test } from 'vitest';
import { rulesSummary, type RulesChoice } from './game-rules-summary';

const DEFAULTS: RulesChoice = {
  game_type: 'nfl',
  board_size: 100,
  payout_schedule: 'even',
  unbought_rule: 'house',
  number_sets: 'game',
  visibility: 'public',
  kickoff: false,
  draw_at_kickoff: false,
  max_squares_per_player: null,
};

describe('rulesSummary', () => {
  test('the defaults, in the words of the form', () => {
    expect(rulesSummary(DEFAULTS)).toBe(
      '100 squares (10 x 10) · Even (25/25/25/25) · A winning square nobody bought: the organizer keeps its share. · One set of numbers for the whole game · Public · No kickoff time · No limit on squares per player',
    );
  });

  test('every choice shows', () => {
    expect(
      rulesSummary({
        ...DEFAULTS,
        game_type: 'college-basketball',
        board_size: 25,
        payout_schedule: 'custom',
        unbought_rule: 'roll',
        organizer_label: 'Charity',
        number_sets: 'period',
        visibility: 'invite',
        kickoff: true,
        draw_at_kickoff: true,
        max_squares_per_player: 4,
      }),
    ).toBe(
      '25 squares (5 x 5) · Custom shares · A winning square nobody bought: its money rolls forward to the next half; an unbought Final goes to the Charity share. · New numbers each half · Invite only · Kickoff time set, numbers drawn at kickoff · At most 4 squares per player',
    );
  });
});
