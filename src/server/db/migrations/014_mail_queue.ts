import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * D40's outbox (docs/decisions/026): every mail is written to `mail_queue` in the transaction of
 * the change that causes it, and a job on every instance sends it. The trial's Dev Mailbox (D9)
 * keeps what it shows in a table of its own name, `dev_mailbox` (it was `mail_outbox`; its mails
 * are kept), so the queue and the mailbox never mix.
 */
export function mailQueue(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('mail_queue')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // The Message-ID header every try sends, so a mail sent twice (a crash after the SMTP
        // server took it) is recognisably one mail.
        .addColumn('message_id', 'text', (c) => c.notNull().unique())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'sending', 'sent', 'failed')`))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', t.timestamp)
        .addColumn('last_error', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('sent_at', t.timestamp)
        .execute();
      // The sender's scan: queued mails by due time, and sending ones by lease (a crashed sender's).
      await db.schema.createIndex('mail_queue_due_idx').on('mail_queue').columns(['status', 'next_attempt_at']).execute();
      await db.schema.alterTable('mail_outbox').renameTo('dev_mailbox').execute();
      await db.schema.dropIndex('mail_outbox_created_idx').execute();
      await db.schema.createIndex('dev_mailbox_created_idx').on('dev_mailbox').column('created_at').execute();
    },
  };
}
