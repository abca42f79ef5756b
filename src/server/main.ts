import { resolve } from 'node:path';
import { buildApp } from './app';
import { loadSettings, SettingsError, type Settings } from './config';
import { openDatabase } from './db/connection';
import { missingDatabaseProblem } from './db/existing-install';
import { authSecretFile, resolveAuthSecret } from './auth/secret';
import { migrateWithBackup } from './backup/before-upgrade';
import { startupLogger } from './logger';
import { tightenInstall } from './system/private-files';
import { MANIFEST_FILE } from './backup/manifest';

/** Starts the server: settings, database, migrations, listen; stops cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (err) {
    if (err instanceof SettingsError) {
      console.error(`Squares Pool cannot start. ${err.message}\nSee .env.example for every setting.`);
      process.exit(1);
    }
    throw err;
  }

  // Before opening, which would create an empty database in place of a lost one.
  const missing = missingDatabaseProblem(settings.database, settings.START_FRESH || process.argv.includes('--fresh'));
  if (missing) {
    console.error(`Squares Pool cannot start. ${missing}`);
    process.exit(1);
  }
  const logger = startupLogger(settings.LOG_LEVEL);
  // An install from before its files were private, or files copied in since: owner-only now.
  const loose = tightenInstall({
    sqliteFile: settings.database.kind === 'sqlite' && settings.database.file !== ':memory:' ? resolve(settings.database.file) : null,
    authSecretFile: resolve(authSecretFile()),
    backupDir: resolve(settings.BACKUP_DIR),
    backupMarker: MANIFEST_FILE,
  });
  if (loose.length > 0) {
    logger.warn({ paths: loose }, `other accounts on this machine could read ${loose.length} of the app's files and folders: they are owner-only now`);
  }
  const database = await openDatabase(settings.database);
  const secret = resolveAuthSecret(settings);
  await migrateWithBackup(database, settings, secret, logger);
  const app = await buildApp({ settings, database, secret });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  // `on`, not `once`: Ctrl-C under `npm start` delivers SIGINT twice (from the terminal and
  // passed on by npm), and a second signal without a listener would kill the process mid-close.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: settings.PORT, host: settings.HOST });
  const shown = settings.HOST === '127.0.0.1' || settings.HOST === '0.0.0.0' ? 'localhost' : settings.HOST;
  app.log.info(`Squares Pool is serving http://${shown}:${settings.PORT} (${settings.trialMode ? 'trial' : 'production'} mode, ${settings.database.kind})`);
}

main().catch((err) => {
  console.error('Squares Pool failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
