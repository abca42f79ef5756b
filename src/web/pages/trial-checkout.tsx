import { formatUsd } from '@core/money';
import { CircleAlert, FlaskConical, LockKeyhole } from 'lucide-react';
import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { LoadingState, usePageTitle } from '@/components/page';
import type { FromState } from '@/components/route-guards';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api';
import { type CardFields, cardErrors, formatCardNumber, formatCvc, formatExpiry, TEST_CARDS } from '@/lib/card-form';
import { cancelTestCheckout, checkoutPageUrl, payTestCheckout, type TestCheckoutSession, useTestCheckoutSession } from '@/lib/checkout';
import { PRODUCT_NAME } from '@/lib/config';
import { MAIN_ID } from '@/lib/focus';
import { cn } from '@/lib/utils';

const TEST_BANNER = 'Test mode - no real money';
const DECLINED = 'Your card was declined.';
const GENERIC_FAILURE = 'Something went wrong on our side. No money was taken; please try again.';

function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
}

/** Sends this tab to an address the server gave (our success page or the cart). */
function goTo(url: string): void {
  window.location.assign(checkoutPageUrl(url, window.location.origin) ?? '/cart');
}

/**
 * The built-in test checkout (D22, trial mode only): the provider's card page, served by the app
 * at /checkout/test/:id, outside the app shell as a real provider's page would be. Stripe's test
 * cards decide the outcome; paying needs the checkout owner's session.
 */
export default function TrialCheckoutPage() {
  const { id } = useParams();
  const session = useTestCheckoutSession(id);
  /** The server's words when the last card was declined (the session may have closed with it). */
  const [declined, setDeclined] = useState<string | null>(null);
  usePageTitle('Test checkout');

  let content: ReactNode;
  if (session.data) {
    content =
      session.data.status === 'open' ? (
        <PayForm
          session={session.data}
          declined={declined}
          onDeclined={(message) => {
            setDeclined(message);
            void session.refetch();
          }}
          onClosed={() => void session.refetch()}
        />
      ) : (
        <Closed session={session.data} declined={declined} />
      );
  } else if (session.isError && !session.isFetching) {
    const status = isApiError(session.error) ? session.error.status : 0;
    content =
      status === 401 ? (
        <LogInToPay />
      ) : status === 404 ? (
        // Someone else's checkout answers 404 too: the server tells no one whether it exists.
        <Notice
          title="Checkout not found"
          message="This payment page does not exist. Check the link, or start again from your cart."
          action={
            <Button asChild>
              <Link to="/cart">Back to Cart</Link>
            </Button>
          }
        />
      ) : (
        <Notice
          title="This payment page could not be loaded"
          message="Nothing was charged. Try again in a moment."
          action={<Button onClick={() => void session.refetch()}>Try again</Button>}
        />
      );
  } else {
    content = <LoadingState label="Loading checkout..." />;
  }

  return (
    <div className="flex min-h-svh flex-col bg-muted/40">
      <div
        role="note"
        data-testid="test-mode-banner"
        className="flex items-center justify-center gap-2 bg-warning px-4 py-2.5 text-center text-sm font-semibold text-warning-foreground"
      >
        <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
        {TEST_BANNER}
      </div>
      <header className="mx-auto flex w-full max-w-4xl items-center gap-2 px-4 pt-6">
        <BrandMark className="size-7" />
        <span className="font-semibold">{PRODUCT_NAME}</span>
        <span className="text-sm text-muted-foreground">· Test checkout</span>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-6 focus:outline-none md:py-10">
        {content}
      </main>
    </div>
  );
}

function Summary({ session }: { session: TestCheckoutSession }) {
  return (
    <section aria-labelledby="checkout-heading" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 id="checkout-heading" className="text-base font-medium text-muted-foreground">
          Pay {PRODUCT_NAME}
        </h1>
        <p className="text-4xl font-bold tracking-tight tabular-nums" data-testid="checkout-amount">
          {formatUsd(session.amount_cents)}
        </p>
      </div>
      {session.lines.length === 0 && <p className="break-words">{session.description}</p>}
      {session.lines.length > 0 && (
        <ul className="flex flex-col divide-y rounded-lg border bg-card text-sm" aria-label="Items">
          {session.lines.map((line, index) => (
            <li key={index} className="flex items-start justify-between gap-4 px-4 py-3">
              <span className="min-w-0 break-words">
                {line.name}
                <span className="block text-muted-foreground">
                  {line.quantity} × {formatUsd(line.unit_amount_cents)}
                </span>
              </span>
              <span className="font-medium tabular-nums">{formatUsd(line.unit_amount_cents * line.quantity)}</span>
            </li>
          ))}
        </ul>
      )}
      {session.status === 'open' && <p className="text-sm text-muted-foreground">This page takes payment until {timeOf(session.expires_at)}.</p>}
    </section>
  );
}

function PayForm({
  session,
  declined,
  onDeclined,
  onClosed,
}: {
  session: TestCheckoutSession;
  declined: string | null;
  onDeclined: (message: string) => void;
  onClosed: () => void;
}) {
  const formErrorId = useId();
  const numberRef = useRef<HTMLInputElement>(null);
  const [fields, setFields] = useState<CardFields>({ name: '', number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof CardFields, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState<'pay' | 'cancel' | 'redirect' | null>(null);
  const [formError, setFormError] = useState<{ title: string; message?: string } | null>(() => (declined ? { title: declined } : null));
  const [signedOut, setSignedOut] = useState(false);
  const errors = cardErrors(fields);
  const shown = (field: keyof CardFields) => (submitted || touched[field] ? errors[field] : undefined);
  const amount = formatUsd(session.amount_cents);

  const set = (field: keyof CardFields, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    if (formError) setFormError(null);
  };
  const blur = (field: keyof CardFields) => () => setTouched((current) => ({ ...current, [field]: true }));

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
        // Stays here if the session still takes payment; if the decline closed it, the page says so.
        const message = error.message || DECLINED;
        setFormError({ title: message });
        onDeclined(message);
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
            <Field
              label="Name on card"
              name="name"
              autoComplete="cc-name"
              value={fields.name}
              onChange={(e) => set('name', e.target.value)}
              onBlur={blur('name')}
              error={shown('name')}
            />
            <Field
              ref={numberRef}
              label="Card number"
              name="number"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              value={fields.number}
              onChange={(e) => set('number', formatCardNumber(e.target.value))}
              onBlur={blur('number')}
              error={shown('number')}
              className="font-mono tracking-wide"
            />
            <div className="grid grid-cols-2 gap-4">
              <Field
                label="Expiry (MM/YY)"
                name="expiry"
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                value={fields.expiry}
                onChange={(e) => set('expiry', formatExpiry(e.target.value))}
                onBlur={blur('expiry')}
                error={shown('expiry')}
              />
              <Field
                label="CVC"
                name="cvc"
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                value={fields.cvc}
                onChange={(e) => set('cvc', formatCvc(e.target.value))}
                onBlur={blur('cvc')}
                error={shown('cvc')}
              />
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
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn('h-10', className)}
        {...props}
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function Closed({ session, declined }: { session: TestCheckoutSession; declined: string | null }) {
  const status = session.status;
  const paid = status === 'paid';
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Replacing the form after a decline: bring focus to what the page says now.
  useEffect(() => {
    if (declined) headingRef.current?.focus();
  }, [declined]);
  const title = paid ? 'Already paid' : status === 'declined' ? 'Card declined' : 'Checkout closed';
  const message = paid
    ? 'This checkout is already paid. Your squares are on My Squares.'
    : status === 'declined'
      ? 'No money was taken and your squares were released. This payment page has closed: go back to your cart and pay again to use another card.'
      : status === 'expired'
        ? 'This payment page has expired. No money was taken and the squares were released; start again from your cart.'
        : status === 'cancelled'
          ? 'This checkout was cancelled. No money was taken; start again from your cart.'
          : 'This checkout no longer takes payment. No money was taken; start again from your cart.';
  return (
    <div className="grid items-start gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] md:gap-12">
      <Summary session={session} />
      <Card data-testid="checkout-closed">
        <CardHeader>
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
            {title}
          </h2>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {status === 'declined' && (
            <Alert variant="destructive" data-testid="checkout-error">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>{declined ?? DECLINED}</AlertTitle>
            </Alert>
          )}
          <p className="text-muted-foreground">{message}</p>
          <Button asChild className="self-start">
            <Link to={paid ? '/my-squares' : '/cart'}>{paid ? 'View My Squares' : 'Back to Cart'}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function LogInToPay() {
  const location = useLocation();
  return (
    <Notice
      title="Log in to pay"
      message="This checkout belongs to the account that started it. Log in with that account and you will come back to this page."
      action={
        <Button asChild>
          <Link to="/login" state={{ from: location } satisfies FromState}>
            Log In
          </Link>
        </Button>
      }
    />
  );
}

function Notice({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  return (
    <Card className="mx-auto w-full max-w-md" data-testid="checkout-notice">
      <CardHeader>
        <h1 className="text-xl font-semibold">{title}</h1>
        <CardDescription className="text-base">{message}</CardDescription>
      </CardHeader>
      {action && <CardContent>{action}</CardContent>}
    </Card>
  );
}
