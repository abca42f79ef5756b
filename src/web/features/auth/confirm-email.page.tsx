import { MailCheck, MailWarning } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CONFIRMATION_MAIL, confirmationSent } from '@core/messages';
import { validateForgotPasswordEmail } from '@core/validation';
import { AuthPage, FormError, FormNotice } from './auth-form';
import { DevMailboxHint } from './dev-mailbox-hint';
import { EmailField, SubmitButton } from './auth-fields';
import { useConfirmationResend } from './use-confirmation-resend';
import { LinkButton } from '@/components/link-button';
import { LoadingState } from '@/components/page';
import { useAppConfig } from '@/lib/config';
import { focusPageHeading } from '@/lib/focus';
import { useSession } from '@/lib/session';

const backToLogin = (
  <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
    Back to Login
  </Link>
);

/** What the page says for Better Auth's ?error=... code (TOKEN_EXPIRED, INVALID_TOKEN, USER_NOT_FOUND, ...). */
function linkProblem(error: string | null): { title: string; description: string } {
  if (error === 'TOKEN_EXPIRED') return { title: CONFIRMATION_MAIL.expiredTitle, description: CONFIRMATION_MAIL.expired };
  if (error !== null) return { title: CONFIRMATION_MAIL.invalidTitle, description: CONFIRMATION_MAIL.invalid };
  return { title: CONFIRMATION_MAIL.resendTitle, description: CONFIRMATION_MAIL.resend };
}

/**
 * /confirm-email (issue 11): where an expired or broken confirmation link lands (/login sends
 * ?error=... on here), with a form for a new confirmation mail. The answer is the same for any
 * address, so the page tells nobody which addresses have accounts.
 */
export default function ConfirmEmailPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const resend = useConfirmationResend();
  useAppConfig(); // for the Dev Mailbox hint, fetched before it is needed

  // The sent screen replaces the form: start reading at its heading.
  useEffect(() => {
    if (resend.sentTo) focusPageHeading();
  }, [resend.sentTo]);

  if (session.status === 'loading') return <LoadingState />;

  if (session.status === 'signed-in') {
    // Only confirmed accounts can log in.
    return (
      <AuthPage title={CONFIRMATION_MAIL.signedInTitle} icon={<MailCheck />}>
        <FormNotice>{CONFIRMATION_MAIL.signedIn}</FormNotice>
        <LinkButton className="w-full" to="/">
          Go to Home
        </LinkButton>
      </AuthPage>
    );
  }

  if (resend.sentTo) {
    return (
      <AuthPage title={CONFIRMATION_MAIL.sentTitle} icon={<MailCheck />}>
        <FormNotice>{confirmationSent(resend.sentTo)}</FormNotice>
        <DevMailboxHint />
        <LinkButton className="w-full" to="/login">
          Back to Login
        </LinkButton>
      </AuthPage>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateForgotPasswordEmail(email);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    await resend.send(result.value);
  }

  const problem = linkProblem(params.get('error'));
  const message = error ?? resend.error;
  return (
    <AuthPage title={problem.title} description={problem.description} icon={<MailWarning />} footer={<p>Already confirmed? {backToLogin}</p>}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="New confirmation link">
        <FormError id={errorId} message={message} />
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} errorId={error ? errorId : null} />
        <SubmitButton busy={resend.sending} busyLabel={CONFIRMATION_MAIL.resending}>
          {CONFIRMATION_MAIL.resendButton}
        </SubmitButton>
      </form>
    </AuthPage>
  );
}
