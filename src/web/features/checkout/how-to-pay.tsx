import { HandCoins } from 'lucide-react';
import { formatUsd } from '@core/money';
import { formatGameTime } from '@core/game-time';

/**
 * D28: how to pay for an organizer-collects game, on its board and after a reservation: the
 * organizer's instructions, the pay-by time, and what the viewer still owes.
 */
export function HowToPay({
  title,
  instructions,
  payBy,
  zone,
  unpaidSquares = 0,
  unpaidCents = 0,
  headingLevel = 2,
}: {
  title?: string;
  instructions: string | null;
  payBy: string | null;
  /** D49: the game's zone, in which the pay-by time is shown (null only for a game made before zones: the reader's). */
  zone: string | null;
  unpaidSquares?: number;
  unpaidCents?: number;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-label={title ? `How to pay for ${title}` : 'How to pay'}
      className="flex flex-col gap-2 rounded-lg border p-4 text-sm"
      data-testid="how-to-pay"
    >
      <Heading className="flex items-center gap-2 text-base font-semibold">
        <HandCoins aria-hidden="true" className="size-4 text-primary" />
        {title ? `How to pay for ${title}` : 'How to pay'}
      </Heading>
      <p className="text-muted-foreground">
        The organizer collects the money for this game. Your squares are yours at once and marked paid when the organizer has your payment.
      </p>
      {instructions ? (
        <p className="rounded-md bg-muted/60 px-3 py-2 whitespace-pre-line" data-testid="payment-instructions">
          {instructions}
        </p>
      ) : (
        <p>Ask the organizer how to pay.</p>
      )}
      {payBy && (
        <p data-testid="pay-by">
          {Date.parse(payBy) > Date.now() ? (
            <>
              Pay by <time dateTime={payBy}>{formatGameTime(payBy, zone)}</time>: squares still unpaid then are released for others.
            </>
          ) : (
            <>
              The pay-by time (<time dateTime={payBy}>{formatGameTime(payBy, zone)}</time>) has passed: unpaid squares were released.
            </>
          )}
        </p>
      )}
      {unpaidSquares > 0 && (
        <p className="font-medium" data-testid="you-owe">
          You have {unpaidSquares} unpaid square{unpaidSquares === 1 ? '' : 's'}: {formatUsd(unpaidCents)} to pay.
        </p>
      )}
    </section>
  );
}
