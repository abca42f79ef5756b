import { MAIL_CHOICES_TEXTS } from '@core/mail-kinds';
import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { FormError, FormNotice } from '@/features/auth/auth-form';
import { Spinner } from '@/components/ui/spinner';
import { messageOf } from './account-rules';
import { AccountSection } from './account-section';
import { useMailPreferences, useSetMailPreference } from './mail-preferences';

/**
 * D40/D41: a checkbox per opt-out kind of mail, each saved on the server when it is changed (the
 * answer, every kind's state, replaces the boxes). Receipts and account mails always come.
 */
export function MailsSection() {
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
