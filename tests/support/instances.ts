import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { parseSettings } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { migrate } from '../../src/server/db/migrate';
import type { PayoutProvider } from '../../src/server/payouts/provider';
import { TEST_SECRET } from './app';
import type { TestDatabase } from './db';

/** One app instance with connections of its own, as another process on the same database would have. */
export interface AppInstance {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** Every log line the instance wrote (JSON), when `logLines` was asked for. */
  lines: string[];
  close(): Promise<void>;
}

export interface InstanceOptions {
  env?: Record<string, string>;
  payoutProvider?: PayoutProvider;
  /** Keep the instance's log lines (level info) in `lines`. */
  logLines?: boolean;
}

/**
 * Starts another instance of the app on the test database (migrating is a no-op once done),
 * with its own connections: a new process after a restart, or a second instance behind a load
 * balancer. Resolves once the app is ready, i.e. after its start-up work (recovery sweeps) ran.
 */
/** The instances' migrations, one after another (see startInstance). */
let migrations: Promise<unknown> = Promise.resolve();

export async function startInstance(database: TestDatabase, options: InstanceOptions = {}): Promise<AppInstance> {
  const handle = await openDatabase(database.settings, { ...(database.schema ? { schema: database.schema } : {}), maxConnections: 5 });
  const settings = parseSettings({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: TEST_SECRET, ...options.env });
  settings.database = database.settings;
  const lines: string[] = [];
  try {
    // node:sqlite waits for a lock synchronously: two instances of one process migrating the same
    // file at once would block the one event loop both need. Separate processes (production) just wait.
    const migrated = migrations.then(() => migrate(handle, settings, TEST_SECRET));
    migrations = migrated.catch(() => undefined);
    await migrated;
    const app = await buildApp({
      settings,
      database: handle,
      secret: TEST_SECRET,
      ...(options.payoutProvider ? { payoutProvider: options.payoutProvider } : {}),
      ...(options.logLines ? { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } } : {}),
    });
    await app.ready();
    return {
      app,
      handle,
      lines,
      async close() {
        await app.close();
        await handle.close();
      },
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
}
