/**
 * The account page's checks before it asks the server (D41; docs/decisions/034 and 039): each
 * change's request, or the one message that says why not. The server checks everything again.
 */
import type { AccountResponse } from '@core/api/account';
import { ACCOUNT_TEXTS } from '@core/messages';
import type { ValidationResult } from '@core/validation-result';
import { validateEmail, validatePassword, validateUsername } from '@core/validation';
import { isApiError } from '@/lib/api';
import type { AccountChange } from './account';

const TRY_AGAIN = 'Something went wrong. Please try again.';

/** What a failed request says on the page: the server's words, or a plain "try again". */
export const messageOf = (error: unknown) => (isApiError(error) ? error.message : TRY_AGAIN);

type Account = Pick<AccountResponse, 'hasPassword'>;

export function usernameChange(username: string): ValidationResult<AccountChange> {
  const checked = validateUsername(username);
  return checked.ok ? { ok: true, value: { path: 'username', body: { username: checked.value } } } : checked;
}

/** docs/decisions/039: a new address needs the current password, when the account has one. */
export function emailChange(account: Account, email: string, currentPassword: string): ValidationResult<AccountChange> {
  const checked = validateEmail(email);
  if (!checked.ok) return checked;
  if (account.hasPassword && currentPassword === '') return { ok: false, message: ACCOUNT_TEXTS.emailPasswordRequired };
  const body = account.hasPassword ? { email: checked.value, currentPassword } : { email: checked.value };
  return { ok: true, value: { path: 'email', body } };
}

/** A new password; the current one first, when the account has one (an account made by a link sets its first). */
export function passwordChange(account: Account, currentPassword: string, newPassword: string): ValidationResult<AccountChange> {
  if (account.hasPassword && currentPassword === '') return { ok: false, message: ACCOUNT_TEXTS.currentPasswordRequired };
  const checked = validatePassword(newPassword);
  if (!checked.ok) return checked;
  const body = account.hasPassword ? { currentPassword, newPassword } : { newPassword };
  return { ok: true, value: { path: 'password', body } };
}

/**
 * Deleting the account: the username typed again (the e-mail address for an account without
 * one), in any case, and the password when the account has one.
 */
export function deleteRequest(
  account: Pick<AccountResponse, 'hasPassword' | 'username' | 'email'>,
  confirm: string,
  password: string,
): ValidationResult<{ confirm: string; password?: string }> {
  const expected = account.username ?? account.email;
  if (confirm.trim().toLowerCase() !== expected.toLowerCase()) {
    return { ok: false, message: account.username ? ACCOUNT_TEXTS.deleteConfirmWrong : ACCOUNT_TEXTS.deleteConfirmWrongEmail };
  }
  if (account.hasPassword && password === '') return { ok: false, message: ACCOUNT_TEXTS.deletePasswordRequired };
  return { ok: true, value: { confirm, ...(account.hasPassword ? { password } : {}) } };
}

/** What the confirmation link of a new address came back with (`/account?email=changed[&error=CODE]`). */
export function linkOutcome(params: URLSearchParams): { ok: boolean; message: string } | null {
  if (params.get('email') !== 'changed') return null;
  const error = params.get('error');
  if (!error) return { ok: true, message: ACCOUNT_TEXTS.emailChanged };
  return { ok: false, message: error === 'EMAIL_TAKEN' ? ACCOUNT_TEXTS.emailLinkTaken : ACCOUNT_TEXTS.emailLinkExpired };
}
