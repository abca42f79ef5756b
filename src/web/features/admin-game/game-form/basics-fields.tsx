/** What every pool needs first: its title, the teams, the price per square and the game type (D13 locks the price). */
import { Lock } from 'lucide-react';
import { GAME_TYPE_LABELS, GAME_TYPES, type GameType, MAX_PRICE_DOLLARS, MIN_PRICE_DOLLARS } from '@core/validation';
import { selectClassName } from '@/components/choice-cards';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { withGameType } from './game-form-state';
import { LockReason } from './lock-reason';
import type { LockedSectionProps } from './use-game-form';

export function BasicsFields({ form, locks, priceLocked, lockedNoteId }: LockedSectionProps) {
  const { id, values, errors, update, describe, fieldId, errorId } = form;
  return (
    <>
      <FormField id={fieldId('title')} label="Title" error={errors.title} errorId={errorId('title')}>
        <Input
          {...describe('title')}
          name="title"
          autoComplete="off"
          placeholder="e.g. Championship Sunday"
          value={values.title}
          onChange={(event) => update('title', event.target.value)}
        />
      </FormField>

      <div className="grid gap-6 sm:grid-cols-2">
        <FormField
          id={fieldId('team_a')}
          label="Team A"
          error={errors.team_a}
          errorId={errorId('team_a')}
          hint="Rows of the board"
          hintId={`${id}-team_a-hint`}
          hintHiddenByError
        >
          <Input
            {...describe('team_a', `${id}-team_a-hint`)}
            name="team_a"
            autoComplete="off"
            placeholder="e.g. Eagles"
            value={values.team_a}
            onChange={(event) => update('team_a', event.target.value)}
          />
        </FormField>
        <FormField
          id={fieldId('team_b')}
          label="Team B"
          error={errors.team_b}
          errorId={errorId('team_b')}
          hint="Columns of the board"
          hintId={`${id}-team_b-hint`}
          hintHiddenByError
        >
          <Input
            {...describe('team_b', `${id}-team_b-hint`)}
            name="team_b"
            autoComplete="off"
            placeholder="e.g. Chiefs"
            value={values.team_b}
            onChange={(event) => update('team_b', event.target.value)}
          />
        </FormField>
      </div>

      {locks.sales && (
        <p
          id={lockedNoteId}
          className="flex items-start gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground"
          data-testid="price-locked-note"
        >
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {locks.sales}
        </p>
      )}

      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id={fieldId('price_per_square')} label="Price per Square ($)" error={errors.price_per_square} errorId={errorId('price_per_square')}>
          <Input
            {...describe('price_per_square', priceLocked && lockedNoteId)}
            name="price_per_square"
            type="number"
            inputMode="numeric"
            step={1}
            min={MIN_PRICE_DOLLARS}
            max={MAX_PRICE_DOLLARS}
            disabled={priceLocked}
            value={values.price_per_square}
            onChange={(event) => update('price_per_square', event.target.value)}
          />
        </FormField>
        <FormField
          id={fieldId('game_type')}
          label="Game Type"
          error={errors.game_type}
          errorId={errorId('game_type')}
          hint={locks.gameType ? <LockReason text={locks.gameType} /> : undefined}
          hintId={`${id}-game_type-lock`}
        >
          <select
            {...describe('game_type', locks.gameType !== null && `${id}-game_type-lock`)}
            name="game_type"
            className={selectClassName}
            value={values.game_type}
            disabled={locks.gameType !== null}
            onChange={(event) => form.change(withGameType(values, event.target.value as GameType))}
          >
            {GAME_TYPES.map((type) => (
              <option key={type} value={type}>
                {GAME_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
    </>
  );
}
