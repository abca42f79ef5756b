// `npm run restore -- BACKUP_DIR [--force]`: brings a backup (database and auth secret) back into
// the database DATABASE_URL names, with the server stopped (design note 024).
import { parseArgs } from 'node:util';
import { loadSettings, SettingsError } from '../config';
import { BackupError } from './manifest';
import { restoreBackup } from './restore';

const USAGE = 'Usage: npm run restore -- <backup folder> [--force]';

try {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' } }, strict: true, allowPositionals: true });
  if (positionals.length !== 1) throw new BackupError(`Name one backup folder. ${USAGE}`);
  const settings = loadSettings();
  const lines = await restoreBackup(settings, { from: positionals[0]!, force: values.force ?? false });
  for (const line of lines) console.log(line);
  console.log('Start the server (npm start): it migrates the database if the backup is from an older version.');
} catch (err) {
  if (err instanceof SettingsError) console.error(`Cannot restore. ${err.message}`);
  else if (err instanceof BackupError) console.error(`Restore failed: ${err.message}`);
  else if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) console.error(`${err.message}\n${USAGE}`);
  else console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
