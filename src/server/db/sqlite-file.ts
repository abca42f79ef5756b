import { statSync } from 'node:fs';
import { DATABASE_GONE } from '@core/messages';
import { AppError } from '../http/errors';

/** The SQLite file the app opened: its path and which file it was then (device and inode). */
export interface SqliteFileIdentity {
  path: string;
  dev: number;
  ino: number;
}

export function sqliteFileIdentity(path: string): SqliteFileIdentity {
  const opened = statSync(path);
  return { path, dev: opened.dev, ino: opened.ino };
}

/**
 * Null while the file at the path is still the one opened, else the cause in words an operator can
 * act on: a file deleted or renamed while the app runs stays open, and writes go on into a file
 * nobody will find again; a file put back in its place is another one.
 */
export function fileProblem(file: SqliteFileIdentity): string | null {
  let now;
  try {
    now = statSync(file.path);
  } catch {
    return `the database file ${file.path} is gone (deleted or moved while the app runs): what is written now is lost at the next start; restore the file (npm run restore) and restart`;
  }
  if (now.dev !== file.dev || now.ino !== file.ino) {
    return `the database file ${file.path} was replaced while the app runs (the app still writes to the old one): restart the app`;
  }
  return null;
}

/** Thrown by a write into a file that is no longer the database (db/connection.ts): a request answers 503. */
export class DatabaseFileGone extends AppError {
  constructor(readonly fileCause: string) {
    super(503, 'DATABASE_UNAVAILABLE', DATABASE_GONE);
  }
}

/** Throws DatabaseFileGone when the file is not the one opened. One stat(2), 4-5 µs. */
export function refuseWriteWhenGone(file: SqliteFileIdentity): void {
  const cause = fileProblem(file);
  if (cause) throw new DatabaseFileGone(cause);
}
