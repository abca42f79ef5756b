import type { AccountResponse } from '@core/api/account';
import { type FormEvent, useState } from 'react';
import { SubmitButton, UsernameField } from '@/features/auth/auth-fields';
import { useSessionActions } from '@/lib/session';
import { usernameChange } from './account-rules';
import { AccountSection, FormLines } from './account-section';
import { useChangeForm } from './use-change-form';

/** The account's username, what other players see on the board. */
export function UsernameSection({ account }: { account: AccountResponse }) {
  const { refresh } = useSessionActions();
  const form = useChangeForm();
  const [username, setUsername] = useState(account.username ?? '');
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const change = usernameChange(username);
    if (!change.ok) return form.fail(change.message);
    // The welcome line shows the new name.
    if (await form.send(change.value)) await refresh();
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
