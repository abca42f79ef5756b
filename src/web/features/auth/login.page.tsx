import { LogIn, MailCheck, MailWarning, TicketCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  CONFIRMATION_MAIL,
  confirmationSentFromLogin,
  EMAIL_CONFIRMED,
  INVALID_EMAIL,
  INVITE_LOGIN,
  LOGIN_ERRORS,
  PASSWORD_UPDATED,
  SIGN_IN_LINK,
  SUCCESS_TOASTS,
} from '@core/messages';
import { validateForgotPasswordEmail, validateLogin } from '@core/validation';
import {
  AuthPage,
  CurrentPasswordField,
  DevMailboxHint,
  EmailField,
  FirstAccountNotice,
  FormError,
  FormNotice,
  SubmitButton,
  useConfirmationResend,
} from './auth-form';
import { LoadingState } from '@/components/page';
import { loginDestination } from './route-guards';
import { SignInLinkButton, SignInLinkSent, useSignInLink } from './sign-in-link';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api';
import { authApi, loginErrorMessage, signInLinkErrorMessage, signInLinkProblem } from './auth';
import { useAppConfig } from '@/lib/config';
import { firstGameLanding } from './first-game';
import { useGame } from '@/lib/games';
import { forgetSignedUpAddress, signedUpAddress } from './signed-up-address';
import { useSession, useSessionActions } from '@/lib/session';

type LoginField = 'email' | 'password';

/** Which fields a validation message is about. */
function invalidFields(message: string, email: string, password: string): LoginField[] {
  if (message === INVALID_EMAIL) return ['email'];
  return [email.trim() === '' ? 'email' : null, password === '' ? 'password' : null].filter((field): field is LoginField => field !== null);
}

/** Spec section 2 /login: "Welcome Back". */
export default function LoginPage() {
  const session = useSession();
  const { refresh } = useSessionActions();
  const location = useLocation();
  const [params] = useSearchParams();
  const errorId = useId();

  // Back from the confirmation link in the browser that signed up: the address is filled in and
  // the password is next (design note 012).
  const [confirmedAddress] = useState(() => (params.has('confirmed') && !params.has('error') ? signedUpAddress() : null));
  const [email, setEmail] = useState(confirmedAddress ?? '');
  const [password, setPassword] = useState('');
  const passwordInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<{ message: string; fields: LoginField[] } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const justLoggedIn = useRef(false);
  // Where logging in leads once known (firstGameLanding: an empty install's organizer creates their first game).
  const landing = useRef<string | null>(null);
  // The address that was refused with "Please confirm your email" (its password was right).
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const confirmation = useConfirmationResend();
  const resendBox = useRef<HTMLDivElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  useAppConfig(); // for the Dev Mailbox hint, fetched before it is needed
  // Where logging in leads: the page the person came from (a guard or a Log In link remembers
  // it; a sign-in link carries it back as ?next=), else home.
  const next = loginDestination(location.state, params.get('next'));
  // D29: the second way in, a link by e-mail.
  const link = useSignInLink(next);
  const [linkAskedFor, setLinkAskedFor] = useState(false);
  // D46: reached from an invite-only game's page (its invite cookie lets this browser read it):
  // the page leads with joining that pool by e-mail, the password second.
  const inviteGame = useGame(gameOfPath(next) ?? undefined);
  const joining = inviteGame.data?.visibility === 'invite' ? inviteGame.data : null;
  // D46: a used or expired sign-in link comes back with its ticket: one tap sends a new one, to the
  // same address and the same game.
  const ticket = params.get('ticket');
  const [resend, setResendState] = useState<{ status: 'idle' | 'sending' | 'sent'; error: string | null }>({ status: 'idle', error: null });
  const [passwordInstead, setPasswordInstead] = useState(false);

  useEffect(() => {
    if (confirmedAddress) passwordInput.current?.focus();
  }, [confirmedAddress, session.status, inviteGame.isLoading]);

  // "Use a different e-mail" brings the form back: continue in its e-mail field.
  useEffect(() => {
    if (linkAskedFor && link.sentTo === null) emailInput.current?.focus();
  }, [linkAskedFor, link.sentTo]);

  // Focus follows the offer's answer: the button it replaces is gone.
  useEffect(() => {
    if (confirmation.sentTo) resendBox.current?.focus();
  }, [confirmation.sentTo]);

  // The confirmation link comes back here with ?error=... when it expired or is broken
  // (Better Auth appends it to the link's callbackURL): that page offers a new mail.
  const linkError = params.has('confirmed') ? params.get('error') : null;
  if (linkError !== null) {
    return <Navigate to={`/confirm-email?${new URLSearchParams({ error: linkError })}`} replace />;
  }
  // The game a login from an invite leads back to is read first, so the page does not change under the reader.
  if (session.status === 'loading' || (session.status === 'signed-out' && inviteGame.isLoading)) return <LoadingState />;
  // Signed-in users are sent to / (spec); right after logging in, back where they came from.
  if (session.status === 'signed-in') {
    return <Navigate to={justLoggedIn.current ? (landing.current ?? next) : '/'} replace />;
  }
  if (link.sentTo) return <SignInLinkSent request={link} email={link.sentTo} />;

  if (resend.status === 'sent') {
    return (
      <AuthPage title={SIGN_IN_LINK.sentTitle} icon={<MailCheck />}>
        <FormNotice>{SIGN_IN_LINK.resent}</FormNotice>
        <DevMailboxHint />
      </AuthPage>
    );
  }
  // The one-tap resend, while the old link's ticket can still name its address.
  if (params.get('error') === 'INVALID_TOKEN' && ticket && !passwordInstead && !linkAskedFor) {
    const sendAgain = async () => {
      setResendState({ status: 'sending', error: null });
      try {
        await authApi.resendSignInLink(ticket, next);
        setResendState({ status: 'sent', error: null });
      } catch (cause) {
        setResendState({ status: 'idle', error: signInLinkErrorMessage(cause) });
      }
    };
    return (
      <AuthPage title={SIGN_IN_LINK.expiredTitle} description={SIGN_IN_LINK.expired} icon={<MailWarning />}>
        <FormError id={errorId} message={resend.error} />
        <Button className="w-full" size="lg" disabled={resend.status === 'sending'} onClick={() => void sendAgain()} data-testid="resend-sign-in-link">
          {resend.status === 'sending' && <Spinner label={SIGN_IN_LINK.sending} />}
          {resend.status === 'sending' ? SIGN_IN_LINK.sending : SIGN_IN_LINK.resend}
        </Button>
        <Button variant="ghost" className="w-full" onClick={() => setPasswordInstead(true)}>
          {SIGN_IN_LINK.otherWay}
        </Button>
      </AuthPage>
    );
  }

  const state = location.state as { passwordUpdated?: boolean } | null;
  const notice =
    state?.passwordUpdated || params.get('reset') === '1' ? PASSWORD_UPDATED : params.has('confirmed') && !params.has('error') ? EMAIL_CONFIRMED : null;
  // A sign-in link that was used, expired or refused comes back here with ?error=... (D29).
  const signInLinkError = params.get('error');
  const linkProblem = signInLinkError !== null && !linkAskedFor ? signInLinkProblem(signInLinkError) : null;

  function onJoinSubmit(event: FormEvent) {
    event.preventDefault();
    void onSendLink();
  }

  async function onSendLink() {
    const result = validateForgotPasswordEmail(email);
    setLinkAskedFor(true);
    setUnconfirmed(null);
    if (!result.ok) {
      setError({ message: result.message, fields: ['email'] });
      emailInput.current?.focus();
      return;
    }
    setError(null);
    await link.send(result.value);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const result = validateLogin({ email, password });
    if (!result.ok) {
      setError({ message: result.message, fields: invalidFields(result.message, email, password) });
      return;
    }
    setError(null);
    setUnconfirmed(null);
    confirmation.reset();
    setSubmitting(true);
    try {
      await authApi.signIn(result.value);
      forgetSignedUpAddress();
      landing.current = await firstGameLanding(next);
      justLoggedIn.current = true;
      const signedIn = await refresh();
      if (signedIn.status !== 'signed-in') throw new Error(LOGIN_ERRORS.generic);
      toast.success(SUCCESS_TOASTS.loginSuccessful);
    } catch (cause) {
      justLoggedIn.current = false;
      const message = loginErrorMessage(cause);
      setError({ message, fields: [] });
      if (isApiError(cause) && cause.code === 'EMAIL_NOT_VERIFIED') setUnconfirmed(result.value.email);
      toast.error(message || LOGIN_ERRORS.toastFallback);
      setSubmitting(false);
    }
  }

  const fieldError = (field: LoginField) => (error?.fields.includes(field) ? errorId : null);

  const passwordField = (
    <CurrentPasswordField
      ref={passwordInput}
      label="Password"
      name="password"
      value={password}
      onChange={(event) => setPassword(event.target.value)}
      errorId={fieldError('password')}
      labelAction={
        <Link to="/forgot-password" className="text-sm text-primary underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      }
    />
  );

  if (joining) {
    return (
      <AuthPage title={INVITE_LOGIN.title(joining.title)} description={INVITE_LOGIN.description} icon={<TicketCheck />} footer={<p>{INVITE_LOGIN.footer}</p>}>
        {notice && <FormNotice>{notice}</FormNotice>}
        <form noValidate onSubmit={onJoinSubmit} className="flex flex-col gap-4" aria-label={INVITE_LOGIN.formLabel}>
          <FormError id={errorId} message={error?.message ?? link.error ?? linkProblem} />
          <EmailField ref={emailInput} value={email} onChange={(event) => setEmail(event.target.value)} errorId={fieldError('email')} />
          <Button type="submit" size="lg" className="w-full" disabled={link.sending} data-testid="send-sign-in-link">
            {link.sending && <Spinner label={SIGN_IN_LINK.sending} />}
            {link.sending ? SIGN_IN_LINK.sending : SIGN_IN_LINK.button}
          </Button>
        </form>
        <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden="true">
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </div>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Log in with your password">
          <p className="text-sm text-muted-foreground">{INVITE_LOGIN.passwordLead}</p>
          {passwordField}
          <SubmitButton busy={submitting} busyLabel="Logging in..." variant="outline">
            Log In
          </SubmitButton>
        </form>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Welcome Back"
      description="Log in to your account to buy squares and follow your games."
      icon={<LogIn />}
      footer={
        <p>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign up
          </Link>
        </p>
      }
    >
      {notice && <FormNotice>{notice}</FormNotice>}
      <FirstAccountNotice />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Log in">
        <FormError id={errorId} message={error?.message ?? link.error ?? linkProblem} />
        <EmailField ref={emailInput} value={email} onChange={(event) => setEmail(event.target.value)} errorId={fieldError('email')} />
        {passwordField}
        <SubmitButton busy={submitting} busyLabel="Logging in...">
          Log In
        </SubmitButton>
      </form>
      <SignInLinkButton request={link} onClick={() => void onSendLink()} />
      {unconfirmed && (
        <div
          ref={resendBox}
          tabIndex={-1}
          data-testid="resend-confirmation"
          className="flex flex-col gap-3 rounded-md border bg-muted/40 p-3 text-sm outline-none"
        >
          {confirmation.sentTo ? (
            <>
              <FormNotice>{confirmationSentFromLogin(confirmation.sentTo)}</FormNotice>
              <DevMailboxHint />
            </>
          ) : (
            <>
              <p className="flex items-start gap-2 text-muted-foreground">
                <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>{CONFIRMATION_MAIL.loginOffer}</span>
              </p>
              <FormError id={`${errorId}-resend`} message={confirmation.error} />
              <Button variant="outline" className="w-full" disabled={confirmation.sending} onClick={() => void confirmation.send(unconfirmed)}>
                {confirmation.sending && <Spinner label={CONFIRMATION_MAIL.resending} />}
                {confirmation.sending ? CONFIRMATION_MAIL.resending : CONFIRMATION_MAIL.resendButton}
              </Button>
            </>
          )}
        </div>
      )}
    </AuthPage>
  );
}

/** The game a `next` path leads to (`/game/:id`), or null. */
function gameOfPath(path: string): string | null {
  const match = /^\/game\/([^/?#]+)/.exec(path);
  return match ? decodeURIComponent(match[1]!) : null;
}
