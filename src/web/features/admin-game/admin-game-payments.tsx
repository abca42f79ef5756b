import { squarePositionLabel } from '@core/grid';
import { ORGANIZER_TEXTS } from '@core/messages';
import { formatUsd } from '@core/money';
import { POT_RULE, SQUARE_PAYMENT_WORDS } from '@core/payment-methods';
import { playerLabel } from '@core/person';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { isApiError, isServerMessage } from '@/lib/api';
import { type PaymentTracking, type SquareSelection, type SquaresAction, useGamePayments, useSquaresAction } from './organizer';
import { countOf } from '@core/text';

type Player = PaymentTracking['players'][number];

const DONE: Record<SquaresAction, string> = {
  'mark-paid': ORGANIZER_TEXTS.markedPaid,
  'mark-unpaid': ORGANIZER_TEXTS.markedUnpaid,
  release: ORGANIZER_TEXTS.released,
};

/**
 * D28's payment tracking on an organizer-collects game's admin page: per player, squares, amount
 * due, paid and unpaid, with Mark paid, Mark unpaid and Release unpaid for a player, and Mark
 * every square paid. Releasing asks first and is offered until the numbers are drawn.
 */
export function GamePayments({ gameId, drawn }: { gameId: string; drawn: boolean }) {
  const payments = useGamePayments(gameId);
  const action = useSquaresAction(gameId);
  const [releasing, setReleasing] = useState<Player | null>(null);
  const data = payments.data;
  const loaded = data !== undefined;
  // D47: "Their payments" links (an owing winner on Results & Payouts) land on the player's row once it is there.
  useEffect(() => {
    if (!loaded || !window.location.hash.startsWith('#payments-')) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [loaded]);

  async function run(kind: SquaresAction, selection: SquareSelection) {
    try {
      const result = await action.mutateAsync({ action: kind, selection });
      toast.success(`${DONE[kind]}: ${countOf(result.changed, 'square')}`);
    } catch (error) {
      toast.error(isApiError(error) && isServerMessage(error) && error.message ? error.message : ORGANIZER_TEXTS.toolFailed);
    }
  }

  return (
    <section aria-labelledby="game-payments-heading" className="flex flex-col gap-3" data-testid="game-payments">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="flex flex-col gap-1">
          <h2 id="game-payments-heading" className="text-xl font-semibold tracking-tight">
            Payments
          </h2>
          <p className="text-sm text-muted-foreground">Who has paid you for their squares. {POT_RULE.organizer}</p>
        </div>
        {data && data.totals.unpaid_squares > 0 && (
          <Button variant="outline" disabled={action.isPending} onClick={() => void run('mark-paid', { all: true })}>
            Mark every square paid
          </Button>
        )}
      </div>
      {data ? (
        <>
          <dl className="grid grid-cols-2 gap-3 rounded-xl border bg-card p-3 text-sm shadow-sm sm:grid-cols-4" data-testid="payment-totals">
            <Total label="Squares" value={String(data.totals.squares)} />
            <Total label="Due" value={formatUsd(data.totals.due_cents)} />
            <Total label={SQUARE_PAYMENT_WORDS.paid} value={formatUsd(data.totals.paid_cents)} />
            <Total label={SQUARE_PAYMENT_WORDS.unpaid} value={formatUsd(data.totals.unpaid_cents)} />
          </dl>
          {data.players.length === 0 ? (
            <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No squares taken yet.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border/70 rounded-xl border bg-card shadow-sm" aria-label="Players">
              {data.players.map((player) => (
                <li key={player.user_id} id={`payments-${player.user_id}`} className="flex scroll-mt-20 flex-col gap-2 p-3 sm:p-4" data-testid="payment-player">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-medium break-words">{playerLabel(player)}</span>
                    <span className="text-sm text-muted-foreground tabular-nums">
                      {formatUsd(player.paid_cents)} paid of {formatUsd(player.due_cents)}
                      {player.unpaid_cents > 0 && (
                        <Badge variant="outline" className="ml-2">
                          {formatUsd(player.unpaid_cents)} unpaid
                        </Badge>
                      )}
                    </span>
                  </div>
                  <ul className="flex flex-wrap gap-1.5 text-xs" aria-label={`Squares of ${playerLabel(player)}`}>
                    {player.squares.map((square) => (
                      <li key={`${square.x},${square.y}`} className="rounded-md border px-2 py-1">
                        {squarePositionLabel(square)}: {square.paid ? SQUARE_PAYMENT_WORDS.paid : SQUARE_PAYMENT_WORDS.unpaid}
                      </li>
                    ))}
                  </ul>
                  <div className="flex flex-wrap gap-2">
                    {player.unpaid_cents > 0 && (
                      <Button size="sm" disabled={action.isPending} onClick={() => void run('mark-paid', { user_id: player.user_id })}>
                        Mark paid
                      </Button>
                    )}
                    {player.paid_cents > 0 && (
                      <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => void run('mark-unpaid', { user_id: player.user_id })}>
                        Mark unpaid
                      </Button>
                    )}
                    {player.unpaid_cents > 0 && !drawn && (
                      <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => setReleasing(player)}>
                        Release unpaid
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : payments.isError && !payments.isFetching ? (
        <ErrorState title="Failed to load the payments" onRetry={() => void payments.refetch()} />
      ) : (
        <div aria-busy="true" className="flex flex-col gap-2">
          <span role="status" className="sr-only">
            Loading payments...
          </span>
          <Skeleton className="h-16" />
          <Skeleton className="h-24" />
        </div>
      )}
      <ConfirmDialog
        open={releasing !== null}
        onOpenChange={(open) => {
          if (!open && !action.isPending) setReleasing(null);
        }}
        title="Release unpaid squares?"
        description={
          releasing ? `${playerLabel(releasing)}'s unpaid squares become available to everyone, and they are told by e-mail. Paid squares stay theirs.` : ''
        }
        destructive
        pending={action.isPending}
        confirmLabel={action.isPending ? <Spinner label="Releasing..." /> : 'Release'}
        onConfirm={() => {
          const player = releasing;
          if (!player) return;
          void run('release', { user_id: player.user_id }).then(() => setReleasing(null));
        }}
        testId="release-dialog"
      />
    </section>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
