import { LogIn } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { EMAIL_CONFIRMED, INVALID_EMAIL, LOGIN_ERRORS, PASSWORD_UPDATED, SUCCESS_TOASTS } from '@core/messages';
import { validateLogin } from '@core/validation';
import { AuthPage, EmailField, Field, FormError, FormNotice } from '@/components/auth-form';
import { LoadingState } from '@/components/page';
import { returnPath } from '@/components/route-guards';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { authApi, loginErrorMessage } from '@/lib/auth';
import { useSession, useSessionActions } from '@/lib/session';

/** Shown when the confirmation link was invalid or expired (Better Auth adds ?error=...). */
const CONFIRMATION_LINK_FAILED = 'This confirmation link is invalid or has expired.';

type LoginField = 'email' | 'password';

/** Which fields a validation message is about. */
function invalidFields(message: string, email: string, password: string): LoginField[] {
  if (message === INVALID_EMAIL) return ['email'];
  return [email.trim() === '' ? 'email' : null, password === '' ? 'password' : null].filter(
    (field): field is LoginField => field !== null,
  );
}

/** Spec section 2 /login: "Welcome Back". */
export default function LoginPage() {
  const session = useSession();
  const { refresh } = useSessionActions();
  const location = useLocation();
  const [params] = useSearchParams();
  const errorId = useId();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ message: string; fields: LoginField[] } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const justLoggedIn = useRef(false);

  if (session.status === 'loading') return <LoadingState />;
  // Signed-in users are sent to / (spec); right after logging in, back where they came from.
  if (session.status === 'signed-in') {
    return <Navigate to={justLoggedIn.current ? returnPath(location.state) : '/'} replace />;
  }

  const state = location.state as { passwordUpdated?: boolean } | null;
  const notice =
    state?.passwordUpdated || params.get('reset') === '1'
      ? PASSWORD_UPDATED
      : params.has('confirmed') && !params.has('error')
        ? EMAIL_CONFIRMED
        : null;
  const linkProblem = params.has('confirmed') && params.has('error') ? CONFIRMATION_LINK_FAILED : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const result = validateLogin({ email, password });
    if (!result.ok) {
      setError({ message: result.message, fields: invalidFields(result.message, email, password) });
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await authApi.signIn(result.value);
      justLoggedIn.current = true;
      const next = await refresh();
      if (next.status !== 'signed-in') throw new Error(LOGIN_ERRORS.generic);
      toast.success(SUCCESS_TOASTS.loginSuccessful);
    } catch (cause) {
      justLoggedIn.current = false;
      const message = loginErrorMessage(cause);
      setError({ message, fields: [] });
      toast.error(message || LOGIN_ERRORS.toastFallback);
      setSubmitting(false);
    }
  }

  const fieldError = (field: LoginField) => (error?.fields.includes(field) ? errorId : null);

  return (
    <AuthPage
      title="Welcome Back"
      description="Log in to your account to buy squares and follow your games."
      icon={<LogIn />}
      footer={
        <p>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign up
          </Link>
        </p>
      }
    >
      {notice && <FormNotice>{notice}</FormNotice>}
      {linkProblem && <FormError id={`${errorId}-link`} message={linkProblem} />}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Log in">
        <FormError id={errorId} message={error?.message ?? null} />
        <EmailField
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errorId={fieldError('email')}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          errorId={fieldError('password')}
          required
          labelAction={
            <Link to="/forgot-password" className="text-sm text-primary underline-offset-4 hover:underline">
              Forgot password?
            </Link>
          }
        />
        <Button type="submit" disabled={submitting} className="w-full">
          {submitting && <Spinner label="Logging in..." />}
          {submitting ? 'Logging in...' : 'Log In'}
        </Button>
      </form>
    </AuthPage>
  );
}
