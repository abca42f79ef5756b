/** The test checkout's card page's form (D22): the card's fields, checked as typed, then Pay or Cancel. */
import { formatUsd } from '@core/money';
import { CircleAlert, LockKeyhole } from 'lucide-react';
import { type ChangeEvent, type ComponentProps, type FormEvent, useId, useRef, useState } from 'react';
import { fieldAria, FormField } from '@/components/form-field';
import { DECLINED, LogInToPay, Summary } from './test-checkout-parts';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api';
import { type CardFields, cardErrors, formatCardNumber, formatCvc, formatExpiry, TEST_CARDS } from './card-form';
import { cancelTestCheckout, checkoutPageUrl, payTestCheckout, type TestCheckoutSession } from './checkout';
import { cn } from '@/lib/utils';

const GENERIC_FAILURE = 'Something went wrong on our side. No money was taken; please try again.';
const DECLINED_HINT = 'No money was taken and your squares are still held. Try another card before this page expires.';

/** Sends this tab to an address the server gave (our success page or the cart). */
function goTo(url: string): void {
  window.location.assign(checkoutPageUrl(url, window.location.origin) ?? '/cart');
}

export function PayForm({ session, onClosed }: { session: TestCheckoutSession; onClosed: () => void }) {
  const formErrorId = useId();
  const numberRef = useRef<HTMLInputElement>(null);
  const [fields, setFields] = useState<CardFields>({ name: '', number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof CardFields, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState<'pay' | 'cancel' | 'redirect' | null>(null);
  const [formError, setFormError] = useState<{ title: string; message?: string } | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const errors = cardErrors(fields);
  const shown = (field: keyof CardFields) => (submitted || touched[field] ? errors[field] : undefined);
  const amount = formatUsd(session.amount_cents);

  /** A card field's wiring: its value (reformatted as typed by `format`), touched on blur, and its message once shown. */
  const bind = (field: keyof CardFields, format: (value: string) => string = (value) => value) => ({
    name: field,
    value: fields[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setFields((current) => ({ ...current, [field]: format(event.target.value) }));
      if (formError) setFormError(null);
    },
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: shown(field),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setFormError(null);
    const firstInvalid = (['name', 'number', 'expiry', 'cvc'] as const).find((field) => errors[field]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setBusy('pay');
    try {
      const { redirect_url } = await payTestCheckout(session.session_id, {
        card_number: fields.number.replace(/\s/g, ''),
        expiry: fields.expiry,
        cvc: fields.cvc,
        name: fields.name.trim(),
      });
      setBusy('redirect');
      goTo(redirect_url);
    } catch (error) {
      setBusy(null);
      if (isApiError(error) && error.status === 401) {
        setSignedOut(true);
      } else if (isApiError(error) && error.code === 'CARD_DECLINED') {
        // D45: the page stays open and the squares held; another card (or the same) can be tried.
        setFormError({ title: error.message || DECLINED, message: DECLINED_HINT });
        numberRef.current?.focus();
        numberRef.current?.select();
      } else if (isApiError(error) && error.status === 409) {
        // The checkout closed meanwhile (expired, cancelled, replaced): show what it is now.
        setFormError({ title: error.message });
        onClosed();
      } else if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) {
        setFormError({ title: error.message });
      } else {
        setFormError({ title: GENERIC_FAILURE });
      }
    }
  }

  async function onCancel() {
    if (busy) return;
    setBusy('cancel');
    try {
      const { redirect_url } = await cancelTestCheckout(session.session_id);
      setBusy('redirect');
      goTo(redirect_url);
    } catch (error) {
      setBusy(null);
      if (isApiError(error) && error.status === 401) setSignedOut(true);
      else setFormError({ title: isApiError(error) && error.status < 500 && error.message ? error.message : GENERIC_FAILURE });
    }
  }

  if (signedOut) return <LogInToPay />;

  return (
    <div className="grid items-start gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] md:gap-12">
      <Summary session={session} />
      <Card className="gap-5">
        <CardHeader>
          <h2 className="text-lg font-semibold">Pay with card</h2>
          <CardDescription>
            Use a test card: <span className="font-mono whitespace-nowrap text-foreground">{TEST_CARDS.pays}</span> pays,{' '}
            <span className="font-mono whitespace-nowrap text-foreground">{TEST_CARDS.declined}</span> is declined. Any future expiry date, any CVC.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} aria-label="Card payment" aria-describedby={formError ? formErrorId : undefined} className="flex flex-col gap-4">
            {formError && (
              <Alert variant="destructive" id={formErrorId} data-testid="checkout-error">
                <CircleAlert aria-hidden="true" />
                <AlertTitle>{formError.title}</AlertTitle>
                {formError.message && (
                  <AlertDescription>
                    <p>{formError.message}</p>
                  </AlertDescription>
                )}
              </Alert>
            )}
            <Field label="Name on card" autoComplete="cc-name" {...bind('name')} />
            <Field
              ref={numberRef}
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              {...bind('number', formatCardNumber)}
              className="font-mono tracking-wide"
            />
            <div className="grid grid-cols-2 gap-4">
              <Field label="Expiry (MM/YY)" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" {...bind('expiry', formatExpiry)} />
              <Field label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" {...bind('cvc', formatCvc)} />
            </div>
            {/*
              mousedown would blur the field being typed in first, and the message that blur shows
              could move the button away before the click lands: the buttons keep focus where it is.
            */}
            <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy !== null} onMouseDown={(event) => event.preventDefault()}>
              {busy === 'pay' || busy === 'redirect' ? <Spinner label="Processing..." /> : <LockKeyhole aria-hidden="true" />}
              {busy === 'pay' || busy === 'redirect' ? 'Processing...' : `Pay ${amount}`}
            </Button>
            <Button
              type="button"
              variant="outline"
              className="w-full"
              disabled={busy !== null}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void onCancel()}
            >
              {busy === 'cancel' && <Spinner label="Cancelling..." />}
              Cancel
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

function Field({ label, error, className, ref, ...props }: ComponentProps<'input'> & { label: string; name: keyof CardFields; error?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <FormField id={id} label={label} error={error} errorId={errorId} className="gap-1.5">
      <Input ref={ref} id={id} {...fieldAria(error ? errorId : null)} className={cn('h-10', className)} {...props} />
    </FormField>
  );
}
