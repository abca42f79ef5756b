/**
 * The game form's live state: its values, its messages, and how each field is wired to them (ids,
 * aria, the element to focus). Every change goes through `change`, so the rule "after a first
 * submit, messages follow the typing" is written once.
 */
import { useId, useRef, useState } from 'react';
import type { GameFormLocks } from '@core/game-locks';
import type { GameFormErrors, GameFormField } from '@core/schemas';
import { fieldAria } from '@/components/form-field';
import { checkGameForm, formErrors, type GameFormState } from './game-form-state';

export function useGameForm(initial: GameFormState) {
  const id = useId();
  const [values, setValues] = useState<GameFormState>(initial);
  const [errors, setErrors] = useState<GameFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const fields = useRef<Partial<Record<GameFormField, HTMLElement | null>>>({});

  function change(next: GameFormState) {
    setValues(next);
    // After a first submit, messages follow the typing (appear, change or clear).
    if (submitted) setErrors(formErrors(next));
  }

  function update<K extends keyof GameFormState>(field: K, value: GameFormState[K]) {
    change({ ...values, [field]: value });
  }

  /** The submit's check: from now on messages follow the typing; the values to send, or the messages shown. */
  function check() {
    setSubmitted(true);
    const result = checkGameForm(values);
    setErrors(result.ok ? {} : result.errors);
    return result;
  }

  const fieldId = (field: GameFormField) => `${id}-${field}`;
  const errorId = (field: GameFormField) => `${id}-${field}-error`;
  /** Keeps a field's element, for moving the focus to it when its message appears on submit. */
  const fieldRef = (field: GameFormField) => (element: HTMLElement | null) => {
    fields.current[field] = element;
  };

  /** aria props of a field: invalid and described by its message (and any notes). */
  function describe(field: GameFormField, ...notes: (string | false | undefined)[]) {
    return { id: fieldId(field), ...fieldAria(errors[field] ? errorId(field) : null, ...notes), ref: fieldRef(field) } as const;
  }

  return {
    /** The form's useId: every id inside the form starts with it. */
    id,
    values,
    errors,
    change,
    update,
    check,
    fieldId,
    errorId,
    fieldRef,
    describe,
    focus: (field: GameFormField) => fields.current[field]?.focus(),
  };
}

/** What the form's sections get: the values, their messages and the wiring of each field. */
export type GameFormControl = ReturnType<typeof useGameForm>;

/**
 * What a section with locked fields is given: the form, D13's locks, and whether the price (and
 * the sales fields fixed with it) is locked, with the id of the note that says why.
 */
export interface LockedSectionProps {
  form: GameFormControl;
  locks: GameFormLocks;
  /** D13 (D36: the board size too): fixed once any square is held or sold. */
  priceLocked: boolean;
  lockedNoteId: string;
}
