import { LogIn, TicketCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { INVITE_LOGIN, SIGN_IN_LINK } from '@core/messages';
import { AuthPage, FormError, FormNotice } from './auth-form';
import { CurrentPasswordField, EmailField, SubmitButton } from './auth-fields';
import { FirstAccountNotice } from './first-account-notice';
import { LoadingState } from '@/components/page';
import { loginDestination } from './route-guards';
import { SignInLinkButton, SignInLinkSent } from './sign-in-link';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { signInLinkProblem } from './auth';
import { useAppConfig } from '@/lib/config';
import { useGame } from '@/lib/games';
import { gameOfPath, loginNotice } from './login-rules';
import { ResendConfirmation } from './resend-confirmation';
import { SignInLinkExpired } from './sign-in-link-expired';
import { signedUpAddress } from './signed-up-address';
import { useLoginForm } from './use-login-form';
import { useSession } from '@/lib/session';

/** Spec section 2 /login: "Welcome Back". */
export default function LoginPage() {
  const session = useSession();
  const location = useLocation();
  const [params] = useSearchParams();

  // Back from the confirmation link in the browser that signed up: the address is filled in and
  // the password is next (design note 012).
  const [confirmedAddress] = useState(() => (params.has('confirmed') && !params.has('error') ? signedUpAddress() : null));
  useAppConfig(); // for the Dev Mailbox hint, fetched before it is needed
  // Where logging in leads: the page the person came from (a guard or a Log In link remembers
  // it; a sign-in link carries it back as ?next=), else home.
  const next = loginDestination(location.state, params.get('next'));
  const form = useLoginForm(next, confirmedAddress ?? '');
  const { errorId, link, error, fieldError } = form;
  // D46: reached from an invite-only game's page (its invite cookie lets this browser read it):
  // the page leads with joining that pool by e-mail, the password second.
  const inviteGame = useGame(gameOfPath(next) ?? undefined);
  const joining = inviteGame.data?.visibility === 'invite' ? inviteGame.data : null;
  // D46: a used or expired sign-in link comes back with its ticket (sign-in-link-expired.tsx).
  const ticket = params.get('ticket');
  const [passwordInstead, setPasswordInstead] = useState(false);

  useEffect(() => {
    if (confirmedAddress) form.passwordInput.current?.focus();
  }, [confirmedAddress, session.status, inviteGame.isLoading, form.passwordInput]);

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
    return <Navigate to={form.justLoggedIn.current ? (form.landing.current ?? next) : '/'} replace />;
  }
  if (link.sentTo) return <SignInLinkSent request={link} email={link.sentTo} />;

  // The one-tap resend, while the old link's ticket can still name its address.
  if (params.get('error') === 'INVALID_TOKEN' && ticket && !passwordInstead && !form.linkAskedFor) {
    return <SignInLinkExpired ticket={ticket} next={next} onOtherWay={() => setPasswordInstead(true)} />;
  }

  const notice = loginNotice(location.state, params);
  // A sign-in link that was used, expired or refused comes back here with ?error=... (D29).
  const signInLinkError = params.get('error');
  const linkProblem = signInLinkError !== null && !form.linkAskedFor ? signInLinkProblem(signInLinkError) : null;

  const emailField = (
    <EmailField ref={form.emailInput} value={form.email} onChange={(event) => form.setEmail(event.target.value)} errorId={fieldError('email')} />
  );
  const passwordField = (
    <CurrentPasswordField
      ref={form.passwordInput}
      label="Password"
      name="password"
      value={form.password}
      onChange={(event) => form.setPassword(event.target.value)}
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
        <form noValidate onSubmit={form.onJoinSubmit} className="flex flex-col gap-4" aria-label={INVITE_LOGIN.formLabel}>
          <FormError id={errorId} message={error?.message ?? link.error ?? linkProblem} />
          {emailField}
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
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-label="Log in with your password">
          <p className="text-sm text-muted-foreground">{INVITE_LOGIN.passwordLead}</p>
          {passwordField}
          <SubmitButton busy={form.submitting} busyLabel="Logging in..." variant="outline">
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
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-label="Log in">
        <FormError id={errorId} message={error?.message ?? link.error ?? linkProblem} />
        {emailField}
        {passwordField}
        <SubmitButton busy={form.submitting} busyLabel="Logging in...">
          Log In
        </SubmitButton>
      </form>
      <SignInLinkButton request={link} onClick={() => void form.onSendLink()} />
      {form.unconfirmed && <ResendConfirmation email={form.unconfirmed} confirmation={form.confirmation} errorId={`${errorId}-resend`} />}
    </AuthPage>
  );
}
