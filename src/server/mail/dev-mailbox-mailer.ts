import type { FastifyBaseLogger } from 'fastify';
import type { DevMailboxRepository } from './dev-mailbox.repository';
import type { Mailer, QueuedMail } from './mailer';
import type { ServiceDeps } from '../service-deps';

export interface DevMailboxMailerDeps extends ServiceDeps {
  mailbox: DevMailboxRepository;
  log: Pick<FastifyBaseLogger, 'info'>;
}

/** Trial mode without SMTP (D9): the queue delivers into the Dev Mailbox, and the link goes to the log. */
export function createDevMailboxMailer({ mailbox, log, clock }: DevMailboxMailerDeps): Mailer {
  return {
    kind: 'dev-mailbox',
    async send(mail: QueuedMail) {
      await mailbox.add(mail, clock().toISOString());
      log.info(`Mail to ${mail.to}: "${mail.subject}"${mail.link ? ` — ${mail.link}` : ''} (see /dev/mailbox)`);
    },
  };
}
