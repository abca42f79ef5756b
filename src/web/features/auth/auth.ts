/**
 * The account calls of the web app: Better Auth under /api/auth/* and our GET /api/me, over
 * plain fetch (no Better Auth client package), and the mapping of their errors to the spec's
 * texts (spec section 8; DECISIONS D6, D7).
 */
import {
  CHOOSE_USERNAME,
  CONFIRMATION_MAIL,
  LOGIN_ERRORS,
  MAIL_RATE_LIMITS,
  RESET_PASSWORD_ERROR,
  SIGN_IN_LINK,
  SIGNUP_ERRORS,
  USERNAME_TAKEN,
} from '@core/messages';
import { normalizeEmail } from '@core/validation';
import type { MeResponse } from '@core/api/account';
import { api, ApiError, apiRequest, isApiError, isServerMessage } from '@/lib/api';

export type { MeResponse };

/** Better Auth's `GET /api/auth/get-session` (used only when /api/me does not answer). */
export interface AuthSessionResponse {
  user: { id: string; email: string; username?: string | null; name?: string | null };
}

interface SignUpResponse {
  token: string | null;
  user?: { id: string; email: string } | null;
}

interface SignInResponse {
  user?: { id: string; email: string } | null;
}

export const authApi = {
  me: (signal?: AbortSignal) => api.get<MeResponse>('/api/me', signal),
  authSession: (signal?: AbortSignal) => api.get<AuthSessionResponse | null>('/api/auth/get-session', signal),

  /** Sign-up; `sessionReturned` is false while the address still has to be confirmed. */
  async signUp(input: { email: string; username: string; password: string }): Promise<{ sessionReturned: boolean }> {
    const email = normalizeEmail(input.email);
    const result = await api.post<SignUpResponse>('/api/auth/sign-up/email', {
      email,
      password: input.password,
      name: input.username,
      username: input.username,
    });
    if (!result?.user) throw new ApiError(200, 'NO_USER_RETURNED', SIGNUP_ERRORS.noUserReturned);
    return { sessionReturned: Boolean(result.token) };
  },

  async signIn(input: { email: string; password: string }): Promise<void> {
    const result = await api.post<SignInResponse>('/api/auth/sign-in/email', {
      email: normalizeEmail(input.email),
      password: input.password,
    });
    if (!result?.user) throw new ApiError(200, 'NO_USER_RETURNED', LOGIN_ERRORS.noUserReturned);
  },

  signOut: () => apiRequest<unknown>('/api/auth/sign-out', { method: 'POST', body: {} }),

  /** Answers the same whether or not the address has an account (D6). */
  requestPasswordReset: (email: string) =>
    api.post<unknown>('/api/auth/request-password-reset', {
      email: normalizeEmail(email),
      redirectTo: '/reset-password',
    }),

  /**
   * A new confirmation mail (issue 11). The server answers the same for an unknown, a confirmed
   * and an unconfirmed address; its link is the one sign-up mails.
   */
  sendConfirmationEmail: (email: string) => api.post<unknown>('/api/auth/send-verification-email', { email: normalizeEmail(email) }),

  resetPassword: (token: string, newPassword: string) => api.post<unknown>('/api/auth/reset-password', { token, newPassword }),

  /**
   * D29: a sign-in link to `email`, answered alike for any address. Opened, it signs the person
   * in (a new address gets an account) and goes to /welcome, which asks a new account for its
   * username and then goes on to `next`; a used, expired or refused link comes back to /login.
   * The server keeps both on our origin.
   */
  sendSignInLink: (email: string, next: string) =>
    api.post<unknown>('/api/auth/sign-in/magic-link', {
      email: normalizeEmail(email),
      callbackURL: `/welcome?${new URLSearchParams({ next })}`,
      errorCallbackURL: `/login?${new URLSearchParams({ next })}`,
    }),

  /**
   * D46: the expired-link page's one tap: a new link to the address the old one went to (and the
   * game it joined), named by the old link's ticket; the server fills in the address.
   */
  resendSignInLink: (ticket: string, next: string) =>
    api.post<unknown>('/api/auth/sign-in/magic-link', {
      ticket,
      callbackURL: `/welcome?${new URLSearchParams({ next })}`,
      errorCallbackURL: `/login?${new URLSearchParams({ next })}`,
    }),

  /** D29: the username an account made by a sign-in link chooses (the sign-up rules, profile-rules.ts). */
  chooseUsername: (username: string) => api.post<unknown>('/api/auth/update-user', { username }),
};

/** Spec section 8 "Login". */
export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) return LOGIN_ERRORS.generic;
  if (error.code === 'NO_USER_RETURNED') return LOGIN_ERRORS.noUserReturned;
  if (error.code === 'EMAIL_NOT_VERIFIED') return LOGIN_ERRORS.emailNotConfirmed;
  if (error.status === 429) return LOGIN_ERRORS.rateLimited;
  if (error.code === 'INVALID_EMAIL_OR_PASSWORD' || error.code === 'INVALID_EMAIL' || error.status === 401) {
    return LOGIN_ERRORS.invalidCredentials;
  }
  return LOGIN_ERRORS.generic;
}

/** Spec section 8 "Signup" (the server's "6 characters" text is dropped: D7 sends the rule's own text). */
export function signupErrorMessage(error: unknown): string {
  if (!isApiError(error)) return SIGNUP_ERRORS.generic;
  switch (error.code) {
    case 'NO_USER_RETURNED':
      return SIGNUP_ERRORS.noUserReturned;
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return SIGNUP_ERRORS.alreadyRegistered;
    case 'INVALID_EMAIL':
      return SIGNUP_ERRORS.invalidEmail;
    case 'SIGNUP_DISABLED':
    case 'EMAIL_PASSWORD_SIGN_UP_DISABLED':
      return SIGNUP_ERRORS.disabled;
    case 'USERNAME_IS_ALREADY_TAKEN':
      return USERNAME_TAKEN;
  }
  if (error.status === 429) return SIGNUP_ERRORS.rateLimited;
  if (/already exists/i.test(error.message)) return SIGNUP_ERRORS.alreadyRegistered;
  return isServerMessage(error) ? error.message : SIGNUP_ERRORS.generic;
}

/** Spec section 8 "Reset": the server's message, or "Failed to send reset email". */
export function resetEmailErrorMessage(error: unknown): string {
  return isApiError(error) && isServerMessage(error) ? error.message : RESET_PASSWORD_ERROR;
}

/** What the resend offers show when a new confirmation mail was refused. */
export function confirmationMailErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 429) return MAIL_RATE_LIMITS.confirmationEmail;
  return CONFIRMATION_MAIL.failed;
}

/** What the login page shows when a sign-in link was refused. */
export function signInLinkErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 429) return isServerMessage(error) ? error.message : MAIL_RATE_LIMITS.signInLink;
  if (isApiError(error) && error.code === 'SIGN_IN_TICKET_EXPIRED') return SIGN_IN_LINK.ticketExpired;
  return SIGN_IN_LINK.failed;
}

/** What /login says for the `?error=` a sign-in link comes back with (Better Auth's codes). */
export function signInLinkProblem(code: string): string {
  if (code === 'INVALID_TOKEN') return SIGN_IN_LINK.expired;
  if (code === 'new_user_signup_disabled') return SIGNUP_ERRORS.disabled;
  return SIGN_IN_LINK.invalid;
}

/** /welcome's message for a refused username: the sign-up texts (the server's words), else ours. */
export function chooseUsernameErrorMessage(error: unknown): string {
  if (!isApiError(error)) return CHOOSE_USERNAME.failed;
  if (error.code === 'USERNAME_IS_ALREADY_TAKEN') return USERNAME_TAKEN;
  if (error.status === 400 && isServerMessage(error)) return error.message;
  return CHOOSE_USERNAME.failed;
}

/** Texts of the /reset-password page (D6); the spec has none for it. */
export const RESET_PAGE_TEXTS = {
  title: 'Choose a New Password',
  description: 'Enter your new password twice. It must meet the same rules as when you signed up.',
  invalidLinkTitle: 'This reset link is not valid',
  invalidLink: 'The link is incomplete, has expired or has already been used. Request a new one.',
  failed: 'Could not update your password. Please try again.',
} as const;

/** What the new-password form shows for a failed `POST /api/auth/reset-password`. */
export function resetPasswordFailure(error: unknown): { invalidLink: boolean; message: string } {
  if (isApiError(error)) {
    if (error.code === 'INVALID_TOKEN' || error.code === 'TOKEN_EXPIRED') {
      return { invalidLink: true, message: RESET_PAGE_TEXTS.invalidLink };
    }
    if (isServerMessage(error) && error.status !== 401) return { invalidLink: false, message: error.message };
  }
  return { invalidLink: false, message: RESET_PAGE_TEXTS.failed };
}

/** True for an API answer that says the session is gone (the page should show its logged-out text). */
export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}
