import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Settings } from '../config';
import { AppError } from './errors';

/** Methods that only read: every other method, known or not, is checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A route that is authenticated otherwise (the Stripe webhook: its signature). */
export interface ExemptRoute {
  method: string;
  url: string;
}

/**
 * Every state-changing request, Better Auth's included (login and sign-out CSRF), is refused
 * when it comes from a foreign origin. The origin is PUBLIC_URL's, or in a trial the request's
 * own host (D5). Browsers send Origin (or at least Sec-Fetch-Site) on such requests; a client
 * that sends neither is not a browser and cannot carry a victim's cookies.
 *
 * The decision is made on the route the router matched, never on the path as spelled: the
 * router decodes `/%61pi/...` to `/api/...`, so a check on the raw URL could be walked around.
 * It runs in onRequest, where the route is known and before body parsing, the guards
 * (preValidation) and any handler, Better Auth's catch-all and the 404 handler included. Only
 * the exempt routes themselves, matched by the router, skip it.
 */
export function registerSameOriginCheck(app: FastifyInstance, settings: Settings, exempt: readonly ExemptRoute[] = []): void {
  const publicOrigin = settings.PUBLIC_URL ? new URL(settings.PUBLIC_URL).origin : null;
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || isExempt(request, exempt)) return done();
    // URL() drops a default port, as browsers do in Origin (Host localhost:80 -> http://localhost).
    const expected = publicOrigin ?? new URL(`${request.protocol}://${request.host}`).origin;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    // Either header naming another site is enough to refuse; a browser never sends ours with a foreign one.
    const foreignOrigin = origin !== undefined && origin !== expected;
    const foreignSite = fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none';
    if (foreignOrigin || foreignSite) return done(new AppError(403, 'FOREIGN_ORIGIN', 'This request came from another site and was refused.'));
    done();
  });
}

function isExempt(request: FastifyRequest, exempt: readonly ExemptRoute[]): boolean {
  // routeOptions.url is the matched route's pattern; undefined for the 404 handler.
  const route = request.routeOptions;
  if (route.url === undefined) return false;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return exempt.some((e) => e.url === route.url && methods.includes(e.method) && request.method === e.method);
}
