import { CART_TEXTS, checkCart, unavailableRemovals } from '@core/cart-check';
import { ShoppingCart } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { CartGameCard } from './cart-game-card';
import { CartSummary } from './cart-summary';
import { ClearCart } from './clear-cart';
import { refocus } from './refocus';
import { LinkButton } from '@/components/link-button';
import { OpenCheckoutNotice, useCancelOwnCheckout } from './open-checkout';
import { EmptyState, Page } from '@/components/page';
import { isApiError } from '@/lib/api';
import { useBoards } from '@/features/board/board-data';
import { cartStore, useCart } from './cart';
import { useDropLinesThatNoLongerSell } from './cart-prune';
import { useOpenCheckouts } from './checkout';
import { gameBoardPath } from '@/features/game-lists/game-cards';
import { countOf } from '@core/text';

/** Squares already handled on this page: StrictMode and a remount must not cancel or toast twice. */
const handledCancelLinks = new Set<string>();

/**
 * D21: the provider's cancel link comes back here as /cart?cancelled=<checkout id>: that checkout
 * is cancelled (the server asks the provider first) and its squares go back into the cart.
 */
function useCancelLink() {
  const [params, setParams] = useSearchParams();
  const { cancel } = useCancelOwnCheckout();
  const checkoutId = params.get('cancelled');
  useEffect(() => {
    if (!checkoutId) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('cancelled');
        return next;
      },
      { replace: true },
    );
    if (handledCancelLinks.has(checkoutId)) return;
    handledCancelLinks.add(checkoutId);
    void cancel(checkoutId, { quietIfMissing: true });
  }, [checkoutId, cancel, setParams]);
}

/** Spec route "/cart" (signed in): the cart grouped by game, checked against the live boards. */
export default function CartPage() {
  const cart = useCart();
  useCancelLink();
  const open = useOpenCheckouts();
  const openCheckouts = open.data ?? [];
  const boards = useBoards(cart.map((item) => item.game_id));
  const answers = boards.map((query) => ({ board: query.data, missing: isApiError(query.error) && query.error.status === 404, checking: query.isPending }));
  useDropLinesThatNoLongerSell(cart, answers);
  const result = checkCart(cart, answers, new Date());
  const { checks, squareCount, flagged } = result;

  if (cart.length === 0) {
    return (
      <Page title="Your Cart" width="default">
        <OpenCheckoutNotice checkouts={openCheckouts} />
        <EmptyState
          icon={ShoppingCart}
          title="Your cart is empty"
          description="Pick open squares on a game's board and they will wait for you here."
          testId="cart-empty"
          actions={<LinkButton to="/all-games">Browse Games</LinkButton>}
        />
      </Page>
    );
  }

  const firstGame = cart[0]?.game_id;

  const removeUnavailable = () => {
    const { games, squares } = unavailableRemovals(flagged);
    for (const gameId of games) cartStore.removeGame(gameId);
    for (const { game_id, x, y } of squares) cartStore.remove(game_id, { x, y });
    toast.success(CART_TEXTS.unavailableRemoved);
    refocus(() => document.querySelector<HTMLElement>('[data-testid="proceed-to-payment"]'));
  };

  return (
    <Page
      title="Your Cart"
      description={`${countOf(squareCount, 'square')} in ${countOf(cart.length, 'game')}`}
      actions={
        <>
          <LinkButton variant="outline" to={firstGame ? gameBoardPath(firstGame) : '/'}>
            Continue Shopping
          </LinkButton>
          <ClearCart />
        </>
      }
      width="wide"
    >
      <OpenCheckoutNotice checkouts={openCheckouts} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="cart-items-heading" className="flex min-w-0 flex-col gap-4">
          <h2 id="cart-items-heading" className="sr-only">
            Squares by game
          </h2>
          <ul className="flex flex-col gap-4" data-testid="cart-games">
            {checks.map((check) => (
              <li key={check.item.game_id}>
                <CartGameCard check={check} />
              </li>
            ))}
          </ul>
        </section>

        <CartSummary cart={result} onRemoveUnavailable={removeUnavailable} />
      </div>
    </Page>
  );
}
