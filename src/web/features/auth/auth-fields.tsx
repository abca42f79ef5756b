/**
 * The fields of the account forms (login, sign-up, reset, /welcome, /account): each a labelled
 * input whose aria-invalid and aria-describedby point at the form's message, and the full-width
 * submit button.
 */
import { PASSWORD_MESSAGES, USERNAME_RULE_HINT, USERNAME_SUGGESTION } from '@core/messages';
import { suggestUsername } from '@core/validation';
import { type ComponentProps, type ReactNode, useId, useRef } from 'react';
import { fieldAria, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { PasswordStrength } from './password-strength';

export interface FieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Marks the field invalid and points it at the message that says why. */
  errorId?: string | null;
  /** Extra help under the field (its id joins aria-describedby). */
  hint?: ReactNode;
  after?: ReactNode;
  labelAction?: ReactNode;
  /** More ids for aria-describedby (e.g. live feedback under the field). */
  describedBy?: string;
}

/** A labelled input with aria-invalid / aria-describedby wired to the form's message. */
export function Field({ label, errorId, hint, after, labelAction, describedBy: extra, className, ...props }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <FormField id={id} label={label} labelAction={labelAction} hint={hint} hintId={hintId} after={after} className={className}>
      <Input id={id} {...fieldAria(errorId, hint ? hintId : null, extra)} {...props} />
    </FormField>
  );
}

/** The e-mail field every account form starts with. */
export function EmailField(props: Omit<FieldProps, 'label' | 'type' | 'name' | 'autoComplete' | 'inputMode'>) {
  return <Field label="Email" type="email" name="email" autoComplete="email" inputMode="email" placeholder="you@example.com" required {...props} />;
}

/**
 * The username (sign-up, /welcome, /account): the rule as a hint, typed as is (no capitals or
 * spelling fixes). While its value is refused (`refused`), a close allowed one is offered
 * ("Amy Rodriguez" -> "Amy_Rodriguez"); using it puts it in the field.
 */
export function UsernameField({
  refused = false,
  onSuggestion,
  after,
  ...props
}: Omit<FieldProps, 'label' | 'name' | 'autoComplete' | 'autoCapitalize' | 'spellCheck' | 'hint'> & {
  /** The field's value is refused and its message shown. */
  refused?: boolean;
  /** Takes the suggested username into the form's state. */
  onSuggestion?: (username: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const suggestion = refused && onSuggestion && typeof props.value === 'string' ? suggestUsername(props.value) : null;
  return (
    <Field
      ref={input}
      label="Username"
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      hint={USERNAME_RULE_HINT}
      required
      after={
        <>
          {after}
          {suggestion && (
            <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground" data-testid="username-suggestion">
              {USERNAME_SUGGESTION.lead}
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  onSuggestion!(suggestion);
                  input.current?.focus();
                }}
              >
                {USERNAME_SUGGESTION.button(suggestion)}
              </Button>
            </p>
          )}
        </>
      }
      {...props}
    />
  );
}

/** The account's password as it is now (login, /account). */
export function CurrentPasswordField(props: Omit<FieldProps, 'type' | 'autoComplete'>) {
  return <Field type="password" name="current-password" autoComplete="current-password" required {...props} />;
}

/** A new password (signup, reset): the rules as a hint and the live feedback under the field. */
export function NewPasswordField({ value, ...props }: Omit<FieldProps, 'type' | 'autoComplete' | 'hint' | 'describedBy' | 'after'> & { value: string }) {
  const strengthId = useId();
  return (
    <Field
      type="password"
      autoComplete="new-password"
      value={value}
      hint={PASSWORD_MESSAGES.summary}
      describedBy={strengthId}
      after={<PasswordStrength password={value} id={strengthId} />}
      required
      {...props}
    />
  );
}

/** The new password again (signup, reset). */
export function ConfirmPasswordField(props: Omit<FieldProps, 'type' | 'autoComplete'>) {
  return <Field type="password" autoComplete="new-password" required {...props} />;
}

/** An account form's full-width submit button: while `busy`, disabled with a spinner and `busyLabel`. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  variant,
}: {
  busy: boolean;
  busyLabel: string;
  children: string;
  /** A second way in (D46's invite login page) is an outline button. */
  variant?: 'outline';
}) {
  return (
    <Button type="submit" disabled={busy} className="w-full" {...(variant ? { variant } : {})}>
      {busy && <Spinner label={busyLabel} />}
      {busy ? busyLabel : children}
    </Button>
  );
}
