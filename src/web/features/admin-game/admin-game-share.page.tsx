import { GAME_ERRORS } from '@core/messages';
import { KickoffLine } from '@/features/board/kickoff-line';
import { LayoutGrid, Settings2 } from 'lucide-react';
import { useParams } from 'react-router';
import { AdminAccessProblem, useAdminAccess } from './admin-access';
import { INVITE_HINT } from './admin-game-invite';
import { BackLink, LinkButton } from '@/components/link-button';
import { ErrorState, LoadingState, Page } from '@/components/page';
import { CopyLink, LinkQrCode } from './share-link';
import { LoopbackWarning, ShareButton } from './share-pool';
import { Card, CardContent } from '@/components/ui/card';
import { isApiError } from '@/lib/api';
import { useGame } from '@/lib/games';
import { useGameShare } from './invite';

const PUBLIC_HINT = 'Send it to your players. Anyone with the link sees the board and can buy squares.';

function BackToDashboard() {
  return <BackLink to="/admin">Back to Admin Dashboard</BackLink>;
}

/**
 * D45 /admin/games/:id/share, where the organizer lands after creating a game: the link to send
 * (the invite link of an invite-only game, D30), Copy link, its QR code, and on to the game's
 * admin page or its board, and the game's kickoff (D39) when it has one.
 */
export default function AdminGameSharePage() {
  const { id = '' } = useParams();
  const game = useGame(id);
  const share = useGameShare(id);
  const access = useAdminAccess(game.error, share.error);
  if (access !== 'ok') return <AdminAccessProblem access={access} />;

  const notFound = [game.error, share.error].some((error) => isApiError(error) && (error.status === 404 || error.status === 400));
  if (notFound) {
    return (
      <Page title={GAME_ERRORS.notFound} before={<BackToDashboard />} width="narrow">
        <p className="text-muted-foreground">The requested game could not be found.</p>
      </Page>
    );
  }
  if (!game.data || !share.data) {
    if ((game.isError && !game.isFetching) || (share.isError && !share.isFetching)) {
      return (
        <Page title="Share this pool" before={<BackToDashboard />} width="narrow">
          <ErrorState
            title={GAME_ERRORS.loadDataFailed}
            onRetry={() => {
              void game.refetch();
              void share.refetch();
            }}
          />
        </Page>
      );
    }
    return <LoadingState label="Loading the game's link..." />;
  }

  const path = encodeURIComponent(id);
  const inviteOnly = share.data.visibility === 'invite';
  return (
    <Page
      title="Share this pool"
      description={
        <span className="[overflow-wrap:anywhere]" data-testid="share-game">
          {game.data.title}: {game.data.team_a} vs {game.data.team_b}
        </span>
      }
      before={<BackToDashboard />}
      width="narrow"
    >
      <Card data-testid="game-share">
        <CardContent className="flex flex-col gap-5 px-4 sm:px-6">
          <KickoffLine game={game.data} />
          <LoopbackWarning url={share.data.url} />
          <ShareButton game={game.data} url={share.data.url} />
          <CopyLink
            url={share.data.url}
            label={inviteOnly ? 'Invite link' : 'Game link'}
            hint={inviteOnly ? INVITE_HINT : PUBLIC_HINT}
            testIds={{ link: 'share-link', copy: 'copy-share-link' }}
          />
          <LinkQrCode
            svg={share.data.qr_svg}
            alt={inviteOnly ? 'QR code of the invite link' : 'QR code of the game link'}
            testId="share-qr"
            className="self-center"
          />
        </CardContent>
      </Card>
      <div className="flex flex-col gap-2 sm:flex-row">
        <LinkButton to={`/admin/game/${path}`}>
          <Settings2 aria-hidden="true" />
          Manage game
        </LinkButton>
        <LinkButton variant="outline" to={`/game/${path}`}>
          <LayoutGrid aria-hidden="true" />
          View board
        </LinkButton>
      </div>
    </Page>
  );
}
