/**
 * D40/D41 mail choices (docs/decisions/037): the account page's "Mails" section and the one-click
 * unsubscribe page, which needs no login (its link is signed).
 */
import { z } from 'zod';
import { OPT_OUT_KINDS } from '../mail-kinds';
import { list, type Contract } from './contract';

const kindSchema = z.enum(OPT_OUT_KINDS.map(({ kind }) => kind) as [string, ...string[]], { error: 'Unknown kind of mail.' });

/** GET /api/me/mail-preferences: every opt-out kind with its words and whether it is on. */
export const mailPreferencesResponseSchema = z.object({
  kinds: list(z.object({ kind: kindSchema, label: z.string(), on: z.boolean() })),
});
export type MailPreferencesResponse = Contract<typeof mailPreferencesResponseSchema>;

/** POST /api/me/mail-preferences: one kind turned on or off. */
export const setMailPreferenceBodySchema = z.object({ kind: kindSchema, on: z.boolean() }).strict();

/** The query of POST /api/mail/unsubscribe and /api/mail/resubscribe: the signed token from the mail. */
export const unsubscribeQuerySchema = z.object({ token: z.string().max(400) });

/** What the unsubscribe page shows: which kind, and whether it is on now. */
export const unsubscribeResponseSchema = z.object({ kind: kindSchema, label: z.string(), on: z.boolean(), message: z.string() });
export type UnsubscribeResponse = Contract<typeof unsubscribeResponseSchema>;
