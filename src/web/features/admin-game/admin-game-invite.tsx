import { Globe, Lock, QrCode, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { GAME_ERRORS, INVITE_TEXTS } from '@core/messages';
import { VISIBILITY_HINTS, VISIBILITY_LABELS } from '@core/visibility';
import { GameMembers } from './admin-game-members';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/page';
import { CopyLink, LinkQrCode } from './share-link';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { isApiError, isServerMessage } from '@/lib/api';
import { type Game, useUpdateGame } from '@/lib/games';
import { useGameInvite, useRotateInvite } from './invite';

/** What an invite link is for (the invite box and "Share this pool" of an invite-only game). */
export const INVITE_HINT =
  'Send it to the players you invite. Anyone with the link sees the board and can buy squares; people who open it with an account become members and keep access.';

/**
 * D30 on the admin game page: who can see the game (changeable at any time, even once drawn or
 * completed), and for an invite-only game its link to copy, its QR code to show, and a new link
 * that makes the old one stop working.
 */
export function GameInvite({ game }: { game: Game }) {
  const inviteOnly = game.visibility === 'invite';
  const invite = useGameInvite(game.id, inviteOnly);
  const update = useUpdateGame(game.id);
  const other = inviteOnly ? 'public' : 'invite';

  async function switchVisibility() {
    try {
      await update.mutateAsync({ visibility: other });
      toast.success(other === 'invite' ? 'This game is now invite only.' : 'This game is now public.');
    } catch (error) {
      toast.error(isApiError(error) && isServerMessage(error) ? error.message : GAME_ERRORS.updateFailed);
    }
  }

  return (
    <section aria-labelledby="game-invite-heading" className="flex flex-col gap-4" data-testid="game-invite">
      <div className="flex flex-col gap-1">
        <h2 id="game-invite-heading" className="text-xl font-semibold tracking-tight">
          Who can see this game
        </h2>
        <p className="flex items-center gap-2 text-sm" data-testid="game-visibility">
          {inviteOnly ? <Lock aria-hidden="true" className="size-4 shrink-0" /> : <Globe aria-hidden="true" className="size-4 shrink-0" />}
          <span>
            <span className="font-medium">{VISIBILITY_LABELS[game.visibility]}</span>
            <span className="text-muted-foreground">: {VISIBILITY_HINTS[game.visibility]}.</span>
          </span>
        </p>
      </div>
      <div>
        <Button variant="outline" onClick={() => void switchVisibility()} disabled={update.isPending} data-testid="switch-visibility">
          {update.isPending && <Spinner aria-hidden="true" />}
          {inviteOnly ? 'Make public' : 'Make invite only'}
        </Button>
      </div>
      {inviteOnly &&
        (invite.data ? (
          <InviteLink gameId={game.id} url={invite.data.url} qrSvg={invite.data.qr_svg} />
        ) : invite.isError ? (
          <ErrorState title="Failed to load the invite link" onRetry={() => void invite.refetch()} />
        ) : (
          <div aria-busy="true" className="flex flex-col gap-2">
            <span role="status" className="sr-only">
              Loading the invite link...
            </span>
            <Skeleton className="h-9" />
          </div>
        ))}
      {/* D46: who opened the link (their own component, admin-game-members.tsx). */}
      {inviteOnly && <GameMembers gameId={game.id} />}
    </section>
  );
}

function InviteLink({ gameId, url, qrSvg }: { gameId: string; url: string; qrSvg: string }) {
  const id = useId();
  const [showQr, setShowQr] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateInvite(gameId);

  async function newLink() {
    try {
      await rotate.mutateAsync();
      setConfirming(false);
      toast.success(INVITE_TEXTS.rotated);
    } catch (error) {
      setConfirming(false);
      toast.error(isApiError(error) && isServerMessage(error) ? error.message : 'Failed to make a new invite link');
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <CopyLink url={url} label="Invite link" hint={INVITE_HINT} testIds={{ link: 'invite-link', copy: 'copy-invite' }} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" aria-expanded={showQr} aria-controls={`${id}-qr`} onClick={() => setShowQr((shown) => !shown)} data-testid="toggle-qr">
          <QrCode aria-hidden="true" />
          {showQr ? 'Hide QR code' : 'Show QR code'}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button variant="outline" data-testid="rotate-invite">
              <RefreshCw aria-hidden="true" />
              New link
            </Button>
          }
          title="Make a new invite link?"
          description={INVITE_TEXTS.rotateConfirm}
          confirmLabel="Make new link"
          onConfirm={() => void newLink()}
          busy={rotate.isPending}
          destructive
          testId="rotate-invite-dialog"
        />
      </div>
      <div id={`${id}-qr`} hidden={!showQr}>
        {showQr && <LinkQrCode svg={qrSvg} alt="QR code of the invite link" testId="invite-qr" />}
      </div>
    </div>
  );
}
