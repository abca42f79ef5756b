import { MailCheck, ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_TEXTS } from '@core/messages';
import { AuthPage, FormError, FormNotice } from './auth-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { undoEmailChange } from '@/features/account/account';
import { isApiError } from '@/lib/api';
import { focusPageHeading } from '@/lib/focus';
import { useSessionActions } from '@/lib/session';

const TRY_AGAIN = 'Something went wrong. Please try again.';

const toLogin = (
  <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
    Go to the login page
  </Link>
);

/**
 * /email-undo?token=... (docs/decisions/039): opened from the notice the old address got after an
 * e-mail change. Nothing happens until the button is pressed (mail scanners open links too); then
 * the old address is back, every device is signed out, and a reset link goes to that address.
 */
export default function EmailUndoPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { refresh } = useSessionActions();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : ACCOUNT_TEXTS.undoInvalid);
  const [busy, setBusy] = useState(false);

  async function undo() {
    setBusy(true);
    setError(null);
    try {
      setDone((await undoEmailChange(token)).message);
      // This browser's session, if it had one, ended with all the others.
      await refresh();
    } catch (err) {
      setError(isApiError(err) ? err.message : TRY_AGAIN);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (done) focusPageHeading();
  }, [done]);

  if (done) {
    return (
      <AuthPage title="Your address is back" icon={<MailCheck />} footer={toLogin}>
        <FormNotice>{done}</FormNotice>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={ACCOUNT_TEXTS.undoTitle} icon={<ShieldAlert />} footer={toLogin}>
      <p className="text-sm text-muted-foreground">{ACCOUNT_TEXTS.undoExplained}</p>
      <FormError id="email-undo-error" message={error} />
      {token && (
        <Button type="button" className="h-auto min-h-11 w-full py-2 whitespace-normal" disabled={busy} onClick={() => void undo()}>
          {busy && <Spinner aria-hidden="true" />}
          {busy ? ACCOUNT_TEXTS.undoBusy : ACCOUNT_TEXTS.undoButton}
        </Button>
      )}
    </AuthPage>
  );
}
