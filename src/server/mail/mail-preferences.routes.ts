import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  mailPreferencesResponseSchema,
  setMailPreferenceBodySchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
  type MailPreferencesResponse,
  type UnsubscribeResponse,
} from '@core/api/mail-preferences';
import { isOptOutKind, OPT_OUT_KINDS, optOutLabel, UNSUBSCRIBE_TEXTS, type OptOutKind } from '@core/mail-kinds';
import { signedInUser } from '../auth/session';
import type { Executor } from '../db/executor';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import { UNSUBSCRIBE_API, UNSUBSCRIBE_PAGE } from './mail-queue';
import { mailPreferencesRepository, type UnsubscribeSigner } from './unsubscribe';

export interface MailPreferencesRoutesOptions {
  db: Executor;
  signer: UnsubscribeSigner;
  clock: () => Date;
  log: Logger;
}

/** Turned on again from the unsubscribe page (its undo button). */
const RESUBSCRIBE_API = '/api/mail/resubscribe';

/**
 * Exempt from the same-origin check: mail clients and providers POST the one-click from anywhere
 * (RFC 8058), and the signed link is its authority. The undo (resubscribe) is only ever posted by
 * our own /unsubscribe page, so it keeps the check.
 */
export const UNSUBSCRIBE_ROUTES = [{ method: 'POST', url: UNSUBSCRIBE_API }] as const;

/**
 * D40/D41 mail choices (docs/decisions/037): the account page's checkboxes (signed in), and the
 * one-click unsubscribe of a mail's footer and List-Unsubscribe header (a signed link, no login).
 */
export const mailPreferencesRoutes: FastifyPluginAsyncZod<MailPreferencesRoutesOptions> = async (app, { db, signer, clock, log }) => {
  const preferences = mailPreferencesRepository(db);
  // RFC 8058: the mail client's POST carries "List-Unsubscribe=One-Click" as a form; its body says nothing more.
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, {}),
  );
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  async function choicesOf(userId: string): Promise<MailPreferencesResponse> {
    const off = new Set<string>(await preferences.turnedOff(userId));
    return { kinds: OPT_OUT_KINDS.map(({ kind, label }) => ({ kind, label, on: !off.has(kind) })) };
  }

  app.get('/api/me/mail-preferences', { ...app.guards.signedIn, schema: { response: { 200: mailPreferencesResponseSchema } } }, async (request) =>
    choicesOf(signedInUser(request).id),
  );

  app.post(
    '/api/me/mail-preferences',
    { ...app.guards.signedIn, schema: { body: setMailPreferenceBodySchema, response: { 200: mailPreferencesResponseSchema } } },
    async (request) => {
      const userId = signedInUser(request).id;
      await preferences.set(userId, request.body.kind as OptOutKind, request.body.on, clock().toISOString());
      log.info({ event: request.body.on ? 'mail-kind-on' : 'mail-kind-off', kind: request.body.kind, userId }, 'account: mail choice saved');
      return choicesOf(userId);
    },
  );

  /** The account and kind of a signed link, or a 400 that says what to do. */
  async function linkOf(token: string): Promise<{ userId: string; kind: OptOutKind }> {
    const link = signer.verify(token);
    if (!link || !isOptOutKind(link.kind)) throw new AppError(400, 'BAD_UNSUBSCRIBE_LINK', UNSUBSCRIBE_TEXTS.badLink);
    if (!(await preferences.accountExists(link.userId))) throw new AppError(404, 'BAD_UNSUBSCRIBE_LINK', UNSUBSCRIBE_TEXTS.noAccount);
    return link;
  }

  async function setByLink(token: string, on: boolean): Promise<UnsubscribeResponse> {
    const { userId, kind } = await linkOf(token);
    await preferences.set(userId, kind, on, clock().toISOString());
    log.info({ event: on ? 'mail-kind-on' : 'mail-kind-off', kind, userId, by: 'link' }, 'account: mail choice saved');
    const label = optOutLabel(kind);
    return { kind, label, on, message: on ? UNSUBSCRIBE_TEXTS.resubscribed(label) : UNSUBSCRIBE_TEXTS.done(label) };
  }

  const linkRoute = { schema: { querystring: unsubscribeQuerySchema, response: { 200: unsubscribeResponseSchema } } };
  app.post(UNSUBSCRIBE_API, linkRoute, async (request) => setByLink(request.query.token, false));
  // A mail client without RFC 8058's one-click opens the List-Unsubscribe URL in a browser (a GET):
  // it changes nothing and sends the reader to our own unsubscribe page with the same token (a
  // fixed path on this origin, never a place the request names), where the page does the rest.
  app.get(UNSUBSCRIBE_API, { schema: { querystring: unsubscribeQuerySchema } }, async (request, reply) =>
    reply
      .code(303)
      .header('location', `${UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(request.query.token)}`)
      .send(),
  );
  app.post(RESUBSCRIBE_API, linkRoute, async (request) => setByLink(request.query.token, true));
};
