import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_PAYMENT_ERRORS } from '@core/messages';
import { cookiesOf, followLink, logInAs, newAccount, SAME_ORIGIN, signUpAs, testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, TEST_SECRET } from '../../../tests/support/app';
import { cartOf, checkoutRow, payWith, sessionIdOf, squareRows, startCheckout } from '../../../tests/support/checkout';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { startSmtpServer } from '../../../tests/support/smtp';
import { buildApp } from '../app';
import { parseSettings } from '../config';
import { migrate } from '../db/migrate';
import { createPaymentProvider } from '../payments';
import type { PaymentProvider } from '../payments/provider';
import { testPaymentsRepository } from '../payments/test-payments.repository';
import { testPaymentProvider } from '../payments/test-payment-provider';
import { REFUND_REASONS } from './checkout.messages';
import { checkoutSweeper } from './sweeper';
import type { FastifyInstance } from 'fastify';
import { systemClock } from '../service-deps';

const quiet = { info() {}, warn() {}, error() {} };

describe('payment provider selection (D22)', () => {
  const db = {} as never;
  it('is Stripe with STRIPE_SECRET_KEY, the test checkout in a trial, none in production', async () => {
    const stripe = parseSettings({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect((await createPaymentProvider(stripe, { db, clock: systemClock }))?.name).toBe('stripe');
    expect((await createPaymentProvider(parseSettings({ NODE_ENV: 'test' }), { db, clock: systemClock }))?.name).toBe('test');
    const production = parseSettings({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://squares.example.com',
      SMTP_URL: 'smtp://127.0.0.1:1',
      AUTH_SECRET: 'p'.repeat(40),
    });
    expect(await createPaymentProvider(production, { db, clock: systemClock })).toBeNull();
  });
});

describe('the expiry sweeper timer', () => {
  it('sweeps every interval once started, never twice at once, and stops', async () => {
    let calls = 0;
    let running = 0;
    let overlapped = false;
    const service = {
      async sweepExpired() {
        calls += 1;
        running += 1;
        if (running > 1) overlapped = true;
        await new Promise((resolve) => setTimeout(resolve, 30));
        running -= 1;
      },
    };
    const sweeper = checkoutSweeper({ checkouts: service as never, log: quiet, intervalMs: 5 });
    sweeper.start();
    await new Promise((resolve) => setTimeout(resolve, 120));
    await sweeper.stop();
    const after = calls;
    expect(after).toBeGreaterThanOrEqual(2);
    expect(overlapped).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toBe(after);
  });

  it('sweeps once at start, before the first interval (a payment a crash left unfulfilled is found after a restart)', async () => {
    let calls = 0;
    const service = {
      async sweepExpired() {
        calls += 1;
      },
    };
    const sweeper = checkoutSweeper({ checkouts: service as never, log: quiet, intervalMs: 60 * 60_000 });
    await sweeper.start();
    await sweeper.stop();
    expect(calls).toBe(1);
  });
});

describe(`production without Stripe (${testDbKind})`, () => {
  it('answers 503 PAYMENTS_NOT_CONFIGURED and has no test checkout', async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://squares.example.com', SMTP_URL: smtp.url, AUTH_SECRET: 'p'.repeat(40) },
    });
    try {
      const visit = { host: 'squares.example.com', origin: 'https://squares.example.com' };
      const account = newAccount('prod');
      expect((await signUpAs(t.app, account, visit)).statusCode).toBe(200);
      const mail = await smtp.waitFor(account.email);
      const link = /https:\/\/squares\.example\.com\/api\/auth\/verify-email\?token=[^\s"<>]+/.exec(mail.text ?? '')![0].replaceAll('&amp;', '&');
      await followLink(t.app, link);
      const cookie = cookiesOf(await logInAs(t.app, account.email, account.password, visit));
      const gameId = await insertGame(t.db.handle);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { host: visit.host, origin: visit.origin, cookie },
        payload: { cart: [cartOf(gameId, [{ x: 1, y: 1 }])] },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: { code: 'PAYMENTS_NOT_CONFIGURED', message: 'Card payments are not configured on this server.' } });
      expect(await squareRows(t.db.handle, gameId)).toEqual([]);
      const page = await t.app.inject({ method: 'GET', url: '/api/checkout/test/test_cs_1', headers: { host: visit.host, cookie } });
      expect(page.statusCode).toBe(404);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe(`a provider that fails (${testDbKind})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let buyer: TestAccount;
  const failures = { createSession: 0, refund: 0, getSessionState: 0 };

  beforeAll(async () => {
    database = await createTestDatabase();
    const settings = parseSettings({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: TEST_SECRET });
    settings.database = database.settings;
    await migrate(database.handle, settings, TEST_SECRET);
    // The test checkout, with failures on demand.
    const real = testPaymentProvider({ repo: testPaymentsRepository(database.handle.db, database.handle.kind), clock: systemClock });
    const flaky: PaymentProvider & typeof real = {
      ...real,
      async createSession(input) {
        if (failures.createSession > 0) {
          failures.createSession -= 1;
          throw new Error('provider down');
        }
        return real.createSession(input);
      },
      async getSessionState(sessionId) {
        if (failures.getSessionState > 0) {
          failures.getSessionState -= 1;
          throw new Error('provider down');
        }
        return real.getSessionState(sessionId);
      },
      async refund(input) {
        if (failures.refund > 0) {
          failures.refund -= 1;
          throw new Error('provider down');
        }
        return real.refund(input);
      },
    };
    app = await buildApp({ settings, database: database.handle, secret: TEST_SECRET, paymentProvider: flaky });
    await app.ready();
    buyer = await testAccount({ app, db: database }, { prefix: 'flaky' });
  });
  afterAll(async () => {
    await app.close();
    await database.cleanup();
  });

  it('a session the provider cannot open cancels the checkout and releases its holds (502)', async () => {
    const gameId = await insertGame(database.handle);
    failures.createSession = 1;
    const res = await startCheckout(app, buyer, [cartOf(gameId, [{ x: 2, y: 2 }])]);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: { code: 'PAYMENT_PROVIDER_ERROR', message: CART_PAYMENT_ERRORS.createSessionFailed } });
    expect(await squareRows(database.handle, gameId)).toEqual([]);
    const rows = await database.handle.db.selectFrom('checkouts').select('status').where('user_id', '=', buyer.id).execute();
    expect(rows.map((r) => r.status)).toEqual(['cancelled']);
    // The next attempt works.
    expect((await startCheckout(app, buyer, [cartOf(gameId, [{ x: 2, y: 2 }])])).statusCode).toBe(201);
  });

  it('a refund the provider refuses is kept pending and completed by the sweep', async () => {
    const gameId = await insertGame(database.handle, { title: 'Retry Bowl' });
    const created = (await startCheckout(app, buyer, [cartOf(gameId, [{ x: 6, y: 6 }])])).json();
    const sessionId = await sessionIdOf(database.handle, created.checkout_id);
    await database.handle.db.deleteFrom('squares').where('checkout_id', '=', created.checkout_id).execute();
    failures.refund = 1;
    expect((await payWith(app, buyer, sessionId)).statusCode).toBe(200);
    const pending = await checkoutRow(database.handle, created.checkout_id);
    expect(pending).toMatchObject({ status: 'refund_pending', refund_reason: REFUND_REASONS.taken, refunded_at: null });
    expect(await database.handle.db.selectFrom('payment_refunds').select('id').where('checkout_id', '=', created.checkout_id).execute()).toEqual([]);
    // The buyer already sees it as refunded: the squares will not be theirs.
    const view = await app.inject({ method: 'GET', url: `/api/checkout/${created.checkout_id}`, headers: { cookie: buyer.cookie } });
    expect(view.json().checkout.status).toBe('refunded');

    await app.checkoutSweeper.sweepExpired();
    expect((await checkoutRow(database.handle, created.checkout_id)).status).toBe('refunded');
    const refunds = await database.handle.db.selectFrom('payment_refunds').selectAll().where('checkout_id', '=', created.checkout_id).execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount_cents: 1000, provider: 'test' });
    // The refund mail is queued with the refund's record, once (design note 026).
    const mails = await database.handle.db.selectFrom('mail_queue').select('subject').where('recipient', '=', buyer.email).execute();
    expect(mails.filter((m) => m.subject === 'Your Squares Pool payment was refunded')).toHaveLength(1);
  });
  it("a new checkout does not cancel the buyer's earlier one while the provider cannot say whether it was paid (issue 10)", async () => {
    const gameId = await insertGame(database.handle);
    const first = (await startCheckout(app, buyer, [cartOf(gameId, [{ x: 1, y: 1 }])])).json();
    failures.getSessionState = 2;
    const res = await startCheckout(app, buyer, [cartOf(gameId, [{ x: 1, y: 1 }])]);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect((await checkoutRow(database.handle, first.checkout_id)).status).toBe('open');
    expect((await squareRows(database.handle, gameId)).map((s) => s.checkout_id)).toEqual([first.checkout_id]);
    failures.getSessionState = 0;
    // Once the provider answers, the earlier checkout is cancelled and the new one starts.
    expect((await startCheckout(app, buyer, [cartOf(gameId, [{ x: 1, y: 1 }])])).statusCode).toBe(201);
    expect((await checkoutRow(database.handle, first.checkout_id)).status).toBe('cancelled');
  });

  it('cancelling while the provider cannot say whether it was paid leaves the checkout open with its squares (D21)', async () => {
    const gameId = await insertGame(database.handle);
    const created = (await startCheckout(app, buyer, [cartOf(gameId, [{ x: 3, y: 8 }])])).json();
    failures.getSessionState = 3;
    const res = await app.inject({
      method: 'POST',
      url: `/api/checkout/${created.checkout_id}/cancel`,
      headers: { origin: SAME_ORIGIN, cookie: buyer.cookie },
      payload: {},
    });
    failures.getSessionState = 0;
    expect(res.statusCode).toBe(200);
    expect(res.json().checkout.status).toBe('open');
    expect((await checkoutRow(database.handle, created.checkout_id)).status).toBe('open');
    expect((await squareRows(database.handle, gameId)).map((s) => s.status)).toEqual(['held']);
  });

  it("a game's part the provider refuses to refund is kept pending and completed by the sweep (issue 10)", async () => {
    const admin = await testAccount({ app, db: database }, { prefix: 'flakyadmin' });
    await database.handle.db.updateTable('user').set({ isAdmin: true }).where('id', '=', admin.id).execute();
    const doomed = await insertGame(database.handle, { title: 'Doomed Retry Bowl', price_per_square_cents: 400 });
    const kept = await insertGame(database.handle, { title: 'Kept Bowl' });
    const created = (await startCheckout(app, buyer, [cartOf(doomed, [{ x: 0, y: 0 }]), cartOf(kept, [{ x: 0, y: 0 }])])).json();
    expect((await payWith(app, buyer, await sessionIdOf(database.handle, created.checkout_id))).statusCode).toBe(200);
    failures.refund = 1;
    const del = await app.inject({ method: 'DELETE', url: `/api/admin/games/${doomed}`, headers: { origin: SAME_ORIGIN, cookie: admin.cookie } });
    expect(del.statusCode).toBe(200);
    const pending = await database.handle.db.selectFrom('payment_refunds').selectAll().where('checkout_id', '=', created.checkout_id).execute();
    expect(pending).toEqual([expect.objectContaining({ game_id: doomed, amount_cents: 400, status: 'pending', provider_refund_id: null })]);
    // The buyer already sees the refund on My Squares.
    const mine = await app.inject({ method: 'GET', url: '/api/me/squares', headers: { cookie: buyer.cookie } });
    expect(mine.json().refunds).toEqual(expect.arrayContaining([expect.objectContaining({ checkout_id: created.checkout_id, amount_cents: 400 })]));

    await app.checkoutSweeper.sweepExpired();
    const done = await database.handle.db.selectFrom('payment_refunds').selectAll().where('checkout_id', '=', created.checkout_id).execute();
    expect(done).toEqual([expect.objectContaining({ game_id: doomed, amount_cents: 400, status: 'refunded' })]);
    expect(done[0]!.provider_refund_id).toMatch(/^test_re_/);
    expect((await checkoutRow(database.handle, created.checkout_id)).status).toBe('fulfilled');
    expect((await squareRows(database.handle, kept)).map((s) => s.status)).toEqual(['claimed']);
  });
});
