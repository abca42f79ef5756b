import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** Sends through an SMTP server given as smtp:// or smtps:// URL. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    close: () => transport.close(),
  };
}
