import { useState } from 'react';
import { toast } from 'sonner';
import { GAME_ERRORS, gameDeletedToast } from '@core/messages';
import { formatUsd } from '@core/money';
import { playerLabel } from '@core/person';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api';
import { focusPageHeading } from '@/lib/focus';
import { type Game, useDeleteGame } from '@/lib/games';
import { useGamePayments } from './organizer';

export type DeletableGame = Pick<Game, 'id' | 'title' | 'squares_claimed' | 'payment_method'>;

/** The failure toast: the server's reason for a refusal (409), else the spec's generic text. */
function deleteErrorMessage(error: unknown): string {
  return isApiError(error) && error.status === 409 && error.message ? error.message : GAME_ERRORS.deleteFailed;
}

/**
 * Issue 23: an organizer-collects game's money never went through the app, so deleting it
 * refunds nothing: the organizer pays back, outside the app, what each player paid them (listed
 * here), and the players are told by e-mail.
 */
function OrganizerMoney({ gameId }: { gameId: string }) {
  const payments = useGamePayments(gameId);
  const paid = payments.data?.players.filter((player) => player.paid_cents > 0) ?? [];
  return (
    <div className="flex flex-col gap-2 text-sm text-foreground" data-testid="delete-organizer-money">
      <p className="font-medium">You collected this game&apos;s money yourself, so the app refunds nothing: pay back what players paid you, outside the app.</p>
      {payments.isPending ? (
        <p className="text-muted-foreground">Loading who paid you...</p>
      ) : payments.isError ? (
        <p className="text-muted-foreground">Who paid you could not be loaded: see Payments on the game&apos;s page before deleting it.</p>
      ) : paid.length === 0 ? (
        <p>Nobody has paid you for squares yet.</p>
      ) : (
        <ul className="flex flex-col gap-1 rounded-md border p-2" aria-label="Players who paid you" data-testid="delete-paid-list">
          {paid.map((player) => (
            <li key={player.user_id} className="flex justify-between gap-3">
              <span className="min-w-0 break-words">{playerLabel(player)}</span>
              <span className="font-semibold tabular-nums">{formatUsd(player.paid_cents)}</span>
            </li>
          ))}
        </ul>
      )}
      <p>Players with squares are told by e-mail that you cancelled the pool.</p>
    </div>
  );
}

/** D13: deleting a game with sales refunds them; the dialog says how many squares. */
function refundLine(squares: number): string | null {
  if (squares <= 0) return null;
  return squares === 1 ? '1 sold square will be refunded to its buyer.' : `${squares} sold squares will be refunded to their buyers.`;
}

/**
 * The spec's delete confirmation: "Are you sure?", Cancel and Delete ("Deleting..." while
 * busy). Open while `game` is set; `onClose` clears it. Shared by /admin and /admin/games.
 * A refusal (409) is toasted with the server's reason, e.g. "Cannot delete a game that is in
 * progress"; anything else with "Failed to delete game".
 */
export function DeleteGameDialog({
  game,
  onClose,
  onFailed,
}: {
  game: DeletableGame | null;
  onClose: () => void;
  /** Told of a failure too, so the page can react to a lost session (401) or lost rights (403). */
  onFailed?: (error: unknown) => void;
}) {
  const deleteGame = useDeleteGame();
  // The last game shown, so the text stays while the dialog animates closed.
  const [shown, setShown] = useState<DeletableGame | null>(game);
  if (game && game !== shown) setShown(game);
  const [deleted, setDeleted] = useState(false);
  const busy = deleteGame.isPending;
  const refund = shown ? refundLine(shown.squares_claimed) : null;

  async function onDelete() {
    if (!game || busy) return;
    setDeleted(false);
    try {
      const result = await deleteGame.mutateAsync(game.id);
      toast.success(gameDeletedToast(result.title || game.title));
      setDeleted(true);
    } catch (error) {
      toast.error(deleteErrorMessage(error));
      onFailed?.(error);
    }
    onClose();
  }

  return (
    <ConfirmDialog
      open={game !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      testId="delete-game-dialog"
      onCloseAutoFocus={(event) => {
        // The button that opened the dialog is gone with the game: start at the page's heading.
        if (deleted) {
          event.preventDefault();
          focusPageHeading();
        }
      }}
      title="Are you sure?"
      description={
        <>
          This will permanently delete the game <strong className="font-semibold break-words text-foreground">&quot;{shown?.title}&quot;</strong> and all
          associated data. This action cannot be undone.
        </>
      }
      destructive
      busy={busy}
      // A plain button: the dialog stays open (and focus-trapped) until the server answers.
      confirmLabel={busy ? 'Deleting...' : 'Delete'}
      onConfirm={() => void onDelete()}
    >
      {shown?.payment_method === 'organizer'
        ? shown.squares_claimed > 0 && <OrganizerMoney gameId={shown.id} />
        : refund && <p className="text-sm font-medium text-foreground">{refund}</p>}
    </ConfirmDialog>
  );
}
