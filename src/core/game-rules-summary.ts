import { BOARD_SIZE_LABELS, type BoardSize } from './board-shape';
import { CUSTOM_PAYOUT, CUSTOM_PAYOUT_LABEL, organizerLabelOf, PAYOUT_SCHEDULES, type PayoutChoice, type UnboughtRule, unboughtRuleText } from './payout-plan';
import { numberSetModeLabel, type NumberSetMode, periodModel } from './periods';
import { VISIBILITY_LABELS, type Visibility } from './visibility';

/** A game's rules as the create form holds them before they are saved. */
export interface RulesChoice {
  game_type: string;
  board_size: BoardSize;
  payout_schedule: PayoutChoice;
  unbought_rule: UnboughtRule;
  organizer_label?: string;
  number_sets: NumberSetMode;
  visibility: Visibility;
  /** Whether a kickoff time is set, and the numbers are drawn then. */
  kickoff: boolean;
  draw_at_kickoff: boolean;
  /** The most squares one player can buy, or null for no limit. */
  max_squares_per_player: number | null;
}

const NO_KICKOFF = 'No kickoff time';
const KICKOFF_SET = 'Kickoff time set';
const DRAW_AT_KICKOFF = 'numbers drawn at kickoff';
const NO_SQUARE_LIMIT = 'No limit on squares per player';

/**
 * One line of what a game's rules are, each part in the words the form's own choices use, for
 * the create form's folded rules: "100 squares (10 x 10) · Even (25/25/25/25) · ...".
 */
export function rulesSummary(choice: RulesChoice): string {
  const label = organizerLabelOf(choice.organizer_label);
  const kickoff = choice.kickoff ? (choice.draw_at_kickoff ? `${KICKOFF_SET}, ${DRAW_AT_KICKOFF}` : KICKOFF_SET) : NO_KICKOFF;
  const cap = choice.max_squares_per_player === null ? NO_SQUARE_LIMIT : `At most ${choice.max_squares_per_player} squares per player`;
  return [
    BOARD_SIZE_LABELS[choice.board_size],
    choice.payout_schedule === CUSTOM_PAYOUT ? CUSTOM_PAYOUT_LABEL : PAYOUT_SCHEDULES[choice.payout_schedule].label,
    unboughtRuleText(choice.unbought_rule, choice.game_type, label),
    numberSetModeLabel(periodModel(choice.game_type), choice.number_sets),
    VISIBILITY_LABELS[choice.visibility],
    kickoff,
    cap,
  ].join(' · ');
}
