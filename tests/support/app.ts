import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';
import { buildApp, type AppDeps } from '../../src/server/app';
import { parseSettings, type Settings } from '../../src/server/config';
import { migrate } from '../../src/server/db/migrate';
import type { TestDatabase } from './db';
import { TEST_PASSWORD_HASHING } from './password-hashing';
import { migratedTestDatabase } from './template-database';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  settings: Settings;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  webRoot?: string;
  /** Reuse an existing database (a second instance of the app on the same database, or a restart). */
  database?: TestDatabase;
  /** Sees every route as the app adds it. */
  onRoute?: (route: RouteOptions) => void;
  /** Fastify logger options (e.g. a stream that keeps every line); silent by default (TEST_LOG_LEVEL). */
  logger?: FastifyServerOptions['logger'];
  /** Test-only routes, added before the app is ready. */
  routes?: (app: FastifyInstance) => void;
  /** Parts the test puts in place of the app's own (a payment or payout provider, the mailer, the stream heartbeat). */
  deps?: Pick<AppDeps, 'paymentProvider' | 'payoutProvider' | 'mailer' | 'sseHeartbeatMs' | 'beacon' | 'clock'>;
  /** Hash passwords as the running app does (Better Auth's scrypt), not at the tests' cheaper cost (password-hashing.ts). */
  appPasswordHashing?: boolean;
}

/** The real app on a fresh, migrated test database (or the one given). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const settingsFor = (db: TestDatabase, env: Record<string, string> = {}) => {
    const settings = parseSettings({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', AUTH_SECRET: TEST_SECRET, ...env });
    settings.database = db.settings;
    return settings;
  };
  // A database of its own starts migrated (tests/support/template-database.ts); a given one is migrated here.
  const db = options.database ?? (await migratedTestDatabase((empty) => migrate(empty.handle, settingsFor(empty), TEST_SECRET).then(() => undefined)));
  const settings = settingsFor(db, options.env);
  if (options.database) await migrate(db.handle, settings, TEST_SECRET);
  // TEST_WEB_ROOT: a build of one's own (vite build --outDir), so parallel builds do not swap
  // dist/web under a running browser test.
  const webRoot = options.webRoot ?? process.env.TEST_WEB_ROOT;
  const app = await buildApp({
    settings,
    database: db.handle,
    secret: TEST_SECRET,
    ...(options.appPasswordHashing ? {} : { passwordHashing: TEST_PASSWORD_HASHING }),
    ...options.deps,
    ...(webRoot ? { webRoot } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
  });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    db,
    settings,
    async close() {
      await app.close();
      if (!options.database) await db.cleanup();
    },
  };
}

/** GET /api/test/user (requireUser) and /api/test/admin (requireAdmin): stand-ins for real guarded routes. */
export function guardedRoutes(app: FastifyInstance): void {
  app.get('/api/test/user', { preHandler: app.guards.requireUser }, async (request) => ({ user: request.user }));
  app.get('/api/test/admin', { preHandler: app.guards.requireAdmin }, async (request) => ({ admin: request.user }));
}

/** Each table's row count and a hash of its content: equal fingerprints mean nothing was written. */
export type DatabaseFingerprint = Record<string, { rows: number; hash: string }>;

/** Fingerprints every table of the app's database (the migration bookkeeping aside). */
export async function databaseFingerprint(handle: TestDatabase['handle']): Promise<DatabaseFingerprint> {
  return (await databaseFingerprinter(handle))();
}

/** A fingerprint function for repeated use: the tables are listed once, then read at each call (in parallel on PostgreSQL). */
export async function databaseFingerprinter(handle: TestDatabase['handle']): Promise<() => Promise<DatabaseFingerprint>> {
  const tables = (await handle.raw.introspection.getTables())
    .filter((table) => !table.isView && !table.name.startsWith('kysely_'))
    // PostgreSQL lists the tables of every schema; a test database is one schema.
    .filter((table) => handle.kind === 'sqlite' || table.schema === (handle.schema ?? 'public'))
    .map((table) => table.name)
    .sort();
  return async () => {
    const contents = await Promise.all(tables.map((table) => handle.raw.selectFrom(table).selectAll().execute()));
    const fingerprint: DatabaseFingerprint = {};
    tables.forEach((table, i) => {
      const rows = contents[i]!.map((row) => JSON.stringify(row)).sort();
      fingerprint[table] = { rows: rows.length, hash: createHash('sha256').update(rows.join('\n')).digest('hex').slice(0, 16) };
    });
    return fingerprint;
  };
}
