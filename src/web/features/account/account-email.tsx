import type { AccountResponse } from '@core/api/account';
import { ACCOUNT_TEXTS, SIGN_IN_LINK } from '@core/messages';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { authApi } from '@/features/auth/auth';
import { CurrentPasswordField, Field, SubmitButton } from '@/features/auth/auth-fields';
import { FormError, FormNotice } from '@/features/auth/auth-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { emailChange, linkOutcome, messageOf } from './account-rules';
import { AccountSection, FormLines } from './account-section';
import { useChangeForm } from './use-change-form';

/**
 * docs/decisions/039: a new address needs the current password, or for an account without one
 * a recent sign-in (a link to the current address, offered here).
 */
export function EmailSection({ account }: { account: AccountResponse }) {
  const form = useChangeForm();
  const [params] = useSearchParams();
  const outcome = linkOutcome(params);
  const [email, setEmail] = useState('');
  const [current, setCurrent] = useState('');
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const change = emailChange(account, email, current);
    if (!change.ok) return form.fail(change.message);
    if (await form.send(change.value)) {
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
