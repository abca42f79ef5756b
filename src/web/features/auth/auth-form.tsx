import { Check, CircleAlert, Crown, Inbox, X } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DEV_MAILBOX_HINT, FIRST_ACCOUNT, PASSWORD_MESSAGES, USERNAME_RULE_HINT, USERNAME_SUGGESTION } from '@core/messages';
import { checkPasswordRules, passwordStrengthMessage, suggestUsername } from '@core/validation';
import { fieldAria, FormField } from '@/components/form-field';
import { LinkButton } from '@/components/link-button';
import { usePageTitle } from '@/components/page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { authApi, confirmationMailErrorMessage } from './auth';
import { useAppConfig } from '@/lib/config';
import { cn } from '@/lib/utils';

/** The centred card that the account pages share; the page's h1 is the card's title. */
export function AuthPage({
  title,
  description,
  icon,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-6 md:py-10">
      <Card className="w-full">
        <CardHeader className="items-center text-center">
          {icon && (
            <div aria-hidden="true" className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary [&_svg]:size-6">
              {icon}
            </div>
          )}
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description && <CardDescription className="text-base">{description}</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{children}</CardContent>
        {footer && <CardFooter className="flex flex-col gap-2 text-center text-sm text-muted-foreground">{footer}</CardFooter>}
      </Card>
    </div>
  );
}

/** A form-level message box (role=alert), referenced by the fields it concerns. */
export function FormError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" id={id} data-testid="form-error">
      <CircleAlert aria-hidden="true" />
      <AlertDescription>
        <p>{message}</p>
      </AlertDescription>
    </Alert>
  );
}

/** A status box (e.g. "Email confirmed. You can log in now."). */
export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <Alert variant="success" role="status" data-testid="form-notice">
      <Check aria-hidden="true" />
      <AlertDescription className="text-card-foreground">
        <p className="[overflow-wrap:anywhere]">{children}</p>
      </AlertDescription>
    </Alert>
  );
}

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

/**
 * Live password feedback (spec section 5): each rule's message with whether it is met, and the
 * first unmet rule (or "Password is strong") announced politely.
 */
function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const rules = checkPasswordRules(password);
  const strong = rules.every((rule) => rule.met);
  return (
    <div id={id} className="flex flex-col gap-2 rounded-md border bg-muted/40 p-3 text-xs" data-testid="password-strength">
      <ul className="flex flex-col gap-1" aria-label="Password rules">
        {rules.map((rule) => (
          <li key={rule.id} data-met={rule.met} className={cn('flex items-start gap-2', rule.met ? 'text-success' : 'text-muted-foreground')}>
            {rule.met ? <Check aria-hidden="true" className="mt-px size-3.5 shrink-0" /> : <X aria-hidden="true" className="mt-px size-3.5 shrink-0" />}
            <span>
              {rule.message}
              <span className="sr-only">{rule.met ? ' (met)' : ' (not met)'}</span>
            </span>
          </li>
        ))}
      </ul>
      <p aria-live="polite" data-testid="password-strength-status" className={cn('font-medium empty:hidden', strong ? 'text-success' : 'text-foreground')}>
        {password === '' ? '' : passwordStrengthMessage(password)}
      </p>
    </div>
  );
}

/**
 * Where the mail went in a trial without SMTP (D9): the Dev Mailbox, linked. Nothing in
 * production or with SMTP (GET /api/config says which).
 */
/**
 * D8 on an empty install (no admin yet, no ADMIN_EMAILS): the first account to confirm its e-mail
 * runs the pool. Said where accounts are made (sign-up, login) and on Home.
 */
/** D8 on an empty install: who will run the pool; on Home with the way to become that person. */
export function FirstAccountNotice({ withAction = false }: { withAction?: boolean }) {
  const config = useAppConfig();
  if (!config.data?.firstAccountRunsPool) return null;
  const notice = (
    <p data-testid="first-account-notice" className="flex items-start gap-2 rounded-md border border-primary/40 bg-primary/5 p-3 text-left text-sm">
      <Crown aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>{FIRST_ACCOUNT.notice}</span>
    </p>
  );
  if (!withAction) return notice;
  return (
    <section aria-label="New install" className="flex flex-col items-start gap-3">
      {notice}
      <LinkButton to="/signup" data-testid="first-account-action">
        <Crown aria-hidden="true" />
        {FIRST_ACCOUNT.homeAction}
      </LinkButton>
    </section>
  );
}

export function DevMailboxHint() {
  const config = useAppConfig();
  if (!config.data?.devMailbox) return null;
  return (
    <p
      data-testid="dev-mailbox-hint"
      className="flex items-start gap-2 rounded-md border border-dashed bg-muted/40 p-3 text-left text-sm text-muted-foreground"
    >
      <Inbox aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {DEV_MAILBOX_HINT.before}
        <Link to="/dev/mailbox" className="font-medium text-primary underline underline-offset-4">
          {DEV_MAILBOX_HINT.link}
        </Link>
        {DEV_MAILBOX_HINT.after}
      </span>
    </p>
  );
}

/** A new confirmation mail (issue 11): what /login and /confirm-email need to offer one. */
export function useConfirmationResend() {
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function send(email: string): Promise<void> {
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      await authApi.sendConfirmationEmail(email);
      setSentTo(email);
    } catch (cause) {
      setError(confirmationMailErrorMessage(cause));
    } finally {
      setSending(false);
    }
  }
  function reset() {
    setSentTo(null);
    setError(null);
  }
  return { sending, sentTo, error, send, reset };
}
