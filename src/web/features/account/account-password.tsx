import type { AccountResponse } from '@core/api/account';
import { type FormEvent, useState } from 'react';
import { CurrentPasswordField, NewPasswordField, SubmitButton } from '@/features/auth/auth-fields';
import { passwordChange } from './account-rules';
import { AccountSection, FormLines } from './account-section';
import { useChangeForm } from './use-change-form';

/** Change the password, or set a first one (an account made by a sign-in link has none). */
export function PasswordSection({ account }: { account: AccountResponse }) {
  const form = useChangeForm();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const change = passwordChange(account, current, next);
    if (!change.ok) return form.fail(change.message);
    if (await form.send(change.value)) {
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
