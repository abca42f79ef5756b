import { Navigate } from 'react-router';
import { PaymentForm } from '@/components/payment/payment-form';
import { WaitingForPayment } from '@/components/payment/waiting-for-payment';
import { usePaymentTab } from '@/lib/use-payment-tab';

/** Spec route /payment (signed-in): order summary, method, notes, Back to Cart, "Pay $X". */
export default function PaymentPage() {
  const { cart, pending, opening, open, startOver } = usePaymentTab();
  if (pending) return <WaitingForPayment pending={pending} onStartOver={startOver} />;
  // Spec: an empty cart redirects to /cart.
  if (cart.length === 0) return <Navigate to="/cart" replace />;
  return <PaymentForm cart={cart} opening={opening} onPay={open} />;
}
