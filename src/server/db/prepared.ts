import type { StatementSync } from 'node:sqlite';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { sqliteConnectionOf } from './connection';

/** A query compiled once; `execute` runs it with this call's values. */
export interface PreparedQuery<Row, Args extends readonly string[]> {
  execute(...args: Args): Promise<Row[]>;
  /** Whether it runs as a node:sqlite statement of its own outside transactions (`direct`). */
  readonly runsDirectly: boolean;
}

export interface PrepareOptions {
  /**
   * SQLite, for a hot read on a Kysely without result plugins (the raw one: rows come back as
   * SQLite gives them): run it as a node:sqlite statement of its own whenever no transaction is
   * open on the connection. Kysely's driver (its connection lock, a `columns()` call per query and
   * several promise turns) costs a few times what a small indexed read does. While a transaction
   * holds the connection the query goes through Kysely, so it waits for the transaction like any
   * other query and never reads rows it has not committed. Elsewhere (PostgreSQL) it changes nothing.
   */
  direct?: boolean;
}

/**
 * Compiles a query once and runs it many times with other values. Building and compiling a Kysely
 * query (and our plugins' pass over it) costs several times more than running a small indexed
 * read, so the hottest reads (the public board) compile at start. `build` receives a stand-in
 * for each argument; every stand-in must end up a bound parameter (never SQL text), which is
 * checked here once.
 */
export function prepareQuery<Row, Args extends readonly string[]>(
  db: Kysely<any>,
  arity: Args['length'],
  build: (...args: Args) => Compilable<Row>,
  options: PrepareOptions = {},
): PreparedQuery<Row, Args> {
  const markers = Array.from({ length: arity }, (_, i) => `\u0000prepared-parameter-${i}\u0000`);
  const compiled: CompiledQuery<Row> = build(...(markers as unknown as Args)).compile();
  const slots = compiled.parameters.map((value) => (typeof value === 'string' ? markers.indexOf(value) : -1));
  markers.forEach((marker, i) => {
    if (compiled.sql.includes(marker)) throw new Error(`prepared query: argument ${i} became SQL text`);
    if (!slots.includes(i)) throw new Error(`prepared query: argument ${i} is not used as a parameter`);
  });
  const sqlite = options.direct ? sqliteConnectionOf(db) : undefined;
  let statement: StatementSync | undefined;
  return {
    runsDirectly: sqlite !== undefined,
    async execute(...args: Args): Promise<Row[]> {
      const parameters = compiled.parameters.map((value, i) => (slots[i] === -1 ? value : args[slots[i]!]));
      if (sqlite !== undefined && !sqlite.isTransaction) {
        statement ??= sqlite.prepare(compiled.sql);
        return statement.all(...(parameters as string[])) as Row[];
      }
      return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
    },
  };
}
