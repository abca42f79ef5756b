import { DatabaseSync, type StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  DeleteQueryNode,
  InsertQueryNode,
  Kysely,
  MergeQueryNode,
  PostgresDialect,
  RawNode,
  sql,
  UpdateQueryNode,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
} from 'kysely';
import { SqliteAdapter, SqliteDialect } from 'kysely-sqlite';
import pg from 'pg';
import type { DatabaseSettings } from '../config';
import { createPrivateFile } from '../system/private-files';
import { NormalizePlugin } from './normalize-plugin';
import type { Database } from './schema';
import { refuseWriteWhenGone, sqliteFileIdentity, type SqliteFileIdentity } from './sqlite-file';

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  kind: DbKind;
  /** The same connection(s) without our normalizing plugin, for Better Auth's own adapter. */
  raw: Kysely<any>;
  /** PostgreSQL only: the pool, for LISTEN/NOTIFY clients. */
  pool?: pg.Pool;
  /** PostgreSQL only: the schema every connection uses (tests use one schema each). */
  schema?: string;
  /**
   * SQLite only: the file and which file it was when opened (device and inode). A file deleted or
   * renamed while the app runs stays open, and writes go on into a file nobody will find again:
   * readiness compares (db/health-probes.ts), and every write is refused (guardWrites).
   */
  sqliteFile?: SqliteFileIdentity;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL: run every connection with this search_path (created if missing). */
  schema?: string;
  /** PostgreSQL pool size. */
  maxConnections?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** How long a SQLite write waits for another process's write lock before failing. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

export async function openDatabase(settings: DatabaseSettings, options: OpenOptions = {}): Promise<DatabaseHandle> {
  return settings.kind === 'sqlite' ? openSqlite(settings.file) : openPostgres(settings.url, options);
}

function openSqlite(file: string): DatabaseHandle {
  // Owner-only in an owner-only folder; SQLite gives its WAL and shared-memory files the same mode.
  if (file !== ':memory:') createPrivateFile(file);
  const sqlite = new DatabaseSync(file);
  // WAL lets readers run beside the writer; busy_timeout waits for a lock instead of failing.
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.exec('PRAGMA foreign_keys = ON');
  sqlite.exec('PRAGMA synchronous = NORMAL');
  const cached = withStatementCache(sqlite);
  const identity = file === ':memory:' ? null : sqliteFileIdentity(file);
  const raw = new Kysely<any>({ dialect: new ImmediateSqliteDialect(cached, identity) });
  const db = raw.withPlugin(new NormalizePlugin('sqlite')) as Db;
  sqliteConnections.set(raw, cached);
  return {
    db,
    kind: 'sqlite',
    raw,
    ...(identity ? { sqliteFile: identity } : {}),
    close: () => raw.destroy(),
  };
}

/**
 * Transactions begin IMMEDIATE: they take SQLite's write lock at BEGIN. A deferred transaction
 * takes it at its first write, after it has read, and SQLite then answers SQLITE_BUSY at once,
 * without waiting busy_timeout (it never waits to upgrade a read transaction): while another
 * process held the write lock for a moment (an admin command, a backup), a checkout failed with
 * "database is locked" after its few quick retries. Inside this process transactions already run
 * one at a time on the one connection, so taking the lock at BEGIN costs nothing here.
 *
 * A transaction SQLite has already rolled back by itself (it does on SQLITE_FULL, SQLITE_IOERR and
 * the like) is not rolled back again: "cannot rollback - no transaction is active" would replace
 * the error that says why the write failed (a full disk) in the log.
 *
 * Every write first checks that the file is still the one opened (guardWrites): a request, a job
 * (mail sender, sweeps, beacon draws, the score feed) or Better Auth alike is refused with
 * DatabaseFileGone instead of writing into a file nobody will open again.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: DatabaseSync,
    private readonly file: SqliteFileIdentity | null,
  ) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    if (this.file) guardWrites(driver, this.sqlite, this.file);
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      if (this.sqlite.isTransaction) await connection.executeQuery(CompiledQuery.raw('rollback'));
    };
    return driver;
  }

  /**
   * SQLite's DDL is transactional; kysely-sqlite says otherwise, so Kysely's migrator would refuse
   * to run in a transaction (migrate.ts runs the whole upgrade in one, design note 024).
   */
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlAdapter();
  }
}

/**
 * A write outside a transaction, or a transaction's BEGIN (which covers every statement in it), asks
 * first whether the file is still the database: one stat(2), 4-5 µs, against about 9 ms per
 * checkout (bench/RESULTS.md). Reads go on: they lose nothing. The driver has one connection and its
 * release ignores which object it gets back, so the connection is wrapped once.
 */
function guardWrites(driver: Driver, sqlite: DatabaseSync, file: SqliteFileIdentity): void {
  const acquire = driver.acquireConnection.bind(driver);
  let guarded: DatabaseConnection | undefined;
  driver.acquireConnection = async () => {
    const connection = await acquire();
    guarded ??= {
      executeQuery: async (query) => {
        if (!sqlite.isTransaction && writes(query)) refuseWriteWhenGone(file);
        return connection.executeQuery(query);
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    return guarded;
  };
}

const RAW_WRITE = /^\s*(?:begin|insert|update|delete|replace|create|drop|alter|vacuum)\b/i;

function writes(query: CompiledQuery): boolean {
  const node = query.query;
  if (InsertQueryNode.is(node) || UpdateQueryNode.is(node) || DeleteQueryNode.is(node) || MergeQueryNode.is(node)) return true;
  return RawNode.is(node) && RAW_WRITE.test(query.sql);
}

class TransactionalDdlAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * The node:sqlite connection under a raw (plugin-free) Kysely of ours, for the few hot reads that
 * run as statements of their own (db/prepared.ts, directRead). Unknown for PostgreSQL and for a
 * Kysely with plugins, whose results a statement would not pass through.
 */
const sqliteConnections = new WeakMap<Kysely<any>, DatabaseSync>();

export function sqliteConnectionOf(db: Kysely<any>): DatabaseSync | undefined {
  return sqliteConnections.get(db);
}

/**
 * The SQLite dialect prepares every query's SQL afresh, which costs more than running a small
 * indexed read. Statements are reusable (each run resets them), so keep the most recent ones,
 * keyed by their SQL text. Kysely never streams from SQLite here (stream would iterate a shared
 * statement).
 */
const STATEMENT_CACHE_SIZE = 256;

function withStatementCache(sqlite: DatabaseSync): DatabaseSync {
  const cache = new Map<string, StatementSync>();
  const prepare = (text: string): StatementSync => {
    let statement = cache.get(text);
    if (statement) {
      // Most recently used last, so the oldest is evicted first.
      cache.delete(text);
    } else {
      statement = sqlite.prepare(text);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(text, statement);
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function openPostgres(url: string, options: OpenOptions): Promise<DatabaseHandle> {
  const schema = options.schema;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  if (schema) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const raw = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  const db = raw.withPlugin(new NormalizePlugin('postgres')) as Db;
  return {
    db,
    kind: 'postgres',
    raw,
    pool,
    ...(schema ? { schema } : {}),
    close: () => raw.destroy(),
  };
}

/** A cheap round trip that proves the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
