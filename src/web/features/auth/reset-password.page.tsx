import { KeyRound, LinkIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PASSWORDS_DO_NOT_MATCH, missingFieldsMessage } from '@core/messages';
import { validatePassword } from '@core/validation';
import { AuthPage, FormError } from './auth-form';
import { ConfirmPasswordField, NewPasswordField, SubmitButton } from './auth-fields';
import { LinkButton } from '@/components/link-button';
import { authApi, RESET_PAGE_TEXTS, resetPasswordFailure } from './auth';

type ResetField = 'password' | 'confirmPassword';

/** D6: the reset link's page: a new password and its confirmation under the same policy. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const errorId = useId();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<{ message: string; fields: ResetField[] } | null>(null);
  const [invalidLink, setInvalidLink] = useState(token === '' || params.has('error'));
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const missing = [password === '' ? 'New Password' : null, confirmPassword === '' ? 'Confirm New Password' : null].filter(
      (name): name is string => name !== null,
    );
    if (missing.length > 0) {
      setError({
        message: missingFieldsMessage(missing),
        fields: [password === '' ? 'password' : null, confirmPassword === '' ? 'confirmPassword' : null].filter((field): field is ResetField => field !== null),
      });
      return;
    }
    if (password !== confirmPassword) {
      setError({ message: PASSWORDS_DO_NOT_MATCH, fields: ['confirmPassword'] });
      return;
    }
    const policy = validatePassword(password);
    if (!policy.ok) {
      setError({ message: policy.message, fields: ['password'] });
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await authApi.resetPassword(token, password);
      navigate('/login', { replace: true, state: { passwordUpdated: true } });
    } catch (cause) {
      const failure = resetPasswordFailure(cause);
      if (failure.invalidLink) setInvalidLink(true);
      else setError({ message: failure.message, fields: [] });
      setSubmitting(false);
    }
  }

  if (invalidLink) {
    return (
      <AuthPage title={RESET_PAGE_TEXTS.invalidLinkTitle} icon={<LinkIcon />} description={RESET_PAGE_TEXTS.invalidLink}>
        <div className="flex flex-col gap-2">
          <LinkButton className="w-full" to="/forgot-password">
            Send a New Link
          </LinkButton>
          <LinkButton variant="outline" className="w-full" to="/login">
            Back to Login
          </LinkButton>
        </div>
      </AuthPage>
    );
  }

  const fieldError = (field: ResetField) => (error?.fields.includes(field) ? errorId : null);

  return (
    <AuthPage title={RESET_PAGE_TEXTS.title} description={RESET_PAGE_TEXTS.description} icon={<KeyRound />}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Choose a new password">
        <FormError id={errorId} message={error?.message ?? null} />
        <NewPasswordField
          label="New Password"
          name="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          errorId={fieldError('password')}
        />
        <ConfirmPasswordField
          label="Confirm New Password"
          name="confirm-new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          errorId={fieldError('confirmPassword')}
        />
        <SubmitButton busy={submitting} busyLabel="Updating password...">
          Update Password
        </SubmitButton>
      </form>
    </AuthPage>
  );
}
