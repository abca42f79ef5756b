import { BellOff, BellRing, MailWarning } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { UNSUBSCRIBE_TEXTS } from '@core/mail-kinds';
import { AuthPage, FormError, FormNotice } from '@/features/auth/auth-form';
import { LoadingState } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api';
import { focusPageHeading } from '@/lib/focus';
import { setByLink, type UnsubscribeResponse } from './mail-preferences';

const TRY_AGAIN = 'Something went wrong. Please try again.';

const toAccount = (
  <Link to="/account" className="font-medium text-primary underline-offset-4 hover:underline">
    Choose all your mails on your account page
  </Link>
);

/**
 * /unsubscribe?token=... (D40; docs/decisions/037): opened from a mail's footer, it turns that
 * mail's kind off at once (no login: the link is signed) and says which kind, with a button to
 * turn it back on (a link scanner that opened the link is undone with one click).
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<UnsubscribeResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  async function change(on: boolean) {
    setBusy(true);
    setError(null);
    try {
      setState(await setByLink(token, on));
    } catch (err) {
      setError(isApiError(err) ? err.message : TRY_AGAIN);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) setError(UNSUBSCRIBE_TEXTS.badLink);
    else void change(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the link is opened
  }, []);

  useEffect(() => {
    if (state || error) focusPageHeading();
  }, [state, error]);

  if (!state && !error) return <LoadingState />;
  if (!state) {
    return (
      <AuthPage title="This link did not work" icon={<MailWarning />} footer={toAccount}>
        <FormError id="unsubscribe-error" message={error} />
      </AuthPage>
    );
  }
  return (
    <AuthPage title={state.on ? 'Mails turned back on' : 'Unsubscribed'} icon={state.on ? <BellRing /> : <BellOff />} footer={toAccount}>
      <FormNotice>{state.message}</FormNotice>
      {!state.on && <p className="text-sm text-muted-foreground">{UNSUBSCRIBE_TEXTS.doneDetail}</p>}
      <FormError id="unsubscribe-error" message={error} />
      <Button
        type="button"
        variant={state.on ? 'outline' : 'default'}
        className="h-auto min-h-11 w-full py-2 whitespace-normal text-balance"
        disabled={busy}
        onClick={() => void change(!state.on)}
      >
        {busy && <Spinner aria-hidden="true" />}
        {state.on ? UNSUBSCRIBE_TEXTS.turnOffAgain : `${UNSUBSCRIBE_TEXTS.turnBackOn}: "${state.label}"`}
      </Button>
    </AuthPage>
  );
}
