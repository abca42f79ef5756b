import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@core/api/errors';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseFailure } from '../db/database-errors';

export type { ErrorBody, ErrorCode };

/** An expected failure with the status and the message the user should read. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra fields of the error object, next to code and message. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The one 400 of our error shape (Better Auth's own refusals keep its shape: auth/profile-rules.ts). */
export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST', details?: Record<string, unknown>) => new AppError(400, code, message, details);
export const unauthorized = (message = 'Please log in to continue.') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = "You don't have permission to access this page.") => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found', code: ErrorCode = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT', details?: Record<string, unknown>) => new AppError(409, code, message, details);

/** The JSON body of an error (core/api/errors.ts). */
export const errorBody = (code: ErrorCode, message: string, details?: Record<string, unknown>): ErrorBody => ({
  error: { ...details, code, message },
});

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Maps every error to the JSON shape; 4xx keep their message, 5xx are logged and never leak details. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first?.message ?? 'Invalid request';
      return reply.status(400).send(errorBody('VALIDATION_ERROR', message));
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type, rate limit.
      const code = fastifyErrorCode((error as FastifyError).code);
      return reply.status(status).send(errorBody(code, clientMessage(error as FastifyError)));
    }
    // A database that refuses writes (full, read-only) says so in the line itself, not only deep in the error.
    const database = databaseFailure(error);
    if (database) request.log.error({ err: error, database }, `request failed: ${database}`);
    else request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('INTERNAL', INTERNAL_MESSAGE));
  });
}

const OUR_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** Fastify's own code (FST_ERR_...) or ours (the rate limit's TOO_MANY_REQUESTS); anything else is BAD_REQUEST. */
export function fastifyErrorCode(code: string | undefined): ErrorCode {
  if (code === undefined) return 'BAD_REQUEST';
  return code.startsWith('FST_ERR_') || OUR_CODES.has(code) ? (code as ErrorCode) : 'BAD_REQUEST';
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    default:
      return error.message;
  }
}

/** What Node's HTTP parser refuses before Fastify sees a request, in our words. */
function clientErrorOf(code: string | undefined): { status: number; body: ErrorBody } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, body: errorBody('REQUEST_TIMEOUT', 'The request took too long to arrive.') };
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, body: errorBody('HEADERS_TOO_LARGE', 'The request headers are too large.') };
  }
  return { status: 400, body: errorBody('BAD_REQUEST', 'The request is not valid HTTP.') };
}

/**
 * Fastify's clientErrorHandler: answers what Node's parser refused (not HTTP, headers too large,
 * too slow to arrive) in our JSON shape and with the headers every answer carries, then closes
 * the connection, as Node and Fastify do by default.
 */
export function clientErrorHandler(headers: Readonly<Record<string, string>>) {
  const fixed = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function onClientError(this: FastifyInstance, err: Error & { code?: string }, socket: Duplex): void {
    // A reset connection is gone; nothing to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, body } = clientErrorOf(err.code);
    this.log.trace({ err }, 'client error');
    // Not when a response to this connection has begun: a second status line would corrupt it.
    const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !current?.headersSent) {
      const text = JSON.stringify(body);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${fixed}cache-control: no-store\r\ncontent-type: application/json; charset=utf-8\r\n` +
          `content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
      );
    }
    socket.destroy(err);
  };
}
