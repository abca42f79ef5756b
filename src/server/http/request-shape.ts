import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** Deeper than any request of ours or Better Auth's goes (a cart is 4 levels). */
const MAX_JSON_DEPTH = 32;

/**
 * What no field of any route accepts, refused with a 400 before any guard, schema or handler
 * runs, on every route (Better Auth's, which have no schema of ours, included):
 * - a NUL character in a query parameter or any string of the body (or a key): PostgreSQL
 *   refuses it in text, so it would reach the database as a 500;
 * - JSON nested deeper than MAX_JSON_DEPTH: JSON.parse takes 10,000 levels, but code that walks
 *   a value recursively (Better Auth's) overflows its stack on it.
 * The walk is iterative and bounded by the body's size (256 KiB), and synchronous, as every
 * per-request hook is here.
 */
export function registerRequestShapeCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    // (Path parameters are each route's: a malformed id, NUL or not, is that route's 404.)
    const problem = problemOf(request.query) ?? problemOf(request.body);
    done(problem === null ? undefined : badRequest(problem));
  });
}

const NUL_MESSAGE = 'The request holds a NUL character, which no field accepts.';
const DEPTH_MESSAGE = 'The request body is nested too deeply.';

/** The message for a value no route accepts, or null. */
function problemOf(value: unknown): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return NUL_MESSAGE;
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      // (A raw body, as the Stripe webhook's, is bytes: nothing in it is a field.)
      if (depth >= MAX_JSON_DEPTH) return DEPTH_MESSAGE;
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return NUL_MESSAGE;
        stack.push({ value: item, depth: depth + 1 });
      }
    }
  }
  return null;
}
