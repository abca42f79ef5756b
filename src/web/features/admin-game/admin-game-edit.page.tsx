import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { GAME_ERRORS, GAME_UPDATE_COMPLETED, SUCCESS_TOASTS } from '@core/messages';
import type { GameFormValues } from '@core/schemas';
import { AdminAccessProblem, useAdminAccess } from './admin-access';
import { adminGamePath } from './admin-game-list';
import { GameForm } from './game-form/game-form';
import { toFormState } from './game-form/game-form-state';
import { REDIRECT_DELAY_MS, saveErrorMessage } from './game-form/save-game';
import { InstructionsMissing } from './instructions-missing';
import { BackLink } from '@/components/link-button';
import { ErrorState, LoadingState, Page } from '@/components/page';
import { Card, CardContent } from '@/components/ui/card';
import { isApiError } from '@/lib/api';
import { useAppConfig } from '@/lib/config';
import { type Game, type GameUpdateRequest, useGame, useUpdateGame } from '@/lib/games';

/** Where a missing or locked game sends the organizer: the games list. */
const LIST = '/admin/games';

/** Spec /admin/games/edit/:id: Edit Game (D13: price and payout schedule fixed once squares are held or sold). */
export default function AdminGameEditPage() {
  const { id = '' } = useParams();
  const config = useAppConfig();
  const game = useGame(id);
  const updateGame = useUpdateGame(id);
  const access = useAdminAccess(game.error, updateGame.error);
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const leaving = useRef(false);
  // Issue 23: the form opens from the game's admin page and returns there (saved or cancelled).
  const backTo = adminGamePath(id);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // A malformed id (400) names no game either.
  const notFound = isApiError(game.error) && (game.error.status === 404 || game.error.status === 400);
  // A completed game is a record; a game with numbers drawn is in progress. Once saved, the
  // refreshed game must not count as either, or as missing.
  const locked =
    done || game.data === undefined ? null : !game.data.is_active ? GAME_UPDATE_COMPLETED : game.data.grid_shuffled ? GAME_ERRORS.cannotEditInProgress : null;

  // A locked game cannot be edited, a missing one not found: say so and go back to the list.
  const leaveWith = access === 'ok' && !done ? (notFound ? GAME_ERRORS.notFound : locked) : null;
  useEffect(() => {
    if (!leaveWith || leaving.current) return;
    leaving.current = true;
    toast.error(leaveWith, { id: 'admin-game-edit-leave' });
    navigate(LIST, { replace: true });
  }, [leaveWith, navigate]);

  if (access !== 'ok') return <AdminAccessProblem access={access} />;

  async function onSubmit(current: Game, values: GameFormValues) {
    setServerError(null);
    // D13: a locked price and payout schedule (D28: and payment method; D36: and board size) are shown but not sent.
    const changes: GameUpdateRequest = {
      title: values.title,
      team_a: values.team_a,
      team_b: values.team_b,
      game_type: values.game_type,
      ...(current.price_locked
        ? {}
        : {
            price_per_square: values.price_per_square,
            payout_schedule: values.payout_schedule,
            payout_shares: values.payout_shares,
            organizer_percent: values.organizer_percent,
            organizer_label: values.organizer_label,
            unbought_rule: values.unbought_rule,
            payment_method: values.payment_method,
            board_size: values.board_size,
          }),
      ...(values.max_squares_per_player !== current.max_squares_per_player ? { max_squares_per_player: values.max_squares_per_player } : {}),
      // D30: who can see the game.
      ...(values.visibility !== current.visibility ? { visibility: values.visibility } : {}),
      // D39: the zone when it changes (a game made before zones gets one with its first kickoff), the kickoff and the draw choice.
      ...(values.time_zone !== current.time_zone && (current.time_zone !== null || values.kickoff_at !== null) ? { time_zone: values.time_zone } : {}),
      ...(sameInstant(values.kickoff_at, current.kickoff_at) ? {} : { kickoff_at: values.kickoff_at }),
      ...(values.draw_at_kickoff !== current.draw_at_kickoff ? { draw_at_kickoff: values.draw_at_kickoff } : {}),
      // D28: instructions and the pay-by time belong to organizer-collects games.
      ...(values.payment_method === 'organizer' ? { payment_instructions: values.payment_instructions, pay_by: values.pay_by } : {}),
    };
    try {
      await updateGame.mutateAsync(changes);
      setDone(true);
      toast.success(SUCCESS_TOASTS.gameUpdated);
      timer.current = window.setTimeout(() => navigate(backTo), REDIRECT_DELAY_MS);
    } catch (error) {
      const message = saveErrorMessage(error, [400, 409], GAME_ERRORS.updateFailed);
      setServerError(message);
      toast.error(message);
    }
  }

  let content;
  if (leaveWith) {
    content = (
      <p className="text-muted-foreground" role="status">
        {leaveWith}
      </p>
    );
  } else if (game.isPending) {
    content = <LoadingState label="Loading game data..." />;
  } else if (game.isError || !game.data) {
    content = <ErrorState title={GAME_ERRORS.loadDataFailed} onRetry={() => void game.refetch()} />;
  } else {
    const current = game.data;
    content = (
      <Card>
        <CardContent className="flex flex-col gap-6 px-4 sm:px-6">
          <InstructionsMissing game={current} />
          <GameForm
            key={current.id}
            initial={toFormState(current)}
            submitLabel="Update Game"
            submittingLabel="Updating..."
            submitting={updateGame.isPending || done}
            priceLocked={current.price_locked}
            numberSetsFixed
            kickoffLocked={current.sales_closed_at !== null || current.grid_shuffled}
            paymentMethods={config.data?.paymentMethods}
            serverError={serverError}
            cancelTo={backTo}
            onSubmit={(values) => void onSubmit(current, values)}
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <Page
      title="Edit Game"
      description={game.data && !leaveWith ? game.data.title : undefined}
      width="narrow"
      before={<BackLink to={backTo}>Back to the game</BackLink>}
    >
      {content}
    </Page>
  );
}

/** D39: two times the same to the minute (the form's precision), or both none. */
function sameInstant(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.floor(Date.parse(a) / 60_000) === Math.floor(Date.parse(b) / 60_000);
}
