import fastifyRateLimit from '@fastify/rate-limit';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meResponseSchema } from '@core/api/account';
import type { AuthErrorCode } from '@core/api/errors';
import { LOGIN_ERRORS, MAIL_RATE_LIMITS, PASSWORD_CHECK_RATE_LIMITED, SIGNUP_ERRORS } from '@core/messages';
import { SIGN_IN_TICKET_PARAM } from '../games/members.service';
import { errorBody, notFound } from '../http/errors';
import type { Auth } from './auth';
import { myAccountRoutes } from './my-account.routes';
import type { MyAccountService } from './my-account.service';
import { CALLBACK_PARAMETERS, localCallback, safeLocation } from './redirects';
import type { SessionGuards } from './session';

export interface AuthRoutesOptions {
  auth: Auth;
  guards: SessionGuards;
  /** D41's account page (/api/me/...), under this plugin's rate limits. */
  account: MyAccountService;
}

/** Per client IP (Fastify's request.ip: the proxy header only when TRUST_PROXY is on). */
const LIMITS = [
  { path: '/api/auth/sign-in/email', max: 10, timeWindow: '5 minutes', message: LOGIN_ERRORS.rateLimited },
  { path: '/api/auth/sign-up/email', max: 5, timeWindow: '10 minutes', message: SIGNUP_ERRORS.rateLimited },
  {
    path: '/api/auth/request-password-reset',
    max: 5,
    timeWindow: '15 minutes',
    message: MAIL_RATE_LIMITS.passwordReset,
  },
  {
    path: '/api/auth/send-verification-email',
    max: 5,
    timeWindow: '15 minutes',
    message: MAIL_RATE_LIMITS.confirmationEmail,
  },
] as const;

/**
 * Routes that check the signed-in account's password (delete-user only if it is ever turned
 * on). Like sign-in, 10 guesses per 5 minutes, in one budget for all of them, counted per client
 * IP and per account: a stolen session gains nothing from many addresses, nor one address from
 * many sessions.
 */
const PASSWORD_CHECKS = ['/api/auth/change-password', '/api/auth/verify-password', '/api/auth/delete-user'] as const;
const PASSWORD_CHECK_LIMIT = { max: 10, timeWindow: '5 minutes' } as const;

/**
 * D29: sign-in links, the mail-sending paths' budget (5 per 15 minutes), counted per client IP
 * and per address asked for: many addresses from one client, or one inbox from many clients,
 * get no more mails. Every address counts alike, so the limit says nothing about accounts.
 */
const SIGN_IN_LINK_PATH = '/api/auth/sign-in/magic-link';
const SIGN_IN_LINK_LIMIT = { max: 5, timeWindow: '15 minutes' } as const;

/**
 * The one spelling of an auth path we pass on: `/api/auth` and segments of letters, digits, `-`
 * and `_` (Better Auth's paths and the tokens some carry), nothing percent-encoded, no empty,
 * dot or trailing segment. The rate limits above are routes Fastify matches on the path as
 * spelled, while Better Auth routes on the URL as the WHATWG parser resolves it
 * (`/sign-in/./email`, `/x/../sign-in/email`, `/%2e%2E/` are `/sign-in/email` to it) and
 * Fastify decodes `%65` where the URL parser does not. On this spelling the three agree:
 * what the router matched is exactly the path Better Auth runs. Any other is refused.
 */
const CANONICAL_AUTH_PATH = /^\/api\/auth(?:\/[A-Za-z0-9_-]+)+$/;

/** Refuses (404, before any limit, guard or handler) an auth request whose path is not in its one spelling. */
const onlyCanonicalAuthPaths: onRequestHookHandler = (request, _reply, done) => {
  const query = request.url.indexOf('?');
  const path = query === -1 ? request.url : request.url.slice(0, query);
  if (!CANONICAL_AUTH_PATH.test(path)) return done(notFound('This address is not valid.'));
  done();
};

/** Better Auth under /api/auth/*, our rate limits in front of it, GET /api/me and the account page's /api/me/... */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, guards, account }) => {
  await app.register(fastifyRateLimit, { global: false });

  // Our origin: PUBLIC_URL's, or in a trial the request's own (D5).
  const publicOrigin = typeof auth.options.baseURL === 'string' ? new URL(auth.options.baseURL).origin : null;

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    const origin = publicOrigin ?? url.origin;
    // Every callback, in the query or the body, must stay on our origin (redirects.ts); it goes on as its plain path.
    for (const name of CALLBACK_PARAMETERS) {
      const values = url.searchParams.getAll(name);
      if (!values.length) continue;
      const local = values.length === 1 ? localCallback(values[0]!, origin) : null;
      if (local === null) return invalidCallback(reply);
      url.searchParams.set(name, local);
    }
    const headers = fromNodeHeaders(request.headers);
    let body: string | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined && request.body !== null) {
      const payload = localCallbacks(normalizeEmail(request.body), origin);
      if (payload === null) return invalidCallback(reply);
      body = JSON.stringify(payload);
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
    }
    const response = await auth.handler(new Request(url, { method: request.method, headers, ...(body ? { body } : {}) }));
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding' && key !== 'location') reply.header(key, value);
    });
    const location = response.headers.get('location');
    if (location !== null) {
      // Resolved as the browser resolves it: against this request's address on our origin.
      const checked = safeLocation(location, new URL(url.pathname + url.search, origin).href, origin);
      if (checked.replaced) request.log.warn({ location }, 'an auth answer would have redirected off-site; sent to / instead');
      reply.header('location', checked.location);
    }
    // Sessions, accounts and tokens: no cache may keep any of Better Auth's answers (issue 10).
    reply.header('cache-control', 'no-store');
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    const text = await response.text();
    return reply.send(text.length ? text : null);
  };

  for (const limit of LIMITS) {
    app.post(
      limit.path,
      {
        onRequest: onlyCanonicalAuthPaths,
        config: {
          rateLimit: {
            max: limit.max,
            timeWindow: limit.timeWindow,
            errorResponseBuilder: () => ({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: limit.message }),
          },
        },
      },
      forward,
    );
  }
  const accountOf = new WeakMap<FastifyRequest, string>();
  const passwordChecksByIp = app.createRateLimit({ ...PASSWORD_CHECK_LIMIT, keyGenerator: (request) => request.ip });
  const passwordChecksByAccount = app.createRateLimit({ ...PASSWORD_CHECK_LIMIT, keyGenerator: (request) => accountOf.get(request) ?? '' });
  const limitPasswordChecks = async (request: FastifyRequest, reply: FastifyReply) => {
    const results = [await passwordChecksByIp(request)];
    // Without a session Better Auth answers 401 before any password is checked: no account to count.
    const user = await guards.currentUser(request, reply);
    if (user) {
      accountOf.set(request, user.id);
      results.push(await passwordChecksByAccount(request));
    }
    const exceeded = results.flatMap((result) => (!result.isAllowed && result.isExceeded ? [result.ttlInSeconds] : []));
    if (exceeded.length) {
      return reply
        .status(429)
        .header('retry-after', String(Math.max(...exceeded)))
        .send(errorBody('TOO_MANY_REQUESTS', PASSWORD_CHECK_RATE_LIMITED));
    }
  };
  for (const path of PASSWORD_CHECKS) app.post(path, { onRequest: onlyCanonicalAuthPaths, preHandler: limitPasswordChecks }, forward);
  // D41: the account page's password change and deletion count in the same budget.
  await app.register(myAccountRoutes, { account, limitPasswordChecks });

  const linksByIp = app.createRateLimit({ ...SIGN_IN_LINK_LIMIT, keyGenerator: (request) => request.ip });
  const linksByAddress = app.createRateLimit({ ...SIGN_IN_LINK_LIMIT, keyGenerator: (request) => recipientOf(request.body) });
  const limitSignInLinks = async (request: FastifyRequest, reply: FastifyReply) => {
    const results = [await linksByIp(request)];
    // Without an address or a ticket nothing is sent (400): no inbox to count.
    if (recipientOf(request.body)) results.push(await linksByAddress(request));
    const exceeded = results.flatMap((result) => (!result.isAllowed && result.isExceeded ? [result.ttlInSeconds] : []));
    if (exceeded.length) {
      return reply
        .status(429)
        .header('retry-after', String(Math.max(...exceeded)))
        .send(errorBody('TOO_MANY_REQUESTS', MAIL_RATE_LIMITS.signInLink));
    }
  };
  app.post(SIGN_IN_LINK_PATH, { onRequest: onlyCanonicalAuthPaths, preHandler: limitSignInLinks }, forward);

  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', onRequest: onlyCanonicalAuthPaths, handler: forward });

  app.get(
    '/api/me',
    {
      schema: { response: { 200: meResponseSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const user = await guards.currentUser(request, reply);
      return user ? { user: { id: user.id, email: user.email, username: user.username }, isAdmin: user.isAdmin } : { user: null, isAdmin: false };
    },
  );
};

/** E-mails are trimmed and lower-cased before every auth call (spec section 5, D6). */
function normalizeEmail(body: unknown): unknown {
  if (body && typeof body === 'object' && 'email' in body && typeof body.email === 'string') {
    return { ...body, email: body.email.trim().toLowerCase() };
  }
  return body;
}

/** The address a sign-in link is asked for, as Better Auth will see it (normalizeEmail), or ''. */
/**
 * Whose inbox a sign-in link request fills: its address, or for the expired-link page's one-tap
 * resend, which names no address, the earlier link's ticket (D46, games/members.service.ts):
 * one ticket, from however many clients, gets no more mails than one address.
 */
function recipientOf(body: unknown): string {
  const address = addressOf(body);
  if (address) return `address:${address}`;
  const ticket = (body as Record<string, unknown> | null)?.[SIGN_IN_TICKET_PARAM];
  return typeof ticket === 'string' && ticket !== '' ? `ticket:${ticket}` : '';
}

function addressOf(body: unknown): string {
  const email = (normalizeEmail(body) as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

function invalidCallback(reply: FastifyReply) {
  const body: { code: AuthErrorCode; message: string } = { code: 'INVALID_CALLBACK_URL', message: 'This link is not valid.' };
  return reply.status(400).send(body);
}

/** A JSON body with each callback replaced by its path on our origin, or null when one would leave it. */
function localCallbacks(body: unknown, origin: string): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const checked: Record<string, unknown> = { ...body };
  for (const name of CALLBACK_PARAMETERS) {
    const target = checked[name];
    if (target === undefined || target === null) continue;
    const local = typeof target === 'string' ? localCallback(target, origin) : null;
    if (local === null) return null;
    checked[name] = local;
  }
  return checked;
}
