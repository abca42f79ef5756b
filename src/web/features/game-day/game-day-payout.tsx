/**
 * Payout pieces shared by Results & Payouts and Grid Selection (D20, D23): the status badge, the
 * Mark Paid dialog (optional reference such as "Venmo 1234") and Retry Payout.
 */
import { type PeriodModel, periodShortLabel } from '@core/periods';
import type { PeriodResult } from '@core/api/game-day';
import { GAME_DAY_ERRORS, NO_WINNER, payoutRetryToast, retryPayoutError, withCause } from '@core/messages';
import { formatUsd } from '@core/money';
import { personLabel } from '@core/person';
import { winnerOwing, winnerOwingText } from '@core/results-ledger';
import { payoutStatusLabel } from '@core/status';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/ui/spinner';
import { isApiError, isServerMessage } from '@/lib/api';
import { useMarkPaid, useRetryPayout } from './game-day';
import { cn } from '@/lib/utils';

/**
 * The server's own message: a refusal (4xx) or a game-day failure it put in the catalogue's
 * words (500 QUARTER_PROCESSING_FAILED, 502 PAYOUT_FAILED). Null for a network failure or an
 * unexpected error, whose text is not for the organizer.
 */
function serverMessage(error: unknown): string | null {
  if (!isApiError(error) || !error.message) return null;
  if (isServerMessage(error)) return error.message;
  return error.code === 'QUARTER_PROCESSING_FAILED' || error.code === 'PAYOUT_FAILED' ? error.message : null;
}

/** The server's own words when it gave a reason, else the catalogue's text. */
export function gameDayErrorText(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** The cause of a failure for "{message}: {cause}" texts. */
export function causeOf(error: unknown): string {
  return serverMessage(error) ?? (isApiError(error) ? error.message : 'Please try again.');
}

const BADGE_VARIANTS: Record<string, BadgeProps['variant']> = {
  Success: 'success',
  Failed: 'destructive',
  Processing: 'warning',
  Pending: 'outline',
  Unclaimed: 'secondary',
};

/** D43: a winning square nobody bought (D24); its share stays with the organizer. */
export function isUnclaimed(result: Pick<PeriodResult, 'winner_id'>): boolean {
  return result.winner_id === null;
}

/** The Status column: Paid, Failed, Processing or Pending as a badge; Unclaimed for a square nobody bought (D43). */
export function PayoutStatusBadge({ result }: { result: Pick<PeriodResult, 'payout_status' | 'winner_id'> }) {
  const label = isUnclaimed(result) ? 'Unclaimed' : payoutStatusLabel(result.payout_status);
  return (
    <Badge variant={BADGE_VARIANTS[label]} data-testid="payout-status">
      {label}
    </Badge>
  );
}

/** D48: the winner as everywhere ("Aunt May (no account)"), Unclaimed for a square nobody bought. */
export function resultWinner(result: PeriodResult): string {
  return isUnclaimed(result)
    ? 'Unclaimed'
    : personLabel({ name: result.winner_name, noAccount: result.winner_no_account, email: result.winner_email }, NO_WINNER);
}

/** Where the organizer reads and marks a player's payments: their row in the admin game page's Payments. */
function playerPaymentsHref(gameId: string, userId: string): string {
  return `/admin/game/${gameId}#payments-${userId}`;
}

/**
 * D47: a winner who still owes for unpaid squares in the game, wherever the organizer pays out:
 * what they owe, the net of the payout, and a link to their payments. Nothing when they owe nothing.
 */
export function WinnerOwes({ gameId, result, className }: { gameId: string; result: PeriodResult; className?: string }) {
  if (result.winner_id === null) return null;
  const owing = winnerOwing(result.payout_amount_cents, result.winner_owes_cents);
  if (!owing) return null;
  return (
    <span className={cn('flex flex-col gap-0.5 text-xs font-normal text-amber-800 dark:text-amber-300', className)} data-testid="winner-owes">
      <span className="[overflow-wrap:anywhere]">{winnerOwingText(owing)}</span>
      <Link to={playerPaymentsHref(gameId, result.winner_id)} className="w-fit underline underline-offset-2">
        Their payments<span className="sr-only"> ({resultWinner(result)})</span>
      </Link>
    </span>
  );
}

/** A payout that still waits for the organizer to pay it (Mark Paid). */
export function canMarkPaid(result: PeriodResult): boolean {
  return result.payout_status === 'pending';
}

/** A failed payout with its winner record (spec: Retry Payout). */
export function canRetry(result: PeriodResult): boolean {
  return result.payout_status === 'failed';
}

/**
 * D23 Mark Paid: the organizer paid the winner outside the app and records it, with an optional
 * reference. Open while `result` is set.
 */
export function MarkPaidDialog({
  gameId,
  model,
  result,
  onClose,
  onPaid,
}: {
  gameId: string;
  /** The game's periods: the dialog names the period "Q2" or "H2". */
  model: PeriodModel;
  result: PeriodResult | null;
  onClose: () => void;
  onPaid?: (result: PeriodResult) => void;
}) {
  const markPaid = useMarkPaid(gameId);
  // The last result shown, so the text stays while the dialog animates closed.
  const [shown, setShown] = useState<PeriodResult | null>(result);
  if (result && result !== shown) setShown(result);

  return (
    <PaidReferenceDialog
      openFor={result}
      busy={markPaid.isPending}
      title={`Mark ${shown ? periodShortLabel(model, shown.period) : ''} payout as paid`}
      payee={shown ? resultWinner(shown) : ''}
      cents={shown?.payout_amount_cents ?? null}
      extra={shown && <WinnerOwes gameId={gameId} result={shown} className="text-sm" />}
      onClose={onClose}
      onSubmit={async (reference) => {
        if (!result) return null;
        try {
          await markPaid.mutateAsync({ period: result.period, ...(reference ? { reference } : {}) });
          toast.success(`${periodShortLabel(model, result.period)} payout marked as paid`, { id: `payout-${result.period}` });
          onPaid?.(result);
          onClose();
          return null;
        } catch (cause) {
          // A refused payout (502) is already said as "Failed to update payout status: {reason}".
          const message =
            isApiError(cause) && cause.code === 'PAYOUT_FAILED' ? cause.message : withCause(GAME_DAY_ERRORS.updatePayoutStatusFailed, causeOf(cause));
          toast.error(message, { id: `payout-${result.period}` });
          return message;
        }
      }}
    />
  );
}

/**
 * The Mark Paid dialog of any payout (a period's winner, D23; the organizer's or a charity's
 * share, D34): whom and how much, an optional reference. Open while `openFor` is set; a new
 * `openFor` clears the form. `onSubmit` answers the error to show, or null.
 */
export function PaidReferenceDialog({
  openFor,
  busy,
  title,
  payee,
  cents,
  extra,
  onClose,
  onSubmit,
}: {
  openFor: object | null;
  busy: boolean;
  title: string;
  payee: string;
  cents: number | null;
  extra?: ReactNode;
  onClose: () => void;
  onSubmit: (reference: string | null) => Promise<string | null>;
}) {
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [current, setCurrent] = useState<object | null>(openFor);
  if (openFor && openFor !== current) {
    setCurrent(openFor);
    setReference('');
    setError(null);
  }
  const inputId = useId();

  async function submit() {
    if (!openFor || busy) return;
    setError(null);
    setError(await onSubmit(reference.trim() || null));
  }

  return (
    <Dialog
      open={openFor !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      <DialogContent data-testid="mark-paid-dialog">
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              Record that you paid <strong className="font-semibold break-words text-foreground">{payee}</strong>{' '}
              <strong className="font-semibold text-foreground tabular-nums">{cents === null ? '' : formatUsd(cents)}</strong> outside the app.
            </DialogDescription>
            {extra}
          </DialogHeader>
          <FormField id={inputId} label="Reference (optional)" hint="For example how and when you paid, so you can find it later.">
            <Input
              id={inputId}
              value={reference}
              maxLength={200}
              placeholder="Venmo 1234"
              autoComplete="off"
              onChange={(event) => setReference(event.target.value)}
              disabled={busy}
            />
          </FormField>
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy && <Spinner aria-hidden="true" />}
              {busy ? 'Saving...' : 'Mark Paid'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Retry Payout for a failed payout: toast "Q{n} payout retry successful!" or the failure. */
export function useRetryPayoutAction(gameId: string, model: PeriodModel) {
  const retry = useRetryPayout(gameId);
  return {
    pendingPeriod: retry.isPending ? retry.variables : null,
    async run(result: PeriodResult): Promise<boolean> {
      try {
        const view = await retry.mutateAsync(result.period);
        const after = view.results.find((r) => r.period === result.period);
        if (after?.payout_status === 'failed') {
          toast.error(retryPayoutError(GAME_DAY_ERRORS.updatePayoutStatusFailed), { id: `payout-${result.period}` });
          return false;
        }
        toast.success(payoutRetryToast(result.period, model), { id: `payout-${result.period}` });
        return true;
      } catch (cause) {
        // A refused retry (502) is already said as "Failed to retry payout: {reason}".
        const message = isApiError(cause) && cause.code === 'PAYOUT_FAILED' ? cause.message : retryPayoutError(causeOf(cause));
        toast.error(message, { id: `payout-${result.period}` });
        return false;
      }
    },
  };
}
