import type { FastifyInstance } from 'fastify';
import type { Settings } from '../config';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing API routes, Better Auth's included (login and sign-out CSRF), refuse requests
 * from a foreign origin. The origin is PUBLIC_URL's, or in a trial the request's own host (D5).
 * Exempt paths (the Stripe webhook) are authenticated by a signature instead.
 * Browsers send Origin (or at least Sec-Fetch-Site) on such requests; a client that sends
 * neither is not a browser and cannot carry a victim's cookies.
 */
export function registerSameOriginCheck(app: FastifyInstance, settings: Settings, exempt: readonly string[] = []): void {
  const publicOrigin = settings.PUBLIC_URL ? new URL(settings.PUBLIC_URL).origin : null;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || exempt.includes(path)) return;
    // URL() drops a default port, as browsers do in Origin (Host localhost:80 -> http://localhost).
    const expected = publicOrigin ?? new URL(`${request.protocol}://${request.host}`).origin;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const foreign = origin !== undefined ? origin !== expected : fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none';
    if (foreign) throw new AppError(403, 'FOREIGN_ORIGIN', 'This request came from another site and was refused.');
  });
}
