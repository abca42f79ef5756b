import { beforeAll, describe, expect, test } from 'vitest';
import { FIRST_ACCOUNT } from '../../src/core/messages';
import { newAccount } from '../support/accounts';
import {
  accountPages,
  ACCOUNT_PASSWORD,
  expectNoSeriousViolations,
  headingNamed,
  horizontalOverflow,
  shoot,
  uniqueTitle,
  useBrowserHarness,
} from '../support/e2e';
import type { TestServer } from '../support/server';

// A first-time organizer, from an empty install to a shared pool: the home leads with becoming
// the organizer, the confirmation link's login has the address filled in and the password next,
// and the create form asks first for what every pool needs, its rules folded under a summary.

const SIZES = [
  ['1280', { width: 1280, height: 900 }],
  ['375', { width: 375, height: 812 }],
] as const;
const harness = useBrowserHarness({ env: { TRUST_PROXY: 'true' } });
const { go, followMailLink, signUpThroughForm } = accountPages(harness, '127.5');
let server: TestServer;

beforeAll(() => {
  ({ server } = harness);
});

/** The create form's height in CSS pixels. */
async function formHeight(page: import('playwright-core').Page): Promise<number> {
  return page.evaluate(() => Math.round(document.querySelector('main form')!.getBoundingClientRect().height));
}

describe('a first-time organizer', () => {
  test('an empty install leads with the organizer account, first in the page, at both widths', async () => {
    for (const [size, viewport] of SIZES) {
      const { page } = await harness.newPage(viewport);
      await go(page, '/');
      const notice = page.getByTestId('first-account-notice');
      await expect.poll(() => notice.textContent()).toBe(FIRST_ACCOUNT.notice);
      const action = page.getByTestId('first-account-action');
      await expect.poll(() => action.getAttribute('href')).toBe('/signup');
      // Before the Welcome banner and the games, and on the first screen.
      const welcome = page.getByRole('region', { name: 'Welcome!' });
      await welcome.waitFor();
      const [actionBox, welcomeBox, gamesBox] = await Promise.all([action.boundingBox(), welcome.boundingBox(), page.getByTestId('games-area').boundingBox()]);
      expect(actionBox!.y + actionBox!.height).toBeLessThan(welcomeBox!.y);
      expect(welcomeBox!.y).toBeLessThan(gamesBox!.y);
      expect(actionBox!.y + actionBox!.height).toBeLessThanOrEqual(viewport.height);
      await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page);
      await shoot(page, `first-run-home-empty-${size}`);
    }
  });

  test('sign-up, confirm, log in with the address filled in, create a game with folded rules, share it', async () => {
    const started = performance.now();
    const { page } = await harness.newPage(SIZES[1][1]);
    const organizer = newAccount('firstrun');
    await go(page, '/');
    await page.getByTestId('first-account-action').click();
    await headingNamed(page, 'Create Account').waitFor();
    await signUpThroughForm(page, organizer);

    // The confirmation link: back on /login in the browser that signed up, the address is there and the password is next.
    await followMailLink(page, organizer.email, /Confirm your Squares Pool account/);
    await page.waitForURL(/\/login\?confirmed=1/);
    await headingNamed(page, 'Welcome Back').waitFor();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(organizer.email);
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('password');
    await shoot(page, 'first-run-login-confirmed-375');
    await page.keyboard.type(ACCOUNT_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/admin/games/new`);

    // The create form: what every pool needs, then the rules in one line.
    const summary = page.getByTestId('rules-summary');
    await expect
      .poll(() => summary.textContent())
      .toBe(
        '100 squares (10 x 10) · Even (25/25/25/25) · A winning square nobody bought: the organizer keeps its share. · One set of numbers for the whole game · Public · No kickoff time · No limit on squares per player',
      );
    await expect.poll(() => page.getByLabel('Squares per player (optional)').isVisible()).toBe(false);
    const title = uniqueTitle('First Run Pool');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Team A').fill('Lions');
    await page.getByLabel('Team B').fill('Bears');
    await page.getByLabel('Price per Square ($)').fill('5');
    await page.getByRole('radio', { name: /Organizer collects/ }).check();
    await page.getByLabel('Payment instructions').fill('Cash to Sam');
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.waitForURL(/\/admin\/games\/[^/]+\/share$/);
    await headingNamed(page, 'Share this pool').waitFor();
    await expect.poll(() => page.getByTestId('share-link').inputValue()).toMatch(/\/game\//);
    console.log(`first-time path (empty install -> share view), scripted: ${Math.round(performance.now() - started)} ms`);

    // Once an admin exists, home no longer offers it.
    await go(page, '/');
    await page.getByTestId('games-area').waitFor();
    await expect.poll(() => page.getByTestId('first-account-action').count()).toBe(0);
  });

  test('the confirmation link at 1280 px: the address filled in and the password next; another browser starts empty', async () => {
    const { page } = await harness.newPage(SIZES[0][1]);
    const player = newAccount('confirmed');
    await signUpThroughForm(page, player);
    await followMailLink(page, player.email, /Confirm your Squares Pool account/);
    await page.waitForURL(/\/login\?confirmed=1/);
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(player.email);
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('password');
    await expectNoSeriousViolations(page);
    await shoot(page, 'first-run-login-confirmed-1280');
    // The same landing in a browser that did not sign up: nothing to fill in.
    const { page: other } = await harness.newPage(SIZES[0][1]);
    await go(other, new URL(page.url()).pathname + new URL(page.url()).search);
    await expect.poll(() => other.getByText('Email confirmed').count()).toBe(1);
    await expect.poll(() => other.getByLabel('Email').inputValue()).toBe('');
    // Logged in, the address is forgotten: the next visit to the landing starts empty.
    await page.keyboard.type(ACCOUNT_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login');
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('squares_signed_up_address'))).toBe(null);
  });

  test('the folded rules: a summary that follows the choices, the keyboard opens them, an error inside opens them and takes the focus', async () => {
    for (const [size, viewport] of SIZES) {
      const { page } = await harness.open('/admin/games/new', { as: 'admin', ...viewport });
      const toggle = page.getByTestId('rules-toggle');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      await shoot(page, `first-run-form-closed-${size}`);
      // By keyboard: from the field before it, Tab reaches the toggle and Enter opens it.
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('radio');
      await page.getByRole('radio', { name: /25 squares/ }).check();
      await page.getByRole('radio', { name: /Invite only/ }).check();
      await page.getByLabel('Squares per player (optional)').fill('0');
      await expect
        .poll(() => page.getByTestId('rules-summary').textContent())
        .toMatch(/^25 squares \(5 x 5\) · .* · Invite only · .* · At most 0 squares per player$/);
      await expectNoSeriousViolations(page);
      await shoot(page, `first-run-form-open-${size}`);
      // Folded again, the bad cap is hidden: sending opens the rules on it.
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      await page.getByLabel('Title').fill('Rules Pool');
      await page.getByLabel('Team A').fill('Lions');
      await page.getByLabel('Team B').fill('Bears');
      await page.getByLabel('Price per Square ($)').fill('5');
      await page.getByRole('button', { name: 'Create Game' }).click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('max_squares_per_player');
      await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    }
  });

  // Last: it signs an admin in, and the tests above need an install without one.
  test('the create form leads with what every pool needs: with its rules folded it is a third of its old height', async () => {
    // Before the rules were folded: 2,007 px at 1280 and 2,957 px at 375; folded: 697 and 1,127.
    const budget: Record<string, number> = { '1280': 1000, '375': 1500 };
    for (const [size, viewport] of SIZES) {
      const { page } = await harness.open('/admin/games/new', { as: 'admin', ...viewport });
      await page.getByLabel('Title').waitFor();
      await page.getByTestId('rules-toggle').waitFor();
      const height = await formHeight(page);
      console.log(`create form height at ${size} px: ${height} px`);
      expect(height, `${size} px`).toBeLessThan(budget[String(size)]!);
    }
  });
});
