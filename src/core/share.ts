import { formatUsd } from './money';

/**
 * D45's share view: the words a pool is shared by (the Web Share API's text on phones), and
 * whether a link can only work on the organizer's own computer.
 */

/**
 * True when `url` names this computer only (a loopback address: localhost, 127.x.x.x, ::1): a
 * phone or another computer that opens it reaches itself, not the pool. Such a link comes from a
 * trial opened on localhost without PUBLIC_URL.
 */
export function isLoopbackLink(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]' || host === '::1') return true;
  return /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** What the share view's Share button sends along with the link: title, price per square, pay-by time if any. */
export function shareMessage(game: { title: string; price_per_square_cents: number; pay_by: string | null }, payBy: (iso: string) => string): string {
  const parts = [`Join ${game.title}: squares are ${formatUsd(game.price_per_square_cents)} each.`];
  if (game.pay_by) parts.push(`Pay by ${payBy(game.pay_by)}.`);
  parts.push('Pick yours here:');
  return parts.join(' ');
}
