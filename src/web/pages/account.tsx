import { Link2, TriangleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { deleteBlockerMessage } from '@core/account-deletion';
import type { AccountResponse } from '@core/api/account';
import { ACCOUNT_TEXTS, USERNAME_RULE_HINT } from '@core/messages';
import { validateEmail, validatePassword, validateUsername } from '@core/validation';
import { Field, FormError, FormNotice, NewPasswordField, SubmitButton } from '@/components/auth-form';
import { ErrorState, LoadingState, Page } from '@/components/page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { deleteAccount, useAccount, useAccountChange } from '@/lib/account';
import { isApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useSessionActions } from '@/lib/session';

const TRY_AGAIN = 'Something went wrong. Please try again.';
const messageOf = (error: unknown) => (isApiError(error) ? error.message : TRY_AGAIN);

/**
 * /account (D41; docs/decisions/034): the signed-in account's username, e-mail address and
 * password, how sign-in links work for it, and deleting it. The server checks everything again.
 */
export default function AccountPage() {
  const account = useAccount();
  if (account.isPending) return <LoadingState />;
  if (account.isError) {
    return (
      <Page title={ACCOUNT_TEXTS.title} width="narrow">
        <ErrorState title="Failed to load your account" message={messageOf(account.error)} onRetry={() => void account.refetch()} />
      </Page>
    );
  }
  const data = account.data;
  return (
    <Page title={ACCOUNT_TEXTS.title} description={ACCOUNT_TEXTS.description} width="narrow">
      <UsernameSection account={data} />
      <EmailSection account={data} />
      <PasswordSection account={data} />
      <AccountSection id="sign-in-links" title="Sign-in links" icon={<Link2 aria-hidden="true" className="size-4" />}>
        <p className="text-sm text-muted-foreground">{ACCOUNT_TEXTS.signInLinks}</p>
      </AccountSection>
      <DeleteSection account={data} />
    </Page>
  );
}

/** One part of the page: a card titled by its h2. */
function AccountSection({
  id,
  title,
  icon,
  description,
  children,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={`account-${id}`}>
      <Card>
        <CardHeader>
          <CardTitle as="h2" id={`${id}-heading`} className="flex items-center gap-2 text-lg">
            {icon}
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{children}</CardContent>
      </Card>
    </section>
  );
}

/** A form's error and success lines, and its submit state. */
function useFormState() {
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return {
    errorId,
    error,
    notice,
    fail: (message: string) => (setNotice(null), setError(message)),
    succeed: (message: string) => (setError(null), setNotice(message)),
  };
}

function UsernameSection({ account }: { account: AccountResponse }) {
  const change = useAccountChange();
  const { refresh } = useSessionActions();
  const form = useFormState();
  const [username, setUsername] = useState(account.username ?? '');
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateUsername(username);
    if (!checked.ok) return form.fail(checked.message);
    try {
      const result = await change.mutateAsync({ path: 'username', body: { username: checked.value } });
      form.succeed(result.message);
      await refresh();
    } catch (error) {
      form.fail(messageOf(error));
    }
  }
  return (
    <AccountSection id="username" title="Username" description="Other players see it on the board, next to your squares.">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Change username">
        <FormError id={form.errorId} message={form.error} />
        {form.notice && <FormNotice>{form.notice}</FormNotice>}
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          errorId={form.error ? form.errorId : null}
          hint={USERNAME_RULE_HINT}
          required
        />
        <SubmitButton busy={change.isPending} busyLabel="Saving...">
          Save username
        </SubmitButton>
      </form>
    </AccountSection>
  );
}

/** What the confirmation link of a new address came back with (`/account?email=changed[&error=CODE]`). */
function linkOutcome(params: URLSearchParams): { ok: boolean; message: string } | null {
  if (params.get('email') !== 'changed') return null;
  const error = params.get('error');
  if (!error) return { ok: true, message: ACCOUNT_TEXTS.emailChanged };
  return { ok: false, message: error === 'EMAIL_TAKEN' ? ACCOUNT_TEXTS.emailLinkTaken : ACCOUNT_TEXTS.emailLinkExpired };
}

function EmailSection({ account }: { account: AccountResponse }) {
  const change = useAccountChange();
  const form = useFormState();
  const [params] = useSearchParams();
  const outcome = linkOutcome(params);
  const [email, setEmail] = useState('');
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateEmail(email);
    if (!checked.ok) return form.fail(checked.message);
    try {
      form.succeed((await change.mutateAsync({ path: 'email', body: { email: checked.value } })).message);
      setEmail('');
    } catch (error) {
      form.fail(messageOf(error));
    }
  }
  return (
    <AccountSection
      id="email"
      title="E-mail address"
      description={
        <>
          You log in with <strong className="font-medium break-all text-foreground">{account.email}</strong>, and mails go there.
        </>
      }
    >
      {outcome &&
        !form.notice &&
        !form.error &&
        (outcome.ok ? <FormNotice>{outcome.message}</FormNotice> : <FormError id={`${form.errorId}-link`} message={outcome.message} />)}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Change e-mail address">
        <FormError id={form.errorId} message={form.error} />
        {form.notice && <FormNotice>{form.notice}</FormNotice>}
        <Field
          label="New e-mail address"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errorId={form.error ? form.errorId : null}
          hint="We send a link to the new address; it changes when you open the link."
          required
        />
        <SubmitButton busy={change.isPending} busyLabel="Sending...">
          Send confirmation link
        </SubmitButton>
      </form>
    </AccountSection>
  );
}

function PasswordSection({ account }: { account: AccountResponse }) {
  const change = useAccountChange();
  const form = useFormState();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (account.hasPassword && current === '') return form.fail(ACCOUNT_TEXTS.currentPasswordRequired);
    const checked = validatePassword(next);
    if (!checked.ok) return form.fail(checked.message);
    try {
      const body = account.hasPassword ? { currentPassword: current, newPassword: next } : { newPassword: next };
      form.succeed((await change.mutateAsync({ path: 'password', body })).message);
      setCurrent('');
      setNext('');
    } catch (error) {
      form.fail(messageOf(error));
    }
  }
  return (
    <AccountSection
      id="password"
      title="Password"
      description={
        account.hasPassword
          ? 'Changing it signs out your other devices.'
          : 'Your account has no password: you sign in with links. Set one to also log in with your e-mail and a password.'
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={account.hasPassword ? 'Change password' : 'Set a password'}>
        <FormError id={form.errorId} message={form.error} />
        {form.notice && <FormNotice>{form.notice}</FormNotice>}
        {account.hasPassword && (
          <Field
            label="Current password"
            type="password"
            name="current-password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            errorId={form.error ? form.errorId : null}
            required
          />
        )}
        <NewPasswordField
          label="New password"
          name="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          errorId={form.error ? form.errorId : null}
        />
        <SubmitButton busy={change.isPending} busyLabel="Saving...">
          {account.hasPassword ? 'Change password' : 'Set password'}
        </SubmitButton>
      </form>
    </AccountSection>
  );
}

function DeleteSection({ account }: { account: AccountResponse }) {
  const { refresh } = useSessionActions();
  const navigate = useNavigate();
  const form = useFormState();
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const blocked = deleteBlockerMessage(account.deleteBlockers);
  const expected = account.username ?? account.email;
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || blocked) return;
    if (confirm.trim().toLowerCase() !== expected.toLowerCase()) {
      return form.fail(account.username ? ACCOUNT_TEXTS.deleteConfirmWrong : ACCOUNT_TEXTS.deleteConfirmWrongEmail);
    }
    if (account.hasPassword && password === '') return form.fail(ACCOUNT_TEXTS.deletePasswordRequired);
    setBusy(true);
    try {
      const result = await deleteAccount({ confirm, ...(account.hasPassword ? { password } : {}) });
      notify.success(result.message);
      await refresh();
      void navigate('/', { replace: true });
    } catch (error) {
      form.fail(messageOf(error));
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
          <FormError id={form.errorId} message={form.error} />
          <Field
            label={account.username ? `Type your username (${account.username}) to confirm` : `Type your e-mail address (${account.email}) to confirm`}
            name="confirm-delete"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            errorId={form.error ? form.errorId : null}
            required
          />
          {account.hasPassword && (
            <Field
              label="Password"
              type="password"
              name="delete-password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              errorId={form.error ? form.errorId : null}
              required
            />
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
