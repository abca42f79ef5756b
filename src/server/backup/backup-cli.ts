// `npm run backup [-- --out DIR]`: a consistent copy of the database and the auth secret, taken
// while the app runs (design note 024).
import { parseArgs } from 'node:util';
import { loadSettings, SettingsError } from '../config';
import { takeBackup } from './backup';
import { BackupError } from './manifest';

const USAGE = 'Usage: npm run backup [-- --out DIR]';

try {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true, allowPositionals: false });
  const settings = loadSettings();
  const { dir, manifest } = await takeBackup(settings, values.out ? { out: values.out } : {});
  const { database } = manifest;
  console.log(`Backed up the ${database.kind} database (${database.migrations.length} migrations, ${database.bytes} bytes) to ${dir}`);
  console.log(
    manifest.auth_secret.source === 'file'
      ? 'The auth secret is in the backup (auth-secret): keep the folder private.'
      : 'AUTH_SECRET comes from the environment, so the backup does not hold it: keep your .env (or wherever AUTH_SECRET is set) backed up with it.',
  );
} catch (err) {
  if (err instanceof SettingsError) console.error(`Cannot back up. ${err.message}`);
  else if (err instanceof BackupError) console.error(`Backup failed: ${err.message}`);
  else if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) console.error(`${err.message}\n${USAGE}`);
  else console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
