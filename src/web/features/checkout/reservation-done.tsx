/** D28: after reserving squares of organizer-collects games: what is now the buyer's and how to pay for it. */
import type { Reservation } from '@core/api/checkout';
import { formatUsd } from '@core/money';
import { HowToPay } from './how-to-pay';
import { Outcome, SuccessLinks } from './payment-outcome';
import { SquarePositions } from './square-positions';
import { squaresByGame } from './checkout';

export function ReservationDone({ reservation }: { reservation: Reservation }) {
  const games = squaresByGame(reservation.squares);
  const gameId = reservation.games.length === 1 ? reservation.games[0]!.game_id : 'multiple';
  return (
    <Outcome
      tone="success"
      title="Squares Reserved!"
      description={`Your squares are yours now. Pay the organizer ${formatUsd(reservation.amount_cents)} to complete your purchase.`}
    >
      <ul className="flex flex-col gap-4" aria-label="Squares reserved">
        {games.map(([id, game]) => {
          const payment = reservation.games.find((g) => g.game_id === id);
          return (
            <li key={id} className="flex flex-col gap-2">
              <span className="text-sm font-medium break-words">{game.title}</span>
              <SquarePositions squares={game.squares} label={`Squares in ${game.title}`} />
              {payment && (
                <HowToPay
                  title={reservation.games.length > 1 ? game.title : undefined}
                  instructions={payment.payment_instructions}
                  payBy={payment.pay_by}
                  zone={payment.time_zone}
                  headingLevel={2}
                />
              )}
            </li>
          );
        })}
      </ul>
      <SuccessLinks gameId={gameId} />
    </Outcome>
  );
}
