import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest, onRouteHookHandler, onSendHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import type { Auth } from './auth';
import { ASK_BETTER_AUTH, sessionReader, toSessionUser, type SessionReader, type SessionReaderConfig, type SessionUser } from './session-reader';
import { sessionRepository, type AuthDatabase } from './session.repository';

export type { SessionUser } from './session-reader';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the requireUser / requireAdmin pre-handlers. */
    user?: SessionUser;
  }
  interface FastifyInstance {
    /** Pre-handlers for routes that need a signed-in user or an admin. */
    guards: SessionGuards;
  }
}

type AuthContext = Awaited<Auth['$context']>;

/**
 * The lean reader's settings from Better Auth's own context. It reproduces getSession for
 * database sessions only: a cookie cache or secondary storage would give a session other sources
 * (and other revocation rules), so turning either on must come with a change here.
 */
export function readerConfigOf(context: AuthContext): SessionReaderConfig {
  const session = context.options.session;
  if (context.options.secondaryStorage) throw new Error('session reader: Better Auth secondaryStorage is not supported (design note 007)');
  if (session?.cookieCache?.enabled) throw new Error('session reader: Better Auth session.cookieCache is not supported (design note 007)');
  if (session?.deferSessionRefresh) throw new Error('session reader: Better Auth session.deferSessionRefresh is not supported (design note 007)');
  return {
    sessionCookie: context.authCookies.sessionToken.name,
    dontRememberCookie: context.authCookies.dontRememberToken.name,
    secret: context.secret,
    expiresInSeconds: context.sessionConfig.expiresIn,
    updateAgeSeconds: context.sessionConfig.updateAge,
    refreshDisabled: session?.disableSessionRefresh === true,
  };
}

/** Better Auth's connection (auth.ts hands it our Kysely): the reader reads its tables as it does. */
function authDatabase(auth: Auth): AuthDatabase {
  const database = auth.options.database as { db?: AuthDatabase } | undefined;
  if (!database?.db) throw new Error('session reader: Better Auth is not configured with a Kysely database');
  return database.db;
}

export function sessionGuards(auth: Auth) {
  const repo = sessionRepository(authDatabase(auth));
  let reader: SessionReader | undefined;
  const ready = auth.$context.then((context) => (reader = sessionReader(readerConfigOf(context), repo)));
  // A failure surfaces on the first request that needs it; this keeps it from being unhandled before.
  ready.catch(() => {});

  /**
   * Better Auth's getSession, for the sessions whose reading writes (session-reader.ts): the daily
   * refresh extends the session in the database and sends the cookie again with a new Max-Age, and
   * an expired session's cookie is cleared. Those Set-Cookie lines go on `reply`; without them the
   * browser would drop a refreshed session's cookie 7 days after sign-in however active it was.
   */
  async function betterAuthUser(request: FastifyRequest, reply: FastifyReply | undefined): Promise<SessionUser | null> {
    const { headers, response: result } = await auth.api.getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
    const cookies = headers.getSetCookie();
    if (cookies.length > 0 && reply && !reply.sent) reply.header('set-cookie', cookies);
    if (!result) return null;
    const user = result.user as typeof result.user & { username?: string | null; displayUsername?: string | null; isAdmin?: boolean | number };
    return toSessionUser({
      userId: user.id,
      email: user.email,
      name: user.name,
      username: user.username ?? null,
      displayUsername: user.displayUsername ?? null,
      isAdmin: user.isAdmin ?? null,
    });
  }

  /**
   * The signed-in user, or null: the one read of a session that may be absent (public pages,
   * /api/me, a rate limit's key). The user a guard already read is not read again, and a request
   * without cookies has no session to look up. Pass the reply whenever there is one: a refreshed
   * session's cookie goes on it.
   */
  async function currentUser(request: FastifyRequest, reply?: FastifyReply): Promise<SessionUser | null> {
    if (request.user) return request.user;
    if (!request.headers.cookie) return null;
    const verdict = await (reader ?? (await ready)).read(request.headers.cookie);
    return verdict === ASK_BETTER_AUTH ? betterAuthUser(request, reply) : verdict;
  }

  /** 401 for visitors. */
  async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const user = await currentUser(request, reply);
    if (!user) throw unauthorized();
    request.user = user;
  }
  /** 401 for visitors, 403 for players (checked on every request, D8). */
  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const user = await currentUser(request, reply);
    if (!user) throw unauthorized();
    if (!user.isAdmin) throw forbidden();
    request.user = user;
  }

  return {
    currentUser,
    requireUser,
    requireAdmin,
    /**
     * The one way a route is guarded: spread into its options (`{ ...app.guards.admin, schema }`).
     * The guard runs onRequest, before the body is parsed, so a visitor's malformed body is a 401,
     * never a 400 that tells them about the route's schema.
     */
    admin: { onRequest: requireAdmin },
    /** Signed-in players and admins (see `admin`). */
    signedIn: { onRequest: requireUser },
  };
}

export type SessionGuards = ReturnType<typeof sessionGuards>;

/** The signed-in user set by a guard; a route without a guard has none. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Every answer of a route that requires admin is `Cache-Control: no-store`, whatever its handler
 * set (a private no-cache answer may still be kept in the browser's cache, where the next person
 * at that computer could read orders, payments or e-mail addresses). One onRoute hook, given the
 * guard: a route is an admin route exactly when `requireAdmin` is among its hooks, so a new admin
 * route is covered without a header of its own.
 */
export function adminAnswersNotStored(requireAdmin: SessionGuards['requireAdmin']): onRouteHookHandler {
  const noStore: onSendHookHandler = (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  };
  return (route) => {
    const hooks = [route.onRequest, route.preValidation, route.preHandler].flat();
    if (!hooks.includes(requireAdmin)) return;
    route.onSend = [...[route.onSend ?? []].flat(), noStore];
  };
}
