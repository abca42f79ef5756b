import type { Settings } from '../config';
import type { DatabaseHandle } from '../db/connection';
import { appliedMigrations, migrate, type MigrationReport } from '../db/migrate';
import { migrations } from '../db/migrations';
import type { Logger } from '../logger';
import { APP_VERSION } from '../version';
import { takeBackup } from './backup';
import { BackupError } from './manifest';

/**
 * The start's migrate step (npm start, npm run migrate, npm run admin): on SQLite, when this
 * version brings migrations to a database that has some already (an upgrade, not a new install),
 * a backup is taken first, so that going back is restoring it (design note 024). A backup that
 * fails stops the upgrade: nothing is migrated without one. PostgreSQL upgrades are one
 * transaction too, but a dump needs a matching pg_dump: there `npm run backup` is the README's
 * step before upgrading.
 */
export async function migrateWithBackup(handle: DatabaseHandle, settings: Settings, secret: string, logger: Pick<Logger, 'info'>): Promise<MigrationReport> {
  if (settings.database.kind === 'sqlite' && settings.database.file !== ':memory:') {
    const applied = await appliedMigrations(handle.raw, 'sqlite');
    const pending = Object.keys(migrations('sqlite')).filter((name) => !applied.includes(name));
    if (applied.length > 0 && pending.length > 0) {
      try {
        const { dir } = await takeBackup(settings, { beforeUpgrade: `before upgrading to ${APP_VERSION} (${pending.join(', ')})` });
        logger.info({ backup: dir, pending }, `backed up the database before upgrading: ${dir}`);
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        throw new BackupError(
          `Could not back up the database before upgrading it (${pending.join(', ')}), so nothing was migrated: ${why} Fix that (free disk space, BACKUP_DIR) and start again.`,
        );
      }
    }
  }
  return migrate(handle, settings, secret, { logger });
}
