import { KeyRound, MailCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { SUCCESS_TOASTS } from '@core/messages';
import { validateForgotPasswordEmail } from '@core/validation';
import { AuthPage, FormError } from './auth-form';
import { DevMailboxHint } from './dev-mailbox-hint';
import { EmailField, SubmitButton } from './auth-fields';
import { LinkButton } from '@/components/link-button';
import { Button } from '@/components/ui/button';
import { authApi, resetEmailErrorMessage } from './auth';
import { useAppConfig } from '@/lib/config';

const backToLogin = (
  <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
    Back to Login
  </Link>
);

/** Spec section 2 /forgot-password: "Reset Password", then "Email Sent" (resettable). */
export default function ForgotPasswordPage() {
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  useAppConfig(); // for the Dev Mailbox hint, fetched before it is needed

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const result = validateForgotPasswordEmail(email);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await authApi.requestPasswordReset(result.value);
      setSentTo(result.value);
      toast.success(SUCCESS_TOASTS.resetEmailSent);
    } catch (cause) {
      const message = resetEmailErrorMessage(cause);
      setError(message);
      toast.error(message);
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <AuthPage
        title="Email Sent"
        icon={<MailCheck />}
        description={
          <>
            If an account exists for <strong className="break-all text-foreground">{sentTo}</strong>, we sent it a link to choose a new password. The link works
            once and expires within an hour.
          </>
        }
      >
        <DevMailboxHint />
        <div className="flex flex-col gap-2">
          <Button
            variant="outline"
            className="w-full"
            onClick={() => {
              setSentTo(null);
              setEmail('');
            }}
          >
            Send Another Email
          </Button>
          <LinkButton className="w-full" to="/login">
            Back to Login
          </LinkButton>
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Reset Password"
      description="Enter your email address and we will send you a link to reset your password."
      icon={<KeyRound />}
      footer={<p>Remembered it? {backToLogin}</p>}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Reset password">
        <FormError id={errorId} message={error} />
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} errorId={error ? errorId : null} />
        <SubmitButton busy={submitting} busyLabel="Sending...">
          Send Reset Link
        </SubmitButton>
      </form>
    </AuthPage>
  );
}
