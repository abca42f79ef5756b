// A process that applies the migrations and stops in the middle: after CUT_AFTER's statements ran,
// inside the upgrade's transaction, it prints "cut point" and waits to be killed
// (src/server/db/upgrade.test.ts). DATABASE_URL names the database.
import { openDatabase } from '../../src/server/db/connection';
import { migrate } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations';
import { parseSettings } from '../../src/server/config';
import { TEST_SECRET } from './app';

const cutAfter = process.env.CUT_AFTER ?? '';
const settings = parseSettings({ NODE_ENV: 'test', DATABASE_URL: process.env.DATABASE_URL });
const database = await openDatabase(settings.database);
const known = migrations(database.kind);
const real = known[cutAfter];
if (!real) throw new Error(`CUT_AFTER names no migration: ${cutAfter}`);
known[cutAfter] = {
  async up(db) {
    await real.up(db);
    console.log('cut point');
    setInterval(() => {}, 1 << 30);
    await new Promise(() => {});
  },
};
await migrate(database, settings, TEST_SECRET, { migrations: known });
console.log('migrated: the cut point was never reached');
