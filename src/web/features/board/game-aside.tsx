import type { BoardResponse } from '@core/api/board';
import { squaresLeft } from '@core/player-limit';
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { LinkButton } from '@/components/link-button';
import { useCart } from '@/features/checkout/cart';
import { HowToPay } from '@/features/checkout/how-to-pay';
import { isAdmin, useSession } from '@/lib/session';
import { CartSummary } from './cart-summary';
import { GameActivity } from './game-activity';
import { GameFacts } from './game-facts';
import { PayoutRulesPanel } from './payout-rules';
import { playerSquareCount } from './square-tap';

/**
 * Beside the board (under it on a phone): `results` on a wide screen, the viewer's cart for this
 * game, the game's facts, how to pay the organizer, the payout rules, the printable board and the
 * history of the player's squares.
 */
export function GameAside({ board, signedIn, hasBoardSlot, results }: { board: BoardResponse; signedIn: boolean; hasBoardSlot: boolean; results: ReactNode }) {
  const { game } = board;
  const cart = useCart();
  const admin = isAdmin(useSession());
  return (
    <aside aria-label="Game details" className="flex flex-col gap-4">
      {results}
      {signedIn && !hasBoardSlot && <CartSummary board={board} />}
      <GameFacts board={board} left={signedIn ? squaresLeft(game.max_squares_per_player, playerSquareCount(board, cart)) : null} />
      {game.payment_method === 'organizer' && (
        <HowToPay
          instructions={game.payment_instructions}
          payBy={game.pay_by}
          zone={game.time_zone}
          unpaidSquares={board.owing?.squares}
          unpaidCents={board.owing?.amount_cents}
        />
      )}
      <PayoutRulesPanel game={game} />
      {/* D42: the board on one landscape page, for the office wall. */}
      <LinkButton variant="outline" className="w-full" to={`/game/${encodeURIComponent(game.id)}/print`} data-testid="print-board-link">
        <Printer aria-hidden="true" />
        Print the board
      </LinkButton>
      {/* D32: a player reads the log entries about their own squares (admins read all of it on the admin page). */}
      {signedIn && !admin && board.squares.some((square) => square.mine && square.status === 'claimed') && (
        <GameActivity gameId={game.id} zone={game.time_zone} title="History of your squares" emptyText="Nothing has happened to your squares yet." />
      )}
    </aside>
  );
}
