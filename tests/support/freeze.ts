import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { TEST_DATABASE_URL, type TestDatabase } from './db';

/**
 * The tables the app's money-moving work writes, those a second step writes first (a payment
 * page's "paid", a payout's outcome, a checkout's status), so the freeze catches work between steps.
 */
const APP_TABLES = [
  'test_payment_sessions',
  'game_winners',
  'checkouts',
  'payment_refunds',
  'squares',
  'checkout_items',
  'games',
  'period_scores',
  'game_grid_numbers',
  'grid_draws',
];

/**
 * Stops writes to the app's tables from another connection until the returned function is
 * called: SQLite's write lock (BEGIN IMMEDIATE; the server's synchronous driver then stops at its
 * next write), or on PostgreSQL EXCLUSIVE locks on the app's tables (reads go on). Work in flight
 * waits at its next write, so a kill -9 during the freeze lands between two of its steps, where
 * a crash hurts most.
 */
export async function freezeWrites(database: TestDatabase): Promise<() => Promise<void>> {
  if (database.settings.kind === 'sqlite') {
    const sqlite = new DatabaseSync(database.settings.file);
    try {
      sqlite.exec('PRAGMA busy_timeout = 10000');
      sqlite.exec('BEGIN IMMEDIATE');
    } catch (err) {
      sqlite.close();
      throw err;
    }
    return async () => {
      sqlite.exec('ROLLBACK');
      sqlite.close();
    };
  }
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${database.schema}` });
  await client.connect();
  try {
    await client.query('BEGIN');
    // One table at a time, each waited for briefly: a transaction in flight that holds one table
    // and wants the next must not deadlock with the freeze (it then simply runs on).
    await client.query("SET LOCAL lock_timeout = '300ms'");
    for (const table of APP_TABLES) {
      if (!(await client.query('SELECT to_regclass($1) AS t', [table])).rows[0]?.t) continue;
      await client.query('SAVEPOINT before_lock');
      try {
        await client.query(`LOCK TABLE "${table}" IN EXCLUSIVE MODE`);
        await client.query('RELEASE SAVEPOINT before_lock');
      } catch {
        await client.query('ROLLBACK TO SAVEPOINT before_lock');
      }
    }
  } catch (err) {
    await client.end();
    throw err;
  }
  return async () => {
    await client.query('ROLLBACK').catch(() => {});
    await client.end();
  };
}
