import { GAME_CANCELLED } from '@core/messages';
import type { MailMessage } from './mailer';

const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

function layout(title: string, paragraphs: string[], button: { label: string; href: string }, footer: string): string {
  const href = escapeHtml(button.href);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f4;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1a1f1a">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:28px;border:1px solid #dfe5df">
<p style="margin:0 0 8px;font-weight:700;color:#1d6b3a">Squares Pool</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:#1d6b3a;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(button.label)}</a></p>
<p style="font-size:13px;color:#5b665b;line-height:1.5">If the button does not work, open this link:<br><a href="${href}" style="color:#1d6b3a;word-break:break-all">${href}</a></p>
<p style="font-size:13px;color:#5b665b">${escapeHtml(footer)}</p>
</div></body></html>`;
}

/** "Hi alice," or, for an account that has no username yet (D29: a sign-in link's new account), "Hi,". */
const greetingFor = (name: string | null | undefined) => (name?.trim() ? `Hi ${name.trim()},` : 'Hi,');

export function confirmationMail(to: string, username: string, link: string): MailMessage {
  const greeting = greetingFor(username);
  const body = 'Thanks for signing up for Squares Pool. Confirm your e-mail address to finish creating your account, then log in to pick your squares.';
  const footer = "If you didn't sign up, you can ignore this e-mail. The link works for one hour.";
  return {
    to,
    subject: 'Confirm your Squares Pool account',
    kind: 'confirmation',
    link,
    text: `${greeting}\n\n${body}\n\nConfirm your e-mail: ${link}\n\n${footer}\n`,
    html: layout('Confirm your e-mail', [greeting, body], { label: 'Confirm e-mail', href: link }, footer),
  };
}

/** D41: the confirmation link of a new address asked for on /account; the address changes when it is opened. */
export function emailChangeMail(to: string, username: string | null, link: string): MailMessage {
  const greeting = greetingFor(username);
  const body =
    'You asked to use this e-mail address for your Squares Pool account. Confirm it with the link below: your account then uses it to log in and for every mail.';
  const footer = "If you didn't ask for this, you can ignore this e-mail: nothing changes. The link works for one hour.";
  return {
    to,
    subject: 'Confirm your new Squares Pool e-mail address',
    kind: 'email-change',
    link,
    text: `${greeting}\n\n${body}\n\nConfirm this address: ${link}\n\n${footer}\n`,
    html: layout('Confirm your new e-mail address', [greeting, body], { label: 'Confirm this address', href: link }, footer),
  };
}

export function passwordResetMail(to: string, link: string): MailMessage {
  const body = 'Someone asked to reset the password of your Squares Pool account. Choose a new password with the link below.';
  const footer = "If you didn't ask for this, you can ignore this e-mail: your password stays as it is. The link works once, for one hour.";
  return {
    to,
    subject: 'Reset your Squares Pool password',
    kind: 'password-reset',
    link,
    text: `${body}\n\nReset your password: ${link}\n\n${footer}\n`,
    html: layout('Reset your password', [body], { label: 'Choose a new password', href: link }, footer),
  };
}

/**
 * D29: a link that signs the person in (and, for a new address, creates their account). Sent to
 * any address asked for: the mail does not say whether an account exists.
 */
export function signInLinkMail(to: string, link: string): MailMessage {
  const body = 'Use the link below to log in to Squares Pool. If you have no account yet, it creates one for this e-mail address.';
  const footer = "If you didn't ask for this, you can ignore this e-mail: nobody can use it without this link. The link works once, for 15 minutes.";
  return {
    to,
    subject: 'Your Squares Pool sign-in link',
    kind: 'sign-in-link',
    link,
    text: `${body}\n\nLog in: ${link}\n\n${footer}\n`,
    html: layout('Log in to Squares Pool', [body], { label: 'Log in', href: link }, footer),
  };
}

/**
 * D29, design note 021: the squares the organizer put on this address moved into the account
 * just confirmed, and the password set before the address was proven no longer works (it may
 * not have been hers). Tells her why her password fails and the two ways in, both by mail.
 */
export function passwordRemovedMail(to: string, link: string): MailMessage {
  const body = 'The organizer put squares on this e-mail address, and they are in your Squares Pool account now.';
  const why =
    'To keep them yours, the password chosen when the account was made (before this address was confirmed) no longer works. Log in with a sign-in link, or set a new password with "Forgot password?".';
  const footer = 'Both ways in go to this mailbox only.';
  return {
    to,
    subject: 'Your squares are in your Squares Pool account',
    kind: 'password-removed',
    link,
    text: `${body}\n\n${why}\n\nLog in: ${link}\n\n${footer}\n`,
    html: layout('Your squares are in your account', [body, why], { label: 'Log in', href: link }, footer),
  };
}

/**
 * A paid checkout whose squares could not all be claimed, or whose game was deleted, was refunded
 * in full (D13, D21). `link` opens My Squares, which lists the refund.
 */
export function refundMail(to: string, refund: { username: string; amount: string; description: string; reason: string; link: string }): MailMessage {
  const greeting = greetingFor(refund.username);
  const body = `We refunded your payment of ${refund.amount} for ${refund.description}.`;
  const why = refund.reason;
  const after = 'The money goes back to the card you paid with; your bank may take a few days to show it.';
  const footer = 'You can pick other squares any time they are still available.';
  return {
    to,
    subject: 'Your Squares Pool payment was refunded',
    kind: 'refund',
    link: refund.link,
    text: `${greeting}\n\n${body}\n\n${why}\n\n${after}\n\nMy Squares: ${refund.link}\n\n${footer}\n`,
    html: layout('Your payment was refunded', [greeting, body, why, after], { label: 'View My Squares', href: refund.link }, footer),
  };
}

/** D28: unpaid squares of an organizer-collects game were released (by the organizer, or at the pay-by time). */
/** D32: the organizer released squares the player had paid for (a card payment is refunded, mailed on its own). */
export function releasedPaidMail(to: string, released: { username: string; gameTitle: string; squares: string; byCard: boolean; link: string }): MailMessage {
  const greeting = `Hi ${released.username},`;
  const body = `The organizer released your squares in ${released.gameTitle}: ${released.squares}.`;
  const money = released.byCard
    ? 'What you paid for them by card is refunded; you get a separate e-mail when the refund is made.'
    : 'You paid the organizer for them directly: ask the organizer about that money.';
  return {
    to,
    subject: `Your squares in ${released.gameTitle} were released`,
    kind: 'released-paid',
    link: released.link,
    text: `${greeting}\n\n${body}\n\n${money}\n\nThe board: ${released.link}\n`,
    html: layout(
      'Your squares were released',
      [greeting, body, money],
      { label: 'Open the board', href: released.link },
      'If you still want squares in this game, pick any that are available.',
    ),
  };
}

export function releasedMail(to: string, released: { username: string; gameTitle: string; squares: string; atPayBy: boolean; link: string }): MailMessage {
  const greeting = greetingFor(released.username);
  const body = `Your unpaid squares in ${released.gameTitle} were released: ${released.squares}.`;
  const why = released.atPayBy
    ? 'They were not paid by the pay-by time the organizer set, so they are open to other players again.'
    : 'The organizer released them because they were not paid, so they are open to other players again.';
  const footer = 'If you still want squares in this game, pick any that are available and pay the organizer.';
  return {
    to,
    subject: `Your unpaid squares in ${released.gameTitle} were released`,
    kind: 'released',
    link: released.link,
    text: `${greeting}\n\n${body}\n\n${why}\n\nThe board: ${released.link}\n\n${footer}\n`,
    html: layout('Your unpaid squares were released', [greeting, body, why], { label: 'Open the board', href: released.link }, footer),
  };
}

/**
 * Issue 23: an organizer-collects game was deleted. Its players paid the organizer outside the
 * app, so nothing is refunded here: the mail says the organizer pays back what they collected.
 */
export function poolCancelledMail(
  to: string,
  cancelled: { username: string; gameTitle: string; squares: number; paid: string | null; link: string },
): MailMessage {
  const greeting = greetingFor(cancelled.username);
  const body = `The organizer cancelled the pool ${cancelled.gameTitle}. Your ${cancelled.squares} square${cancelled.squares === 1 ? '' : 's'} in it are gone.`;
  const money = cancelled.paid === null ? GAME_CANCELLED.organizerUnpaid : GAME_CANCELLED.organizerMoney(cancelled.paid);
  const footer = 'Questions about the money go to the organizer: the app never held it.';
  return {
    to,
    subject: `${cancelled.gameTitle} was cancelled by the organizer`,
    kind: 'pool-cancelled',
    link: cancelled.link,
    text: `${greeting}\n\n${body}\n\n${money}\n\nThe game: ${cancelled.link}\n\n${footer}\n`,
    html: layout(GAME_CANCELLED.title, [greeting, body, money], { label: 'Open the game', href: cancelled.link }, footer),
  };
}

/**
 * D40: the organizer's announcement on a game's board, mailed to a player of the game because the
 * organizer ticked "Also mail it to the players". Each line of the announcement is a paragraph.
 */
export function announcementMail(to: string, news: { username: string; gameTitle: string; organizer: string | null; body: string; link: string }): MailMessage {
  const greeting = greetingFor(news.username);
  const from = `${news.organizer ?? 'The organizer'}, the organizer of ${news.gameTitle}, posted this on the board:`;
  const lines = news.body.split('\n').filter((line) => line.trim() !== '');
  const footer = 'You get this because you hold squares in this game.';
  return {
    to,
    subject: `${news.gameTitle}: a message from the organizer`,
    kind: 'announcement',
    link: news.link,
    text: `${greeting}\n\n${from}\n\n${news.body}\n\nThe board: ${news.link}\n\n${footer}\n`,
    html: layout(`News from ${news.gameTitle}`, [greeting, from, ...lines], { label: 'Open the board', href: news.link }, footer),
  };
}
