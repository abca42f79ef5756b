import { DEV_MAILBOX_HINT } from '@core/messages';
import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { useAppConfig } from '@/lib/config';

/**
 * Where the mail went in a trial without SMTP (D9): the Dev Mailbox, linked. Nothing in
 * production or with SMTP (GET /api/config says which).
 */
export function DevMailboxHint() {
  const config = useAppConfig();
  if (!config.data?.devMailbox) return null;
  return (
    <p
      data-testid="dev-mailbox-hint"
      className="flex items-start gap-2 rounded-md border border-dashed bg-muted/40 p-3 text-left text-sm text-muted-foreground"
    >
      <Inbox aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {DEV_MAILBOX_HINT.before}
        <Link to="/dev/mailbox" className="font-medium text-primary underline underline-offset-4">
          {DEV_MAILBOX_HINT.link}
        </Link>
        {DEV_MAILBOX_HINT.after}
      </span>
    </p>
  );
}
