import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer';
import type { outboxRepository } from './outbox.repository';

/** Trial mode without SMTP (D9): keep the mail in the outbox and print its link to the log. */
export function createOutboxMailer(outbox: ReturnType<typeof outboxRepository>, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await outbox.add(message);
      log.info(`Mail to ${message.to}: "${message.subject}"${message.link ? ` — ${message.link}` : ''} (see /dev/mailbox)`);
    },
  };
}
