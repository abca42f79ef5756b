import type { FastifyInstance } from 'fastify';
import { DATABASE_GONE } from '@core/messages';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import type { DatabaseHandle } from './connection';
import { sqliteFileProblem } from './health-probes';

/** Methods that only read: they go on while the file is gone (what they read is the data as it was). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Better Auth's GETs write (a sign-in or confirmation link makes a session, a reset link spends its
 * token), except the session read every page makes.
 */
const WRITING_GETS = /^\/api\/auth\/(?!get-session(?:[/?]|$))/;

/**
 * SQLite: once the database file is gone (deleted, moved) or replaced while the app runs, the app's
 * connection still writes to the old file, which no one will open again: every write would answer
 * as saved and be lost at the next start. Each state-changing request asks first and is refused
 * with a 503 (design note 025's readiness says the same cause to the load balancer). Reads go on:
 * they lose nothing and still show the data as it was, while the operator restores the file.
 * The connection itself refuses every write too (db/sqlite-file.ts), whoever makes it (the jobs,
 * a write under a GET); this hook answers before a request does anything else.
 *
 * The check is one stat(2) of the file per state-changing request, never on a read: 4-5 µs on the
 * 2-core test machine, against about 9 ms per checkout (bench/RESULTS.md). It is not remembered: a file moved back is the
 * same file again, and writes resume. The log says the cause when it starts and when it ends.
 */
export function registerDatabaseFileGuard(app: FastifyInstance, handle: DatabaseHandle, log: Logger): void {
  if (!handle.sqliteFile) return;
  let said: string | null = null;
  app.addHook('onRequest', (request, _reply, done) => {
    if (READ_METHODS.has(request.method) && !(request.method === 'GET' && WRITING_GETS.test(request.url))) return done();
    const cause = sqliteFileProblem(handle);
    if (cause !== said) {
      if (cause) log.error({ cause }, 'writes are refused (503): the database file is not the one the app opened');
      else log.info({}, 'the database file is back: writes are accepted again');
      said = cause;
    }
    done(cause ? new AppError(503, 'DATABASE_UNAVAILABLE', DATABASE_GONE) : undefined);
  });
}
