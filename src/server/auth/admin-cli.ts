// `npm run admin -- grant EMAIL` / `npm run admin -- revoke EMAIL` (D8) on the configured database.
import { loadSettings, SettingsError } from '../config';
import { openDatabase } from '../db/connection';
import { migrateWithBackup } from '../backup/before-upgrade';
import { runAdminCommand } from './admin-command';
import { resolveAuthSecret } from './secret';

try {
  const settings = loadSettings();
  const database = await openDatabase(settings.database);
  try {
    // The same idempotent step as `npm start`, so the command also works on a new database.
    await migrateWithBackup(database, settings, resolveAuthSecret(settings), { info: (_obj, msg) => console.log(msg) });
    const quiet = { info: () => {}, warn: () => {} };
    const { code, message } = await runAdminCommand(process.argv.slice(2), settings, database, quiet);
    (code === 0 ? console.log : console.error)(message);
    process.exitCode = code;
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof SettingsError ? `Cannot change admin rights. ${err.message}` : `Failed: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
}
