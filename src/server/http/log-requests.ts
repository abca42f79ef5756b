import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { INVITE_PARAM } from '@core/visibility';

/**
 * What the request log says about a request: Fastify's own fields, with an invite link's token
 * (D30: `/game/:id?invite=TOKEN`, the page a link opens) replaced by `[redacted]`, so the log
 * never holds a working link. The page posts the token and drops it from its address at once;
 * no API URL carries it.
 */
export function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactInvite(request.url),
    version: request.headers['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const INVITE_VALUE = new RegExp(`([?&]${INVITE_PARAM}=)[^&#]*`, 'gi');

export function redactInvite(url: string): string {
  return url.includes(`${INVITE_PARAM}=`) ? url.replace(INVITE_VALUE, '$1[redacted]') : url;
}

/** The app's logger options with our request serializer (a logger instance or `false` is kept as it is). */
export function withRequestSerializer(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object' || logger === null || typeof (logger as { info?: unknown }).info === 'function') return logger;
  return { ...logger, serializers: { req: logRequest, ...logger.serializers } };
}
