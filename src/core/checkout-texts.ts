/**
 * What a page says about a checkout that ended without a payment (D21, D22): the waiting panel on
 * /payment, the success page, and the test checkout's card page. Our texts: the spec words none of them.
 */

/** The end states of a checkout that took no money. */
export type ClosedCheckoutStatus = 'declined' | 'expired' | 'cancelled';

export function isClosedWithoutPayment(status: string): status is ClosedCheckoutStatus {
  return status === 'declined' || status === 'expired' || status === 'cancelled';
}

/** The waiting panel on /payment (the buyer's own squares). */
const WAITING_CLOSED: Record<ClosedCheckoutStatus, string> = {
  declined: 'Your card was declined, so no money was taken. Your squares were released.',
  expired: 'The payment page expired before a payment was made. No money was taken and your squares were released.',
  cancelled: 'The payment was cancelled. No money was taken and your squares were released.',
};

/** The success page, reached with a checkout that was not paid. */
const SUCCESS_CLOSED: Record<ClosedCheckoutStatus, string> = {
  declined: 'Your card was declined, so no money was taken. The squares were released; you can try again from your cart.',
  expired: 'The payment page expired before a payment was made. No money was taken and the squares were released.',
  cancelled: 'The payment was cancelled. No money was taken and the squares were released.',
};

/** Any other end state is told as cancelled. */
const closedKey = (status: string): ClosedCheckoutStatus => (status === 'declined' || status === 'expired' ? status : 'cancelled');

export function waitingClosedText(status: string): string {
  return WAITING_CLOSED[closedKey(status)];
}

export function successClosedText(status: string): string {
  return SUCCESS_CLOSED[closedKey(status)];
}

/** The test checkout's card page (D22) once its session no longer takes payment: a title, a line, and where to go next. */
export interface TestCheckoutClosedTexts {
  readonly title: string;
  readonly message: string;
  readonly link: { readonly to: '/my-squares' | '/cart'; readonly label: string };
}

export function testCheckoutClosedTexts(status: string): TestCheckoutClosedTexts {
  if (status === 'paid') {
    return {
      title: 'Already paid',
      message: 'This checkout is already paid. Your squares are on My Squares.',
      link: { to: '/my-squares', label: 'View My Squares' },
    };
  }
  const back = { to: '/cart', label: 'Back to Cart' } as const;
  switch (status) {
    case 'declined':
      return {
        title: 'Card declined',
        message: 'No money was taken and your squares were released. This payment page has closed: go back to your cart and pay again to use another card.',
        link: back,
      };
    case 'expired':
      return {
        title: 'Checkout closed',
        message: 'This payment page has expired. No money was taken and the squares were released; start again from your cart.',
        link: back,
      };
    case 'cancelled':
      return { title: 'Checkout closed', message: 'This checkout was cancelled. No money was taken; start again from your cart.', link: back };
    default:
      return { title: 'Checkout closed', message: 'This checkout no longer takes payment. No money was taken; start again from your cart.', link: back };
  }
}
