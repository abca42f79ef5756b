import type { GameDayView } from '@core/api/game-day';
import { formatGameTime } from '@core/game-time';
import { GAME_DAY_ERRORS, withCause } from '@core/messages';
import { formatUsd } from '@core/money';
import { payoutStatusLabel } from '@core/status';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { causeOf, PaidReferenceDialog } from './game-day-payout';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useMarkSharePaid } from './game-day';

/**
 * D23 with D34: the organizer's (or a charity's) share under Results & Payouts once the pot is
 * final: its amount, Paid or Pending, each recorded payment (reference, who, when), and Mark Paid
 * for what is due. Never a player's winnings.
 */
export function SharePayoutRow({ view }: { view: GameDayView }) {
  const share = view.share_payout;
  const markPaid = useMarkSharePaid(view.game.id);
  const [open, setOpen] = useState<object | null>(null);
  if (!share) return null;
  const paid = share.due_cents === 0;
  return (
    <section aria-label={share.name} className="mt-4 flex flex-col gap-2 rounded-lg border p-3" data-testid="share-payout">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="font-semibold [overflow-wrap:anywhere]">{share.name}</p>
          <span className="font-semibold tabular-nums" data-testid="share-payout-amount">
            {formatUsd(share.cents)}
          </span>
          <Badge variant={paid ? 'success' : 'outline'} data-testid="share-payout-status">
            {payoutStatusLabel(paid ? 'completed' : 'pending')}
          </Badge>
        </div>
        {!paid && (
          <Button size="sm" onClick={() => setOpen({})}>
            <BadgeCheck aria-hidden="true" />
            Mark Paid<span className="sr-only"> {share.name}</span>
          </Button>
        )}
      </div>
      {share.paid_cents > 0 && !paid && (
        <p className="text-sm text-muted-foreground" data-testid="share-payout-due">
          {formatUsd(share.paid_cents)} paid; {formatUsd(share.due_cents)} more is due (an unclaimed share rolled into it).
        </p>
      )}
      {share.payments.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-sm text-muted-foreground" data-testid="share-payout-payments">
          {share.payments.map((payment) => (
            <li key={payment.paid_at} className="[overflow-wrap:anywhere]">
              Paid {formatUsd(payment.amount_cents)}
              {payment.reference ? ` (${payment.reference})` : ''}
              {payment.paid_by ? ` by ${payment.paid_by}` : ''}, {formatGameTime(payment.paid_at, view.game.time_zone)}
            </li>
          ))}
        </ul>
      )}
      <PaidReferenceDialog
        openFor={open}
        busy={markPaid.isPending}
        title={`Mark the ${share.name} as paid`}
        payee={share.label}
        cents={share.due_cents}
        onClose={() => setOpen(null)}
        onSubmit={async (reference) => {
          try {
            await markPaid.mutateAsync(reference);
            toast.success(`${share.name} marked as paid`, { id: 'share-payout' });
            setOpen(null);
            return null;
          } catch (cause) {
            const message = withCause(GAME_DAY_ERRORS.updatePayoutStatusFailed, causeOf(cause));
            toast.error(message, { id: 'share-payout' });
            return message;
          }
        }}
      />
    </section>
  );
}
