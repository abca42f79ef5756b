/**
 * An old cart must not follow its player onto game day: lines of games that no longer sell
 * (gone, numbers drawn, completed, sold out: linesThatNoLongerSell in core/cart-check.ts) leave
 * the cart as soon as a page that reads their boards (the board, /cart, /payment) sees it, each
 * with a notice saying which game's squares left and why.
 */
import { type BoardAnswer, lineRemovedMessage, linesThatNoLongerSell } from '@core/cart-check';
import { useEffect } from 'react';
import type { Cart } from './cart';
import { cartStore } from './cart';
import { notify } from '@/lib/notify';

export function useDropLinesThatNoLongerSell(cart: Cart, answers: readonly (BoardAnswer | undefined)[]): void {
  const lines = linesThatNoLongerSell(cart, answers, new Date());
  // One effect run per set of lines: the store's change re-renders, and the lines are gone then.
  const key = lines.map((line) => `${line.game_id}:${line.squareCount}`).join('|');
  useEffect(() => {
    if (lines.length === 0) return;
    for (const line of lines) {
      cartStore.removeGame(line.game_id);
      notify.warning(lineRemovedMessage(line), `cart-line-removed-${line.game_id}`);
    }
    // `lines` is recomputed each render; `key` says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
