import { CART_TEXTS } from '@core/cart-check';
import { SUCCESS_TOASTS } from '@core/messages';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { refocus } from '@/components/cart/refocus';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { cartStore } from '@/lib/cart';

/** Clear Cart, after asking (issue 11 item 7); the spec's toast "Cart cleared" after. */
export function ClearCart() {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
          Clear Cart
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent data-testid="clear-cart-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{CART_TEXTS.clearTitle}</AlertDialogTitle>
          <AlertDialogDescription>{CART_TEXTS.clearDescription}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => {
              cartStore.clear();
              toast.success(SUCCESS_TOASTS.cartCleared);
              // The cart's buttons are gone with it: start at the page's heading.
              refocus(null);
            }}
          >
            {CART_TEXTS.clearConfirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
