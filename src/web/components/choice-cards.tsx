/**
 * The kit's choice controls: a radio group drawn as cards, each card saying what its choice means
 * (first the admin game form's payment method, board size and visibility), and the native select's
 * style, for the choices too long for cards (a game type, a time zone, a league).
 */
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** Styled like Input, for the native select (accessible and keyboard-friendly everywhere). */
export const selectClassName =
  'flex h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs transition-[color,box-shadow] disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30 [&>option]:bg-popover [&>option]:text-popover-foreground aria-invalid:border-destructive aria-invalid:ring-2 aria-invalid:ring-destructive/20';

/** One choice of a radio group drawn as a card: the chosen one outlined; its input gets `inputRef` when chosen (to focus it). */
export function RadioCard({
  name,
  value,
  checked,
  disabled,
  inputRef,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled: boolean;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-2 rounded-md border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/50',
        checked ? 'border-primary bg-primary/5' : 'hover:bg-accent/50',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        ref={checked ? inputRef : undefined}
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      {children}
    </label>
  );
}

/**
 * A choice drawn as radio cards, each with what it means (D28's payment method, D30's
 * visibility): the legend, the cards, and the field's message.
 */
export function ChoiceCards<T extends string>({
  legend,
  name,
  value,
  options,
  labels,
  hints,
  disabled = false,
  describedBy,
  error,
  errorId,
  inputRef,
  onChange,
  testId,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  hints: Readonly<Record<T, string>>;
  disabled?: boolean;
  describedBy?: string | undefined;
  error: string | undefined;
  errorId: string;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (value: T) => void;
  testId?: string;
}) {
  return (
    <fieldset
      className="flex flex-col gap-3"
      aria-describedby={[describedBy, error ? errorId : null].filter(Boolean).join(' ') || undefined}
      disabled={disabled}
      data-testid={testId}
    >
      <legend className="mb-2 text-sm leading-none font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <RadioCard
            key={option}
            name={name}
            value={option}
            checked={option === value}
            disabled={disabled}
            inputRef={inputRef}
            onChange={() => onChange(option)}
          >
            <span className="flex flex-col gap-1">
              <span>{labels[option]}</span>
              <span className="text-muted-foreground">{hints[option]}</span>
            </span>
          </RadioCard>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
