import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import axe, { type AxeResults, type RunOptions } from 'axe-core';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { GOOD_PASSWORD, testAccount, type AccountOptions, type TestAccount } from './accounts';
import { launchBrowser, openPage, type PageOptions } from './browser';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

/**
 * The browser tests' one module of helpers: the harness every file starts with, signing a
 * context in, opening a page as someone, the locators and checks several files share, and the
 * account pages' steps (sign-up form, login form, following a mailed link).
 */

export type BrowserAccount = TestAccount;

/** The session cookie of `account` put into a browser context for the test server. */
export async function addSession(context: BrowserContext, server: TestServer, cookie: string): Promise<void> {
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: server.url, httpOnly: true, sameSite: 'Lax' as const };
    }),
  );
}

/**
 * A confirmed account (tests/support/accounts.ts: the fast path unless `via: 'sign-up'`, which
 * a test that logs in by password needs) signed in in a browser context. `admin: true` sets the
 * profile flag, as `npm run admin -- grant` does.
 */
export async function signInBrowser(context: BrowserContext, server: TestServer, options: AccountOptions = {}): Promise<BrowserAccount> {
  const account = await testAccount(server, options);
  await addSession(context, server, account.cookie);
  return account;
}

/** Who opens a page: nobody, a new player or admin, or an account already made. */
type Who = 'visitor' | 'player' | 'admin' | BrowserAccount;

export interface OpenOptions extends PageOptions {
  as?: Who;
  /** A cart saved by an earlier visit (squares_cart), written before the app starts, once per context. */
  cart?: unknown;
  /** Runs before the first request (routes, init scripts). */
  prepare?: (page: Page, context: BrowserContext) => Promise<unknown>;
  /** What to wait for after loading: the page's h1 (default) or nothing. */
  waitFor?: 'h1' | 'none';
}

/**
 * The set-up every browser test file shares: the real app on 127.0.0.1 serving the production
 * build, one Chromium, a fresh context per page, and after each test the contexts closed and
 * the pages' console checked: requests a test refuses on purpose are logged by Chromium as
 * "Failed to load resource" (allowed unless `failedLoadsAllowed: false`); anything else (CSP
 * violations, React errors) fails the test. Call once at the top of a test file.
 */
export function useBrowserHarness(options: TestServerOptions = {}, checks: { failedLoadsAllowed?: boolean } = {}) {
  const allowed = checks.failedLoadsAllowed ?? true;
  const harness = {
    server: undefined as unknown as TestServer,
    browser: undefined as unknown as Browser,
    /** A fresh context and page; closed after the test. `errors`: what its console logged as errors so far (checked after the test). */
    async newPage(pageOptions: PageOptions = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
      const { context, page, errors } = await openPage(harness.browser, pageOptions);
      opened.push({ context, errors });
      return { context, page, errors };
    },
    /** A fresh page at `path` for `as` (a visitor by default), once its h1 shows. */
    async open(
      path: string,
      openOptions: OpenOptions = {},
    ): Promise<{ page: Page; context: BrowserContext; account: BrowserAccount | null; errors: string[] }> {
      const { as = 'visitor', cart, prepare, waitFor = 'h1', ...pageOptions } = openOptions;
      const { context, page, errors } = await harness.newPage(pageOptions);
      let account: BrowserAccount | null = null;
      if (typeof as === 'object') {
        account = as;
        await addSession(context, harness.server, as.cookie);
      } else if (as !== 'visitor') {
        account = await signInBrowser(context, harness.server, { admin: as === 'admin' });
      }
      if (cart !== undefined) await seedCart(context, cart);
      await prepare?.(page, context);
      await page.goto(harness.server.url + path);
      if (waitFor === 'h1') await page.locator('main h1').first().waitFor();
      return { page, context, account, errors };
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
    // Console errors include CSP violations ("Refused to execute inline script ...").
    expect(pages.flatMap(({ errors }) => errors).filter((e) => !(allowed && /Failed to load resource/.test(e)))).toEqual([]);
  });
  return harness;
}

export type BrowserHarness = ReturnType<typeof useBrowserHarness>;

/**
 * The spec's saved cart (localStorage squares_cart) as an earlier visit left it: written before
 * the app starts, once per context (a reload or a second tab keeps what the app wrote since).
 */
async function seedCart(context: BrowserContext, cart: unknown): Promise<void> {
  const text = typeof cart === 'string' ? cart : JSON.stringify(cart);
  await context.addInitScript((value) => {
    if (window.localStorage.getItem('__e2e_cart_seeded')) return;
    window.localStorage.setItem('__e2e_cart_seeded', '1');
    window.localStorage.setItem('squares_cart', value);
  }, text);
}

// ---------------------------------------------------------------------------------------------
// Locators and checks

/** The page's main heading. */
export const heading = (page: Page): Locator => page.locator('main h1').first();
/** The level-1 heading with that name. */
export const headingNamed = (page: Page, name: string | RegExp): Locator => page.getByRole('heading', { level: 1, name });
/** A toast that says `text`. */
export const toast = (page: Page, text: string): Locator => page.locator('[data-sonner-toast]', { hasText: text }).first();
/** A square's button on a board (column x, row y). */
/** D44: what the board said last, by the tapped square or for screen readers only (taps raise no toasts). */
export async function boardSays(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByTestId('board-said').textContent()).toContain(text);
}

export const cell = (page: Page, x: number, y: number): Locator => page.locator(`[role="gridcell"] button[data-x="${x}"][data-y="${y}"]`);
/** The digits shown along one axis of a board. */
export const axisTexts = (page: Page, testId: 'column-digit' | 'row-digit'): Promise<string[]> =>
  page.getByTestId(testId).locator('span[aria-hidden="true"]').allTextContents();
/**
 * Opens a disclosure (a `details` found by its test id: the board's "How the numbers were drawn",
 * the verify page's "Details") from its summary, as a person would, and waits until it is open.
 */
export async function openDisclosure(page: Page, testId: string): Promise<void> {
  const details = page.getByTestId(testId);
  const isOpen = () => details.evaluate((element) => (element as HTMLDetailsElement).open);
  await details.waitFor();
  if (!(await isOpen())) await details.locator('summary').click();
  await expect.poll(isOpen).toBe(true);
}
/** The saved cart as the page's storage holds it. */
export const savedCart = (page: Page): Promise<unknown> => page.evaluate(() => JSON.parse(window.localStorage.getItem('squares_cart') ?? 'null'));
/** How far the page scrolls sideways (0: it fits). */
export const horizontalOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
/** Two frames, so whatever the last answer changed has been laid out and painted. */
export const settle = (page: Page): Promise<unknown> =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
/** The page's running transitions and animations ended (endless ones, like a spinner's, aside) and drawn. */
async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  await settle(page);
}
/** A title no other test uses. */
export const uniqueTitle = (prefix: string): string => `${prefix} ${crypto.randomUUID().slice(0, 6)}`;

/**
 * A screenshot into SHOTS_DIR when it is set, for a person to look at: of a page (whole unless
 * told) or of one element. Never part of what a test asserts, so a run without SHOTS_DIR skips it.
 */
export async function shoot(target: Page | Locator, name: string, fullPage = true): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  if ('goto' in target) {
    await target.evaluate(() => document.fonts.ready);
    await target.screenshot({ path, fullPage });
  } else {
    await target.screenshot({ path });
  }
}

/**
 * A mail's HTML as a phone (375 px) and a desktop (1280 px) mail client show it, shot for a person
 * to look at; legible on a phone means nothing wider than the screen.
 */
export async function shootMail(harness: BrowserHarness, html: string, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['375', { width: 375, height: 812 }],
    ['1280', { width: 1280, height: 900 }],
  ] as const) {
    const { page } = await harness.newPage(viewport);
    await page.setContent(html);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shoot(page, `mail-${name}-${size}`);
  }
}

/** An API call from inside a signed-in page: its cookies, its origin. */
export async function callFromPage<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ([method, path, body]) => {
      const res = await fetch(path as string, {
        method: method as string,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as never };
    },
    [method, path, body] as const,
  );
}

/**
 * axe's findings for the page. A page without frames runs axe-core's own `axe.run` in the page,
 * injected once per document: @axe-core/playwright's legacy mode evaluates axe's 550 kB source
 * twice on every scan (about 300 ms of the renderer's CPU each), and the browser tests scan
 * about 190 times (issue 34). A page with frames (the Dev Mailbox's sandboxed mail) keeps
 * AxeBuilder's default mode, which runs axe in each frame and joins the results in a second,
 * blank page.
 */
async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  const options = { resultTypes: ['violations'] } satisfies RunOptions;
  if (page.frames().length > 1) return (await new AxeBuilder({ page }).options(options).analyze()).violations;
  const loaded = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!loaded) await page.evaluate(`${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] });`);
  return page.evaluate((runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions), options).then((results) => results.violations);
}

/**
 * axe's serious and critical findings on the page, as rule ids and targets. Every rule runs and
 * every violation is reported in full; passes and the rest keep one example node each
 * (`resultTypes`), which spares collecting and sending back every node of every passing rule.
 */
async function seriousViolations(page: Page) {
  return (await axeViolations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

/**
 * No serious or critical axe finding. axe reads the page as it is at that moment: one run
 * during a transition (a toast or dialog fading) can see half-drawn colours, so after a run with
 * findings the check waits for the running transitions to end and runs again (up to 3 runs),
 * reporting the last run's findings.
 */
export async function expectNoSeriousViolations(page: Page, message?: string): Promise<void> {
  let findings: Awaited<ReturnType<typeof seriousViolations>> = [];
  for (let run = 0; run < 3; run += 1) {
    findings = await seriousViolations(page);
    if (findings.length === 0) return;
    await animationsDone(page);
  }
  expect(findings, message).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// The account pages' steps (tests/e2e/accounts.test.ts, confirmation.test.ts)

export const ACCOUNT_PASSWORD = GOOD_PASSWORD;

/**
 * Opens pages of the app, each on a loopback address of its own (`${network}.x.y`, sent as a
 * trusted x-forwarded-for: the harness needs TRUST_PROXY=true). The auth limits (5 sign-ups or
 * mails per window per client) then never spill from one test into the next, and the Dev
 * Mailbox, which answers only local clients, still opens.
 */
export function accountPages(harness: BrowserHarness, network: string) {
  let clients = 0;
  /** Goes to `path` and waits for the page's h1. */
  const go = async (page: Page, path: string): Promise<void> => {
    await page.goto(harness.server.url + path);
    await heading(page).waitFor();
  };
  return {
    go,
    async open(path: string, options: PageOptions = {}): Promise<Page> {
      const { context, page } = await harness.newPage(options);
      clients += 1;
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': `${network}.${Math.floor(clients / 250)}.${(clients % 250) + 1}` });
      await go(page, path);
      return page;
    },
    /** Opens the newest mail to `email` whose subject matches on /dev/mailbox and follows its link. */
    async followMailLink(page: Page, email: string, subject: RegExp): Promise<void> {
      await go(page, '/dev/mailbox');
      await page
        .getByRole('button', { name: new RegExp(`${subject.source}.*${escapeRegExp(email)}`) })
        .first()
        .click();
      await expect.poll(() => page.getByTestId('mail-view').getByRole('heading', { level: 2 }).textContent()).toMatch(subject);
      await page.getByTestId('mail-link').click();
    },
    /** Signs up through the form and waits for the Account Created screen. */
    async signUpThroughForm(page: Page, account: { email: string; username: string }): Promise<void> {
      await go(page, '/signup');
      await fillSignup(page, { ...account, password: ACCOUNT_PASSWORD, confirm: ACCOUNT_PASSWORD });
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('heading', { name: 'Account Created', level: 1 }).waitFor();
    },
  };
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function fillSignup(page: Page, values: { email: string; username: string; password: string; confirm: string }) {
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Username').fill(values.username);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Confirm Password').fill(values.confirm);
}

/** Fills and sends the Log In form. */
export async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Issue 23: the admin game page shows one section at a time; this opens one by its tab. */
export async function openAdminSection(page: Page, name: 'Board' | 'Game day' | 'Payments' | 'Orders' | 'Activity' | 'Settings'): Promise<void> {
  const tab = page.getByTestId('admin-section-nav').getByRole('tab', { name, exact: true });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

/** The create form keeps its rules folded behind one button: this unfolds them (once; a second call leaves them open). */
export async function openGameRules(page: Page): Promise<void> {
  const toggle = page.getByTestId('rules-toggle');
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
}
