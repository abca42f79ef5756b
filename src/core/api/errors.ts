/**
 * The API's error body: `{ "error": { "code", "message" } }`, sometimes with fields that say more
 * (409 SQUARES_UNAVAILABLE lists the squares); the codes are in error-codes.ts. Better Auth's
 * routes (/api/auth/*) answer in their own flat shape `{ code, message }`.
 */
import { z } from 'zod';
import type { Contract } from './contract';
import type { ErrorCode } from './error-codes';

export { ERROR_CODES, type AuthErrorCode, type ErrorCode } from './error-codes';

export const errorBodySchema = z.object({ error: z.looseObject({ code: z.string(), message: z.string() }) });

/** Our error body: the code and message, and any further fields of the error. */
export type ErrorBody = Contract<typeof errorBodySchema> & { readonly error: { readonly code: ErrorCode } };
