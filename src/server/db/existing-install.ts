import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { authSecretFile } from '../auth/secret';
import type { DatabaseSettings } from '../config';

/**
 * Opening a SQLite file that is not there creates an empty one: an install whose database was
 * deleted or moved would start empty without a word, and its next backup would save nothing.
 * An install that ran before is known by its auth secret (./data/.auth-secret, or one beside the
 * database file): then a missing database file stops the start, unless told to begin afresh
 * (design note 025). Answers the message, or null to go on.
 */
export function missingDatabaseProblem(database: DatabaseSettings, startFresh: boolean): string | null {
  if (database.kind !== 'sqlite' || database.file === ':memory:' || startFresh || existsSync(database.file)) return null;
  const secret = [authSecretFile(), join(dirname(database.file), '.auth-secret')].find((file) => existsSync(file));
  if (!secret) return null;
  return (
    `The database file ${database.file} is missing but this install has an auth secret (${secret}): ` +
    'restore your backup (npm run restore) or start afresh with START_FRESH=true (or npm start -- --fresh).'
  );
}
