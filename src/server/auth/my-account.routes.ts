import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountChangeResponseSchema,
  accountResponseSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  changeUsernameBodySchema,
  deleteAccountBodySchema,
  emailUndoBodySchema,
  type AccountResponse,
} from '@core/api/account';
import { ACCOUNT_TEXTS, MAIL_RATE_LIMITS } from '@core/messages';
import { z } from 'zod';
import { sessionHeaders } from './account-actions';
import type { AccountCaller, MyAccountService } from './my-account.service';
import { signedInUser } from './session';

export interface MyAccountRoutesOptions {
  account: MyAccountService;
  /** auth.routes.ts: the one budget of password checks with a session (per client IP and per account). */
  limitPasswordChecks: preHandlerAsyncHookHandler;
}

/** A new address gets mail: the mail-sending paths' budget (5 per 15 minutes), per client IP and per account. */
const EMAIL_CHANGE_LIMIT = { max: 5, timeWindow: '15 minutes' } as const;
/** Undo links: a person clicks once or twice; a guesser gets nowhere (the secret is 256 bits). */
const EMAIL_UNDO_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;
/** Renames: enough for typos, not for walking the name space. */
const USERNAME_CHANGE_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;

const caller = (request: FastifyRequest): AccountCaller => ({ id: signedInUser(request).id, headers: sessionHeaders(request.headers) });

/** A change's answer: the cookies Better Auth set (a password change's new session) and the page's new state. */
function answer(reply: FastifyReply, result: { cookies: string[]; account: AccountResponse; message: string }) {
  if (result.cookies.length) reply.header('set-cookie', result.cookies);
  return { account: result.account, message: result.message };
}

/**
 * D41's account page (docs/decisions/034), signed in only, never cached. Registered inside
 * auth.routes.ts, whose rate-limit plugin and password-check budget these share.
 */
export const myAccountRoutes: FastifyPluginAsyncZod<MyAccountRoutesOptions> = async (app, { account, limitPasswordChecks }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  const perAccount = (limit: { max: number; timeWindow: string }, message: string) => ({
    rateLimit: {
      ...limit,
      keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
      errorResponseBuilder: () => ({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message }),
    },
  });
  const changed = { 200: accountChangeResponseSchema };

  app.get('/api/me/account', { ...app.guards.signedIn, schema: { response: { 200: accountResponseSchema } } }, async (request) =>
    account.view(signedInUser(request).id),
  );

  app.post(
    '/api/me/username',
    {
      ...app.guards.signedIn,
      config: perAccount(USERNAME_CHANGE_LIMIT, 'Too many username changes. Please wait a few minutes and try again.'),
      schema: { body: changeUsernameBodySchema, response: changed },
    },
    async (request, reply) => answer(reply, await account.changeUsername(caller(request), request.body.username)),
  );

  app.post(
    '/api/me/email',
    {
      ...app.guards.signedIn,
      // The current password is checked here too: in the one budget of password checks.
      preHandler: limitPasswordChecks,
      config: perAccount(EMAIL_CHANGE_LIMIT, MAIL_RATE_LIMITS.confirmationEmail),
      schema: { body: changeEmailBodySchema, response: changed },
    },
    async (request, reply) => answer(reply, await account.changeEmail(caller(request), request.body.email, request.body.currentPassword)),
  );

  // docs/decisions/039: the old address's undo link; no session (its owner may be locked out), limited per client IP.
  app.post(
    '/api/account/email-undo',
    {
      config: {
        rateLimit: {
          ...EMAIL_UNDO_LIMIT,
          errorResponseBuilder: () => ({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: ACCOUNT_TEXTS.undoRateLimited }),
        },
      },
      schema: { body: emailUndoBodySchema, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => account.undoEmailChange(request.body.token, sessionHeaders(request.headers)),
  );

  app.post(
    '/api/me/password',
    { ...app.guards.signedIn, preHandler: limitPasswordChecks, schema: { body: changePasswordBodySchema, response: changed } },
    async (request, reply) => answer(reply, await account.changePassword(caller(request), request.body.newPassword, request.body.currentPassword)),
  );

  app.post(
    '/api/me/delete',
    {
      ...app.guards.signedIn,
      preHandler: limitPasswordChecks,
      schema: { body: deleteAccountBodySchema, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request, reply) => {
      const { cookies, message } = await account.deleteAccount(caller(request), request.body.confirm, request.body.password);
      if (cookies.length) reply.header('set-cookie', cookies);
      return { message };
    },
  );
};
