/**
 * Holds the app's write locks from another process for FREEZE_MS, as an admin command or a backup
 * would (freeze.ts): prints "frozen" once it holds them and "released" when it let go. Another
 * process, because node:sqlite waits for a lock synchronously: an app in the test's own process
 * would stop the very event loop that had to release it.
 */
import type { TestDatabase } from './db';
import { freezeWrites } from './freeze';

const kind = process.env.FREEZE_KIND;
const database = (kind === 'sqlite'
  ? { settings: { kind: 'sqlite', file: process.env.FREEZE_FILE! } }
  : { settings: { kind: 'postgres', url: process.env.FREEZE_URL! }, schema: process.env.FREEZE_SCHEMA! }) as unknown as TestDatabase;
const release = await freezeWrites(database);
process.stdout.write('frozen\n');
await new Promise((resolve) => setTimeout(resolve, Number(process.env.FREEZE_MS ?? 500)));
await release();
process.stdout.write('released\n');
