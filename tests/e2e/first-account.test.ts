import { beforeAll, describe, expect, test } from 'vitest';
import { FIRST_ACCOUNT, SHARE_TEXTS } from '../../src/core/messages';
import { newAccount } from '../support/accounts';
import {
  ACCOUNT_PASSWORD,
  accountPages,
  expectNoSeriousViolations,
  headingNamed,
  horizontalOverflow,
  shoot,
  uniqueTitle,
  useBrowserHarness,
} from '../support/e2e';
import type { TestServer } from '../support/server';

// An empty install (D8): nobody has an account yet. Home, sign-up and login say that the first
// account runs the pool; that account, once confirmed and logged in, goes straight to creating
// its first game, and lands on the share view (D45), which warns that a localhost link works on
// this computer only and, where the Web Share API exists (phones), offers Share with a ready message.

const PHONE = { width: 375, height: 812 };
const harness = useBrowserHarness({ env: { TRUST_PROXY: 'true' } });
const { go, followMailLink, signUpThroughForm } = accountPages(harness, '127.4');
let server: TestServer;

beforeAll(async () => {
  ({ server } = harness);
});

describe('an empty install (D8) and the share view (D45)', () => {
  test('the first account is told it runs the pool, lands on creating its first game, and shares it from a phone', async () => {
    const { context, page } = await harness.newPage(PHONE);
    // A phone's Web Share API, captured: what Share hands to the share sheet.
    await context.addInitScript(() => {
      const shared: ShareData[] = [];
      (window as unknown as { __shared: ShareData[] }).__shared = shared;
      Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: ShareData) => void shared.push(data) });
    });

    // Home, for a visitor of an empty install.
    await go(page, '/');
    const notice = page.getByTestId('first-account-notice');
    await expect.poll(() => notice.textContent()).toBe(FIRST_ACCOUNT.notice);
    // With the way to become the organizer.
    await expect.poll(() => page.getByTestId('first-account-action').getAttribute('href')).toBe('/signup');
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    await shoot(page, 'home-empty-install-375');

    // Sign-up says it too, and the Account Created screen says what comes next.
    const organizer = newAccount('organizer');
    await go(page, '/signup');
    await notice.waitFor();
    await shoot(page, 'signup-empty-install-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'signup-empty-install-1280');
    await page.setViewportSize(PHONE);
    await signUpThroughForm(page, organizer);
    await page.getByText(FIRST_ACCOUNT.created).waitFor();
    await shoot(page, 'account-created-first-375');

    // Confirmed, logged in: straight to creating the first game (the notice is gone: an admin exists).
    await followMailLink(page, organizer.email, /Confirm your Squares Pool account/);
    await page.waitForURL(/\/login\?confirmed=1/);
    await headingNamed(page, 'Welcome Back').waitFor();
    await page.getByLabel('Email').fill(organizer.email);
    await page.getByLabel('Password', { exact: true }).fill(ACCOUNT_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${server.url}/admin/games/new`);
    await headingNamed(page, /Create/).waitFor();
    await shoot(page, 'first-game-form-375');
    const user = await server.db.handle.db.selectFrom('user').select('isAdmin').where('email', '=', organizer.email).executeTakeFirstOrThrow();
    expect(user.isAdmin).toBe(true);

    // The first game: organizer collects, a pay-by time.
    const title = uniqueTitle('Office Pool');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Team A').fill('Lions');
    await page.getByLabel('Team B').fill('Bears');
    await page.getByLabel('Price per Square ($)').fill('10');
    await page.getByRole('radio', { name: /Organizer collects/ }).check();
    await page.getByLabel('Payment instructions').fill('Cash to Sam');
    await page.getByLabel('Pay by (optional)').fill('2099-12-31T18:00');
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.waitForURL(/\/admin\/games\/[^/]+\/share$/);
    await headingNamed(page, 'Share this pool').waitFor();

    // The link is on 127.0.0.1: it works on this computer only, said with the fix.
    const warning = page.getByTestId('loopback-warning');
    await expect.poll(() => warning.textContent()).toContain(SHARE_TEXTS.loopbackTitle);
    await expect.poll(() => warning.textContent()).toContain('PUBLIC_URL');
    await expect.poll(() => warning.textContent()).toContain('HOST=0.0.0.0');
    await expect.poll(() => page.getByTestId('share-link').inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/game\//);
    const link = await page.getByTestId('share-link').inputValue();

    // Share: the system's share sheet gets the pool's title, price, pay-by time and the link.
    await page.getByRole('button', { name: SHARE_TEXTS.share }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared.length)).toBe(1);
    const [shared] = await page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);
    expect(shared!.title).toBe(title);
    expect(shared!.url).toBe(link);
    expect(shared!.text).toBe(`Join ${title}: squares are $10.00 each. Pay by Thu, Dec 31, 2099, 6:00 PM UTC. Pick yours here:`);
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    await shoot(page, 'share-view-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'share-view-1280');

    // Where there is no Web Share API, no Share button (Copy link stays).
    const { page: desktop } = await harness.newPage({ width: 1280, height: 900 });
    await desktop.context().addCookies(await context.cookies());
    await desktop.goto(page.url());
    await headingNamed(desktop, 'Share this pool').waitFor();
    if (await desktop.evaluate(() => typeof navigator.share !== 'function')) {
      await expect.poll(() => desktop.getByRole('button', { name: SHARE_TEXTS.share }).count()).toBe(0);
    }
    await desktop.getByRole('button', { name: 'Copy link' }).waitFor();
  });
});
