/**
 * What /login reads from its address and its form: which fields a message is about, the notice
 * the page opens with, and the game a login from an invite leads back to.
 */
import { EMAIL_CONFIRMED, INVALID_EMAIL, PASSWORD_UPDATED } from '@core/messages';

export type LoginField = 'email' | 'password';

/** Which fields a validation message is about. */
export function invalidFields(message: string, email: string, password: string): LoginField[] {
  if (message === INVALID_EMAIL) return ['email'];
  return [email.trim() === '' ? 'email' : null, password === '' ? 'password' : null].filter((field): field is LoginField => field !== null);
}

/**
 * The line the login page opens with: the password was just reset (the reset page's state, or
 * ?reset=1), or the e-mail address was confirmed (?confirmed without ?error); null otherwise.
 */
export function loginNotice(state: unknown, params: URLSearchParams): string | null {
  const from = state as { passwordUpdated?: boolean } | null;
  if (from?.passwordUpdated || params.get('reset') === '1') return PASSWORD_UPDATED;
  return params.has('confirmed') && !params.has('error') ? EMAIL_CONFIRMED : null;
}

/** The game a `next` path leads to (`/game/:id`), or null. */
export function gameOfPath(path: string): string | null {
  const match = /^\/game\/([^/?#]+)/.exec(path);
  return match ? decodeURIComponent(match[1]!) : null;
}
