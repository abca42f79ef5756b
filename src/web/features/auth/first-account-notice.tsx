import { FIRST_ACCOUNT } from '@core/messages';
import { Crown } from 'lucide-react';
import { LinkButton } from '@/components/link-button';
import { useAppConfig } from '@/lib/config';

/**
 * D8 on an empty install (no admin yet, no ADMIN_EMAILS): the first account to confirm its e-mail
 * runs the pool. Said where accounts are made (sign-up, login), and on Home with the way to become
 * that person (`withAction`).
 */
export function FirstAccountNotice({ withAction = false }: { withAction?: boolean }) {
  const config = useAppConfig();
  if (!config.data?.firstAccountRunsPool) return null;
  const notice = (
    <p data-testid="first-account-notice" className="flex items-start gap-2 rounded-md border border-primary/40 bg-primary/5 p-3 text-left text-sm">
      <Crown aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>{FIRST_ACCOUNT.notice}</span>
    </p>
  );
  if (!withAction) return notice;
  return (
    <section aria-label="New install" className="flex flex-col items-start gap-3">
      {notice}
      <LinkButton to="/signup" data-testid="first-account-action">
        <Crown aria-hidden="true" />
        {FIRST_ACCOUNT.homeAction}
      </LinkButton>
    </section>
  );
}
