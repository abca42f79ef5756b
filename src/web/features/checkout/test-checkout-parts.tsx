/** The pieces of the test checkout's card page (D22): the order, a closed checkout, and its notices. */
import { testCheckoutClosedTexts } from '@core/checkout-texts';
import { formatUsd } from '@core/money';
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { LinkButton, LoginLink } from '@/components/link-button';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import type { TestCheckoutSession } from './checkout';
import { PRODUCT_NAME } from '@/lib/config';
import { clockTime } from '@/lib/time';

export const DECLINED = 'Your card was declined.';

export function Summary({ session }: { session: TestCheckoutSession }) {
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
      {session.status === 'open' && <p className="text-sm text-muted-foreground">This page takes payment until {clockTime(session.expires_at)}.</p>}
    </section>
  );
}

export function Closed({ session }: { session: TestCheckoutSession }) {
  const status = session.status;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Replacing the form (the page expired or was closed while open): bring focus to what the page says now.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const { title, message, link } = testCheckoutClosedTexts(status);
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
          {/* A page a declined card closed before D45. */}
          {status === 'declined' && (
            <Alert variant="destructive" data-testid="checkout-error">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>{DECLINED}</AlertTitle>
            </Alert>
          )}
          <p className="text-muted-foreground">{message}</p>
          <LinkButton className="self-start" to={link.to}>
            {link.label}
          </LinkButton>
        </CardContent>
      </Card>
    </div>
  );
}

export function LogInToPay() {
  return (
    <Notice
      title="Log in to pay"
      message="This checkout belongs to the account that started it. Log in with that account and you will come back to this page."
      action={<LoginLink />}
    />
  );
}

export function Notice({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
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
