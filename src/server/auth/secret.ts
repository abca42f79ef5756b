import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from '../config';
import { privateDir } from '../system/private-files';

const DATA_DIR = 'data';

/** Where a trial keeps its generated secret (backups carry it with the database). */
export const authSecretFile = (dataDir = DATA_DIR) => join(dataDir, '.auth-secret');

/**
 * The session signing secret. Production requires AUTH_SECRET (config enforces it); a trial
 * keeps a generated one in ./data so that sessions survive a restart.
 */
export function resolveAuthSecret(settings: Settings, dataDir = DATA_DIR): string {
  if (settings.AUTH_SECRET) return settings.AUTH_SECRET;
  const file = authSecretFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  privateDir(dataDir);
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
