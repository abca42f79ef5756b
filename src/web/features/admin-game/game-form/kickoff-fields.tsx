/** D39: kickoff (a wall-clock time in the chosen zone), the zone, and "Draw the numbers at kickoff". */
import type { GameFormLocks } from '@core/game-locks';
import { selectClassName } from '@/components/choice-cards';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { timeZoneChoices } from '@/lib/time';
import { LockReason } from './lock-reason';
import type { GameFormControl } from './use-game-form';

export function KickoffFields({ form, locks }: { form: GameFormControl; locks: GameFormLocks }) {
  const { id, values, errors, update, describe, fieldId, errorId } = form;
  const zones = timeZoneChoices(values.time_zone);
  return (
    <fieldset className="flex flex-col gap-4" data-testid="kickoff-fields">
      <legend className="mb-2 text-sm font-medium">Kickoff</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={fieldId('kickoff_at')}
          label="Kickoff (optional)"
          error={errors.kickoff_at}
          errorId={errorId('kickoff_at')}
          hint={locks.kickoff ? <LockReason text={locks.kickoff} /> : 'Sales close at kickoff: nobody can buy squares after it.'}
          hintId={`${id}-kickoff-hint`}
        >
          <Input
            {...describe('kickoff_at', `${id}-kickoff-hint`)}
            name="kickoff_at"
            type="datetime-local"
            disabled={locks.kickoff !== null}
            value={values.kickoff_at}
            onChange={(event) => update('kickoff_at', event.target.value)}
          />
        </FormField>
        <FormField
          id={fieldId('time_zone')}
          label="Time zone"
          error={errors.time_zone}
          errorId={errorId('time_zone')}
          hint="The game's times are shown in this zone."
          hintId={`${id}-zone-hint`}
        >
          <select
            {...describe('time_zone', `${id}-zone-hint`)}
            name="time_zone"
            className={selectClassName}
            value={values.time_zone}
            onChange={(event) => update('time_zone', event.target.value)}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div className="flex items-start gap-3">
        <input
          {...describe('draw_at_kickoff', `${id}-draw-hint`, locks.drawAtKickoff !== null && `${id}-draw-lock`)}
          type="checkbox"
          name="draw_at_kickoff"
          className="mt-0.5 size-4 accent-primary"
          checked={values.draw_at_kickoff}
          disabled={locks.drawAtKickoff !== null}
          onChange={(event) => update('draw_at_kickoff', event.target.checked)}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId('draw_at_kickoff')} className="text-sm font-medium">
            Draw the numbers at kickoff
          </label>
          {locks.drawAtKickoff && (
            <p id={`${id}-draw-lock`} className="text-sm text-muted-foreground" data-testid="draw-at-kickoff-lock">
              <LockReason text={locks.drawAtKickoff} />
            </p>
          )}
          <p id={`${id}-draw-hint`} className="text-sm text-muted-foreground">
            The numbers are drawn and shown to players at kickoff, even if the grid is not full or some squares are unpaid: unsold squares stay unsold. You can
            still hide them afterwards.
          </p>
          {errors.draw_at_kickoff && (
            <p id={errorId('draw_at_kickoff')} className="text-sm text-destructive">
              {errors.draw_at_kickoff}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}
