import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import type { Auth } from './auth';

/** The signed-in person as our routes see them; `isAdmin` is read from the database each time. */
export interface SessionUser {
  id: string;
  email: string;
  username: string;
  isAdmin: boolean;
}

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

export function sessionGuards(auth: Auth) {
  async function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
    const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!result) return null;
    const user = result.user as typeof result.user & { username?: string | null; displayUsername?: string | null; isAdmin?: boolean | number };
    return {
      id: user.id,
      email: user.email,
      username: user.displayUsername ?? user.username ?? user.name,
      isAdmin: user.isAdmin === true || user.isAdmin === 1,
    };
  }

  return {
    currentUser,
    /** Pre-handler: 401 for visitors. */
    async requireUser(request: FastifyRequest): Promise<void> {
      const user = await currentUser(request);
      if (!user) throw unauthorized();
      request.user = user;
    },
    /** Pre-handler: 401 for visitors, 403 for players (checked on every request, D8). */
    async requireAdmin(request: FastifyRequest): Promise<void> {
      const user = await currentUser(request);
      if (!user) throw unauthorized();
      if (!user.isAdmin) throw forbidden();
      request.user = user;
    },
  };
}

export type SessionGuards = ReturnType<typeof sessionGuards>;

/** The signed-in user set by a guard; a route without a guard has none. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
