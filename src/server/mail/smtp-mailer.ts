import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** main.ts gives a shutdown 10 s in all; the mails get half of it. */
const CLOSE_WAIT_MS = 5_000;

/** Sends through an SMTP server given as smtp:// or smtps:// URL. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): Promise<void> } {
  const transport = nodemailer.createTransport(smtpUrl);
  /** Mails on their way (sent in the background): closing waits for them, so none is cut off. */
  const sending = new Set<Promise<unknown>>();
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      const sent = transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      sending.add(sent);
      try {
        await sent;
      } finally {
        sending.delete(sent);
      }
    },
    async close() {
      // Not forever: a mail server that does not answer must not hold a shutdown.
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
      await Promise.race([Promise.allSettled([...sending]), limit]);
      clearTimeout(timer);
      transport.close();
    },
  };
}
