/**
 * One form field for every form (account pages, the admin game form, the test checkout's card form, payment
 * notes): its label, the control, a hint and the field's own message. The control gets the label's
 * id and, through fieldAria, aria-invalid and aria-describedby pointing at what explains it.
 */
import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** A label outside the usual stack (e.g. a card's title). */
export { Label as FieldLabel };

/** The ids that describe a control (its message, hint, notes), or undefined when none. */
function describedBy(...ids: (string | null | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** aria props of a control: invalid while it has a message (`errorId`), described by it and by the other ids given. */
export function fieldAria(errorId: string | null | undefined, ...more: (string | null | false | undefined)[]) {
  return { 'aria-invalid': errorId ? true : undefined, 'aria-describedby': describedBy(errorId, ...more) } as const;
}

export function FieldHint({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <div id={id} className={cn('text-xs text-muted-foreground', className)}>
      {children}
    </div>
  );
}

function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm font-medium text-destructive" data-testid="field-error">
      {children}
    </p>
  );
}

export interface FormFieldProps {
  /** The control's id (the label points at it). */
  id: string;
  label: ReactNode;
  /** Beside the label (e.g. "Forgot password?"). */
  labelAction?: ReactNode;
  hint?: ReactNode;
  hintId?: string;
  /** Hide the hint while the message shows. */
  hintHiddenByError?: boolean;
  /** The field's own message, shown under it. */
  error?: string | null;
  errorId?: string;
  /** Under everything (e.g. live feedback). */
  after?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function FormField({ id, label, labelAction, hint, hintId, hintHiddenByError = false, error, errorId, after, className, children }: FormFieldProps) {
  const labelNode = <Label htmlFor={id}>{label}</Label>;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {labelAction ? (
        <div className="flex items-center justify-between gap-2">
          {labelNode}
          {labelAction}
        </div>
      ) : (
        labelNode
      )}
      {children}
      {hint && !(hintHiddenByError && error) && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {after}
    </div>
  );
}
