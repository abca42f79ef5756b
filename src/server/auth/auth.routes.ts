import fastifyRateLimit from '@fastify/rate-limit';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOGIN_ERRORS, MAIL_RATE_LIMITS, SIGNUP_ERRORS } from '@core/messages';
import type { Auth } from './auth';
import type { SessionGuards } from './session';

export interface AuthRoutesOptions {
  auth: Auth;
  guards: SessionGuards;
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

/** Better Auth under /api/auth/*, our rate limits in front of it, and GET /api/me. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, guards }) => {
  await app.register(fastifyRateLimit, { global: false });

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    // Links we mail carry relative callbacks only; anything else would be an open redirect.
    for (const name of ['callbackURL', 'redirectTo', 'errorCallbackURL']) {
      const target = url.searchParams.get(name);
      if (target !== null && !isLocalPath(target)) {
        return reply.status(400).send({ code: 'INVALID_CALLBACK_URL', message: 'This link is not valid.' });
      }
    }
    const headers = fromNodeHeaders(request.headers);
    let body: string | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined && request.body !== null) {
      body = JSON.stringify(normalizeEmail(request.body));
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
    }
    const response = await auth.handler(new Request(url, { method: request.method, headers, ...(body ? { body } : {}) }));
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    const text = await response.text();
    return reply.send(text.length ? text : null);
  };

  for (const limit of LIMITS) {
    app.post(
      limit.path,
      {
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
  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', handler: forward });

  app.get(
    '/api/me',
    {
      schema: {
        response: {
          200: z.object({
            user: z.object({ id: z.string(), email: z.string(), username: z.string() }).nullable(),
            isAdmin: z.boolean(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const user = await guards.currentUser(request);
      return user
        ? { user: { id: user.id, email: user.email, username: user.username }, isAdmin: user.isAdmin }
        : { user: null, isAdmin: false };
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

/** "/login?x=1" yes; "//evil.example", "https://evil.example", "/\\evil" no. */
function isLocalPath(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
}
