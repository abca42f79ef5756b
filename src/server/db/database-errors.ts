/** SQLite's primary result codes an operator can act on (the low byte of an extended code). */
const SQLITE_CODES: Record<number, string> = {
  3: 'SQLITE_PERM',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  8: 'SQLITE_READONLY',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  26: 'SQLITE_NOTADB',
};

/**
 * Why a database call failed, in a line: node:sqlite's result code by name with SQLite's words
 * ("SQLITE_FULL: database or disk is full"), PostgreSQL's SQLSTATE with its message
 * ("53100: could not extend file"), or the error's message.
 */
export function databaseErrorCause(err: unknown): string {
  const e = err as { errcode?: unknown; errstr?: unknown; code?: unknown; message?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  if (typeof e?.errcode === 'number') {
    const name = SQLITE_CODES[e.errcode & 0xff] ?? `SQLite error ${e.errcode}`;
    return `${name}: ${typeof e.errstr === 'string' ? e.errstr : message}`;
  }
  if (typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return `${e.code}: ${message}`;
  return message;
}

/** The cause of a failed database call, or null when `err` did not come from the database driver. */
export function databaseFailure(err: unknown): string | null {
  const e = err as { errcode?: unknown; code?: unknown; severity?: unknown } | null;
  const fromSqlite = typeof e?.errcode === 'number';
  // pg's DatabaseError carries a SQLSTATE and a severity.
  const fromPostgres = typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e?.severity === 'string';
  return fromSqlite || fromPostgres ? databaseErrorCause(err) : null;
}
