import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { type PageOptions } from '../support/browser';
import { type TestServer } from '../support/server';
import { expectNoSeriousViolations, useBrowserHarness } from '../support/e2e';

// The web shell on the production build (dist/web) served by the real app, under its real CSP.

const CONTACT_EMAIL = 'organizer@example.com';

// Stricter than the other files: a failed load is an error here too (a test expecting one says so).
const harness = useBrowserHarness({ env: { CONTACT_EMAIL } }, { failedLoadsAllowed: false });
let server: TestServer;
beforeAll(() => {
  ({ server } = harness);
});

const visit = (path: string, options: PageOptions = {}) => harness.open(path, options);

async function sidebarState(page: Page): Promise<string | null> {
  return page.locator('[data-slot="sidebar"]').getAttribute('data-state');
}

describe('web shell', () => {
  test('the app is served under the production Content-Security-Policy', async () => {
    const response = await fetch(server.url + '/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  test('home renders the hero, the visitor banner, How to Play and the games area', async () => {
    const { page } = await visit('/');
    await expect.poll(() => page.title()).toBe('Squares Pool');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Squares Pool');
    await expect.poll(() => page.getByTestId('welcome-line').textContent()).toBe('Welcome to Squares Pool');

    const banner = page.getByRole('region', { name: 'Welcome!' });
    await expect.poll(() => banner.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
    await expect.poll(() => banner.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');

    const header = page.getByRole('banner');
    await expect.poll(() => header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    await expect.poll(() => header.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');

    const howTo = page.getByRole('region', { name: 'How to Play' });
    await expect.poll(() => howTo.getByRole('listitem').count()).toBe(4);
    await expect.poll(() => page.getByRole('region', { name: 'Games' }).isVisible()).toBe(true);

    // Visitors see the Navigation group only (All Games in it: issue 14).
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('group').allTextContents()).toEqual(['NavigationHomeAll GamesHow to Play']);
    await expect.poll(() => nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');

    // Landmarks and the skip link.
    await expect.poll(() => page.getByRole('main').count()).toBe(1);
    await expect.poll(() => page.getByRole('contentinfo').count()).toBe(1);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect.poll(() => skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => skip.getAttribute('href')).toBe('#main-content');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  test('Ctrl+B collapses the sidebar to icons, and the state survives a reload', async () => {
    const { page, context } = await visit('/');
    await expect.poll(() => sidebarState(page)).toBe('expanded');
    await expect.poll(async () => (await page.locator('[data-slot="sidebar-container"]').boundingBox())?.width).toBe(256); // 16rem

    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebarState(page)).toBe('collapsed');
    await expect.poll(async () => (await page.locator('[data-slot="sidebar-container"]').boundingBox())?.width).toBe(48); // 3rem, icons only

    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    const sevenDays = 7 * 24 * 60 * 60;
    expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + sevenDays))).toBeLessThan(120);

    await page.reload();
    await page.locator('main h1').waitFor();
    await expect.poll(() => sidebarState(page)).toBe('collapsed');

    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebarState(page)).toBe('expanded');
    expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true');

    // The top bar's button toggles it too.
    await page.getByRole('banner').getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(() => sidebarState(page)).toBe('collapsed');
  });

  test("the theme toggle's choice survives a reload; without one the system preference applies", async () => {
    const { page } = await visit('/', { colorScheme: 'light' });
    const htmlClass = () => page.evaluate(() => document.documentElement.className);
    await expect.poll(() => htmlClass()).toContain('light');

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(htmlClass).toContain('dark');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await page.locator('main h1').waitFor();
    await expect.poll(() => htmlClass()).toContain('dark');
    await expect.poll(() => htmlClass()).not.toContain('light');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(htmlClass).toContain('light');

    const { page: darkPage } = await visit('/', { colorScheme: 'dark' });
    await expect.poll(() => darkPage.evaluate(() => document.documentElement.className)).toContain('dark');
  });

  test('an unknown path shows the 404 page with its texts and links', async () => {
    const { page } = await visit('/no/such/page');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Oops! Page not found');
    const home = page.getByRole('link', { name: 'Return to Home' });
    await expect.poll(() => home.getAttribute('href')).toBe('/');
    await expect.poll(() => page.getByRole('main').getByRole('link', { name: 'Contact the organizer' }).getAttribute('href')).toBe('/contact');

    await page.getByRole('main').getByRole('link', { name: 'Contact the organizer' }).click();
    await page.waitForURL(`${server.url}/contact`);
    await expect.poll(() => page.getByRole('link', { name: CONTACT_EMAIL }).count()).toBe(1);

    await page.goBack();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Squares Pool');
  });

  test('How to Play steps with Next, Previous and Start Over', async () => {
    const { page } = await visit('/how-to-play');
    const counter = page.getByTestId('step-counter');
    const next = page.getByRole('button', { name: 'Next' });
    const previous = page.getByRole('button', { name: 'Previous' });
    const progress = page.getByRole('progressbar', { name: 'Guide progress' });

    await expect.poll(() => counter.textContent()).toBe('Step 1 of 6');
    await expect.poll(() => previous.isDisabled()).toBe(true);
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('1');
    const firstTitle = await page.locator('#step-title').textContent();

    await next.click();
    await expect.poll(() => counter.textContent()).toBe('Step 2 of 6');
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('2');
    await expect.poll(() => page.locator('#step-title').textContent()).not.toBe(firstTitle);

    await previous.click();
    await expect.poll(() => counter.textContent()).toBe('Step 1 of 6');

    for (let i = 0; i < 5; i++) await next.click();
    await expect.poll(() => counter.textContent()).toBe('Step 6 of 6');
    await expect.poll(() => next.isDisabled()).toBe(true);
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('6');

    await page.getByRole('button', { name: 'Start Over' }).click();
    await expect.poll(() => counter.textContent()).toBe('Step 1 of 6');
    await expect.poll(() => page.locator('#step-title').textContent()).toBe(firstTitle);

    const main = page.getByRole('main');
    await expect.poll(() => main.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    await expect.poll(() => main.getByRole('link', { name: 'Browse Games' }).getAttribute('href')).toBe('/all-games');
    await expect.poll(() => main.getByRole('link', { name: 'View My Squares' }).getAttribute('href')).toBe('/my-squares');
  });

  test('the How to Play side sheet opens from the top bar and closes with Escape', async () => {
    const { page } = await visit('/');
    await page.getByRole('banner').getByRole('button', { name: 'How to Play' }).click();
    const sheet = page.getByRole('dialog', { name: 'How to Play' });
    await sheet.waitFor();
    await expect.poll(() => sheet.getByRole('listitem').count()).toBe(4);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  });

  test('at 375 px the menu sheet opens from the top bar and navigates', async () => {
    const { page } = await visit('/', { width: 375, height: 812 });
    // The desktop sidebar is not rendered; the sheet is closed (the top bar's menu button is drawn).
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    // Measure once the slide-in has finished: mid-animation the box is a transformed fraction off.
    await menu.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(288); // 18rem
    await menu.getByRole('link', { name: 'How to Play', exact: true }).click();

    await page.waitForURL(`${server.url}/how-to-play`);
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('How to Play');
    // Focus moves to the new page's heading, not back to the menu button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('How to Play');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  });

  test('the contact page handles loading, the address, no address and errors', async () => {
    const { page, errors: contactErrors } = await visit('/contact');
    const details = page.getByTestId('contact-details');
    const link = details.getByRole('link', { name: CONTACT_EMAIL });
    await link.waitFor();
    await expect.poll(() => link.getAttribute('href')).toBe(`mailto:${CONTACT_EMAIL}`);

    // No address configured.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/config', async (route) => {
      await held;
      await route.fulfill({ json: { productName: 'Squares Pool', contactEmail: null, mode: 'trial' } });
    });
    await page.reload();
    await details.getByRole('status', { name: 'Loading contact details...' }).waitFor();
    release();
    await details.getByText('The organizer has not published a contact address.').waitFor();

    // The server answers with an error: shown, and Try again recovers.
    await page.unroute('**/api/config');
    let failures = 0;
    await page.route('**/api/config', async (route) => {
      if (failures < 2) {
        failures++;
        await route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'Try later.' } } });
      } else {
        await route.continue();
      }
    });
    await page.reload();
    const alert = details.getByRole('alert');
    await alert.waitFor();
    await expect.poll(() => alert.textContent()).toContain('Could not load the contact details.');
    await expect.poll(() => alert.textContent()).toContain('Try later.');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await link.waitFor();
    // The browser logs the two refused answers as failed resources: expected here, nothing else is.
    const unexpected = contactErrors.filter((text) => !/status of 503/.test(text));
    expect(contactErrors.length - unexpected.length).toBe(2);
    contactErrors.splice(0, contactErrors.length, ...unexpected);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const path of ['/', '/how-to-play', '/contact', '/no-such-page']) {
      test(`axe finds no serious or critical violation on ${path} (${colorScheme})`, async () => {
        const { page } = await visit(path, { colorScheme });
        if (path === '/contact') await page.getByRole('link', { name: CONTACT_EMAIL }).waitFor();
        await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
        await expectNoSeriousViolations(page);
      });
    }
  }

  test('axe finds no serious or critical violation at 375 px with the menu open', async () => {
    const { page } = await visit('/', { width: 375, height: 812, colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await expectNoSeriousViolations(page); // retries while the slide-in finishes
  });

  test('the axe check fails on a serious finding, in the first scan of a page and in a later scan of it', async () => {
    const { page } = await visit('/');
    await expectNoSeriousViolations(page);
    // A button with no name (critical): added after the first scan, so the second scan must read the page anew.
    await page.evaluate(() => document.querySelector('main')!.append(Object.assign(document.createElement('button'), { className: 'unnamed' })));
    await expect(expectNoSeriousViolations(page)).rejects.toThrow(/button-name/);
    // A new document gets axe afresh: its first scan finds it too.
    await page.reload();
    await page.locator('main h1').first().waitFor();
    await page.evaluate(() => document.querySelector('main')!.append(Object.assign(document.createElement('button'), { className: 'unnamed' })));
    await expect(expectNoSeriousViolations(page)).rejects.toThrow(/button-name/);
  });
});
