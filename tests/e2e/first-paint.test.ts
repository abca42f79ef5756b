import type { Page, Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { settle, useBrowserHarness } from '../support/e2e';

// Issue 14 part 5 on the production build: what the browser is sent, tap targets on a phone, and
// no layout shift on home when the session check answers. Lighthouse's figures are the bench's
// (npm run lighthouse), not a test's.

const harness = useBrowserHarness();
const PHONE = { width: 375, height: 812 };

/** Holds GET /api/me back until `release` is called, so the first paint happens before the session is known. */
async function holdSessionCheck(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/me', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The layout shifts the page has had (PerformanceObserver, buffered), as their sum and what moved. */
function layoutShifts(page: Page): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          const entries = list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>;
          const counted = entries.filter((entry) => !entry.hadRecentInput);
          resolve({
            total: counted.reduce((sum, entry) => sum + entry.value, 0),
            moved: counted.flatMap((entry) => (entry.sources ?? []).map((source) => (source.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? '?')),
          });
        }).observe({ type: 'layout-shift', buffered: true });
        // With no shift at all the observer is never called: answer after two frames.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve({ total: 0, moved: [] })));
      }),
  );
}

describe('fast first paint', () => {
  test('the page and its scripts are sent brotli-compressed, with nothing but the page before the first paint', async () => {
    const { page } = await harness.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(`${harness.server.url}/game/no-such-game`);
    await page.locator('main h1').first().waitFor();
    for (const [kind, pattern] of [
      ['page', /^\/game\//],
      ['entry script', /^\/assets\/index-.*\.js$/],
    ] as const) {
      const response = responses.find((r) => pattern.test(new URL(r.url()).pathname));
      expect(response, kind).toBeDefined();
      const headers = await response!.allHeaders();
      expect(headers['content-encoding'], kind).toBe('br');
      expect(headers.vary?.toLowerCase(), kind).toContain('accept-encoding');
    }
    // The stylesheet and the theme script are inside the page (design note 014): no request holds the first paint back.
    const head = () =>
      page.evaluate(() => ({
        blocking: [...document.querySelectorAll('link[rel="stylesheet"], script[src]:not([type="module"])')].map((element) => element.outerHTML),
        styles: [...document.head.querySelectorAll('style')].some((style) => style.textContent?.includes('tailwindcss')),
        theme: document.documentElement.classList.contains('light'),
      }));
    await expect.poll(head).toEqual({ blocking: [], styles: true, theme: true });
  });

  test('at 375 px every control of the top bar is at least 44 px tall and wide, for visitors and players', async () => {
    for (const as of ['visitor', 'player'] as const) {
      const { page } = await harness.open('/', { ...PHONE, as });
      const header = page.getByRole('banner');
      const names = as === 'visitor' ? ['Open menu', /theme/, 'How to Play', 'Sign In', 'Sign Up'] : ['Open menu', /theme/, 'How to Play', 'Sign Out'];
      await expect.poll(() => header.getByRole(as === 'visitor' ? 'link' : 'button', { name: names.at(-1)! }).count()).toBe(1);
      for (const name of names) {
        const control = header.getByRole(name === 'Sign In' || name === 'Sign Up' ? 'link' : 'button', { name });
        await expect
          .poll(() => control.boundingBox(), { message: `${as}: ${String(name)}` })
          .toSatisfy((box) => box !== null && box.height >= 44 && box.width >= 44);
      }
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
          message: `${as}: the page scrolls sideways`,
        })
        .toBe(0);
      // The welcome line is said whole beside them ("Welcome to Squares Pool", not "Welcome to Squar...").
      const welcome = page.getByTestId('welcome-line');
      await expect.poll(() => welcome.textContent()).toMatch(as === 'visitor' ? /^Welcome to / : /^Welcome, /);
      await expect.poll(() => welcome.evaluate((line) => line.scrollHeight - line.clientHeight), { message: `${as}: the welcome line is cut short` }).toBe(0);
    }
  });

  test('at 1280 px the top bar keeps its desktop sizes', async () => {
    const { page } = await harness.open('/');
    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
    await expect.poll(async () => (await signIn.boundingBox())?.height).toBe(32);
  });

  test("a visitor's home does not shift when the session check answers late", async () => {
    const { page } = await harness.newPage(PHONE);
    const release = await holdSessionCheck(page);
    await page.goto(`${harness.server.url}/`);
    // The first paint, before the answer: the visitor's view is there already.
    await page.getByRole('region', { name: 'Welcome!' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).waitFor();
    const answered = page.waitForResponse('**/api/me');
    release();
    await answered;
    await settle(page);
    const shifts = await layoutShifts(page);
    expect(shifts.total, shifts.moved.join('\n')).toBeLessThan(0.01);
  });

  test("a player's home does not shift either, once the browser has seen them signed in", async () => {
    const { page } = await harness.open('/', { ...PHONE, as: 'player' });
    await expect.poll(() => page.getByTestId('welcome-line').textContent()).toMatch(/^Welcome, /);
    const release = await holdSessionCheck(page);
    await page.reload();
    await page.locator('main h1').first().waitFor();
    // Still checking: no visitor's banner and no Sign In drawn meanwhile.
    await expect.poll(() => page.getByRole('region', { name: 'Welcome!' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    const answered = page.waitForResponse('**/api/me');
    release();
    await answered;
    await expect.poll(() => page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
    await settle(page);
    const shifts = await layoutShifts(page);
    expect(shifts.total, shifts.moved.join('\n')).toBeLessThan(0.01);
  });
});
