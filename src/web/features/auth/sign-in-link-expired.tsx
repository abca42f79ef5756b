import { SIGN_IN_LINK } from '@core/messages';
import { MailCheck, MailWarning } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { authApi, signInLinkErrorMessage } from './auth';
import { AuthPage, FormError, FormNotice } from './auth-form';
import { DevMailboxHint } from './dev-mailbox-hint';

/**
 * D46: a used or expired sign-in link comes back to /login with its ticket: one tap sends a new
 * one, to the same address and the same game (`next`). `onOtherWay` leads to the login form.
 */
export function SignInLinkExpired({ ticket, next, onOtherWay }: { ticket: string; next: string; onOtherWay: () => void }) {
  const errorId = useId();
  const [resend, setResendState] = useState<{ status: 'idle' | 'sending' | 'sent'; error: string | null }>({ status: 'idle', error: null });

  if (resend.status === 'sent') {
    return (
      <AuthPage title={SIGN_IN_LINK.sentTitle} icon={<MailCheck />}>
        <FormNotice>{SIGN_IN_LINK.resent}</FormNotice>
        <DevMailboxHint />
      </AuthPage>
    );
  }

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
      <Button variant="ghost" className="w-full" onClick={onOtherWay}>
        {SIGN_IN_LINK.otherWay}
      </Button>
    </AuthPage>
  );
}
