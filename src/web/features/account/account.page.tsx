import { Link2, Mail, TriangleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { deleteBlockerMessage } from '@core/account-deletion';
import type { AccountResponse } from '@core/api/account';
import { MAIL_CHOICES_TEXTS } from '@core/mail-kinds';
import { ACCOUNT_TEXTS, SIGN_IN_LINK } from '@core/messages';
import { validateEmail, validatePassword, validateUsername } from '@core/validation';
import { CurrentPasswordField, Field, FormError, FormNotice, NewPasswordField, SubmitButton, UsernameField } from '@/features/auth/auth-form';
import { ErrorState, LoadingState, Page } from '@/components/page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { type AccountChange, deleteAccount, useAccount, useAccountChange } from './account';
import { isApiError } from '@/lib/api';
import { authApi } from '@/features/auth/auth';
import { useMailPreferences, useSetMailPreference } from './mail-preferences';
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
      <MailsSection />
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

/** A change form's state: its error and success lines; `send` makes the change and shows what the server said. */
function useChangeForm() {
  const errorId = useId();
  const change = useAccountChange();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fail = (message: string) => {
    setNotice(null);
    setError(message);
  };
  /** True when the change was made. */
  async function send(request: AccountChange): Promise<boolean> {
    try {
      const result = await change.mutateAsync(request);
      setError(null);
      setNotice(result.message);
      return true;
    } catch (cause) {
      fail(messageOf(cause));
      return false;
    }
  }
  return { errorId, error, notice, fail, clear: () => setError(null), send, busy: change.isPending, fieldError: error ? errorId : null };
}

/** A form's error (role=alert) and success (role=status) lines. */
function FormLines({ form }: { form: ReturnType<typeof useChangeForm> }) {
  return (
    <>
      <FormError id={form.errorId} message={form.error} />
      {form.notice && <FormNotice>{form.notice}</FormNotice>}
    </>
  );
}

function UsernameSection({ account }: { account: AccountResponse }) {
  const { refresh } = useSessionActions();
  const form = useChangeForm();
  const [username, setUsername] = useState(account.username ?? '');
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateUsername(username);
    if (!checked.ok) return form.fail(checked.message);
    // The welcome line shows the new name.
    if (await form.send({ path: 'username', body: { username: checked.value } })) await refresh();
  }
  return (
    <AccountSection id="username" title="Username" description="Other players see it on the board, next to your squares.">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Change username">
        <FormLines form={form} />
        <UsernameField
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          errorId={form.fieldError}
          refused={form.error !== null}
          onSuggestion={(suggested) => {
            setUsername(suggested);
            form.clear();
          }}
        />
        <SubmitButton busy={form.busy} busyLabel="Saving...">
          Save username
        </SubmitButton>
      </form>
    </AccountSection>
  );
}

/**
 * D40/D41: a checkbox per opt-out kind of mail, each saved on the server when it is changed (the
 * answer, every kind's state, replaces the boxes). Receipts and account mails always come.
 */
function MailsSection() {
  const choices = useMailPreferences();
  const save = useSetMailPreference();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  async function toggle(kind: string, on: boolean) {
    setNotice(null);
    setError(null);
    try {
      await save.mutateAsync({ kind, on });
      setNotice(MAIL_CHOICES_TEXTS.saved);
    } catch (err) {
      setError(messageOf(err));
    }
  }
  return (
    <AccountSection
      id="mails"
      title={MAIL_CHOICES_TEXTS.title}
      icon={<Mail aria-hidden="true" className="size-4" />}
      description={MAIL_CHOICES_TEXTS.description}
    >
      {choices.isPending && <Spinner aria-label="Loading your mail choices" />}
      {choices.isError && <FormError id={errorId} message={messageOf(choices.error)} />}
      {choices.data && (
        <fieldset className="flex flex-col gap-1" aria-describedby={error ? errorId : undefined} disabled={save.isPending}>
          <legend className="mb-2 text-sm font-medium">Send me mails about</legend>
          {choices.data.kinds.map((choice) => (
            <label key={choice.kind} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-1 text-sm hover:bg-muted/60">
              <input
                type="checkbox"
                name={choice.kind}
                checked={choice.on}
                onChange={(event) => void toggle(choice.kind, event.target.checked)}
                className="size-5 shrink-0 accent-primary"
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </fieldset>
      )}
      <FormError id={errorId} message={error} />
      {notice && <FormNotice>{notice}</FormNotice>}
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

/**
 * docs/decisions/039: a new address needs the current password, or for an account without one
 * a recent sign-in (a link to the current address, offered here).
 */
function EmailSection({ account }: { account: AccountResponse }) {
  const form = useChangeForm();
  const [params] = useSearchParams();
  const outcome = linkOutcome(params);
  const [email, setEmail] = useState('');
  const [current, setCurrent] = useState('');
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateEmail(email);
    if (!checked.ok) return form.fail(checked.message);
    if (account.hasPassword && current === '') return form.fail(ACCOUNT_TEXTS.emailPasswordRequired);
    const body = account.hasPassword ? { email: checked.value, currentPassword: current } : { email: checked.value };
    if (await form.send({ path: 'email', body })) {
      setEmail('');
      setCurrent('');
    }
  }
  return (
    <AccountSection
      id="email"
      title="E-mail address"
      description={
        <>
          You log in with <strong className="font-medium [overflow-wrap:anywhere] text-foreground">{account.email}</strong>, and mails go there.
        </>
      }
    >
      {outcome &&
        !form.notice &&
        !form.error &&
        (outcome.ok ? <FormNotice>{outcome.message}</FormNotice> : <FormError id={`${form.errorId}-link`} message={outcome.message} />)}
      {!account.hasPassword && <RecentSignIn email={account.email} />}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Change e-mail address">
        <FormLines form={form} />
        <Field
          label="New e-mail address"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errorId={form.fieldError}
          hint="We send a link to the new address; it changes when you open the link."
          required
        />
        {account.hasPassword && (
          <CurrentPasswordField
            label="Current password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            errorId={form.fieldError}
            hint={ACCOUNT_TEXTS.emailPasswordHint}
          />
        )}
        <SubmitButton busy={form.busy} busyLabel="Sending...">
          Send confirmation link
        </SubmitButton>
      </form>
    </AccountSection>
  );
}

/** An account without a password: why a recent sign-in is asked for, and a sign-in link to the current address to get one. */
function RecentSignIn({ email }: { email: string }) {
  const errorId = useId();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function send() {
    setBusy(true);
    setError(null);
    try {
      await authApi.sendSignInLink(email, '/account');
      setSent(true);
    } catch (cause) {
      setError(messageOf(cause));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col gap-3" data-testid="email-recent-sign-in">
      <p className="text-sm text-muted-foreground">{ACCOUNT_TEXTS.emailRecentSignInHint}</p>
      <FormError id={errorId} message={error} />
      {sent && <FormNotice>{ACCOUNT_TEXTS.emailSignInLinkSent(email)}</FormNotice>}
      <Button type="button" variant="outline" className="h-auto min-h-11 w-full py-2 whitespace-normal" disabled={busy} onClick={() => void send()}>
        {busy && <Spinner aria-hidden="true" />}
        {SIGN_IN_LINK.button}
      </Button>
    </div>
  );
}

function PasswordSection({ account }: { account: AccountResponse }) {
  const form = useChangeForm();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (account.hasPassword && current === '') return form.fail(ACCOUNT_TEXTS.currentPasswordRequired);
    const checked = validatePassword(next);
    if (!checked.ok) return form.fail(checked.message);
    const body = account.hasPassword ? { currentPassword: current, newPassword: next } : { newPassword: next };
    if (await form.send({ path: 'password', body })) {
      setCurrent('');
      setNext('');
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
        <FormLines form={form} />
        {account.hasPassword && (
          <CurrentPasswordField label="Current password" value={current} onChange={(event) => setCurrent(event.target.value)} errorId={form.fieldError} />
        )}
        <NewPasswordField label="New password" name="new-password" value={next} onChange={(event) => setNext(event.target.value)} errorId={form.fieldError} />
        <SubmitButton busy={form.busy} busyLabel="Saving...">
          {account.hasPassword ? 'Change password' : 'Set password'}
        </SubmitButton>
      </form>
    </AccountSection>
  );
}

function DeleteSection({ account }: { account: AccountResponse }) {
  const { refresh } = useSessionActions();
  const navigate = useNavigate();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const blocked = deleteBlockerMessage(account.deleteBlockers);
  const expected = account.username ?? account.email;
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || blocked) return;
    if (confirm.trim().toLowerCase() !== expected.toLowerCase()) {
      return setError(account.username ? ACCOUNT_TEXTS.deleteConfirmWrong : ACCOUNT_TEXTS.deleteConfirmWrongEmail);
    }
    if (account.hasPassword && password === '') return setError(ACCOUNT_TEXTS.deletePasswordRequired);
    setBusy(true);
    try {
      const result = await deleteAccount({ confirm, ...(account.hasPassword ? { password } : {}) });
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
