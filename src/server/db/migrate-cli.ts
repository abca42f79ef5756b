// `npm run migrate`: bring the configured database up to date without serving.
import { resolveAuthSecret } from '../auth/secret';
import { loadSettings, SettingsError } from '../config';
import { migrateWithBackup } from '../backup/before-upgrade';
import { BackupError } from '../backup/manifest';
import { openDatabase } from './connection';
import { missingDatabaseProblem } from './existing-install';
import { MigrationError } from './migrate';

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
    const say = { info: (_obj: object, msg: string) => console.log(msg) };
    const report = await migrateWithBackup(database, settings, resolveAuthSecret(settings), say);
    const changed = report.applied.length + (report.authChanges ? 1 : 0);
    console.log(`The ${settings.database.kind} database is up to date${changed ? ` (${changed} migration step(s) applied above)` : ''}.`);
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof SettingsError) console.error(`Cannot migrate. ${err.message}`);
  // Their messages say what failed and what to do.
  else if (err instanceof MigrationError || err instanceof BackupError) console.error(err.message);
  else console.error(`Migration failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
