import type { FastifyServerOptions } from 'fastify';
import type { Settings } from '../config';

/**
 * A request's headers and body must arrive within REQUEST_TIMEOUT_SECONDS (a client trickling a
 * byte at a time is answered 408 and closed); a connection on which nothing moves for
 * IDLE_TIMEOUT_SECONDS is closed, between requests too. Node looks for late requests on an
 * interval (30 s by default): a quarter of the timeout, so one is cut close to its deadline.
 * Live-update streams are complete requests, so the request timeout never cuts them; their route
 * lifts the idle timeout (realtime/events.routes.ts).
 */
export function connectionTimeouts(settings: Pick<Settings, 'REQUEST_TIMEOUT_SECONDS' | 'IDLE_TIMEOUT_SECONDS'>) {
  const requestMs = Math.round(settings.REQUEST_TIMEOUT_SECONDS * 1000);
  const idleMs = Math.round(settings.IDLE_TIMEOUT_SECONDS * 1000);
  return {
    requestTimeout: requestMs,
    connectionTimeout: idleMs,
    keepAliveTimeout: idleMs,
    // Node's own copy of the request timeout, which its headers timeout must not exceed.
    http: { requestTimeout: requestMs, headersTimeout: requestMs, connectionsCheckingInterval: Math.max(10, Math.min(5000, Math.round(requestMs / 4))) },
  } satisfies Pick<FastifyServerOptions, 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'> & { http: object };
}
