import { describe, expect, it } from 'vitest';
import { parseSettings, SettingsError } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseSettings(env);
  } catch (err) {
    if (err instanceof SettingsError) return err.problems;
    throw err;
  }
  return [];
}

describe('settings', () => {
  it('has working defaults for a trial on one machine', () => {
    const s = parseSettings({});
    expect(s.PORT).toBe(3000);
    expect(s.HOST).toBe('127.0.0.1');
    expect(s.database).toEqual({ kind: 'sqlite', file: './data/squares.db' });
    expect(s.trialMode).toBe(true);
    expect(s.ALLOW_SIGNUP).toBe(true);
    expect(s.ADMIN_EMAILS).toEqual([]);
  });

  it('draws from the drand beacon by default except in tests (D38), at api.drand.sh unless told', () => {
    expect(parseSettings({})).toMatchObject({ DRAW_BEACON: 'on', DRAW_BEACON_URL: 'https://api.drand.sh' });
    expect(parseSettings({ NODE_ENV: 'test' }).DRAW_BEACON).toBe('off');
    expect(parseSettings({ NODE_ENV: 'test', DRAW_BEACON: 'on', DRAW_BEACON_URL: 'http://127.0.0.1:9999' })).toMatchObject({
      DRAW_BEACON: 'on',
      DRAW_BEACON_URL: 'http://127.0.0.1:9999',
    });
    expect(problemsOf({ DRAW_BEACON: 'yes' })).toEqual(['DRAW_BEACON: must be on or off']);
    expect(problemsOf({ DRAW_BEACON_URL: 'ftp://drand' })).toEqual(['DRAW_BEACON_URL: must be an http(s):// URL such as https://api.drand.sh']);
  });

  it("follows ESPN's score feed by default except in tests (D39), polled every 30 s with a 10 s time-out", () => {
    expect(parseSettings({})).toMatchObject({
      SCORE_FEED: 'espn',
      SCORE_FEED_URL: 'https://site.api.espn.com',
      SCORE_FEED_INTERVAL_SECONDS: 30,
      SCORE_FEED_TIMEOUT_SECONDS: 10,
    });
    expect(parseSettings({ NODE_ENV: 'test' }).SCORE_FEED).toBe('off');
    expect(parseSettings({ SCORE_FEED: 'off' }).SCORE_FEED).toBe('off');
    expect(parseSettings({ NODE_ENV: 'test', SCORE_FEED: 'espn', SCORE_FEED_URL: 'http://127.0.0.1:9999', SCORE_FEED_INTERVAL_SECONDS: '0.2' })).toMatchObject({
      SCORE_FEED: 'espn',
      SCORE_FEED_URL: 'http://127.0.0.1:9999',
      SCORE_FEED_INTERVAL_SECONDS: 0.2,
    });
    expect(problemsOf({ SCORE_FEED: 'yahoo' })).toEqual(['SCORE_FEED: must be espn or off']);
    expect(problemsOf({ SCORE_FEED_URL: 'ftp://espn' })).toEqual(['SCORE_FEED_URL: must be an http(s):// URL such as https://site.api.espn.com']);
    expect(problemsOf({ SCORE_FEED_INTERVAL_SECONDS: '0' })).toEqual(['SCORE_FEED_INTERVAL_SECONDS: must be at least 0.05 seconds']);
  });

  it('chooses PostgreSQL from a postgres:// DATABASE_URL', () => {
    const s = parseSettings({ DATABASE_URL: 'postgres://app@127.0.0.1:5432/squares' });
    expect(s.database).toEqual({ kind: 'postgres', url: 'postgres://app@127.0.0.1:5432/squares' });
  });

  it('refuses a PostgreSQL URL that names no database (it would fill the `postgres` database)', () => {
    for (const url of ['postgres://app@127.0.0.1:5432', 'postgres://app@127.0.0.1:5432/', 'postgresql://app:pw@db.example.com/?sslmode=require']) {
      expect(problemsOf({ DATABASE_URL: url }), url).toEqual(['DATABASE_URL: must name the database, for example postgres://user:pass@127.0.0.1:5432/squares']);
    }
    for (const url of ['postgres://app@127.0.0.1:5432/squares?sslmode=require', 'postgres:///squares?host=/var/run/postgresql']) {
      expect(parseSettings({ DATABASE_URL: url }).database, url).toEqual({ kind: 'postgres', url });
    }
  });

  it('turns metrics on only when asked, and a metrics token needs them on', () => {
    expect(parseSettings({}).METRICS).toBe(false);
    expect(parseSettings({ METRICS: 'true', METRICS_TOKEN: 'm'.repeat(20) })).toMatchObject({ METRICS: true, METRICS_TOKEN: 'm'.repeat(20) });
    expect(problemsOf({ METRICS_TOKEN: 'm'.repeat(20) })).toEqual(['METRICS_TOKEN: is set but METRICS is not true (metrics are off)']);
    expect(problemsOf({ METRICS: 'true', METRICS_TOKEN: 'short' })[0]).toMatch(/^METRICS_TOKEN: must be at least 16 characters/);
    expect(problemsOf({ START_FRESH: 'please' })[0]).toMatch(/^START_FRESH: must be true or false/);
  });

  it('names the setting that is wrong', () => {
    expect(problemsOf({ PORT: 'eighty' })[0]).toMatch(/^PORT: /);
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT: must be a port number from 0 to 65535/);
    expect(problemsOf({ DATABASE_URL: 'mysql://x/y' })[0]).toMatch(/^DATABASE_URL: /);
    expect(problemsOf({ PUBLIC_URL: 'squares.example.com' })[0]).toMatch(/^PUBLIC_URL: /);
    expect(problemsOf({ ALLOW_SIGNUP: 'maybe' })[0]).toMatch(/^ALLOW_SIGNUP: must be true or false/);
    expect(problemsOf({ ADMIN_EMAILS: 'a@b.co, not-an-email' })[0]).toMatch(/^ADMIN_EMAILS: /);
    expect(problemsOf({ NODE_ENV: 'staging' })[0]).toMatch(/^NODE_ENV: /);
  });

  it('limits a cart and what one account holds to 100 squares by default, 1 to 1000 when set (issue 10)', () => {
    const s = parseSettings({});
    expect([s.MAX_CART_SQUARES, s.MAX_HELD_SQUARES]).toEqual([100, 100]);
    expect(parseSettings({ MAX_CART_SQUARES: '1000', MAX_HELD_SQUARES: '5' })).toMatchObject({ MAX_CART_SQUARES: 1000, MAX_HELD_SQUARES: 5 });
    expect(problemsOf({ MAX_CART_SQUARES: '1001' })[0]).toMatch(/^MAX_CART_SQUARES: must be at most 1000/);
    expect(problemsOf({ MAX_HELD_SQUARES: '0' })[0]).toMatch(/^MAX_HELD_SQUARES: must be at least 1/);
    expect(problemsOf({ MAX_HELD_SQUARES: 'lots' })[0]).toMatch(/^MAX_HELD_SQUARES: must be a whole number/);
  });

  it('retries unsent mail for 24 hours by default, up to 30 days when set (design note 026)', () => {
    expect(parseSettings({}).MAIL_RETRY_HOURS).toBe(24);
    expect(parseSettings({ MAIL_RETRY_HOURS: '72' }).MAIL_RETRY_HOURS).toBe(72);
    expect(problemsOf({ MAIL_RETRY_HOURS: 'forever' })[0]).toMatch(/^MAIL_RETRY_HOURS: must be a number of hours/);
    expect(problemsOf({ MAIL_RETRY_HOURS: '721' })[0]).toMatch(/^MAIL_RETRY_HOURS: must be at most 720 hours/);
    expect(problemsOf({ MAIL_RETRY_HOURS: '0' })[0]).toMatch(/^MAIL_RETRY_HOURS: must be at least 0.01 hours/);
  });

  it('normalizes admin e-mails and booleans', () => {
    const s = parseSettings({ ADMIN_EMAILS: ' Boss@Example.com ,ref@example.com', ALLOW_SIGNUP: 'false' });
    expect(s.ADMIN_EMAILS).toEqual(['boss@example.com', 'ref@example.com']);
    expect(s.ALLOW_SIGNUP).toBe(false);
  });

  it('refuses production without a public URL, SMTP and a secret (D5)', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PUBLIC_URL', 'SMTP_URL', 'AUTH_SECRET']);
    const ok = parseSettings({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://squares.example.com',
      SMTP_URL: 'smtp://mail.example.com:587',
      AUTH_SECRET: 'x'.repeat(40),
    });
    expect(ok.trialMode).toBe(false);
  });

  it('needs PUBLIC_URL with SMTP_URL, so real mail never links to a host a request named', () => {
    expect(problemsOf({ SMTP_URL: 'smtp://mail.example.com:587' })).toEqual([
      'PUBLIC_URL: is required when SMTP_URL is set (links in real e-mails must point to the real address)',
    ]);
    expect(parseSettings({ SMTP_URL: 'smtp://mail.example.com:587', PUBLIC_URL: 'http://127.0.0.1:3000' }).trialMode).toBe(true);
  });

  it('needs the webhook secret with a Stripe key', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_123' })[0]).toMatch(/^STRIPE_WEBHOOK_SECRET: /);
  });
});
