import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { BrandMark } from '@/features/shell/brand-mark';
import { LinkButton } from '@/components/link-button';
import { LoadingState, usePageTitle } from '@/components/page';
import { PayForm } from './pay-form';
import { Closed, LogInToPay, Notice } from './test-checkout-parts';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api';
import { useTestCheckoutSession } from './checkout';
import { PRODUCT_NAME } from '@/lib/config';
import { MAIN_ID } from '@/lib/focus';

const TEST_BANNER = 'Test mode - no real money';

/**
 * The built-in test checkout (D22, trial mode only): the provider's card page, served by the app
 * at /checkout/test/:id, outside the app shell as a real provider's page would be. Stripe's test
 * cards decide the outcome; paying needs the checkout owner's session. A declined card leaves the
 * page open for another try until it expires (D45).
 */
export default function TestCheckoutPage() {
  const { id } = useParams();
  const session = useTestCheckoutSession(id);
  usePageTitle('Test checkout');

  let content: ReactNode;
  if (session.data) {
    content = session.data.status === 'open' ? <PayForm session={session.data} onClosed={() => void session.refetch()} /> : <Closed session={session.data} />;
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
          action={<LinkButton to="/cart">Back to Cart</LinkButton>}
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
