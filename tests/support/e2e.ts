import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { signedInPlayer } from './accounts';
import type { TestAppOptions } from './app';
import type { Account } from './auth';
import { launchBrowser, openPage, type PageOptions } from './browser';
import { startTestServer, type TestServer } from './server';

export interface BrowserAccount extends Account {
  id: string;
  cookie: string;
}

/**
 * A confirmed account made through the real auth API (sign-up, Dev Mailbox link, login), with
 * its session cookie put into a browser context: for browser tests whose subject is not the
 * account forms themselves. `admin: true` sets the profile flag in the database, as
 * `npm run admin -- grant` does.
 */
export async function signInBrowser(context: BrowserContext, server: TestServer, options: { admin?: boolean; prefix?: string } = {}): Promise<BrowserAccount> {
  const account = await signedInPlayer(server.app, options.prefix ?? (options.admin ? 'admin' : 'player'));
  const user = await server.db.handle.db.selectFrom('user').select(['id']).where('email', '=', account.email).executeTakeFirstOrThrow();
  if (options.admin) {
    await server.db.handle.db.updateTable('user').set({ isAdmin: true }).where('id', '=', user.id).execute();
  }
  await context.addCookies(
    account.cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: server.url, httpOnly: true, sameSite: 'Lax' as const };
    }),
  );
  return { ...account, id: user.id };
}

/**
 * The set-up every browser test file shares: the real app on 127.0.0.1 serving the production
 * build, one Chromium, a fresh context per page, and after each test the contexts closed and
 * the pages' console checked: requests a test refuses on purpose are logged by Chromium as
 * "Failed to load resource"; anything else (CSP violations, React errors) fails the test.
 * Call once at the top of a test file.
 */
export function useBrowserHarness(options: TestAppOptions = {}) {
  const harness = {
    server: undefined as unknown as TestServer,
    browser: undefined as unknown as Browser,
    /** A fresh context and page (console errors collected); closed after the test. */
    async newPage(pageOptions: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
      const { context, page, errors } = await openPage(harness.browser, pageOptions);
      opened.push({ context, errors });
      return { context, page };
    },
  };
  let opened: { context: BrowserContext; errors: string[] }[] = [];

  beforeAll(async () => {
    [harness.server, harness.browser] = await Promise.all([startTestServer(options), launchBrowser()]);
  });
  afterAll(async () => {
    await harness.browser?.close();
    await harness.server?.close();
  });
  afterEach(async () => {
    const pages = opened;
    opened = [];
    await Promise.all(pages.map(({ context }) => context.close()));
    expect(pages.flatMap(({ errors }) => errors).filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
  return harness;
}
