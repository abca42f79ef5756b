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
