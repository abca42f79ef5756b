import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Our API's error shape: `{ "error": { "code", "message" } }`, sometimes with fields that say
 * more (409 SQUARES_UNAVAILABLE lists the squares).
 */
export interface ErrorBody {
  error: { code: string; message: string } & Record<string, unknown>;
}

/** An expected failure with the status and the message the user should read. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Extra fields of the error object, next to code and message. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthorized = (message = 'Please log in to continue.') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = "You don't have permission to access this page.") => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT', details?: Record<string, unknown>) =>
  new AppError(409, code, message, details);

export const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export const errorBody = (code: string, message: string, details?: Record<string, unknown>): ErrorBody => ({
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
      const code = (error as FastifyError).code ?? 'BAD_REQUEST';
      return reply.status(status).send(errorBody(code, clientMessage(error as FastifyError)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('INTERNAL', INTERNAL_MESSAGE));
  });
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
