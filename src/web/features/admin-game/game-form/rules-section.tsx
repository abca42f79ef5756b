/**
 * The rules of the game: board size, payouts, numbers, kickoff, the per-player cap and who can see
 * the game. Folded (the create form), they sit behind one button that says what is chosen.
 */
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { BOARD_SIZE_LABELS, BOARD_SIZES } from '@core/board-shape';
import { NUMBER_SET_MODES, numberSetModeLabel, type NumberSetMode, periodModel } from '@core/periods';
import { VISIBILITIES, VISIBILITY_HINTS, VISIBILITY_LABELS } from '@core/visibility';
import { ChoiceCards, selectClassName } from '@/components/choice-cards';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { BoardSizeChoice } from './game-form-state';
import { KickoffFields } from './kickoff-fields';
import { LockReason } from './lock-reason';
import { PayoutFields } from './payout-fields';
import type { LockedSectionProps } from './use-game-form';

const BOARD_SIZE_CHOICES = BOARD_SIZES.map((size) => `${size}` as BoardSizeChoice);
const BOARD_SIZE_CHOICE_LABELS = Object.fromEntries(BOARD_SIZES.map((size) => [`${size}`, BOARD_SIZE_LABELS[size]])) as Record<BoardSizeChoice, string>;
const BOARD_SIZE_HINTS: Readonly<Record<BoardSizeChoice, string>> = {
  '100': 'The classic board: one digit on each row and each column.',
  '50': 'For a smaller group: each row carries two digits, each column one.',
  '25': 'For a small group: each row and each column carries two digits.',
};

/**
 * The rules' frame. Folded, the fields stay mounted (hidden), so the form's values, refs and
 * messages are the same either way. Unfolded (the edit form), they are plain fields.
 */
export function RulesSection({
  id,
  folded,
  open,
  onOpenChange,
  summary,
  children,
}: {
  id: string;
  folded: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  summary: string;
  children: ReactNode;
}) {
  if (!folded) return <>{children}</>;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-6 rounded-lg border p-4" data-testid="rules-section">
      <div className="flex flex-col gap-2">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-fields`}
            className="flex w-full items-center justify-between gap-2 rounded-md text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            data-testid="rules-toggle"
            onClick={() => onOpenChange(!open)}
          >
            Rules
            <span className="flex items-center gap-1 text-sm font-medium text-primary">
              {open ? 'Hide' : 'Change'}
              <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
            </span>
          </button>
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="rules-summary">
          {summary}
        </p>
      </div>
      <div id={`${id}-fields`} hidden={!open} className="flex flex-col gap-6">
        {children}
      </div>
    </section>
  );
}

/** The rules' fields, in their order on the page (RULES_FIELDS). */
export function RulesFields({ form, locks, priceLocked, lockedNoteId }: LockedSectionProps) {
  const { id, values, errors, update, describe, fieldId, errorId } = form;
  return (
    <>
      <ChoiceCards
        legend="Board size"
        labels={BOARD_SIZE_CHOICE_LABELS}
        hints={BOARD_SIZE_HINTS}
        testId="board-size-field"
        name={`${id}-board-size`}
        value={values.board_size}
        options={priceLocked ? [values.board_size] : BOARD_SIZE_CHOICES}
        disabled={priceLocked}
        describedBy={priceLocked ? lockedNoteId : undefined}
        error={errors.board_size}
        errorId={errorId('board_size')}
        inputRef={form.fieldRef('board_size')}
        onChange={(size) => update('board_size', size)}
      />

      <PayoutFields form={form} priceLocked={priceLocked} lockedNoteId={lockedNoteId} />

      <FormField
        id={fieldId('number_sets')}
        label="Numbers"
        error={errors.number_sets}
        errorId={errorId('number_sets')}
        hint={locks.numberSets ? <LockReason text={locks.numberSets} testId="number-sets-lock" /> : undefined}
        hintId={`${id}-number_sets-lock`}
      >
        <select
          {...describe('number_sets', locks.numberSets !== null && `${id}-number_sets-lock`)}
          name="number_sets"
          data-testid="number-sets-field"
          className={selectClassName}
          value={values.number_sets}
          disabled={locks.numberSets !== null}
          onChange={(event) => update('number_sets', event.target.value as NumberSetMode)}
        >
          {NUMBER_SET_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {numberSetModeLabel(periodModel(values.game_type), mode)}
            </option>
          ))}
        </select>
      </FormField>

      <KickoffFields form={form} locks={locks} />

      <FormField
        id={fieldId('max_squares_per_player')}
        label="Squares per player (optional)"
        error={errors.max_squares_per_player}
        errorId={errorId('max_squares_per_player')}
        hint={`The most squares one player can buy in this game, 1 to ${values.board_size}. Leave empty for no limit.`}
        hintId={`${id}-cap-hint`}
      >
        <Input
          {...describe('max_squares_per_player', `${id}-cap-hint`)}
          name="max_squares_per_player"
          type="number"
          inputMode="numeric"
          step={1}
          min={1}
          max={Number(values.board_size)}
          className="sm:max-w-48"
          value={values.max_squares_per_player}
          onChange={(event) => update('max_squares_per_player', event.target.value)}
        />
      </FormField>

      <ChoiceCards
        legend="Who can see this game"
        options={VISIBILITIES}
        labels={VISIBILITY_LABELS}
        hints={VISIBILITY_HINTS}
        testId="visibility-field"
        name={`${id}-visibility`}
        value={values.visibility}
        error={errors.visibility}
        errorId={errorId('visibility')}
        inputRef={form.fieldRef('visibility')}
        onChange={(visibility) => update('visibility', visibility)}
      />
    </>
  );
}
