import { useState } from 'react';
import { Navigate } from 'react-router';
import type { Reservation } from '@core/api/checkout';
import { PaymentForm } from './payment-form';
import { ReservationDone } from './reservation-done';
import { WaitingForPayment } from './waiting-for-payment';
import { removeReserved, usePaymentTab } from './use-payment-tab';

/** Spec route /payment (signed-in): order summary, method, notes, Back to Cart, "Pay $X". */
export default function PaymentPage() {
  const { cart, pending, opening, open, reserve, startOver } = usePaymentTab();
  // D28: squares of organizer-collects games reserved from this page, with how to pay for them.
  const [reserved, setReserved] = useState<Reservation | null>(null);
  if (reserved) return <ReservationDone reservation={reserved} />;
  if (pending) return <WaitingForPayment pending={pending} onStartOver={startOver} />;
  // Spec: an empty cart redirects to /cart.
  if (cart.length === 0) return <Navigate to="/cart" replace />;
  const onReserve = async (...args: Parameters<typeof reserve>) => {
    const result = await reserve(...args);
    if ('failure' in result) return result.failure;
    setReserved(result.reservation);
    removeReserved(result.reservation);
    return null;
  };
  return <PaymentForm cart={cart} opening={opening} onPay={open} onReserve={onReserve} />;
}
