import { deleteBlockerMessage } from '@core/account-deletion';
import type { AccountResponse } from '@core/api/account';
import { ACCOUNT_TEXTS } from '@core/messages';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { CurrentPasswordField, Field } from '@/features/auth/auth-fields';
import { FormError } from '@/features/auth/auth-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { useSessionActions } from '@/lib/session';
import { deleteAccount } from './account';
import { deleteRequest, messageOf } from './account-rules';
import { AccountSection } from './account-section';

/** Deleting the account, once nothing it owes or is owed stops it (deleteBlockerMessage says what does). */
export function DeleteSection({ account }: { account: AccountResponse }) {
  const { refresh } = useSessionActions();
  const navigate = useNavigate();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const blocked = deleteBlockerMessage(account.deleteBlockers);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || blocked) return;
    const request = deleteRequest(account, confirm, password);
    if (!request.ok) return setError(request.message);
    setBusy(true);
    try {
      const result = await deleteAccount(request.value);
      notify.success(result.message);
      await refresh();
      void navigate('/', { replace: true });
    } catch (cause) {
      setError(messageOf(cause));
      setBusy(false);
    }
  }
  return (
    <AccountSection id="delete" title="Delete account" icon={<TriangleAlert aria-hidden="true" className="size-4 text-destructive" />}>
      <p className="text-sm text-muted-foreground">{ACCOUNT_TEXTS.deleteExplained}</p>
      {blocked ? (
        <Alert variant="destructive" data-testid="delete-blocked">
          <TriangleAlert aria-hidden="true" />
          <AlertDescription>
            <p>{blocked}</p>
          </AlertDescription>
        </Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Delete account">
          <FormError id={errorId} message={error} />
          <Field
            label={account.username ? `Type your username (${account.username}) to confirm` : `Type your e-mail address (${account.email}) to confirm`}
            name="confirm-delete"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            errorId={error ? errorId : null}
            required
          />
          {account.hasPassword && (
            <CurrentPasswordField label="Password" value={password} onChange={(event) => setPassword(event.target.value)} errorId={error ? errorId : null} />
          )}
          <Button type="submit" variant="destructive" disabled={busy} className="w-full">
            {busy && <Spinner label="Deleting..." />}
            {busy ? 'Deleting...' : 'Delete my account'}
          </Button>
        </form>
      )}
    </AccountSection>
  );
}
