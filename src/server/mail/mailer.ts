/** What a mail is about: the queue keeps it, for the log and the queue's figures. */
export type MailKind =
  | 'confirmation'
  | 'email-change'
  | 'password-reset'
  | 'sign-in-link'
  | 'password-removed'
  | 'refund'
  | 'released'
  | 'released-paid'
  | 'pool-cancelled'
  | 'announcement';

/** One e-mail the app sends. Every mail has a text and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about (confirmation, reset); the Dev Mailbox shows it. */
  link?: string;
  kind: MailKind;
}

/** A mail as the queue hands it to a mailer (design note 026): its id and the Message-ID every try sends. */
export interface QueuedMail extends MailMessage {
  id: string;
  messageId: string;
}

/** Where the mail queue's sender delivers: SMTP (nodemailer) or, in a trial without SMTP, the Dev Mailbox (D9). */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(mail: QueuedMail): Promise<void>;
}
