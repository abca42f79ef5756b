import { MailCheck, UserPlus } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  INVALID_EMAIL,
  PASSWORD_MESSAGES,
  PASSWORDS_DO_NOT_MATCH,
  SIGN_IN_LINK,
  FIRST_ACCOUNT,
  SIGNUP_ERRORS,
  SUCCESS_TOASTS,
  USERNAME_INVALID_CHARACTERS,
  USERNAME_TAKEN,
  USERNAME_TOO_LONG,
  USERNAME_TOO_SHORT,
} from '@core/messages';
import { validateSignup, validateUsername } from '@core/validation';
import { AuthPage, FormError, FormNotice } from './auth-form';
import { ConfirmPasswordField, EmailField, NewPasswordField, SubmitButton, UsernameField } from './auth-fields';
import { DevMailboxHint } from './dev-mailbox-hint';
import { FirstAccountNotice } from './first-account-notice';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LinkButton } from '@/components/link-button';
import { LoadingState } from '@/components/page';
import { authApi, signupErrorMessage } from './auth';
import { useAppConfig } from '@/lib/config';
import { useSession } from '@/lib/session';
import { rememberSignedUpAddress } from './signed-up-address';
import { cn } from '@/lib/utils';

type SignupField = 'email' | 'username' | 'password' | 'confirmPassword';
type Values = Record<SignupField, string>;

const EMPTY: Values = { email: '', username: '', password: '', confirmPassword: '' };

/** Spec section 8: the go-to-login question comes 2 s after an "already exists" message. */
const ALREADY_EXISTS_DELAY_MS = 2000;

const USERNAME_MESSAGES: readonly string[] = [USERNAME_TOO_SHORT, USERNAME_TOO_LONG, USERNAME_INVALID_CHARACTERS, USERNAME_TAKEN];

/** The username's own message (the server's words, core/validation.ts), or null; nothing for an empty field. */
function usernameMessage(username: string): string | null {
  if (username.trim() === '') return null;
  const result = validateUsername(username);
  return result.ok ? null : result.message;
}

/** Which fields a message is about (they get aria-invalid and point at it). */
function invalidFields(message: string, values: Values): SignupField[] {
  if (message === INVALID_EMAIL || message === SIGNUP_ERRORS.invalidEmail || message === SIGNUP_ERRORS.alreadyRegistered) {
    return ['email'];
  }
  if (message === PASSWORDS_DO_NOT_MATCH) return ['confirmPassword'];
  if (USERNAME_MESSAGES.includes(message)) return ['username'];
  if (Object.values(PASSWORD_MESSAGES).includes(message as never)) return ['password'];
  if (message.startsWith('Please fill in all fields')) {
    return (Object.keys(values) as SignupField[]).filter((field) => values[field].trim() === '');
  }
  return [];
}

/** Spec section 2 /signup: "Create Account", then the Account Created screen. */
export default function SignupPage() {
  const session = useSession();
  const navigate = useNavigate();
  const errorId = useId();
  const usernameErrorId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState<{ message: string; fields: SignupField[] } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState(false);
  const [askLogin, setAskLogin] = useState(false);
  const [askLoginPending, setAskLoginPending] = useState(false);
  // The username rule's message under the field: shown on blur and on submit, updated while typing.
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const config = useAppConfig(); // for the Dev Mailbox hint, fetched before it is needed
  // D8: read when the form was sent, so the Account Created screen still says it once the account exists.
  const [firstAccount, setFirstAccount] = useState(false);

  useEffect(() => {
    if (!askLoginPending) return;
    const timer = setTimeout(() => {
      setAskLoginPending(false);
      setAskLogin(true);
    }, ALREADY_EXISTS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [askLoginPending]);

  if (session.status === 'loading') return <LoadingState />;
  if (session.status === 'signed-in') return <Navigate to="/" replace />;

  const set = (field: SignupField) => (event: { target: { value: string } }) => setValues((previous) => ({ ...previous, [field]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setUsernameError(usernameMessage(values.username));
    const result = validateSignup(values);
    if (!result.ok) {
      setError({ message: result.message, fields: invalidFields(result.message, values) });
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const { sessionReturned } = await authApi.signUp(result.value);
      rememberSignedUpAddress(result.value.email);
      setFirstAccount(config.data?.firstAccountRunsPool === true);
      setCreated(true);
      toast.success(sessionReturned ? SUCCESS_TOASTS.accountCreated : SUCCESS_TOASTS.accountCreatedConfirmEmail);
    } catch (cause) {
      const message = signupErrorMessage(cause);
      setError({ message, fields: invalidFields(message, values) });
      if (USERNAME_MESSAGES.includes(message)) setUsernameError(message);
      toast.error(message || SIGNUP_ERRORS.toastFallback);
      if (message.includes('already exists')) setAskLoginPending(true);
    } finally {
      setSubmitting(false);
    }
  }

  if (created) {
    return (
      <AuthPage
        title="Account Created"
        icon={<MailCheck />}
        description={
          <>
            We sent a confirmation email to <strong className="break-all text-foreground">{values.email.trim().toLowerCase()}</strong>. Open the link in it to
            confirm your address, then log in.
          </>
        }
      >
        {firstAccount && <FormNotice>{FIRST_ACCOUNT.created}</FormNotice>}
        <DevMailboxHint />
        <LinkButton className="w-full" to="/login">
          Go to Login
        </LinkButton>
      </AuthPage>
    );
  }

  const fieldError = (field: SignupField) => (error?.fields.includes(field) ? errorId : null);

  return (
    <AuthPage
      title="Create Account"
      description="Sign up to buy squares and track your winnings."
      icon={<UserPlus />}
      footer={
        <>
          <p>
            Already have an account?{' '}
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Log in
            </Link>
          </p>
          <p data-testid="sign-in-link-pointer">
            {SIGN_IN_LINK.signupPointer}{' '}
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              {SIGN_IN_LINK.signupPointerLink}
            </Link>
          </p>
        </>
      }
    >
      <FirstAccountNotice />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Create account">
        <FormError id={errorId} message={error?.message ?? null} />
        <EmailField value={values.email} onChange={set('email')} errorId={fieldError('email')} />
        <UsernameField
          value={values.username}
          onChange={(event) => {
            set('username')(event);
            // Once a message is shown it follows the typing, so it goes away when the name is fixed.
            if (usernameError !== null) setUsernameError(usernameMessage(event.target.value));
          }}
          onBlur={() => setUsernameError(usernameMessage(values.username))}
          errorId={usernameError ? usernameErrorId : fieldError('username')}
          refused={usernameError !== null}
          onSuggestion={(suggested) => {
            setValues((previous) => ({ ...previous, username: suggested }));
            setUsernameError(null);
            if (error && USERNAME_MESSAGES.includes(error.message)) setError(null);
          }}
          after={
            // Always in the page (out of the flow while empty), so screen readers hear it appear.
            <p
              id={usernameErrorId}
              aria-live="polite"
              data-testid="username-error"
              className={cn('text-sm font-medium text-destructive', usernameError === null && 'sr-only')}
            >
              {usernameError ?? ''}
            </p>
          }
          required
        />
        <NewPasswordField label="Password" name="password" value={values.password} onChange={set('password')} errorId={fieldError('password')} />
        <ConfirmPasswordField
          label="Confirm Password"
          name="confirmPassword"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          errorId={fieldError('confirmPassword')}
        />
        <SubmitButton busy={submitting} busyLabel="Creating account...">
          Create Account
        </SubmitButton>
      </form>

      <ConfirmDialog
        open={askLogin}
        onOpenChange={setAskLogin}
        title="Go to login?"
        description={SIGNUP_ERRORS.goToLoginConfirm}
        cancelLabel="No"
        confirmLabel="Yes"
        onConfirm={() => navigate('/login')}
      />
    </AuthPage>
  );
}
