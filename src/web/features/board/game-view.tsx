import { GAME_ERRORS } from '@core/messages';
import { type ReactNode, useDeferredValue } from 'react';
import { ErrorState, Page } from '@/components/page';
import { useInviteFromAddress } from '@/features/admin-game/invite';
import { useCartItem } from '@/features/checkout/cart';
import { useDropLinesThatNoLongerSell } from '@/features/checkout/cart-prune';
import { isApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { BackButton } from './back-button';
import { useBoard, useBoardLive } from './board-data';
import { cancelledGameOf, GameCancelled } from './game-cancelled';
import { GameContent } from './game-content';
import { GameLoading } from './game-loading';
import { GameNotFound } from './game-not-found';
import { GAME_PAGE_CLASS } from './game-page-class';

/**
 * A game's page: title, teams, Back, status line (D16), draw log (D17), the live board, its
 * legend and the viewer's cart for this game. `children` go under the board (e.g. the admin's
 * game-day controls at /admin/game/:id, D20). `board` replaces the board with its note, legend
 * and the viewer's cart (the admin page's one board, design note 016).
 */
export function GameView({ gameId, board: boardSlot, children }: { gameId: string; board?: ReactNode; children?: ReactNode }) {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  // D30: an invite link's token goes to the server first; the board is read once it has answered.
  const invite = useInviteFromAddress(gameId);
  const waiting = invite === 'pending';
  const board = useBoard(waiting ? undefined : gameId);
  // Issue 23: a deleted game, to someone who owned squares in it.
  const cancelled = cancelledGameOf(board.error);
  const notFound = invite === 'refused' || (isApiError(board.error) && board.error.status === 404) || cancelled !== null;
  // An old cart's line for this game leaves it, with a word, once the game no longer sells (drawn, closed, gone, sold out).
  const cartItem = useCartItem(gameId);
  useDropLinesThatNoLongerSell(cartItem ? [cartItem] : [], [{ board: board.data, missing: notFound, checking: board.isPending }]);
  // A game that is gone (or that this viewer may not see) has no stream to follow.
  const live = useBoardLive(notFound || waiting ? undefined : gameId);
  // The board's data renders in the background, in slices the browser can interrupt: a hundred
  // squares drawn in one go would hold a phone's main thread (tap, scroll) for a long moment.
  const data = useDeferredValue(board.data);

  if (cancelled) return <GameCancelled game={cancelled} before={<BackButton />} />;
  if (notFound) return <GameNotFound before={<BackButton />} className={GAME_PAGE_CLASS} />;
  if (!data) {
    if (board.isError && !board.isFetching) {
      return (
        <Page title={GAME_ERRORS.loadDetailsFailed} before={<BackButton />} width="wide" className={GAME_PAGE_CLASS}>
          <ErrorState
            title={GAME_ERRORS.loadDetailsFailed}
            message={board.error instanceof Error ? board.error.message : undefined}
            onRetry={() => void board.refetch()}
          />
        </Page>
      );
    }
    return <GameLoading />;
  }
  return (
    <GameContent board={data} signedIn={signedIn} live={live} boardSlot={boardSlot}>
      {children}
    </GameContent>
  );
}
