import type { MailKind } from '@core/mail-kinds';

/** What a mail is about (the one list: core/mail-kinds.ts): the queue keeps it, and an opt-out kind gets its unsubscribe link. */
export type { MailKind };

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
  /** An opt-out kind's one-click unsubscribe URL (List-Unsubscribe, RFC 8058); null for receipts and account mails. */
  unsubscribeUrl: string | null;
}

/** Where the mail queue's sender delivers: SMTP (nodemailer) or, in a trial without SMTP, the Dev Mailbox (D9). */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(mail: QueuedMail): Promise<void>;
}
