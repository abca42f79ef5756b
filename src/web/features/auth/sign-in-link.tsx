import { MailCheck } from 'lucide-react';
import { useEffect, useId } from 'react';
import { SIGN_IN_LINK, signInLinkSent } from '@core/messages';
import { AuthPage, FormError, FormNotice } from './auth-form';
import { DevMailboxHint } from './dev-mailbox-hint';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { authApi, signInLinkErrorMessage } from './auth';
import { focusPageHeading } from '@/lib/focus';
import { useMailRequest } from './use-mail-request';

/** D29: asking for a sign-in link, for the address typed on /login; `next` is where the link comes back to. */
export function useSignInLink(next: string) {
  return useMailRequest((email) => authApi.sendSignInLink(email, next), signInLinkErrorMessage);
}

export type SignInLinkRequest = ReturnType<typeof useSignInLink>;

/** "Email me a sign-in link": the second way in, under the password form. */
export function SignInLinkButton({ request, onClick }: { request: SignInLinkRequest; onClick: () => void }) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <p className="text-center text-sm text-muted-foreground">{SIGN_IN_LINK.offer}</p>
      <Button type="button" variant="outline" className="w-full" disabled={request.sending} onClick={onClick} data-testid="send-sign-in-link">
        {request.sending && <Spinner label={SIGN_IN_LINK.sending} />}
        {request.sending ? SIGN_IN_LINK.sending : SIGN_IN_LINK.button}
      </Button>
    </div>
  );
}

/** "Check Your Email" after a link was sent: the address, Send again, Use a different e-mail. */
export function SignInLinkSent({ request, email }: { request: SignInLinkRequest; email: string }) {
  const errorId = useId();
  // The page changed under the reader: start at its heading.
  useEffect(() => focusPageHeading(), []);
  return (
    <AuthPage title={SIGN_IN_LINK.sentTitle} icon={<MailCheck />}>
      <FormNotice>{signInLinkSent(email)}</FormNotice>
      {request.sends > 1 && (
        <p className="text-sm text-muted-foreground" role="status">
          {SIGN_IN_LINK.sentAgain}
        </p>
      )}
      <DevMailboxHint />
      <FormError id={errorId} message={request.error} />
      <div className="flex flex-col gap-2">
        <Button type="button" variant="outline" className="w-full" disabled={request.sending} onClick={() => void request.send(email)}>
          {request.sending && <Spinner label={SIGN_IN_LINK.sending} />}
          {request.sending ? SIGN_IN_LINK.sending : SIGN_IN_LINK.sendAgain}
        </Button>
        <Button type="button" variant="ghost" className="w-full" onClick={request.reset}>
          {SIGN_IN_LINK.differentEmail}
        </Button>
      </div>
    </AuthPage>
  );
}
