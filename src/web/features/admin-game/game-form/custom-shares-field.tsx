import { organizerLabelOf } from '@core/payout-plan';
import { periodModel, periodWinningsLabel } from '@core/periods';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { GameFormState } from './game-form-state';
import { typedSharesTotal } from './payout-preview';

/** D34: one whole-percent input per period, the organizer's (or a charity's) share and its name, and the live sum. */
export function CustomSharesField({
  id,
  values,
  disabled,
  describedBy,
  error,
  labelError,
  shareRef,
  onShare,
  onOrganizer,
  onLabel,
}: {
  id: string;
  values: GameFormState;
  disabled: boolean;
  describedBy: string | undefined;
  error: string | undefined;
  labelError: string | undefined;
  shareRef: (element: HTMLInputElement | null) => void;
  onShare: (index: number, text: string) => void;
  onOrganizer: (text: string) => void;
  onLabel: (text: string) => void;
}) {
  const model = periodModel(values.game_type);
  const sum = typedSharesTotal(values);
  const sumId = `${id}-sum`;
  const errorId = `${id}-error`;
  const described = [describedBy, sumId, error ? errorId : null].filter(Boolean).join(' ');
  const percentInput = (inputId: string, label: string, value: string, onChange: (text: string) => void, ref?: (element: HTMLInputElement | null) => void) => (
    <div className="flex flex-col justify-end gap-1.5">
      <label htmlFor={inputId} className="text-sm [overflow-wrap:anywhere]">
        {label}
        <span className="sr-only"> (%)</span>
      </label>
      <div className="flex items-center gap-1.5">
        <Input
          id={inputId}
          ref={ref}
          type="number"
          inputMode="numeric"
          step={1}
          min={0}
          max={100}
          className="w-20 tabular-nums"
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
        <span aria-hidden="true" className="text-sm text-muted-foreground">
          %
        </span>
      </div>
    </div>
  );
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border p-4" disabled={disabled} data-testid="custom-shares">
      <legend className="px-1 text-sm font-medium">Custom shares (whole percents)</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {model.periods.map((period, index) =>
          percentInput(
            `${id}-${period}`,
            periodWinningsLabel(model, period),
            values.payout_shares[index] ?? '',
            (text) => onShare(index, text),
            index === 0 ? shareRef : undefined,
          ),
        )}
        {percentInput(`${id}-organizer`, organizerLabelOf(values.organizer_label), values.organizer_percent, onOrganizer)}
      </div>
      <div className="flex flex-col gap-1.5 sm:max-w-80">
        <label htmlFor={`${id}-label`} className="text-sm">
          Who gets the organizer share
        </label>
        <Input
          id={`${id}-label`}
          name="organizer_label"
          autoComplete="off"
          maxLength={80}
          placeholder="Organizer, or a charity's name"
          aria-describedby={labelError ? `${id}-label-error` : undefined}
          aria-invalid={labelError ? true : undefined}
          value={values.organizer_label}
          disabled={disabled}
          onChange={(event) => onLabel(event.target.value)}
        />
        {labelError && (
          <p id={`${id}-label-error`} className="text-sm font-medium text-destructive">
            {labelError}
          </p>
        )}
      </div>
      <p
        id={sumId}
        aria-live="polite"
        className={cn('text-sm font-medium tabular-nums', sum === 100 ? 'text-primary' : 'text-muted-foreground')}
        data-testid="shares-sum"
      >
        {sum === null ? 'Each share must be a whole number' : sum === 100 ? 'Adds up to 100%' : `Adds up to ${sum}% (must be 100%)`}
      </p>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive" data-testid="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
