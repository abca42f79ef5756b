import type { FastifyInstance } from 'fastify';
import type { Settings } from '../config';

/**
 * Two mistakes in setting up a server that its requests show, each logged once per process with
 * the fix (design note 025), never per request:
 * - a browser on an address that is not PUBLIC_URL: people open the app at another address than
 *   the one mail links and the same-origin check use (their changes are refused). The browser says
 *   its request is same-origin (Sec-Fetch-Site), or, an older one, sends an Origin naming the host
 *   it sent the request to; a foreign site's request does neither and is not a mistake of ours.
 * - X-Forwarded-For with TRUST_PROXY off: a reverse proxy is in front, and every visitor has the
 *   proxy's address, so all of them share one rate limit.
 */
export function registerSetupWarnings(app: FastifyInstance, settings: Pick<Settings, 'PUBLIC_URL' | 'TRUST_PROXY'>): void {
  const publicOrigin = settings.PUBLIC_URL ? new URL(settings.PUBLIC_URL).origin : null;
  let originWarned = publicOrigin === null;
  let proxyWarned = settings.TRUST_PROXY;
  if (originWarned && proxyWarned) return;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!originWarned) {
      const origin = request.headers.origin;
      const site = request.headers['sec-fetch-site'];
      const ownPage = site === 'same-origin' || (site === undefined && origin !== undefined && hostOf(origin) === request.host);
      if (origin !== undefined && origin !== publicOrigin && ownPage) {
        originWarned = true;
        request.log.warn(
          { origin, publicUrl: settings.PUBLIC_URL },
          `A browser opened this app at ${origin} but PUBLIC_URL is ${settings.PUBLIC_URL}: its changes are refused as coming from another site. ` +
            'Set PUBLIC_URL to the address people open.',
        );
      }
    }
    if (!proxyWarned && request.headers['x-forwarded-for'] !== undefined) {
      proxyWarned = true;
      request.log.warn(
        { remoteAddress: request.ip },
        'A request came through a reverse proxy (X-Forwarded-For) but TRUST_PROXY is off: every visitor has the proxy’s address and shares one rate limit. ' +
          'Set TRUST_PROXY=true behind your reverse proxy.',
      );
    }
    done();
  });
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
