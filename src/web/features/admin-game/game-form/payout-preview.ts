/**
 * The figures the payout fields show while the organizer types (D34): the custom shares' live sum
 * and the info box's full-board payouts. Every rule and every cent comes from src/core (the
 * schema's reading of a typed share, the rules' sum, the price rule, the one payout plan); this
 * module only feeds them the form's text.
 */
import { CUSTOM_PAYOUT, organizerLabelOf, sharesTotal, typedPercent, validateGamePayout } from '@core/payout-plan';
import { type FullBoardPayouts, fullBoardPayouts } from '@core/payouts';
import { validatePrice } from '@core/validation';
import type { GameFormState } from './game-form-state';

/** What the typed shares add up to, or null while one is not a whole number. */
export function typedSharesTotal(values: Pick<GameFormState, 'payout_shares' | 'organizer_percent'>): number | null {
  return sharesTotal([...values.payout_shares, values.organizer_percent].map(typedPercent));
}

/** What each period pays on a full board at the typed price, or null while the price or the shares would be refused. */
export function payoutPreview(values: GameFormState): FullBoardPayouts | null {
  const price = validatePrice(values.price_per_square);
  // Only the payout fields are read here: the rest of the form may still be empty.
  const custom = values.payout_schedule === CUSTOM_PAYOUT;
  const checked = validateGamePayout({
    game_type: values.game_type,
    payout_schedule: values.payout_schedule,
    payout_shares: custom ? values.payout_shares.map(typedPercent) : null,
    organizer_percent: custom ? typedPercent(values.organizer_percent) : null,
    unbought_rule: values.unbought_rule,
  });
  if (!price.ok || !checked.ok) return null;
  return fullBoardPayouts(price.value, Number(values.board_size), { ...checked.value, organizer_label: organizerLabelOf(values.organizer_label) });
}
