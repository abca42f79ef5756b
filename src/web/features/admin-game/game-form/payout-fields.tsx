/** D12/D34/D24: how the pot is paid out (a schedule or custom shares, with the preview) and what a winning square nobody bought does. */
import {
  CUSTOM_PAYOUT,
  CUSTOM_PAYOUT_LABEL,
  organizerLabelOf,
  type PayoutChoice,
  PAYOUT_SCHEDULE_IDS,
  PAYOUT_SCHEDULES,
  unboughtRuleText,
} from '@core/payout-plan';
import { periodModel, periodNoun } from '@core/periods';
import { ChoiceCards, RadioCard } from '@/components/choice-cards';
import { CustomSharesField } from './custom-shares-field';
import type { GameFormState } from './game-form-state';
import { PayoutInfo } from './payout-info';
import type { GameFormControl } from './use-game-form';

export function PayoutFields({ form, priceLocked, lockedNoteId }: { form: GameFormControl; priceLocked: boolean; lockedNoteId: string }) {
  const { id, values, errors, update, errorId } = form;
  return (
    <>
      <PayoutScheduleField
        name={`${id}-payout`}
        values={values}
        disabled={priceLocked}
        describedBy={[`${id}-payout-info`, priceLocked ? lockedNoteId : null].filter(Boolean).join(' ')}
        infoId={`${id}-payout-info`}
        inputRef={form.fieldRef('payout_schedule')}
        onChange={(schedule) => update('payout_schedule', schedule)}
      />

      {values.payout_schedule === CUSTOM_PAYOUT && (
        <CustomSharesField
          id={`${id}-shares`}
          values={values}
          disabled={priceLocked}
          describedBy={priceLocked ? lockedNoteId : undefined}
          error={errors.payout_shares ?? errors.organizer_percent}
          labelError={errors.organizer_label}
          shareRef={form.fieldRef('payout_shares')}
          onShare={(index, text) =>
            update(
              'payout_shares',
              values.payout_shares.map((share, i) => (i === index ? text : share)),
            )
          }
          onOrganizer={(text) => update('organizer_percent', text)}
          onLabel={(text) => update('organizer_label', text)}
        />
      )}

      <ChoiceCards
        legend="A winning square nobody bought"
        labels={{ house: 'The house keeps it', roll: `It rolls forward to the next ${periodNoun(periodModel(values.game_type))}` }}
        hints={{
          house: unboughtRuleText('house', values.game_type),
          roll: unboughtRuleText('roll', values.game_type, organizerLabelOf(values.organizer_label)),
        }}
        options={['house', 'roll'] as const}
        name={`${id}-unbought`}
        value={values.unbought_rule}
        disabled={priceLocked}
        describedBy={priceLocked ? lockedNoteId : undefined}
        error={errors.unbought_rule}
        errorId={errorId('unbought_rule')}
        testId="unbought-field"
        inputRef={form.fieldRef('unbought_rule')}
        onChange={(rule) => update('unbought_rule', rule)}
      />
    </>
  );
}

/** D12/D34: the three payout schedules (games played in quarters) or custom shares as radio buttons, and the chosen one's info box. */
function PayoutScheduleField({
  name,
  values,
  disabled,
  describedBy,
  infoId,
  inputRef,
  onChange,
}: {
  name: string;
  values: GameFormState;
  disabled: boolean;
  describedBy: string;
  infoId: string;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (schedule: PayoutChoice) => void;
}) {
  const value = values.payout_schedule;
  const choices: readonly PayoutChoice[] = periodModel(values.game_type).kind === 'quarter' ? [...PAYOUT_SCHEDULE_IDS, CUSTOM_PAYOUT] : [CUSTOM_PAYOUT];
  const infoText =
    value === CUSTOM_PAYOUT
      ? `Your own whole-percent share of the pot for each ${periodNoun(periodModel(values.game_type))}, plus a share for the organizer or a charity: together 100%.`
      : PAYOUT_SCHEDULES[value].infoText;
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={describedBy} disabled={disabled}>
      <legend className="mb-2 text-sm leading-none font-medium">Payout Schedule</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((id) => (
          <RadioCard key={id} name={name} value={id} checked={id === value} disabled={disabled} inputRef={inputRef} onChange={() => onChange(id)}>
            <span>{id === CUSTOM_PAYOUT ? CUSTOM_PAYOUT_LABEL : PAYOUT_SCHEDULES[id].label}</span>
          </RadioCard>
        ))}
      </div>
      <PayoutInfo id={infoId} infoText={infoText} values={values} />
    </fieldset>
  );
}
