// `npm run migrate`: bring the configured database up to date without serving.
import { resolveAuthSecret } from '../auth/secret';
import { loadSettings, SettingsError } from '../config';
import { openDatabase } from './connection';
import { missingDatabaseProblem } from './existing-install';
import { migrate } from './migrate';

try {
  const settings = loadSettings();
  // Migrating would create the empty database in place of the lost one.
  const missing = missingDatabaseProblem(settings.database, settings.START_FRESH);
  if (missing) {
    console.error(`Cannot migrate. ${missing}`);
    process.exit(1);
  }
  const database = await openDatabase(settings.database);
  try {
    const report = await migrate(database, settings, resolveAuthSecret(settings));
    console.log(
      report.applied.length || report.authChanges
        ? `Migrated ${settings.database.kind}: ${[...(report.authChanges ? [`${report.authChanges} account table change(s)`] : []), ...report.applied].join(', ')}`
        : `The ${settings.database.kind} database is up to date.`,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof SettingsError ? `Cannot migrate. ${err.message}` : `Migration failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
