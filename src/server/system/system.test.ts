import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { confirmedAccount } from '../../../tests/support/accounts';
import { createTestApp, TEST_SECRET, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';

describe(`system routes and HTTP behaviour (${testDbKind})`, () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'squares-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Squares Pool</title><div id="root"></div>');
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp({ webRoot, env: { CONTACT_EMAIL: 'organizer@example.com' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('GET /api/health checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testDbKind });
  });

  it('GET /api/config gives the public settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({
      productName: 'Squares Pool',
      contactEmail: 'organizer@example.com',
      mode: 'trial',
      devMailbox: true,
      paymentMethods: ['card', 'organizer'],
      // An empty install: the first account to confirm its e-mail runs the pool (D8).
      firstAccountRunsPool: true,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/config says the first account runs the pool only until an admin exists, and never with ADMIN_EMAILS', async () => {
    const other = await createTestApp();
    try {
      const config = async () => (await other.app.inject({ method: 'GET', url: '/api/config' })).json().firstAccountRunsPool as boolean;
      expect(await config()).toBe(true);
      await confirmedAccount(other.app, 'first');
      expect(await config()).toBe(false);
    } finally {
      await other.close();
    }
    const listed = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
    try {
      expect((await listed.app.inject({ method: 'GET', url: '/api/config' })).json().firstAccountRunsPool).toBe(false);
    } finally {
      await listed.close();
    }
  });

  it('GET /api/config says the Dev Mailbox is off with SMTP (trial) and in production (issue 11: no trial hints there)', async () => {
    // Nothing is sent in this test: the SMTP address is never dialled.
    const smtp = { SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://squares.example.com' };
    for (const env of [smtp, { ...smtp, NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40) }]) {
      const other = await createTestApp({ env });
      try {
        const res = await other.app.inject({ method: 'GET', url: '/api/config' });
        expect(res.json(), JSON.stringify(env)).toMatchObject({ mode: other.settings.trialMode ? 'trial' : 'production', devMailbox: false });
      } finally {
        await other.close();
      }
    }
  });

  it('sends security headers with a CSP that allows only our own scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves index.html for app routes, uncached (history fallback)', async () => {
    for (const url of ['/', '/how-to-play', '/game/123?x=1', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and 404s missing files', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route GET /api/nope' } });
  });
});

describe('error handling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('turns validation failures, bad JSON and crashes into the JSON error shape', async () => {
    const { buildApp } = await import('../app');
    const app = await buildApp({ settings: t.settings, database: t.db.handle, secret: TEST_SECRET, logger: false });
    // Routes registered only for this test exercise the shared error handler.
    app.post('/api/test/echo', { schema: { body: z.object({ title: z.string().min(3, 'Title must be at least 3 characters') }) } }, async (req) => req.body);
    app.get('/api/test/crash', async () => {
      throw new Error('secret internals at /srv/app.ts:42');
    });
    await app.ready();
    try {
      const invalid = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { title: 'ab' } });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'Title must be at least 3 characters' } });

      const badJson = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"title": ',
      });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json().error.message).toBe('The request body is not valid JSON.');

      const crash = await app.inject({ method: 'GET', url: '/api/test/crash' });
      expect(crash.statusCode).toBe(500);
      expect(crash.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
      expect(crash.body).not.toContain('secret internals');
    } finally {
      await app.close();
    }
  });

  it('reports 503 when the database is unreachable', async () => {
    const { buildApp } = await import('../app');
    const { openDatabase } = await import('../db/connection');
    // Nothing listens on port 1: every query fails to connect.
    const unreachable = await openDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' });
    const app = await buildApp({ settings: t.settings, database: unreachable, secret: TEST_SECRET, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not reachable.' } });
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks).toEqual([
        { name: 'database', ok: false, cause: 'writes fail: connect ECONNREFUSED 127.0.0.1:1' },
        { name: 'migrations', ok: false, cause: 'the migrations cannot be read: connect ECONNREFUSED 127.0.0.1:1' },
        { name: 'mail queue', ok: false, cause: 'the mail queue cannot be read: connect ECONNREFUSED 127.0.0.1:1' },
      ]);
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});
