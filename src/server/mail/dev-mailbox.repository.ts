import type { OutboxMail } from '@core/api/dev-mailbox';
import type { Executor } from '../db/executor';
import type { DevMailboxTable } from '../db/schema';
import type { QueuedMail } from './mailer';

/** The trial's Dev Mailbox (D9): what a trial without SMTP delivered, in `dev_mailbox`. */
export function devMailboxRepository(db: Executor) {
  return {
    /**
     * Keeps a mail the queue delivers, under the queue's id: a mail delivered again (its sender
     * crashed before marking it sent) is still one mail here.
     */
    async add(mail: QueuedMail, now: string): Promise<void> {
      await db
        .insertInto('dev_mailbox')
        .values({
          id: mail.id,
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          link: mail.link ?? null,
          created_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    async list(limit = 100): Promise<OutboxMail[]> {
      const rows = await db.selectFrom('dev_mailbox').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
      return rows.map(toMail);
    },
  };
}

export type DevMailboxRepository = ReturnType<typeof devMailboxRepository>;

function toMail(row: DevMailboxTable): OutboxMail {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    link: row.link,
    created_at: row.created_at,
  };
}
