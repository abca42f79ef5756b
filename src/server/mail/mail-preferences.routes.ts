import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailPreferencesResponseSchema, setMailPreferenceBodySchema, unsubscribeQuerySchema, unsubscribeResponseSchema } from '@core/api/mail-preferences';
import type { OptOutKind } from '@core/mail-kinds';
import { signedInUser } from '../auth/session';
import type { MailPreferencesService } from './mail-preferences.service';
import { UNSUBSCRIBE_API, UNSUBSCRIBE_PAGE } from './mail-queue.service';

export interface MailPreferencesRoutesOptions {
  preferences: MailPreferencesService;
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
export const mailPreferencesRoutes: FastifyPluginAsyncZod<MailPreferencesRoutesOptions> = async (app, { preferences }) => {
  // RFC 8058: the mail client's POST carries "List-Unsubscribe=One-Click" as a form; its body says nothing more.
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, {}),
  );
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/me/mail-preferences', { ...app.guards.signedIn, schema: { response: { 200: mailPreferencesResponseSchema } } }, async (request) =>
    preferences.choicesOf(signedInUser(request).id),
  );

  app.post(
    '/api/me/mail-preferences',
    { ...app.guards.signedIn, schema: { body: setMailPreferenceBodySchema, response: { 200: mailPreferencesResponseSchema } } },
    async (request) => preferences.set(signedInUser(request).id, request.body.kind as OptOutKind, request.body.on),
  );

  const linkRoute = { schema: { querystring: unsubscribeQuerySchema, response: { 200: unsubscribeResponseSchema } } };
  app.post(UNSUBSCRIBE_API, linkRoute, async (request) => preferences.setByLink(request.query.token, false));
  // A mail client without RFC 8058's one-click opens the List-Unsubscribe URL in a browser (a GET):
  // it changes nothing and sends the reader to our own unsubscribe page with the same token (a
  // fixed path on this origin, never a place the request names), where the page does the rest.
  app.get(UNSUBSCRIBE_API, { schema: { querystring: unsubscribeQuerySchema } }, async (request, reply) =>
    reply
      .code(303)
      .header('location', `${UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(request.query.token)}`)
      .send(),
  );
  app.post(RESUBSCRIBE_API, linkRoute, async (request) => preferences.setByLink(request.query.token, true));
};
