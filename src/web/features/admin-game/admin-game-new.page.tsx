import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { GAME_ERRORS, SUCCESS_TOASTS } from '@core/messages';
import { PAYMENT_METHODS } from '@core/payment-methods';
import { GAME_FORM_DEFAULTS, type GameFormValues } from '@core/schemas';
import { AdminAccessProblem, useAdminAccess } from './admin-access';
import { GameForm } from './game-form/game-form';
import { toFormState } from './game-form/game-form-state';
import { REDIRECT_DELAY_MS, saveErrorMessage } from './game-form/save-game';
import { BackLink } from '@/components/link-button';
import { Page } from '@/components/page';
import { Card, CardContent } from '@/components/ui/card';
import { useAppConfig } from '@/lib/config';
import { useCreateGame } from '@/lib/games';

/** Spec /admin/games/new: Create New Game. */
export default function AdminGameNewPage() {
  const createGame = useCreateGame();
  // D28: the ways of paying this server offers (without Stripe, organizer-collects only); card first while unknown.
  const config = useAppConfig();
  const methods = config.data?.paymentMethods ?? PAYMENT_METHODS;
  const access = useAdminAccess(createGame.error);
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  if (access !== 'ok') return <AdminAccessProblem access={access} />;

  async function onSubmit(values: GameFormValues) {
    setServerError(null);
    try {
      const game = await createGame.mutateAsync(values);
      setDone(true);
      toast.success(SUCCESS_TOASTS.gameCreated);
      // D45: on to "Share this pool" (the spec went to /admin), after the spec's 0.5 s.
      timer.current = window.setTimeout(() => navigate(`/admin/games/${encodeURIComponent(game.id)}/share`), REDIRECT_DELAY_MS);
    } catch (error) {
      const message = saveErrorMessage(error, [400], GAME_ERRORS.createFailed);
      setServerError(message);
      toast.error(message);
    }
  }

  return (
    <Page
      title="Create New Game"
      description="Set the teams and the price; players can buy squares as soon as the game is created."
      width="narrow"
      before={<BackLink to="/admin">Back to Admin Dashboard</BackLink>}
    >
      <Card>
        <CardContent className="px-4 sm:px-6">
          <GameForm
            key={methods.join()}
            initial={toFormState({ ...GAME_FORM_DEFAULTS, payment_method: methods[0] ?? GAME_FORM_DEFAULTS.payment_method })}
            paymentMethods={methods}
            submitLabel="Create Game"
            submittingLabel="Creating..."
            submitting={createGame.isPending || done}
            serverError={serverError}
            cancelTo="/admin"
            rulesFolded
            onSubmit={(values) => void onSubmit(values)}
          />
        </CardContent>
      </Card>
    </Page>
  );
}
