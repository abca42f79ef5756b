import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * A Host that is not host[:port] cannot name an origin or a link: every request with one is
 * refused (400 BAD_HOST) before anything reads it. The hook is synchronous (a promise per hook
 * per request shows in npm run bench), and a Host seen before is not parsed again.
 */
export function registerHostCheck(app: FastifyInstance): void {
  const validHosts = new BoundedSet(64);
  app.addHook('onRequest', (request, _reply, done) => {
    const host = request.host;
    if (host === '' || validHosts.has(host)) return done();
    if (!isHostAndPort(host)) return done(badRequest('The Host header is not valid.', 'BAD_HOST'));
    validHosts.add(host);
    done();
  });
}

/** The last `size` strings added: a Host seen before is not parsed again. */
class BoundedSet {
  private readonly items = new Set<string>();
  constructor(private readonly size: number) {}
  has(item: string): boolean {
    return this.items.has(item);
  }
  add(item: string): void {
    if (this.items.size >= this.size) this.items.delete(this.items.values().next().value!);
    this.items.add(item);
  }
}

/** A name (letters, digits, `-._~`) or a bracketed IPv6 address, and an optional port: nothing a URL would normalize away. */
const HOST_AND_PORT = /^(?:[a-z0-9](?:[a-z0-9._~-]*)|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function isHostAndPort(host: string): boolean {
  if (!HOST_AND_PORT.test(host)) return false;
  try {
    // The WHATWG parser still decides what the grammar lets through (an IPv6 address, a port over 65535).
    new URL(`http://${host}`);
    return true;
  } catch {
    return false;
  }
}
