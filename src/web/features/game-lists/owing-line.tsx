/**
 * D28: what a player still owes the organizer for one game, in one line: "3 squares, $30.00
 * unpaid, pay by Sat 6:00 PM", and "How to pay", which opens the organizer's instructions in
 * place. The figures are the server's (`owing`, computed by owingFor in core/payment-methods.ts
 * for this viewer only); nothing here adds them up. On My Squares, the game cards and the board.
 */
import type { OwingInfo } from '@core/api/board';
import { formatUsd } from '@core/money';
import { ChevronDown, HandCoins } from 'lucide-react';
import { useId, useState } from 'react';
import { formatGameTime } from '@core/game-time';
import { cn } from '@/lib/utils';
import { countOf } from '@core/text';

/** "3 squares, $30.00 unpaid" (the pay-by part is added with its <time>). */
function owingText(owing: OwingInfo): string {
  return `${countOf(owing.squares, 'square')}, ${formatUsd(owing.amount_cents)} unpaid`;
}

/** `zone`: the game's (D39), in which the pay-by time is shown; null for the reader's. */
export function OwingLine({ owing, zone = null, className }: { owing: OwingInfo; zone?: string | null; className?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // A pay-by time that has passed has released what was unpaid then; the server sends what is left.
  const payBy = owing.pay_by !== null && Date.parse(owing.pay_by) > Date.now() ? owing.pay_by : null;
  return (
    <div
      // Above a card's covering title link, so "How to pay" can be pressed.
      className={cn('relative z-10 flex flex-col gap-1.5 rounded-lg border border-warning bg-warning/15 px-3 py-2 text-sm', className)}
      data-testid="owing"
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium">
          <HandCoins aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px] text-warning-foreground" />
          <span data-testid="owing-text">
            {owingText(owing)}
            {payBy && (
              <>
                , pay by <time dateTime={payBy}>{formatGameTime(payBy, zone, { near: new Date() })}</time>
              </>
            )}
          </span>
        </span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex min-h-8 items-center gap-0.5 rounded-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="owing-how-to-pay"
        >
          How to pay
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
        </button>
      </p>
      <div id={panelId} hidden={!open} data-testid="owing-instructions">
        {owing.instructions ? (
          <p className="rounded-md bg-background/80 px-3 py-2 whitespace-pre-line [overflow-wrap:anywhere]">{owing.instructions}</p>
        ) : (
          <p>Ask the organizer how to pay.</p>
        )}
        <p className="mt-1 text-xs text-muted-foreground">The organizer marks your squares paid when they have your payment.</p>
      </div>
    </div>
  );
}
