import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP and the rest) on every response, and `Cache-Control: no-store`
 * on every response that sets no Cache-Control of its own. Answers made before routing (a
 * malformed URL, a request that is not HTTP) carry both too: see app.ts and http/errors.ts.
 * Our options never depend on the request, so helmet runs once at start (securityHeaders) and
 * each response gets the same headers: the Fastify plugin would build helmet's middleware again
 * for every request, which cost about a third of the throughput of a small API route (npm run bench).
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Answers are private and change: none is stored by a browser or a proxy unless its route says
  // otherwise (board reads revalidate, hashed assets are immutable, the app shell is no-cache).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
    done(null, payload);
  });
}

export const NO_STORE = 'no-store';

/** The headers helmet sets with these options, collected from one run of its middleware. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
