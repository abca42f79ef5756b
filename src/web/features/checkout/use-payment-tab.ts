/**
 * The payment tab (spec section 7 "Payment", D21): /payment opens the provider's payment page in a
 * new tab (on a phone in this tab, D45), remembers that checkout for this tab (a reload, or Back
 * from the payment page, shows the waiting panel), follows its status, and leaves for the success
 * page once it is paid.
 */
import { type Cart, checkoutGameId, serializeCart } from '@core/cart';
import { waitingClosedText } from '@core/checkout-texts';
import { CART_PAYMENT_ERRORS, ORGANIZER_TEXTS, SUCCESS_TOASTS } from '@core/messages';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { isApiError } from '@/lib/api';
import { paysInSameTab } from '@/lib/use-mobile';
import { cartStore, useCart } from './cart';
import type { CheckoutCreated, Reservation } from '@core/api/checkout';
import {
  type CheckoutFailure,
  checkoutFailure,
  checkoutPageUrl,
  createCheckout,
  PENDING_CHECKOUT_KEY,
  paymentSuccessPath,
  useCheckoutStatus,
} from './checkout';

/** A checkout whose payment page is open in another tab. Kept per tab so a reload keeps the panel. */
export interface PendingCheckout {
  checkout_id: string;
  url: string;
  amount_cents: number;
  game_id: string;
  expires_at: string;
  /** What was bought, as the cart said when Pay was clicked. */
  cart: Cart;
  startedAt: number;
  /** D45: the payment page was opened in this tab (a phone); absent in panels saved before. */
  sameTab?: boolean;
}

function readPending(): PendingCheckout | null {
  try {
    const text = window.sessionStorage.getItem(PENDING_CHECKOUT_KEY);
    const value = text ? (JSON.parse(text) as PendingCheckout) : null;
    if (!value || typeof value.checkout_id !== 'string' || typeof value.url !== 'string') return null;
    // A checkout's page stops taking payment at expires_at; after that the panel has nothing to wait for.
    return Date.parse(value.expires_at) > Date.now() ? value : null;
  } catch {
    return null;
  }
}

function writePending(value: PendingCheckout | null): void {
  try {
    if (value) window.sessionStorage.setItem(PENDING_CHECKOUT_KEY, JSON.stringify(value));
    else window.sessionStorage.removeItem(PENDING_CHECKOUT_KEY);
  } catch {
    // Only a convenience for reloads.
  }
}

/**
 * A blank tab opened now, inside the click, so pop-up blockers allow it; it is sent to the payment
 * page once the server has answered, or closed if it fails. Null when the browser refused it.
 */
function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  try {
    // The payment page gets no handle on this tab (no reverse tabnabbing).
    tab.opener = null;
    tab.document.title = 'Opening payment page...';
    const note = tab.document.createElement('p');
    note.textContent = 'Opening the secure payment page...';
    note.style.font = '16px system-ui, sans-serif';
    note.style.margin = '2rem';
    tab.document.body.append(note);
  } catch {
    // Writing the placeholder is a nicety only.
  }
  return tab;
}

/** D28: reserved squares are the buyer's: they leave the cart. */
export function removeReserved(reservation: Reservation): void {
  for (const square of reservation.squares) cartStore.remove(square.game_id, square);
}

/**
 * The checkout this tab waits for, and `open`, which starts a checkout for a checked cart in a new
 * tab (call it inside the click). A checkout still waiting (e.g. after a reload) is kept while the
 * cart is what it was bought from, or empty because the payment tab already cleared it.
 */
export function usePaymentTab() {
  const cart = useCart();
  const [pending, setPendingState] = useState<PendingCheckout | null>(() => {
    const saved = readPending();
    return saved && (cart.length === 0 || serializeCart(cart) === serializeCart(saved.cart)) ? saved : null;
  });
  const [opening, setOpening] = useState(false);

  const setPending = (value: PendingCheckout | null) => {
    writePending(value);
    setPendingState(value);
  };

  /**
   * D28: squares of organizer-collects games are the buyer's as soon as the server answers: they
   * leave the cart, and a refusal of that part (while a card part went ahead) is said.
   */
  function settleReservation(created: CheckoutCreated): void {
    if (created.reservation) removeReserved(created.reservation);
    if (created.reservation_error) toast.error(created.reservation_error.message);
  }

  /** D28: a cart of organizer-collects games only: reserved at once, no payment page. */
  async function reserve(checked: Cart, notes: string | undefined): Promise<{ reservation: Reservation } | { failure: CheckoutFailure }> {
    setOpening(true);
    try {
      const created = await createCheckout({ cart: checked, notes });
      if (!created.reservation) return { failure: { kind: 'error', message: created.reservation_error?.message ?? CART_PAYMENT_ERRORS.noCheckoutUrl } };
      // The caller shows the reservation and then takes its squares out of the cart (removeReserved),
      // in one render: an emptied cart alone would send /payment back to /cart.
      toast.success(ORGANIZER_TEXTS.squaresReserved);
      return { reservation: created.reservation };
    } catch (error) {
      return { failure: checkoutFailure(error) };
    } finally {
      setOpening(false);
    }
  }

  /**
   * Null once the payment page is open (or this tab is on its way there); else why not. On a
   * desktop the page opens in a new tab (spec); on a phone this tab goes there (D45), after the
   * waiting panel is saved for this tab, so Back from the payment page shows it.
   */
  async function open(checked: Cart, notes: string | undefined): Promise<CheckoutFailure | null> {
    const sameTab = paysInSameTab();
    const tab = sameTab ? null : openBlankTab();
    if (!sameTab && !tab) return { kind: 'error', message: CART_PAYMENT_ERRORS.popupBlocked };
    setOpening(true);
    try {
      const created = await createCheckout({ cart: checked, notes });
      const url = checkoutPageUrl(created?.url, window.location.origin);
      if (!url || !created.checkout_id || !created.expires_at) {
        tab?.close();
        return { kind: 'error', message: CART_PAYMENT_ERRORS.noCheckoutUrl };
      }
      if (tab) {
        tab.location.href = url;
        toast.success(SUCCESS_TOASTS.paymentPageOpened);
      }
      settleReservation(created);
      // What the card page takes: the cart without a reserved organizer part.
      const reserved = new Set((created.reservation?.squares ?? []).map((square) => `${square.game_id}:${square.x},${square.y}`));
      const paying = checked
        .map((item) => ({ ...item, squares: item.squares.filter((square) => !reserved.has(`${item.game_id}:${square.x},${square.y}`)) }))
        .filter((item) => item.squares.length > 0);
      setPending({
        checkout_id: created.checkout_id,
        url,
        amount_cents: created.amount_cents,
        game_id: created.game_id ?? checkoutGameId(checked) ?? 'multiple',
        expires_at: created.expires_at,
        cart: paying,
        startedAt: Date.now(),
        sameTab,
      });
      // A refused organizer part is said first (its toast); the waiting panel then links to the page.
      if (sameTab && !created.reservation_error) window.location.assign(url);
      return null;
    } catch (error) {
      tab?.close();
      return checkoutFailure(error);
    } finally {
      setOpening(false);
    }
  }

  return { cart, pending, opening, open, reserve, startOver: () => setPending(null) };
}

/**
 * Follows the checkout whose page is open in the other tab: polls its status, asks at once when
 * the other tab emptied the cart, goes to the success page once paid (or paid and refunded), and
 * says what the waiting panel shows.
 */
export function useWaitingCheckout(pending: PendingCheckout) {
  const navigate = useNavigate();
  const cart = useCart();
  const [asked, setAsked] = useState(false);
  const status = useCheckoutStatus(pending.checkout_id, { since: pending.startedAt });
  const checkout = status.data;

  // Paid (or paid and refunded): the success page says which, clears the cart and links onward.
  useEffect(() => {
    if (checkout?.status === 'fulfilled' || checkout?.status === 'refunded') {
      sessionStorage.removeItem(PENDING_CHECKOUT_KEY);
      navigate(paymentSuccessPath(pending.game_id, pending.checkout_id), { replace: true });
    }
  }, [checkout?.status, navigate, pending.checkout_id, pending.game_id]);

  // The other tab emptied the cart (its success page did): ask now rather than at the next tick.
  const cartEmptied = cart.length === 0;
  const { refetch } = status;
  useEffect(() => {
    if (cartEmptied) void refetch();
  }, [cartEmptied, refetch]);

  const closed = Boolean(checkout && ['expired', 'cancelled', 'declined'].includes(checkout.status));
  const signedOut = isApiError(status.error) && status.error.status === 401;
  const checking = status.isFetching && asked;

  async function checkNow() {
    setAsked(true);
    await status.refetch();
  }

  let message: string | null = null;
  if (signedOut) message = CART_PAYMENT_ERRORS.loginRequired;
  else if (closed && checkout) message = waitingClosedText(checkout.status);
  else if (status.isError) message = 'We could not check your payment just now. Please try again.';
  else if (asked && !status.isFetching && checkout?.status === 'open') {
    message = "We haven't received your payment yet. If you just paid, it can take a few seconds.";
  }

  return { closed, signedOut, checking, message, isError: status.isError, checkNow };
}
