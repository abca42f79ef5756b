/**
 * Small JSON client for our own API (`/api/...`). Errors carry the server's
 * `{ error: { code, message } }` shape (src/core/api/errors.ts), or Better Auth's flat
 * `{ code, message }` shape for `/api/auth/*`; their codes are the one list of
 * src/core/api/error-codes.ts. Answers are typed by the contracts of src/core/api.
 */
import type { AuthErrorCode, ErrorCode } from '@core/api/error-codes';

/** Codes this client makes up: no answer, an answer it could not read, or one without our error body. */
type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE' | `HTTP_${number}`;

/** Every code an ApiError can carry. */
export type ApiErrorCode = ErrorCode | AuthErrorCode | ClientErrorCode;

interface ApiErrorBody {
  error: { code: string; message: string; [detail: string]: unknown };
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when the request never got an answer. */
  readonly status: number;
  /** The server's error code, or NETWORK_ERROR / HTTP_<status> when it sent none. */
  readonly code: ApiErrorCode;
  /** Further fields of the server's `error` object, e.g. `squares` of 409 SQUARES_UNAVAILABLE. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(status: number, code: ApiErrorCode, message: string, details: Readonly<Record<string, unknown>> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const inner = (value as { error: unknown }).error;
  return (
    typeof inner === 'object' &&
    inner !== null &&
    typeof (inner as { code?: unknown }).code === 'string' &&
    typeof (inner as { message?: unknown }).message === 'string'
  );
}

/** Better Auth's error body: `{ code, message }` at the top level. */
function isFlatErrorBody(value: unknown): value is { code?: string; message: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as { code?: unknown; message?: unknown };
  return typeof message === 'string' && message !== '' && (code === undefined || typeof code === 'string');
}

/** Codes made up by this client (no answer, or an answer without a usable error body). */
export function isServerMessage(error: ApiError): boolean {
  // A change refused while the database file is gone says so in words meant for people (core/messages.ts).
  if (error.code === 'DATABASE_UNAVAILABLE') return true;
  return !(error.code === 'NETWORK_ERROR' || error.code === 'INVALID_RESPONSE' || error.code.startsWith('HTTP_') || error.status >= 500);
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Calls `path` (e.g. `/api/config`) and returns the parsed JSON body; throws ApiError otherwise. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, headers = {} } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Check your connection and try again.');
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    if (isApiErrorBody(data)) {
      const { code, message, ...details } = data.error;
      // The server's AppError takes only codes of the shared list (core/api/error-codes.ts). The
      // list is not shipped to check it here: the first page stays small, and a code the web does
      // not know matches none of its branches anyway.
      throw new ApiError(response.status, code as ErrorCode, message, details);
    }
    if (isFlatErrorBody(data)) {
      // Better Auth has more codes than the app reads (AUTH_ERROR_CODES); the others match no branch.
      throw new ApiError(response.status, (data.code || `HTTP_${response.status}`) as AuthErrorCode | ClientErrorCode, data.message);
    }
    throw new ApiError(response.status, `HTTP_${response.status}`, `The server answered ${response.status}.`);
  }
  if (text && data === undefined) {
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'The server sent an answer that could not be read.');
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
