import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../../../tests/support/app';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../tests/support/db';
import { insertUser } from '../../../tests/support/fixtures';
import { parseSettings } from '../config';
import { migrate } from '../db/migrate';
import { testPaymentsRepository } from './test-payments.repository';
import { testPaymentProvider, type TestPaymentProvider } from './test-payment-provider';
import { systemClock } from '../service-deps';

/** The built-in test checkout's refunds (D22, issue 10): whole or partial, once per key, never more than was paid. */
describe(`test provider refunds (${testDbKind})`, () => {
  let database: TestDatabase;
  let provider: TestPaymentProvider;

  beforeAll(async () => {
    database = await createTestDatabase();
    const settings = parseSettings({ NODE_ENV: 'test' });
    settings.database = database.settings;
    await migrate(database.handle, settings, TEST_SECRET);
    provider = testPaymentProvider({ repo: testPaymentsRepository(database.handle.db, database.handle.kind), clock: systemClock });
  });
  afterAll(() => database.cleanup());

  /** A paid test session of `amountCents` (its checkout row exists: the session references it). */
  async function paidPayment(amountCents: number): Promise<{ checkoutId: string; paymentId: string }> {
    const user = await insertUser(database.handle);
    const checkoutId = randomUUID();
    const at = new Date().toISOString();
    const expires = new Date(Date.now() + 30 * 60_000);
    await database.handle.db
      .insertInto('checkouts')
      .values({
        id: checkoutId,
        user_id: user.id,
        status: 'open',
        provider: 'test',
        provider_session_id: null,
        amount_cents: amountCents,
        description: 'Test Bowl',
        notes: null,
        expires_at: expires.toISOString(),
        hold_until: expires.toISOString(),
        created_at: at,
        updated_at: at,
        paid_at: null,
        fulfilled_at: null,
        refunded_at: null,
        refund_reason: null,
        provider_payment_id: null,
        public_origin: null,
      })
      .execute();
    const session = await provider.createSession({
      checkoutId,
      amountCents,
      description: 'Test Bowl',
      lines: [{ name: 'Test Bowl', unitAmountCents: amountCents, quantity: 1 }],
      expiresAt: expires,
      successUrl: 'http://localhost/payment-success',
      cancelUrl: 'http://localhost/cart',
      customerEmail: user.email,
    });
    const paymentId = await provider.pay(session.sessionId, new Date());
    if (!paymentId) throw new Error('not paid');
    return { checkoutId, paymentId };
  }

  const refunded = (paymentId: string) =>
    database.handle.db
      .selectFrom('test_payment_refunds')
      .select(['refund_key', 'amount_cents'])
      .where('payment_id', '=', paymentId)
      .orderBy('created_at')
      .orderBy('refund_key')
      .execute();

  it('refunds parts of a payment once per key and refuses more than is left', async () => {
    const { checkoutId, paymentId } = await paidPayment(3000);
    const part = (game: string, amountCents: number) =>
      provider.refund({ checkoutId, paymentId, amountCents, reason: 'deleted', idempotencyKey: `refund-${checkoutId}-${game}` });
    const first = await part('a', 1000);
    expect(await part('a', 1000)).toBe(first);
    const second = await part('b', 1500);
    expect(second).not.toBe(first);
    await expect(part('c', 501)).rejects.toThrow(/more than was paid/);
    expect(await part('c', 500)).toMatch(/^test_re_/);
    expect((await refunded(paymentId)).map((r) => r.amount_cents).sort()).toEqual([1000, 1500, 500].sort());
    await expect(provider.refund({ checkoutId, paymentId: 'test_pi_nope', amountCents: 1, reason: 'x', idempotencyKey: 'refund-nope' })).rejects.toThrow(
      /does not exist/,
    );
  });

  it('concurrent refunds: one per key, and together never more than was paid', async () => {
    const { checkoutId, paymentId } = await paidPayment(1000);
    const same = await Promise.all(
      [1, 2, 3].map(() => provider.refund({ checkoutId, paymentId, amountCents: 400, reason: 'x', idempotencyKey: `refund-${checkoutId}-same` })),
    );
    expect(new Set(same).size).toBe(1);
    const others = await Promise.allSettled(
      ['b', 'c', 'd'].map((g) => provider.refund({ checkoutId, paymentId, amountCents: 400, reason: 'x', idempotencyKey: `refund-${checkoutId}-${g}` })),
    );
    expect(others.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const total = (await refunded(paymentId)).reduce((sum, r) => sum + r.amount_cents, 0);
    expect(total).toBe(800);
  });
});
