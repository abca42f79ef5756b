import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What the request log says about a request: Fastify's own fields, with every secret a URL can
 * carry replaced by `[redacted]`, so the log never holds a working link: an invite link's token
 * (D30, `/game/:id?invite=TOKEN`), a confirmation, reset or sign-in link's token
 * (`?token=`, `/api/auth/reset-password/TOKEN`), and a callback URL that carries one.
 */
function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A parameter name (decoded) that names a secret: invite, token (any *token*), secret, password, signature. */
const SECRET_NAME = /invite|token|secret|password|signature/i;
/** A path segment (decoded) whose next segment is a secret: Better Auth's `/reset-password/:token`. */
const SECRET_SEGMENT = /(^|\/)(reset-password|token|invite)\/[^/]+/gi;
const REDACTED = '[redacted]';

/**
 * Decoded as a server would read it, however many times it was encoded (`%2569` is `%69` is
 * `i`), `+` as a space; a malformed escape ends the decoding there.
 */
function decoded(text: string): string {
  let current = text;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current.replaceAll('+', ' '));
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * The URL with every secret redacted, decided on the decoded names and values, never on the
 * spelling: `?%69nvite=` is `?invite=`, `callbackURL=%2Freset-password%3Ftoken%3D...` carries a
 * token, `/api/auth/reset-password%2FTOKEN` holds one in its path.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const safePath = redactPath(path);
  if (mark === -1) return safePath;
  return `${safePath}?${url
    .slice(mark + 1)
    .split('&')
    .map(redactParameter)
    .join('&')}`;
}

function redactPath(path: string): string {
  const plain = decoded(path);
  // An encoded `?` (`/reset-password%3Ftoken=...`) starts a query once decoded.
  if (plain.includes('?')) {
    const whole = redactUrl(plain);
    if (whole !== plain) return whole;
  }
  // Dot segments and backslashes resolved as a URL parser does, after decoding.
  const escaped = plain.replace(/^\/+/, '').replace(/[?#%]/g, (c) => encodeURIComponent(c));
  const resolved = decoded(new URL(`http://host/${escaped}`).pathname);
  const redacted = resolved.replace(SECRET_SEGMENT, `$1$2/${REDACTED}`);
  // No secret: the path as it came, byte for byte.
  return redacted === resolved ? path : redacted;
}

function redactParameter(pair: string): string {
  const equals = pair.indexOf('=');
  const rawName = equals === -1 ? pair : pair.slice(0, equals);
  const name = decoded(rawName);
  if (SECRET_NAME.test(name)) {
    // The name as far as it is a name: an encoded `=` (`invite%3DTOKEN`) must not carry the token along.
    const shown = /^[A-Za-z0-9_.[\]-]*/.exec(name)?.[0] ?? '';
    return `${shown}=${REDACTED}`;
  }
  if (equals === -1) return pair;
  // A value that carries a secret (a callback URL with a token, or a query of its own) is redacted whole.
  const value = decoded(pair.slice(equals + 1));
  const carriesSecret = redactUrl(value) !== value || value.split(/[?&#]/).some((part) => part.includes('=') && SECRET_NAME.test(part.split('=')[0]!));
  return carriesSecret ? `${rawName}=${REDACTED}` : pair;
}

/** The app's logger options with our request serializer (a logger instance or `false` is kept as it is). */
export function withRequestSerializer(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object' || logger === null || typeof (logger as { info?: unknown }).info === 'function') return logger;
  return { ...logger, serializers: { req: logRequest, ...logger.serializers } };
}
