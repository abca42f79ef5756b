import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { cartOf, payWith, sessionIdOf, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { insertGame, insertQueuedMail } from '../../../tests/support/fixtures';
import { send } from '../../../tests/support/request';
import { eventually, openEventStream } from '../../../tests/support/sse';

/** The value of one series in Prometheus' text format (`name{labels} value`), or 0 when it is not there yet. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe(`Prometheus metrics (${testDbKind})`, () => {
  let webRoot: string;
  beforeAll(() => {
    // A built web app: with metrics off, /metrics must still not be answered with it.
    webRoot = mkdtempSync(join(tmpdir(), 'squares-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Squares Pool</title><div id="root"></div>');
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  it('are off by default: /metrics is a 404 in every spelling, not the web app', async () => {
    const t = await createTestApp({ webRoot });
    try {
      for (const url of ['/metrics', '/METRICS', '/./metrics', '/%6detrics', '//metrics']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error.code, url).toBe('NOT_FOUND');
      }
      expect((await t.app.inject({ method: 'GET', url: '/how-to-play' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  describe('with METRICS=true', () => {
    let t: TestApp;
    let admin: TestAccount;
    let buyer: TestAccount;
    let url: string;
    const scrape = async () => {
      const res = await fetch(`${url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      return res.text();
    };

    beforeAll(async () => {
      t = await createTestApp({ webRoot, env: { METRICS: 'true', SWEEP_INTERVAL_SECONDS: '3600' } });
      admin = await testAccount(t, { admin: true });
      buyer = await testAccount(t, { prefix: 'buyer' });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const address = t.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      url = `http://127.0.0.1:${address.port}`;
    });
    afterAll(() => t.close());

    it('count requests by method, route pattern (never the raw URL) and status, with their latency', async () => {
      const gameId = await insertGame(t.db.handle, { created_by: admin.id });
      const series = 'squares_http_requests_total{method="GET",route="/api/games/:id/board",status="200"}';
      const before = valueOf(await scrape(), series);
      for (let i = 0; i < 3; i++) expect((await fetch(`${url}/api/games/${gameId}/board`)).status).toBe(200);
      await fetch(`${url}/api/no/such/${gameId}`);
      expect((await fetch(`${url}/game/${gameId}`)).status).toBe(200);
      const text = await scrape();
      expect(valueOf(text, series)).toBe(before + 3);
      expect(valueOf(text, 'squares_http_request_duration_seconds_count{method="GET",route="/api/games/:id/board"}')).toBe(before + 3);
      expect(valueOf(text, 'squares_http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'squares_http_requests_total{method="GET",route="web app page",status="200"}')).toBeGreaterThanOrEqual(1);
      // No address a visitor typed becomes a series of its own.
      expect(text).not.toContain(gameId);
      // Node's process metrics come along.
      expect(text).toMatch(/^process_cpu_user_seconds_total /m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    });

    it('count checkouts by outcome', async () => {
      const gameId = await insertGame(t.db.handle, { created_by: admin.id });
      const outcome = (text: string, name: string) => valueOf(text, `squares_checkouts_total{outcome="${name}"}`);
      const before = await scrape();

      const paid = await startCheckout(t.app, buyer, [cartOf(gameId, [{ x: 1, y: 1 }])]);
      expect(paid.statusCode, paid.body).toBe(201);
      expect((await payWith(t.app, buyer, await sessionIdOf(t.db.handle, paid.json().checkout_id))).statusCode).toBe(200);
      // Confirmed twice: counted once.
      expect((await payWith(t.app, buyer, await sessionIdOf(t.db.handle, paid.json().checkout_id))).statusCode).toBeLessThan(500);
      const dropped = await startCheckout(t.app, buyer, [cartOf(gameId, [{ x: 2, y: 2 }])]);
      expect(dropped.statusCode, dropped.body).toBe(201);
      expect((await send(t.app, 'POST', `/api/checkout/${dropped.json().checkout_id}/cancel`, { cookie: buyer.cookie, payload: {} })).statusCode).toBe(200);

      const after = await scrape();
      expect(outcome(after, 'created') - outcome(before, 'created')).toBe(2);
      expect(outcome(after, 'fulfilled') - outcome(before, 'fulfilled')).toBe(1);
      expect(outcome(after, 'cancelled') - outcome(before, 'cancelled')).toBe(1);
    });

    it('gauge the mail queue by status', async () => {
      const before = await scrape();
      const queued = valueOf(before, 'squares_mail_queue{status="queued"}');
      // A mail waiting for its next try (SMTP down) and one given up: the sender leaves both alone.
      const later = new Date(Date.now() + 3_600_000);
      await insertQueuedMail(t.db.handle, { id: 'metrics-waiting', status: 'queued', nextAttemptAt: later });
      await insertQueuedMail(t.db.handle, { id: 'metrics-failed', status: 'failed', nextAttemptAt: later });
      const after = await scrape();
      expect(valueOf(after, 'squares_mail_queue{status="queued"}')).toBe(queued + 1);
      expect(valueOf(after, 'squares_mail_queue{status="failed"}')).toBeGreaterThanOrEqual(1);
    });

    it('gauge the live viewers of this instance', async () => {
      const gameId = await insertGame(t.db.handle, { created_by: admin.id });
      const streams = [await openEventStream(`${url}/api/games/${gameId}/events`), await openEventStream(`${url}/api/games/${gameId}/events`)];
      // Each is subscribed once it says ready (after its retry frame).
      for (const stream of streams) while ((await stream.next()).event !== 'ready');
      expect(valueOf(await scrape(), 'squares_live_viewers')).toBe(2);
      for (const stream of streams) stream.close();
      let last = -1;
      await eventually(async () => (last = valueOf(await scrape(), 'squares_live_viewers')) === 0, `no live viewer left (last ${last})`);
    });
  });

  it('with METRICS_TOKEN, /metrics needs the bearer token', async () => {
    const token = 'metrics-token-0123456789';
    const t = await createTestApp({ env: { METRICS: 'true', METRICS_TOKEN: token } });
    try {
      const refused = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe('UNAUTHORIZED');
      expect(refused.body).not.toContain('squares_');
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const allowed = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain('squares_http_requests_total');
    } finally {
      await t.close();
    }
  });
});
