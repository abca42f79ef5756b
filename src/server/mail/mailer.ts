/** One e-mail the app sends. Every mail has a text and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about (confirmation, reset); the outbox shows and logs it. */
  link?: string;
}

/** Where mail goes: SMTP (nodemailer) or, in a trial without SMTP, the outbox (D9). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/**
 * Hands a mail to the mailer and returns at once: an answer never waits for delivery, so its
 * timing cannot tell whether an address has an account (issue 10 item 12). A failure is logged
 * (without the mail's link, which may be a credential); nobody is waiting to be told.
 */
export function sendInBackground(mailer: Mailer, message: MailMessage, log: { error(obj: object, msg: string): void }): void {
  let sending: Promise<void>;
  try {
    sending = mailer.send(message);
  } catch (err) {
    sending = Promise.reject(err);
  }
  sending.catch((err: unknown) => log.error({ err, to: message.to, subject: message.subject }, 'a mail could not be sent'));
}
