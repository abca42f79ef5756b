/**
 * The action of tapping a square (spec, D11, D44): what square-tap.ts decides, done: to /login
 * and back for a visitor, into or out of the cart, or a note by the square.
 */
import type { BoardResponse } from '@core/api/board';
import { SUCCESS_TOASTS } from '@core/messages';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { FromState } from '@/features/auth/route-guards';
import { cartStore } from '@/features/checkout/cart';
import { useSession } from '@/lib/session';
import type { BoardCell } from './board-cells';
import type { BoardSaying } from './square-note-place';
import { squareTap } from './square-tap';

export function useSquareAction(board: BoardResponse, signedIn: boolean, say: (saying: BoardSaying) => void) {
  const navigate = useNavigate();
  const location = useLocation();
  const { game } = board;
  // A tap the session check's answer decides (square-tap.ts, 'wait') is done again once it has
  // answered: a signed-in player's early tap picks the square, not a detour through /login.
  const checking = useSession().status === 'loading';
  const waiting = useRef<{ cell: BoardCell; element: HTMLElement } | null>(null);
  const act = useCallback(
    (cell: BoardCell, element: HTMLElement) => {
      const tap = squareTap(cell, board, signedIn || (checking ? 'checking' : false), cartStore.get, new Date());
      switch (tap.kind) {
        case 'wait':
          waiting.current = { cell, element };
          return;
        case 'log-in':
          // D11: picking a square needs an account, then back here.
          void navigate('/login', { state: { from: location } satisfies FromState });
          return;
        case 'note':
          say({ text: tap.text, at: element });
          return;
        case 'remove':
          cartStore.remove(game.id, cell);
          say({ text: SUCCESS_TOASTS.squareRemoved, at: null });
          return;
        case 'add': {
          const result = cartStore.add({ game_id: game.id, game_title: game.title, price_per_square: game.price_per_square }, cell);
          if (result.result === 'added') say({ text: SUCCESS_TOASTS.squareAdded, at: null });
          else say({ text: result.message, at: element });
        }
      }
    },
    [board, game, signedIn, checking, navigate, location, say],
  );
  useEffect(() => {
    const tap = waiting.current;
    if (checking || !tap) return;
    waiting.current = null;
    act(tap.cell, tap.element);
  }, [checking, act]);
  return act;
}
