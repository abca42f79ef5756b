import { chmodSync, closeSync, existsSync, fchmodSync, mkdirSync, openSync, readdirSync, statSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * What the app writes to disk is its owner's alone (docs/SECURITY.md): the database and its WAL,
 * the trial's auth secret, backups. On a machine shared with other accounts a 0644 file is
 * readable by all of them, and the umask decides that unless the app does: it sets the modes
 * itself, whatever the umask, and tightens an existing install's looser ones at start.
 */
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * A folder some other account shares (sticky, like /tmp) or owns is not the app's to close: its
 * files are still made private. `getuid` is missing on Windows, whose modes mean little.
 */
function isOwnFolder(stats: Stats): boolean {
  const uid = process.getuid?.();
  return (stats.mode & 0o1000) === 0 && (uid === undefined || stats.uid === uid);
}

/**
 * chmod, where the system lets us: a file another account owns (EPERM) or a read-only mount
 * (EROFS) keeps its mode, and the app still starts (readiness says when writes fail).
 */
function tryChmod(path: string, mode: number): boolean {
  try {
    chmodSync(path, mode);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EPERM' || code === 'EROFS') return false;
    throw err;
  }
}

/** Creates `dir` (and missing parents) owner-only; an existing one of ours is tightened. True when a looser mode was tightened. */
export function privateDir(dir: string): boolean {
  const created = mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  const stats = statSync(dir);
  const mode = stats.mode & 0o777;
  if (!isOwnFolder(stats) || mode === PRIVATE_DIR) return false;
  return tryChmod(dir, PRIVATE_DIR) && created === undefined && (mode & 0o077) !== 0;
}

/** Makes an existing file owner-only; true when it was looser. A missing file is left missing. */
export function privateFile(file: string): boolean {
  let mode: number;
  try {
    mode = statSync(file).mode & 0o777;
  } catch {
    return false;
  }
  if (mode === PRIVATE_FILE) return false;
  return tryChmod(file, PRIVATE_FILE) && (mode & 0o077) !== 0;
}

/**
 * Creates `file` empty and owner-only when it does not exist, so a program that then opens it
 * (SQLite, whose WAL and shared-memory files take the database file's mode) never makes it
 * readable by others, not even for a moment.
 */
export function createPrivateFile(file: string): void {
  privateDir(dirname(file));
  let fd: number;
  try {
    fd = openSync(file, 'wx', PRIVATE_FILE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw err;
  }
  try {
    fchmodSync(fd, PRIVATE_FILE);
  } finally {
    closeSync(fd);
  }
}

/** A folder and everything in it owner-only (a backup); the paths that were looser. */
export function privateTree(dir: string): string[] {
  const loose = privateDir(dir) ? [dir] : [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) loose.push(...privateTree(path));
    else if (entry.isFile() && privateFile(path)) loose.push(path);
  }
  return loose;
}

/** What a start makes private of an existing install. */
export interface InstallFiles {
  /** The SQLite database file (none: PostgreSQL). */
  sqliteFile: string | null;
  /** The trial's auth secret file. */
  authSecretFile: string;
  /** BACKUP_DIR. */
  backupDir: string;
  /** Which of BACKUP_DIR's folders are backups (ours to tighten): those holding this file. */
  backupMarker: string;
}

/**
 * At start: every file and folder of the install that other accounts could read is made
 * owner-only. Returns what was looser (the start logs it once); [] on an install already private.
 * In BACKUP_DIR only the backups are touched, not whatever else an operator keeps there.
 */
export function tightenInstall(files: InstallFiles): string[] {
  const loose: string[] = [];
  const folder = (dir: string) => existsSync(dir) && privateDir(dir) && loose.push(dir);
  const file = (path: string) => privateFile(path) && loose.push(path);
  if (files.sqliteFile && files.sqliteFile !== ':memory:') {
    folder(dirname(files.sqliteFile));
    for (const suffix of ['', '-wal', '-shm']) file(`${files.sqliteFile}${suffix}`);
  }
  folder(dirname(files.authSecretFile));
  file(files.authSecretFile);
  if (existsSync(files.backupDir)) {
    folder(files.backupDir);
    for (const entry of readdirSync(files.backupDir, { withFileTypes: true })) {
      const backup = join(files.backupDir, entry.name);
      if (entry.isDirectory() && existsSync(join(backup, files.backupMarker))) loose.push(...privateTree(backup));
    }
  }
  return loose;
}
