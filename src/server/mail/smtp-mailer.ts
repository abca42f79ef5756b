import nodemailer from 'nodemailer';
import type { Mailer, QueuedMail } from './mailer';

/**
 * Bounds on one conversation with the mail server (nodemailer waits up to 2 and 10 minutes by
 * default): a send ends well inside the mail queue's 5-minute lease, and the check at start
 * says something within seconds.
 */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };
/** The check at start gives up after this long: it only warns. */
const VERIFY_WAIT_MS = 20_000;

/** Sends through an SMTP server given as smtp:// or smtps:// URL. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { verify(): Promise<void>; close(): void } {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS });
  return {
    kind: 'smtp',
    async send(mail: QueuedMail) {
      // The queue's Message-ID on every try: a mail sent twice is recognisably one mail.
      // D40, RFC 8058: an opt-out kind's one-click unsubscribe, which mail clients POST to.
      const headers = mail.unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        ...(mail.unsubscribeUrl ? { list: { unsubscribe: mail.unsubscribeUrl }, headers } : {}),
      });
    },
    /** Connects and logs in (if SMTP_URL has a user) without sending anything; rejects with the server's or the network's error. */
    async verify() {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(Object.assign(new Error('the mail server did not answer in time'), { code: 'ETIMEDOUT' })), VERIFY_WAIT_MS);
        // A check that has not ended never keeps a stopping process alive.
        timer.unref();
      });
      try {
        await Promise.race([transport.verify(), limit]);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      transport.close();
    },
  };
}
