import type { IncomingHttpHeaders } from 'node:http';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from './auth';

/** Better Auth's refusal as our services read it: its HTTP status, code and message. */
export class AuthRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AuthRefusal';
  }
}

/** A request's headers as Better Auth reads a caller's session from them. */
export const sessionHeaders = (headers: IncomingHttpHeaders): Headers => fromNodeHeaders(headers);

/** What a call answered besides its body: the cookies it set (a new session after a password change). */
export interface AuthOutcome {
  cookies: string[];
}

async function call(run: () => Promise<{ headers: Headers }>): Promise<AuthOutcome> {
  try {
    const { headers } = await run();
    return { cookies: headers.getSetCookie() };
  } catch (err) {
    if (err instanceof APIError) {
      const body = (err.body ?? {}) as { code?: string; message?: string };
      throw new AuthRefusal(err.statusCode, body.code ?? String(err.status), body.message ?? err.message);
    }
    throw err;
  }
}

/**
 * D41's account changes through Better Auth's own endpoints, as the signed-in session (its
 * request headers): its rules, hooks (profile-rules.ts) and database hooks run as for any other
 * caller. `changeEmail` is closed to HTTP (auth.ts `disabledPaths`): only /api/me/email reaches it.
 */
export function accountActions(auth: Auth) {
  return {
    updateUsername(headers: Headers, username: string) {
      // The username plugin's fields: `Auth` is typed from the options object, which does not carry the plugins' types.
      const body: { name: string } = Object.assign({ name: username }, { username, displayUsername: username });
      return call(() => auth.api.updateUser({ headers, body, returnHeaders: true }));
    },

    /** A confirmation link to the new address (auth.ts sendVerificationEmail); the address changes when it is opened. */
    changeEmail: (headers: Headers, newEmail: string, callbackURL: string) =>
      call(() => auth.api.changeEmail({ headers, body: { newEmail, callbackURL }, returnHeaders: true })),

    /** Checks the current password; the account's other sessions end, this one gets a new cookie. */
    changePassword: (headers: Headers, currentPassword: string, newPassword: string) =>
      call(() => auth.api.changePassword({ headers, body: { currentPassword, newPassword, revokeOtherSessions: true }, returnHeaders: true })),

    /** An account without a password (made by a sign-in link, D29) sets its first one; refused once it has one. */
    setPassword: (headers: Headers, newPassword: string) => call(() => auth.api.setPassword({ headers, body: { newPassword }, returnHeaders: true })),

    /** The caller's session: its id and when it was made (a sign-in's time), or null without one. */
    async currentSession(headers: Headers): Promise<{ id: string; createdAt: Date } | null> {
      const found = await auth.api.getSession({ headers, query: { disableRefresh: true } });
      return found ? { id: found.session.id, createdAt: new Date(found.session.createdAt) } : null;
    },

    /** Mails a password reset link to `email` (auth.ts sendResetPassword); `headers` give the links' host. */
    requestPasswordReset: (headers: Headers, email: string) =>
      call(() => auth.api.requestPasswordReset({ headers, body: { email, redirectTo: '/reset-password' }, returnHeaders: true })),

    /** Ends the caller's session and clears its cookies (the cookies to send back). */
    signOut: (headers: Headers) => call(() => auth.api.signOut({ headers, returnHeaders: true })),

    /** True when `password` is the account's password (false for a wrong one or an account without one). */
    async verifyPassword(headers: Headers, password: string): Promise<boolean> {
      try {
        await call(() => auth.api.verifyPassword({ headers, body: { password }, returnHeaders: true }));
        return true;
      } catch (err) {
        if (err instanceof AuthRefusal && err.status === 400) return false;
        throw err;
      }
    },
  };
}

export type AccountActions = ReturnType<typeof accountActions>;
