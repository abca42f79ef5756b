/**
 * D42 /game/:id/print: a game's board on one landscape page (Letter or A4) for the office wall
 * (design note 033). Title, teams, price, the grid with owners' names and every number set's
 * digits once drawn and revealed (D16, D35), the payout rules the board shows (D34, D37) and a
 * QR code of the game's link. Read from the board's API (the same access rule: a game the viewer
 * may not see is "not found") and the link route; outside the app shell, so nothing but the sheet
 * prints. On a screen it reads as a page of its own (a phone scrolls the grid sideways).
 */
import { GAME_ERRORS } from '@core/messages';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '@/components/link-button';
import { ErrorState, LoadingState } from '@/components/page';
import { useGameLink, useInviteFromAddress } from '@/features/admin-game/invite';
import { isApiError } from '@/lib/api';
import { MAIN_ID } from '@/lib/focus';
import { useBoard } from './board-data';
import { cancelledGameOf, GameCancelled } from './game-cancelled';
import { GameNotFound } from './game-not-found';
import { PrintSheet } from './print-sheet';

export default function GamePrintPage() {
  const { id = '' } = useParams();
  const invite = useInviteFromAddress(id);
  const waiting = invite === 'pending';
  const board = useBoard(waiting ? undefined : id);
  const cancelled = cancelledGameOf(board.error);
  const notFound = invite === 'refused' || (isApiError(board.error) && board.error.status === 404) || cancelled !== null;
  const link = useGameLink(id, !waiting && !notFound && board.isSuccess);
  const back = <BackLink to={`/game/${encodeURIComponent(id)}`}>Back to the board</BackLink>;

  let content: ReactNode;
  if (cancelled) content = <GameCancelled game={cancelled} before={back} />;
  else if (notFound) content = <GameNotFound before={back} />;
  else if (board.data) content = <PrintSheet board={board.data} qr={link.data} back={back} />;
  else if (board.isError && !board.isFetching)
    content = (
      <div className="mx-auto flex max-w-3xl flex-col gap-4 p-6">
        {back}
        <ErrorState
          title={GAME_ERRORS.loadDetailsFailed}
          message={board.error instanceof Error ? board.error.message : undefined}
          onRetry={() => void board.refetch()}
        />
      </div>
    );
  else content = <LoadingState label="Loading the board..." />;
  return (
    <main id={MAIN_ID} tabIndex={-1} className="flex min-h-svh flex-col focus:outline-none print:min-h-0">
      {content}
    </main>
  );
}
