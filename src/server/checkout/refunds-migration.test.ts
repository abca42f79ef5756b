import { randomUUID } from 'node:crypto';
import { getMigrations } from 'better-auth/db/migration';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../tests/support/db';
import { insertUser } from '../../../tests/support/fixtures';
import { authOptions } from '../auth/auth';
import { parseSettings } from '../config';
import { migrate } from '../db/migrate';
import { migrations } from '../db/migrations';

const SECRET = 'x'.repeat(40);
const settings = parseSettings({ NODE_ENV: 'test' });

/** Migration 005 (issue 10: refunds per game) on a database that already holds full refunds. */
describe(`migration 005_partial_refunds on existing data (${testDbKind})`, () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(() => t.cleanup());

  it('keeps every recorded refund as a whole-checkout refund under its old idempotency key', async () => {
    // The database as it was before: Better Auth's tables and our migrations up to 003.
    settings.database = t.settings;
    await (await getMigrations(authOptions({ database: t.handle, settings, secret: SECRET }))).runMigrations();
    const all = migrations(t.handle.kind);
    const before = new Migrator({
      db: t.handle.raw,
      provider: {
        getMigrations: async () => ({ '001_core_tables': all['001_core_tables']!, '002_accounts': all['002_accounts']!, '003_checkout': all['003_checkout']! }),
      },
      ...(t.handle.kind === 'postgres'
        ? { migrationTableSchema: (await sql<{ s: string }>`select current_schema() as s`.execute(t.handle.raw)).rows[0]!.s }
        : {}),
    });
    expect((await before.migrateToLatest()).error).toBeUndefined();

    const user = await insertUser(t.handle);
    const checkoutId = randomUUID();
    const at = new Date().toISOString();
    const raw = t.handle.raw;
    const checkout = {
      id: checkoutId,
      user_id: user.id,
      status: 'refunded',
      provider: 'test',
      provider_session_id: 'test_cs_old',
      amount_cents: 3000,
      description: 'Old Bowl (3 squares)',
      notes: null,
      expires_at: at,
      hold_until: at,
      created_at: at,
      updated_at: at,
      paid_at: at,
      fulfilled_at: null,
      refunded_at: at,
      refund_reason: 'late',
      provider_payment_id: 'test_pi_old',
      public_origin: null,
    };
    const session = {
      id: 'test_cs_old',
      checkout_id: checkoutId,
      status: 'paid',
      amount_cents: 3000,
      description: 'Old Bowl (3 squares)',
      lines: '[]',
      customer_email: user.email,
      success_url: 'http://localhost/s',
      cancel_url: 'http://localhost/c',
      expires_at: at,
      payment_id: 'test_pi_old',
      refund_id: 'test_re_old',
      created_at: at,
      updated_at: at,
    };
    // The old shape of payment_refunds: one row per checkout, no key, no status.
    const oldRefund = {
      id: 'r1',
      checkout_id: checkoutId,
      provider: 'test',
      provider_refund_id: 'test_re_old',
      amount_cents: 3000,
      reason: 'late',
      created_at: at,
    };
    await raw.insertInto('checkouts').values(checkout).execute();
    await raw.insertInto('payment_refunds').values(oldRefund).execute();
    await raw.insertInto('test_payment_sessions').values(session).execute();

    const report = await migrate(t.handle, settings, SECRET);
    expect(report.applied).toContain('005_partial_refunds');

    expect(await t.handle.db.selectFrom('payment_refunds').selectAll().execute()).toEqual([
      { ...oldRefund, game_id: null, refund_key: `refund-${checkoutId}`, status: 'refunded', description: 'Old Bowl (3 squares)', refunded_at: at },
    ]);
    expect(await t.handle.db.selectFrom('test_payment_refunds').selectAll().execute()).toEqual([
      { id: 'test_re_old', payment_id: 'test_pi_old', refund_key: `refund-${checkoutId}`, amount_cents: 3000, created_at: at },
    ]);
    // One record per key: the same refund cannot be recorded twice.
    const again = { ...oldRefund, id: 'r2', game_id: null, refund_key: `refund-${checkoutId}`, status: 'refunded' as const, description: 'd', refunded_at: at };
    await expect(t.handle.db.insertInto('payment_refunds').values(again).execute()).rejects.toThrow(/unique|UNIQUE/);
  });
});
