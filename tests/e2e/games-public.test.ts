import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { TUTORIAL_IMAGES } from '../../src/web/content/tutorial';
import type { PageOptions } from '../support/browser';
import { signInBrowser, useBrowserHarness } from '../support/e2e';
import { insertGame } from '../support/fixtures';
import type { TestServer } from '../support/server';

// Issue 4, public part: the home page's game tabs and Visual Tutorial, and /all-games, on the
// production build (dist/web) served by the real app under its CSP, with games written to the
// database directly.

// ADMIN_EMAILS names nobody here, so the first account to confirm does not become admin (D8):
// players stay players and the admin test sets the flag itself.
const harness = useBrowserHarness({ env: { ADMIN_EMAILS: 'organizer@example.com' } });
let server: TestServer;
beforeAll(() => {
  ({ server } = harness);
});

type Who = 'visitor' | 'player' | 'admin';

/** A fresh browser context, signed in as asked; `prepare` runs before the first request (routes). */
async function open(
  path: string,
  options: PageOptions & { as?: Who; prepare?: (page: Page) => Promise<unknown>; waitFor?: 'h1' | 'none' } = {},
): Promise<Page> {
  const { as = 'visitor', prepare, waitFor = 'h1', ...pageOptions } = options;
  const { context, page } = await harness.newPage(pageOptions);
  if (as !== 'visitor') await signInBrowser(context, server, { admin: as === 'admin' });
  await prepare?.(page);
  await page.goto(server.url + path);
  if (waitFor === 'h1') await page.locator('main h1').first().waitFor();
  return page;
}

const gamesArea = (page: Page) => page.getByRole('region', { name: 'Games' });
const activeTab = (page: Page) => page.getByRole('tab', { name: 'Active Games' });
const completedTab = (page: Page) => page.getByRole('tab', { name: 'Completed Games' });
const panel = (page: Page) => page.getByRole('tabpanel');
const cards = (scope: Page | Locator) => scope.getByTestId('game-card');
const card = (scope: Page | Locator, title: string) => cards(scope).filter({ has: scope.getByRole('link', { name: title }) });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();

async function cardTitles(scope: Page | Locator): Promise<string[]> {
  await cards(scope).first().waitFor();
  return cards(scope).getByRole('link').allTextContents();
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

describe('with no games', () => {
  test('the home tabs and /all-games show the empty states word for word', async () => {
    const page = await open('/');
    const empty = panel(page).getByTestId('games-empty');
    expect(await empty.textContent()).toBe('No games available at the moment.');
    expect(await activeTab(page).getAttribute('aria-selected')).toBe('true');
    await completedTab(page).click();
    expect(await completedTab(page).getAttribute('aria-selected')).toBe('true');
    expect(await panel(page).getByTestId('games-empty').textContent()).toBe('No games available at the moment.');

    await page.goto(server.url + '/all-games');
    await page.getByRole('heading', { name: 'No Games Available', level: 2 }).waitFor();
    expect(await page.getByTestId('games-empty').textContent()).toBe('No Games AvailableCheck back later for new games!');
    expect(await page.getByText('Check back later for new games!', { exact: true }).isVisible()).toBe(true);
    expect(await cards(page).count()).toBe(0);
  });
});

describe('with games', () => {
  const ids: Record<'open' | 'kickoff' | 'final', string> = { open: '', kickoff: '', final: '' };

  beforeAll(async () => {
    const handle = server.db.handle;
    // Oldest first; the lists show newest first.
    ids.open = await insertGame(handle, {
      title: 'Open Bowl',
      team_a: 'Eagles',
      team_b: 'Chiefs',
      game_type: 'nfl',
      price_per_square_cents: 1000,
      squares_claimed: 42,
      total_pot_cents: 42_000,
      created_at: '2026-01-01T18:00:00.000Z',
    });
    ids.kickoff = await insertGame(handle, {
      title: 'Kickoff Classic',
      team_a: 'Wolverines',
      team_b: 'Buckeyes',
      game_type: 'college-football',
      price_per_square_cents: 2500,
      squares_claimed: 100,
      total_pot_cents: 250_000,
      grid_shuffled: true,
      payout_schedule: 'final-heavy',
      created_at: '2026-01-02T18:00:00.000Z',
    });
    ids.final = await insertGame(handle, {
      title: 'Last Season Final',
      team_a: 'Celtics',
      team_b: 'Lakers',
      game_type: 'nba',
      price_per_square_cents: 500,
      squares_claimed: 100,
      total_pot_cents: 50_000,
      is_active: false,
      grid_shuffled: true,
      payout_schedule: 'organizer-20',
      created_at: '2026-01-03T18:00:00.000Z',
    });
  });

  test('a visitor sees active games under Active Games and completed ones under Completed Games, with badge, progress and money', async () => {
    const page = await open('/');
    expect(await cardTitles(panel(page))).toEqual(['Kickoff Classic', 'Open Bowl']);

    const open1 = card(page, 'Open Bowl');
    expect(await open1.getByTestId('game-badge').textContent()).toBe('Active');
    expect(await open1.getByTestId('game-teams').textContent()).toBe('Eagles vs Chiefs');
    expect(await open1.getByTestId('game-type').textContent()).toBe('NFL Football');
    expect(await open1.getByTestId('game-claimed').textContent()).toBe('42/100 squares claimed');
    const bar = open1.getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('42');
    expect(await bar.getAttribute('aria-valuemax')).toBe('100');
    expect(await bar.getAttribute('aria-valuetext')).toBe('42/100 squares claimed');
    expect(await open1.getByTestId('game-price').textContent()).toBe('$10.00');
    expect(await open1.getByTestId('game-pot').textContent()).toBe('$420.00');
    // D12: the payout shares on the card (issue 11).
    expect(await open1.getByTestId('game-payouts').textContent()).toBe('Q1-Q3 25% · Final 25%');

    const kickoff = card(page, 'Kickoff Classic');
    expect(await kickoff.getByTestId('game-badge').textContent()).toBe('In Progress');
    expect(await kickoff.getByTestId('game-type').textContent()).toBe('College Football');
    expect(await kickoff.getByTestId('game-claimed').textContent()).toBe('100/100 squares claimed');
    expect(await kickoff.getByTestId('game-price').textContent()).toBe('$25.00');
    expect(await kickoff.getByTestId('game-pot').textContent()).toBe('$2,500.00');
    expect(await kickoff.getByTestId('game-payouts').textContent()).toBe('Q1-Q3 20% · Final 40%');

    // One link per card, named by the title, to the board; nothing else in the card is interactive.
    for (const [title, id] of [
      ['Open Bowl', ids.open],
      ['Kickoff Classic', ids.kickoff],
    ] as const) {
      const links = card(page, title).getByRole('link');
      expect(await links.count()).toBe(1);
      expect(await links.getAttribute('href')).toBe(`/game/${id}`);
      expect(await card(page, title).locator('button, input, select, textarea, [tabindex]').count()).toBe(0);
    }

    await completedTab(page).click();
    expect(await cardTitles(panel(page))).toEqual(['Last Season Final']);
    const final = card(page, 'Last Season Final');
    expect(await final.getByTestId('game-badge').textContent()).toBe('Closed');
    expect(await final.getByTestId('game-teams').textContent()).toBe('Celtics vs Lakers');
    expect(await final.getByTestId('game-type').textContent()).toBe('NBA Basketball');
    expect(await final.getByTestId('game-price').textContent()).toBe('$5.00');
    expect(await final.getByTestId('game-pot').textContent()).toBe('$500.00');
    expect(await final.getByTestId('game-payouts').textContent()).toBe('Q1-Q3 20% · Final 20% · Organizer 20%');

    // Visitors get no admin links; everyone gets the way to /all-games.
    expect(await page.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Create New Game' }).count()).toBe(0);
    expect(await gamesArea(page).getByRole('link', { name: 'Browse Games' }).getAttribute('href')).toBe('/all-games');

    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a player sees every game on /all-games, newest first, and following a card opens its board', async () => {
    const page = await open('/all-games', { as: 'player' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('All Games');
    await expect(page.title()).resolves.toBe('All Games · Squares Pool');
    expect(await cardTitles(page)).toEqual(['Last Season Final', 'Kickoff Classic', 'Open Bowl']);
    const badges = await cards(page).getByTestId('game-badge').allTextContents();
    expect(badges).toEqual(['Closed', 'In Progress', 'Active']);
    expect(await cards(page).getByTestId('game-claimed').allTextContents()).toEqual([
      '100/100 squares claimed',
      '100/100 squares claimed',
      '42/100 squares claimed',
    ]);
    expect(await cards(page).getByTestId('game-pot').allTextContents()).toEqual(['$500.00', '$2,500.00', '$420.00']);
    expect(await cards(page).getByTestId('game-payouts').allTextContents()).toEqual([
      'Q1-Q3 20% · Final 20% · Organizer 20%',
      'Q1-Q3 20% · Final 40%',
      'Q1-Q3 25% · Final 25%',
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    // The home page shows the player the tabs but not the admin links.
    await page.goto(server.url + '/');
    expect(await cardTitles(panel(page))).toEqual(['Kickoff Classic', 'Open Bowl']);
    await page.getByTestId('welcome-line').filter({ hasText: 'Welcome, ' }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Create New Game' }).count()).toBe(0);

    // The whole card is the link's target: a click anywhere on it goes to the board.
    const potText = card(page, 'Open Bowl').getByTestId('game-pot');
    await potText.scrollIntoViewIfNeeded();
    const pot = (await potText.boundingBox())!;
    const [x, y] = [pot.x + pot.width / 2, pot.y + pot.height / 2];
    expect(await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.tagName, [x, y])).toBe('A');
    await page.mouse.click(x, y);
    await expect.poll(() => page.url()).toBe(`${server.url}/game/${ids.open}`);
  });

  test('an admin sees Admin Dashboard and Create New Game on the home page', async () => {
    const page = await open('/', { as: 'admin' });
    const dashboard = gamesArea(page).getByRole('link', { name: 'Admin Dashboard' });
    await dashboard.waitFor();
    expect(await dashboard.getAttribute('href')).toBe('/admin');
    expect(await gamesArea(page).getByRole('link', { name: 'Create New Game' }).getAttribute('href')).toBe('/admin/games/new');
  });

  test('at 375 px the cards fit the screen', async () => {
    for (const path of ['/', '/all-games']) {
      const page = await open(path, { width: 375, height: 812 });
      await cards(page).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      const box = await cards(page).first().boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
  });
});

describe('Visual Tutorial', () => {
  const [first, second] = TUTORIAL_IMAGES as [(typeof TUTORIAL_IMAGES)[0], (typeof TUTORIAL_IMAGES)[0]];

  test('pages through the 2 images, wraps around at both ends, and closes back to its button', async () => {
    const page = await open('/');
    const button = page.getByRole('button', { name: 'Visual Tutorial' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Visual Tutorial' });
    await dialog.waitFor();
    const counter = dialog.getByTestId('tutorial-counter');
    const image = dialog.getByRole('img');

    const expectImage = async (n: 1 | 2) => {
      const shown = n === 1 ? first : second;
      await expect.poll(() => counter.textContent()).toBe(`Image ${n} of 2`);
      expect(await image.getAttribute('alt')).toBe(shown.description);
      expect(await image.getAttribute('src')).toBe(shown.src);
      // Loaded under the CSP (img-src 'self'): the picture has its real size.
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(720);
      expect(await dialog.getByText(`${n}. ${shown.title}`).isVisible()).toBe(true);
    };

    await expectImage(1);
    // Focus starts on Next.
    expect(await dialog.getByRole('button', { name: 'Next' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expectImage(2);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expectImage(1);
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await expectImage(2);
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await expectImage(1);
    // The arrow keys page too.
    await page.keyboard.press('ArrowLeft');
    await expectImage(2);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

    // Opening again starts at the first image.
    await button.click();
    await expect.poll(() => page.getByRole('dialog').getByTestId('tutorial-counter').textContent()).toBe('Image 1 of 2');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an image that cannot be loaded is replaced by its description', async () => {
    const page = await open('/', {
      prepare: (p) => p.route('**/tutorial/*.svg', (route) => route.fulfill({ status: 404, body: 'Not found' })),
    });
    await page.getByRole('button', { name: 'Visual Tutorial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Visual Tutorial' });
    const fallback = dialog.getByTestId('tutorial-fallback');
    await fallback.waitFor();
    expect(await fallback.textContent()).toBe(first.description);
    expect(await dialog.getByRole('img').count()).toBe(0);

    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => dialog.getByTestId('tutorial-counter').textContent()).toBe('Image 2 of 2');
    await expect.poll(() => dialog.getByTestId('tutorial-fallback').textContent()).toBe(second.description);
  });
});

describe('loading and errors', () => {
  test('placeholders show while the games load: 6 on /all-games, skeleton cards on the home page', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const page = await open('/all-games', {
      prepare: (p) =>
        p.route('**/api/games', async (route) => {
          await released;
          await route.continue();
        }),
    });
    const loading = page.getByTestId('games-loading');
    await loading.waitFor();
    expect(await loading.getByTestId('game-card-skeleton').count()).toBe(6);
    expect(await page.getByRole('status').filter({ hasText: 'Loading games...' }).count()).toBe(1);

    release();
    await cards(page).first().waitFor();
    expect(await page.getByTestId('game-card-skeleton').count()).toBe(0);

    let releaseHome!: () => void;
    const homeReleased = new Promise<void>((resolve) => (releaseHome = resolve));
    const home = await open('/', {
      prepare: (p) =>
        p.route('**/api/games', async (route) => {
          await homeReleased;
          await route.continue();
        }),
    });
    await panel(home).getByTestId('games-loading').waitFor();
    expect(await panel(home).getByTestId('game-card-skeleton').count()).toBeGreaterThan(0);
    releaseHome();
    await cards(panel(home)).first().waitFor();
  });

  test('a failing API gives the toast "Failed to load games" and an error with retry on /all-games', async () => {
    const fail = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } }),
      });
    const page = await open('/all-games', { prepare: (p) => p.route('**/api/games', fail) });
    await toast(page, 'Failed to load games').waitFor();
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Failed to load games');

    await page.unroute('**/api/games');
    await alert.getByRole('button', { name: 'Try again' }).click();
    expect(await cardTitles(page)).toEqual(['Last Season Final', 'Kickoff Classic', 'Open Bowl']);
    expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
  });

  test('the home page shows an error with retry in its tabs when the games cannot be loaded', async () => {
    const page = await open('/', {
      prepare: (p) => p.route('**/api/games', (route) => route.fulfill({ status: 500, body: '' })),
    });
    const alert = panel(page).getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Failed to load games');
    await page.unroute('**/api/games');
    await alert.getByRole('button', { name: 'Try again' }).click();
    expect(await cardTitles(panel(page))).toEqual(['Kickoff Classic', 'Open Bowl']);
  });
});
