/** GET /api/me: who the session belongs to (null for a visitor) and whether they are an admin (D8). */
import { z } from 'zod';
import { emailSchema, passwordSchema, usernameSchema } from '../schemas';
import type { Contract } from './contract';

export const meResponseSchema = z.object({
  /** `username` is null until an account made by a sign-in link chooses one at /welcome (D29). */
  user: z.object({ id: z.string(), email: z.string(), username: z.string().nullable() }).nullable(),
  isAdmin: z.boolean(),
});
export type MeResponse = Contract<typeof meResponseSchema>;

/**
 * D41's account page (docs/decisions/034): GET /api/me/account, what the page shows, and what
 * would stop the account's deletion now (each with its count, so the page can say why first).
 */
export const accountResponseSchema = z.object({
  username: z.string().nullable(),
  email: z.string(),
  /** False for an account made by a sign-in link (D29) that never set one: it may set one without a current password. */
  hasPassword: z.boolean(),
  isAdmin: z.boolean(),
  /** What deleting the account would leave owed or unsettled: deletion is refused while any is not zero. */
  deleteBlockers: z.object({
    /** The account is the only admin. */
    lastAdmin: z.boolean(),
    /** Squares held by a card checkout that is still open. */
    checkoutSquares: z.number().int(),
    /** Squares reserved in organizer-collects games and not paid yet (D28). */
    unpaidSquares: z.number().int(),
    /** Winnings not paid out yet, in cents. */
    unpaidWinningsCents: z.number().int(),
  }),
});
export type AccountResponse = Contract<typeof accountResponseSchema>;

/** POST /api/me/username: the sign-up rules (3-30 of A-Z, digits, _ . -), unique in any case. */
export const changeUsernameBodySchema = z.object({ username: usernameSchema }).strict();

/** Where a new address's confirmation link leads (the account page says what happened; `&error=CODE` when it did not work). */
export const EMAIL_CHANGED_CALLBACK = '/account?email=changed';

/**
 * POST /api/me/email: a confirmation link goes to the new address; the address changes when it
 * is opened. The current password is required when the account has one; an account without one
 * (made by a sign-in link) needs a sign-in within the last EMAIL_CHANGE_FRESH_MINUTES instead.
 */
export const changeEmailBodySchema = z.object({ email: emailSchema, currentPassword: z.string().max(200).optional() }).strict();

/** POST /api/account/email-undo: the token of the undo link the old address got (no session: its owner may be locked out). */
export const emailUndoBodySchema = z.object({ token: z.string().max(200) }).strict();

/**
 * POST /api/me/password: the current password is required when the account has one; an account
 * made by a sign-in link sets its first one without it.
 */
export const changePasswordBodySchema = z.object({ currentPassword: z.string().max(200).optional(), newPassword: passwordSchema }).strict();

/** POST /api/me/delete: the username typed as confirmation (the e-mail when there is no username), and the password if the account has one. */
export const deleteAccountBodySchema = z.object({ confirm: z.string().max(320), password: z.string().max(200).optional() }).strict();

/** What each change answers: the page's new state. */
export const accountChangeResponseSchema = z.object({ account: accountResponseSchema, message: z.string() });
export type AccountChangeResponse = Contract<typeof accountChangeResponseSchema>;
