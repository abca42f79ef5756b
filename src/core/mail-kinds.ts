/**
 * Every kind of mail the app sends (D40, D41; docs/decisions/037): the one list. Account mails and
 * receipts always go out; every other kind is an **opt-out kind** that a person turns off on
 * /account or with the one-click link in its footer, and whose mails carry List-Unsubscribe
 * headers (RFC 8058). A kind added to OPT_OUT_KINDS gets all of that without more code.
 */

/** Kinds that cannot be turned off: what an account needs to work, and the record of a purchase or a refund. */
export const ALWAYS_SENT_KINDS = [
  'confirmation',
  'email-change',
  'email-changed',
  'password-reset',
  'sign-in-link',
  'password-removed',
  'refund',
  'receipt',
] as const;

/** Kinds a person may turn off, in the order the account page lists them, with the words it shows. */
export const OPT_OUT_KINDS = [
  { kind: 'pay-by-reminder', label: 'Reminders to pay before the pay-by time' },
  { kind: 'numbers-drawn', label: 'Numbers are drawn' },
  { kind: 'won', label: 'You won' },
  { kind: 'payout-paid', label: 'Your payout was paid' },
  { kind: 'released', label: 'Your unpaid squares were released' },
  { kind: 'released-paid', label: 'Your squares were released by the organizer' },
  { kind: 'pool-cancelled', label: 'A pool was cancelled' },
  { kind: 'announcement', label: 'Announcements from organizers' },
] as const;

export type OptOutKind = (typeof OPT_OUT_KINDS)[number]['kind'];
export type MailKind = (typeof ALWAYS_SENT_KINDS)[number] | OptOutKind;

const OPT_OUT = new Map<string, string>(OPT_OUT_KINDS.map(({ kind, label }) => [kind, label]));

export function isOptOutKind(kind: unknown): kind is OptOutKind {
  return typeof kind === 'string' && OPT_OUT.has(kind);
}

/** The words for an opt-out kind ("Numbers are drawn"). */
export function optOutLabel(kind: OptOutKind): string {
  return OPT_OUT.get(kind)!;
}

/** What the unsubscribe page and the mail footer say. */
export const UNSUBSCRIBE_TEXTS = {
  footer: (label: string) => `You get this mail because "${label}" mails are on for your Squares Pool account.`,
  linkLabel: (label: string) => `Unsubscribe from "${label}" mails`,
  done: (label: string) => `You will no longer get "${label}" mails.`,
  doneDetail: 'Other mails are not changed. You can turn this kind back on here or on your account page.',
  resubscribed: (label: string) => `"${label}" mails are on again.`,
  turnBackOn: 'Turn them back on',
  turnOffAgain: 'Unsubscribe again',
  badLink: 'This unsubscribe link is not valid: it may be cut short or changed. Open the whole link from the mail, or choose your mails on your account page.',
  noAccount: 'The account this link was for no longer exists.',
} as const;

/** The account page's "Mails" section. */
export const MAIL_CHOICES_TEXTS = {
  title: 'Mails',
  description: 'Choose which mails you get. Receipts and mails about your account (sign-in, password, e-mail address, refunds) always come.',
  saved: 'Your mail choices are saved.',
} as const;
