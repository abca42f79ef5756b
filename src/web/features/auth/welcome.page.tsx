import { UserRound } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { CHOOSE_USERNAME, SUCCESS_TOASTS, USERNAME_TOO_SHORT } from '@core/messages';
import { validateUsername } from '@core/validation';
import { AuthPage, FormError } from './auth-form';
import { SubmitButton, UsernameField } from './auth-fields';
import { LoadingState } from '@/components/page';
import { nextPath } from './route-guards';
import { authApi, chooseUsernameErrorMessage } from './auth';
import { firstGameLanding } from './first-game';
import { useSession, useSessionActions } from '@/lib/session';

/**
 * /welcome (D29): where a sign-in link lands. An account made by the link has no username yet:
 * it chooses one here, once (the sign-up rules and texts; update-user and profile-rules.ts on
 * the server), and goes on to `next`. An account that has one goes straight on; pages that need
 * a username (RequireUsername) send an account without one here.
 */
export default function WelcomePage() {
  const session = useSession();
  const { refresh } = useSessionActions();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = nextPath(params.get('next'));
  const errorId = useId();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const greeted = useRef(false);
  const hasUsername = session.status === 'signed-in' && session.user.username !== null;
  // Where the link leads once known (firstGameLanding: an empty install's organizer creates their first game).
  const [landing, setLanding] = useState<string | null>(null);
  useEffect(() => {
    if (!hasUsername || saving) return;
    let cancelled = false;
    void firstGameLanding(next).then((to) => {
      if (!cancelled) setLanding(to);
    });
    return () => {
      cancelled = true;
    };
  }, [hasUsername, saving, next]);

  // Signed in by link with a username already: on to the page, with the login toast.
  useEffect(() => {
    if (hasUsername && !greeted.current && !saving) {
      greeted.current = true;
      toast.success(SUCCESS_TOASTS.loginSuccessful);
    }
  }, [hasUsername, saving]);

  if (session.status === 'loading') return <LoadingState />;
  if (session.status === 'signed-out') return <Navigate to={`/login?${new URLSearchParams({ next })}`} replace />;
  if (hasUsername && !saving) return landing === null ? <LoadingState /> : <Navigate to={landing} replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const result = username.trim() === '' ? { ok: false as const, message: USERNAME_TOO_SHORT } : validateUsername(username);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await authApi.chooseUsername(result.value);
      await refresh();
      greeted.current = true;
      toast.success(CHOOSE_USERNAME.saved);
      void navigate(await firstGameLanding(next), { replace: true });
    } catch (cause) {
      setError(chooseUsernameErrorMessage(cause));
      setSaving(false);
    }
  }

  return (
    <AuthPage title={CHOOSE_USERNAME.title} description={CHOOSE_USERNAME.description} icon={<UserRound />}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Choose a username">
        <FormError id={errorId} message={error} />
        <UsernameField
          // The page's one question: start there.
          autoFocus
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          errorId={error ? errorId : null}
          refused={error !== null}
          onSuggestion={(suggested) => {
            setUsername(suggested);
            setError(null);
          }}
        />
        <SubmitButton busy={saving} busyLabel={CHOOSE_USERNAME.saving}>
          {CHOOSE_USERNAME.submit}
        </SubmitButton>
      </form>
    </AuthPage>
  );
}
