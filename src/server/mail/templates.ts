import { EMAIL_UNDO_DAYS } from '@core/account-safety';
import { UNSUBSCRIBE_TEXTS } from '@core/mail-kinds';
import { GAME_CANCELLED } from '@core/messages';
import type { MailMessage } from './mailer';
import { countOf } from '@core/text';

const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/** A mail's body: paragraphs, and lists (a player's squares, one per line). */
type Block = string | { items: readonly string[] };

/** Where the queue puts an opt-out kind's unsubscribe footer (mail-queue.service.ts). */
const FOOTER_MARK = '<!--unsubscribe-->';

function blockHtml(block: Block): string {
  if (typeof block === 'string') return `<p style="line-height:1.5;margin:0 0 14px">${escapeHtml(block)}</p>`;
  const items = block.items.map((item) => `<li style="padding:6px 0;border-bottom:1px solid #e7ece7">${escapeHtml(item)}</li>`).join('');
  return `<ul style="list-style:none;padding:0;margin:0 0 16px;line-height:1.4">${items}</ul>`;
}

function blockText(block: Block): string {
  return typeof block === 'string' ? block : block.items.map((item) => `- ${item}`).join('\n');
}

function layout(title: string, paragraphs: readonly Block[], button: { label: string; href: string }, footer: string): string {
  const href = escapeHtml(button.href);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:16px;background:#f4f6f4;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1a1f1a;font-size:16px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;border:1px solid #dfe5df">
<p style="margin:0 0 8px;font-weight:700;color:#1d6b3a">Squares Pool</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(title)}</h1>
${paragraphs.map(blockHtml).join('\n')}
<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:#1d6b3a;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(button.label)}</a></p>
<p style="font-size:13px;color:#5b665b;line-height:1.5">If the button does not work, open this link:<br><a href="${href}" style="color:#1d6b3a;word-break:break-all">${href}</a></p>
<p style="font-size:13px;color:#5b665b">${escapeHtml(footer)}</p>
${FOOTER_MARK}
</div></body></html>`;
}

/** The plain-text part of a mail with `layout`'s parts. */
function textOf(paragraphs: readonly Block[], link: { label: string; href: string }, footer: string): string {
  return `${paragraphs.map(blockText).join('\n\n')}\n\n${link.label}: ${link.href}\n\n${footer}\n`;
}

/**
 * An opt-out kind's footer (D40): why the mail came and the one-click link that turns its kind off.
 * The queue adds it to every mail of such a kind (mail-queue.service.ts), whoever wrote the mail.
 */
export function withUnsubscribeFooter(message: MailMessage, label: string, pageUrl: string): MailMessage {
  const href = escapeHtml(pageUrl);
  const html = `<p style="font-size:13px;color:#5b665b;line-height:1.5;border-top:1px solid #e7ece7;padding-top:12px;margin-top:16px">${escapeHtml(UNSUBSCRIBE_TEXTS.footer(label))}<br><a href="${href}" style="color:#1d6b3a">${escapeHtml(UNSUBSCRIBE_TEXTS.linkLabel(label))}</a></p>`;
  const at = message.html.lastIndexOf(FOOTER_MARK) >= 0 ? message.html.lastIndexOf(FOOTER_MARK) : message.html.lastIndexOf('</body>');
  return {
    ...message,
    text: `${message.text.trimEnd()}\n\n--\n${UNSUBSCRIBE_TEXTS.footer(label)}\n${UNSUBSCRIBE_TEXTS.linkLabel(label)}: ${pageUrl}\n`,
    html: at >= 0 ? `${message.html.slice(0, at)}${html}${message.html.slice(at)}` : `${message.html}${html}`,
  };
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
export function refundMail(to: string, refund: { username: string | null; amount: string; description: string; reason: string; link: string }): MailMessage {
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
export function releasedPaidMail(
  to: string,
  released: { username: string | null; gameTitle: string; squares: string; byCard: boolean; link: string },
): MailMessage {
  const greeting = greetingFor(released.username);
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

export function releasedMail(
  to: string,
  released: { username: string | null; gameTitle: string; squares: string; atPayBy: boolean; link: string },
): MailMessage {
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
  const body = `The organizer cancelled the pool ${cancelled.gameTitle}. Your ${countOf(cancelled.squares, 'square')} in it are gone.`;
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
 * D41: the account's address was changed; told to the old address, which no longer logs in. Its
 * button is the single-use undo link (docs/decisions/039): a password reset could not help, since
 * it would go to the new address.
 */
export function emailChangedMail(to: string, changed: { username: string | null; newEmail: string; undoLink: string }): MailMessage {
  const greeting = greetingFor(changed.username);
  const body = `The e-mail address of your Squares Pool account was changed to ${changed.newEmail}. This address no longer logs in and gets no more mail from us.`;
  const undo = `If you didn't change it, someone may be using your account. Open the link below within ${EMAIL_UNDO_DAYS} days: it puts this address back on your account, signs out every device, removes the password, and sends a link to this address to choose a new one.`;
  const footer = 'The link works once. If you changed the address yourself, you can ignore this e-mail.';
  const link = { label: 'Put my address back', href: changed.undoLink };
  const blocks = [greeting, body, undo];
  return {
    to,
    subject: 'Your Squares Pool e-mail address was changed',
    kind: 'email-changed',
    link: changed.undoLink,
    text: textOf(blocks, link, footer),
    html: layout('Your e-mail address was changed', blocks, link, footer),
  };
}

/** One game's part of a receipt: its squares and, for an organizer-collects game (D28), how and by when to pay. */
export interface ReceiptGame {
  title: string;
  squares: readonly string[];
  amount: string;
  /** D28: the organizer's instructions; null for a card game. */
  organizer: { instructions: string | null; payBy: string | null } | null;
  link: string;
}

function receiptBlocks(game: ReceiptGame): Block[] {
  const blocks: Block[] = [`${game.title}: ${countOf(game.squares.length, 'square')}, ${game.amount}`, { items: game.squares }];
  if (game.organizer) {
    blocks.push(
      game.organizer.instructions ? `How to pay the organizer: ${game.organizer.instructions}` : 'Pay the organizer directly; they mark your squares paid.',
    );
    if (game.organizer.payBy) blocks.push(`Pay by ${game.organizer.payBy}. Squares still unpaid then are released for other players.`);
  }
  return blocks;
}

/**
 * D40: after every purchase (card, paid) or reservation (organizer-collects, unpaid): squares,
 * amount, how to pay. `assigned`: the organizer put the squares in the player's name with the
 * board tools (D32), marked paid (`paid`) or still owed.
 */
export function receiptMail(
  to: string,
  receipt: { username: string | null; paid: boolean; total: string; games: readonly ReceiptGame[]; link: string; assigned?: boolean },
): MailMessage {
  const greeting = greetingFor(receipt.username);
  const intro = receipt.assigned
    ? receipt.paid
      ? `The organizer put these squares in your name and marked them paid: ${receipt.total}. They are yours.`
      : `The organizer put these squares in your name. You owe ${receipt.total}, paid to the organizer.`
    : receipt.paid
      ? `Thanks for your purchase. You paid ${receipt.total} by card; these squares are yours.`
      : `Your squares are reserved for you. You owe ${receipt.total}, paid to the organizer.`;
  const blocks: Block[] = [greeting, intro, ...receipt.games.flatMap(receiptBlocks)];
  const link = { label: 'View My Squares', href: receipt.link };
  const footer = 'Keep this mail as your receipt. Numbers are drawn later: you get a mail with your digits then.';
  const title = receipt.assigned ? 'Squares in your name' : receipt.paid ? 'Your receipt' : 'Your squares are reserved';
  const subject = receipt.games.length === 1 ? `${title}: ${receipt.games[0]!.title}` : `${title}: ${receipt.games.length} pools`;
  return { to, subject, kind: 'receipt', link: receipt.link, text: textOf(blocks, link, footer), html: layout(title, blocks, link, footer) };
}

/**
 * D28/D40: the organizer marked a player's squares paid. A receipt (always sent, like the one of a
 * purchase): it is the player's record that the money reached the organizer.
 */
export function paymentReceivedMail(
  to: string,
  received: { username: string | null; gameTitle: string; squares: readonly string[]; amount: string; link: string },
): MailMessage {
  const greeting = greetingFor(received.username);
  const count = received.squares.length;
  const body = `Your payment for ${countOf(count, 'square')} in ${received.gameTitle} was received: paid ${received.amount}.`;
  const blocks: Block[] = [greeting, body, `Your squares: ${received.squares.join('; ')}.`];
  const link = { label: 'Open the board', href: received.link };
  const footer = 'Keep this mail as your receipt. Numbers are drawn later: you get a mail with your digits then.';
  return {
    to,
    subject: `Payment received: ${received.gameTitle}`,
    kind: 'receipt',
    link: received.link,
    text: textOf(blocks, link, footer),
    html: layout('Payment received', blocks, link, footer),
  };
}

/** D28/D40: before the pay-by time, to a player who still owes for reserved squares. */
export function payByReminderMail(
  to: string,
  reminder: {
    username: string | null;
    gameTitle: string;
    squares: readonly string[];
    amount: string;
    payBy: string;
    instructions: string | null;
    link: string;
  },
): MailMessage {
  const greeting = greetingFor(reminder.username);
  const blocks: Block[] = [
    greeting,
    `You still owe ${reminder.amount} for ${countOf(reminder.squares.length, 'square')} in ${reminder.gameTitle}. Pay by ${reminder.payBy}: squares still unpaid then are released for other players.`,
    { items: reminder.squares },
    reminder.instructions ? `How to pay the organizer: ${reminder.instructions}` : 'Pay the organizer directly; they mark your squares paid.',
  ];
  const link = { label: 'Open the board', href: reminder.link };
  const footer = 'Already paid? The organizer may not have marked it yet: tell them.';
  return {
    to,
    subject: `Reminder: pay for your squares in ${reminder.gameTitle} by ${reminder.payBy}`,
    kind: 'pay-by-reminder',
    link: reminder.link,
    text: textOf(blocks, link, footer),
    html: layout('Pay for your squares', blocks, link, footer),
  };
}

/** D40: a number set was drawn (and shown): the digits of each of the player's squares. */
export function numbersDrawnMail(
  to: string,
  drawn: {
    username: string | null;
    gameTitle: string;
    /** "set 1 (Q1-Q2)" in a game with more than one set, else null. */
    setLabel: string | null;
    /** The periods these digits hold for ("Q1-Q2", "Q1-Q4"). */
    periodsLabel: string;
    /** The later sets' periods, which get new numbers ("Q3-Q4"). */
    later: readonly string[];
    squares: readonly string[];
    link: string;
  },
): MailMessage {
  const greeting = greetingFor(drawn.username);
  const what = drawn.setLabel ? `The numbers for ${drawn.setLabel} of ${drawn.gameTitle} are drawn.` : `The numbers of ${drawn.gameTitle} are drawn.`;
  const holds =
    drawn.later.length > 0
      ? `These digits hold for ${drawn.periodsLabel} only: ${drawn.later.join(', ')} get new numbers.`
      : `These digits hold for ${drawn.periodsLabel}.`;
  const blocks: Block[] = [greeting, `${what} ${holds} Your squares and their digits:`, { items: drawn.squares }];
  const link = { label: 'Open the board', href: drawn.link };
  const footer = "A square wins a period when the last digit of each team's score matches its digits.";
  return {
    to,
    subject: drawn.setLabel ? `Numbers drawn for ${drawn.setLabel}: ${drawn.gameTitle}` : `Numbers drawn: ${drawn.gameTitle}`,
    kind: 'numbers-drawn',
    link: drawn.link,
    text: textOf(blocks, link, footer),
    html: layout('The numbers are drawn', blocks, link, footer),
  };
}

/** D50: numbers the player had seen were cleared by the organizer: the digits they got no longer count. */
export function numbersClearedMail(to: string, cleared: { username: string | null; gameTitle: string; link: string }): MailMessage {
  const greeting = greetingFor(cleared.username);
  const blocks: Block[] = [
    greeting,
    `The organizer of ${cleared.gameTitle} cleared its numbers. The digits you got for your squares no longer count.`,
    'Your squares stay yours. New numbers are drawn later, and you get them by mail as before.',
  ];
  const link = { label: 'Open the board', href: cleared.link };
  const footer = "The board's draw log keeps a record of the clear and of the old numbers.";
  return {
    to,
    subject: `Numbers cleared: ${cleared.gameTitle}`,
    kind: 'numbers-drawn',
    link: cleared.link,
    text: textOf(blocks, link, footer),
    html: layout('The numbers were cleared', blocks, link, footer),
  };
}

/** D40: the player's square won a period. */
export function wonMail(
  to: string,
  won: { username: string | null; gameTitle: string; period: string; amount: string; square: string; score: string; unpaid: boolean; link: string },
): MailMessage {
  const greeting = greetingFor(won.username);
  const blocks: Block[] = [
    greeting,
    `Your square ${won.square} won ${won.period} of ${won.gameTitle} (${won.score}): ${won.amount}.`,
    won.unpaid
      ? 'The organizer pays you once your squares in this game are paid for.'
      : 'The organizer pays you; you get a mail when the payout is marked paid.',
  ];
  const link = { label: 'View My Winnings', href: won.link };
  const footer = 'Congratulations!';
  return {
    to,
    subject: `You won ${won.period} in ${won.gameTitle}: ${won.amount}`,
    kind: 'won',
    link: won.link,
    text: textOf(blocks, link, footer),
    html: layout(`You won ${won.period} - ${won.amount}`, blocks, link, footer),
  };
}

/** D23/D40: a payout was marked paid (or paid by its provider). */
export function payoutPaidMail(
  to: string,
  paid: { username: string | null; gameTitle: string; period: string; amount: string; reference: string | null; link: string },
): MailMessage {
  const greeting = greetingFor(paid.username);
  const blocks: Block[] = [
    greeting,
    `Your winnings for ${paid.period} of ${paid.gameTitle} were paid: ${paid.amount}.`,
    ...(paid.reference ? [`Reference: ${paid.reference}`] : []),
  ];
  const link = { label: 'View My Winnings', href: paid.link };
  const footer = 'Not received? Ask the organizer of the pool.';
  return {
    to,
    subject: `Your ${paid.period} winnings in ${paid.gameTitle} were paid`,
    kind: 'payout-paid',
    link: paid.link,
    text: textOf(blocks, link, footer),
    html: layout('Your payout was paid', blocks, link, footer),
  };
}

/**
 * D40: the organizer's announcement on a game's board, mailed to a player of the game because the
 * organizer ticked "Also mail it to the players". Each line of the announcement is a paragraph.
 */
export function announcementMail(to: string, news: { username: string; gameTitle: string; organizer: string | null; body: string; link: string }): MailMessage {
  const greeting = greetingFor(news.username);
  // An organizer without a username yet (D29) is "The organizer of …", never "The organizer, the organizer of …".
  const from = news.organizer
    ? `${news.organizer}, the organizer of ${news.gameTitle}, posted this announcement on the board:`
    : `The organizer of ${news.gameTitle} posted this announcement on the board:`;
  const lines = news.body.split('\n').filter((line) => line.trim() !== '');
  const footer = 'You get this because you hold squares in this game.';
  return {
    to,
    subject: `${news.gameTitle}: a message from the organizer`,
    kind: 'announcement',
    link: news.link,
    text: `${greeting}\n\n${from}\n\n${news.body}\n\nThe board: ${news.link}\n\n${footer}\n`,
    html: layout(`Announcement: ${news.gameTitle}`, [greeting, from, ...lines], { label: 'Open the board', href: news.link }, footer),
  };
}
