import { randomUUID } from 'node:crypto';
import type { OutboxMail } from '@core/api/dev-mailbox';
import type { Db } from '../db/connection';
import type { MailOutboxTable } from '../db/schema';
import type { MailMessage } from './mailer';

export type { OutboxMail };

export function outboxRepository(db: Db) {
  /** Mails being stored: mails are sent in the background, and the mailbox shows every one already sent. */
  const storing = new Set<Promise<unknown>>();
  return {
    add(message: MailMessage): Promise<OutboxMail> {
      const stored = store(message);
      storing.add(stored);
      void stored.catch(() => undefined).finally(() => storing.delete(stored));
      return stored;
    },
    async list(limit = 100): Promise<OutboxMail[]> {
      await Promise.allSettled([...storing]);
      const rows = await db.selectFrom('mail_outbox').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
      return rows.map(toMail);
    },
  };

  async function store(message: MailMessage): Promise<OutboxMail> {
    const row = {
      id: randomUUID(),
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      link: message.link ?? null,
      created_at: new Date().toISOString(),
    };
    await db.insertInto('mail_outbox').values(row).execute();
    return toMail(row);
  }
}

function toMail(row: MailOutboxTable): OutboxMail {
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
