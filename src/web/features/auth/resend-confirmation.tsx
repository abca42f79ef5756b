import { CONFIRMATION_MAIL, confirmationSentFromLogin } from '@core/messages';
import { MailWarning } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { FormError, FormNotice } from './auth-form';
import { DevMailboxHint } from './dev-mailbox-hint';
import type { useConfirmationResend } from './use-confirmation-resend';

/**
 * Under the login form once an address was refused with "Please confirm your email" (its password
 * was right): the offer of a new confirmation mail (issue 11), then where it went.
 */
export function ResendConfirmation({
  email,
  confirmation,
  errorId,
}: {
  email: string;
  confirmation: ReturnType<typeof useConfirmationResend>;
  errorId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  // Focus follows the offer's answer: the button it replaces is gone.
  useEffect(() => {
    if (confirmation.sentTo) box.current?.focus();
  }, [confirmation.sentTo]);
  return (
    <div ref={box} tabIndex={-1} data-testid="resend-confirmation" className="flex flex-col gap-3 rounded-md border bg-muted/40 p-3 text-sm outline-none">
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
          <FormError id={errorId} message={confirmation.error} />
          <Button variant="outline" className="w-full" disabled={confirmation.sending} onClick={() => void confirmation.send(email)}>
            {confirmation.sending && <Spinner label={CONFIRMATION_MAIL.resending} />}
            {confirmation.sending ? CONFIRMATION_MAIL.resending : CONFIRMATION_MAIL.resendButton}
          </Button>
        </>
      )}
    </div>
  );
}
