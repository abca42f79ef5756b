/**
 * A game's payout rules in its own periods. The three schedules (D12) are written for four
 * quarters; for a game in halves (college basketball) the periods share what the schedule pays
 * out evenly: 50/50, or 40/40 with the organizer's 20% under "Organizer keeps 20%". That is a
 * custom-shares rule (D34) of the one payout plan, so every view reads the same cents.
 */
import { type PayoutRules, type PayoutScheduleId, PAYOUT_SCHEDULES, scheduleRules } from './payout-plan';
import { type Period, type PeriodModel, QUARTER_MODEL } from './periods';

/** The rules a game with `schedule` plays by in `model`'s periods. */
export function periodPayoutRules(model: PeriodModel, schedule: PayoutScheduleId): PayoutRules<Period> {
  if (model.kind === 'quarter') return scheduleRules(schedule);
  const shares = PAYOUT_SCHEDULES[schedule].sharesPercent;
  const paidOut = shares.reduce((sum, percent) => sum + percent, 0);
  const each = Math.floor(paidOut / model.periods.length);
  return {
    shares: {
      kind: 'custom',
      periods: model.periods.map((period) => ({ period, percent: each })),
      organizerPercent: 100 - each * model.periods.length,
    },
    unbought: 'house',
  };
}

/** The default model for callers that have not said theirs: four quarters. */
export const DEFAULT_PERIOD_MODEL: PeriodModel = QUARTER_MODEL;
