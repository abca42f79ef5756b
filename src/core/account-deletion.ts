import type { AccountResponse } from './api/account';
import { ACCOUNT_TEXTS } from './messages';
import { formatUsd } from './money';

/**
 * D41 (docs/decisions/034): what stops an account's deletion now, in the words the page and the
 * server's refusal say, or null. The only admin is asked to hand the pool on first; money
 * outstanding either way (an open card payment, reserved squares not paid, winnings not paid out)
 * is settled first, so nobody is owed by, or owes, an address that no longer exists.
 */
export function deleteBlockerMessage(blockers: AccountResponse['deleteBlockers']): string | null {
  if (blockers.lastAdmin) return ACCOUNT_TEXTS.lastAdmin;
  if (blockers.checkoutSquares) return ACCOUNT_TEXTS.checkoutOpen(blockers.checkoutSquares);
  if (blockers.unpaidSquares) return ACCOUNT_TEXTS.unpaidSquares(blockers.unpaidSquares);
  if (blockers.unpaidWinningsCents) return ACCOUNT_TEXTS.unpaidWinnings(formatUsd(blockers.unpaidWinningsCents));
  return null;
}
