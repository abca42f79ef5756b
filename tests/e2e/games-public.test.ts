import type { Locator, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { TUTORIAL_IMAGES } from '../../src/web/features/help/tutorial-content';
import { expectNoSeriousViolations, type OpenOptions, toast, useBrowserHarness } from '../support/e2e';
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

/** A fresh browser context (a visitor unless `as` says), once the page's h1 shows. */
async function open(path: string, options: OpenOptions = {}): Promise<Page> {
  return (await harness.open(path, options)).page;
}

const gamesArea = (page: Page) => page.getByRole('region', { name: 'Games' });
const activeTab = (page: Page) => page.getByRole('tab', { name: 'Active Games' });
const completedTab = (page: Page) => page.getByRole('tab', { name: 'Completed Games' });
const panel = (page: Page) => page.getByRole('tabpanel');
const cards = (scope: Page | Locator) => scope.getByTestId('game-card');
const card = (scope: Page | Locator, title: string) => cards(scope).filter({ has: scope.getByRole('link', { name: title }) });

async function cardTitles(scope: Page | Locator): Promise<string[]> {
  await cards(scope).first().waitFor();
  return cards(scope).getByRole('link').allTextContents();
}

describe('with no games', () => {
  test('the home tabs and /all-games show the empty states word for word', async () => {
    const page = await open('/');
    const empty = panel(page).getByTestId('games-empty');
    await expect.poll(() => empty.textContent()).toBe('No games available at the moment.');
    await expect.poll(() => activeTab(page).getAttribute('aria-selected')).toBe('true');
    await completedTab(page).click();
    await expect.poll(() => completedTab(page).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => panel(page).getByTestId('games-empty').textContent()).toBe('No games available at the moment.');

    await page.goto(server.url + '/all-games');
    await page.getByRole('heading', { name: 'No Games Available', level: 2 }).waitFor();
    await expect.poll(() => page.getByTestId('games-empty').textContent()).toBe('No Games AvailableCheck back later for new games!');
    await expect.poll(() => page.getByText('Check back later for new games!', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => cards(page).count()).toBe(0);
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
    await expect.poll(() => cardTitles(panel(page))).toEqual(['Kickoff Classic', 'Open Bowl']);

    const open1 = card(page, 'Open Bowl');
    await expect.poll(() => open1.getByTestId('game-badge').textContent()).toBe('Active');
    await expect.poll(() => open1.getByTestId('game-teams').textContent()).toBe('Eagles vs Chiefs');
    await expect.poll(() => open1.getByTestId('game-type').textContent()).toBe('NFL Football');
    await expect.poll(() => open1.getByTestId('game-claimed').textContent()).toBe('42/100 squares claimed');
    const bar = open1.getByRole('progressbar');
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('42');
    await expect.poll(() => bar.getAttribute('aria-valuemax')).toBe('100');
    await expect.poll(() => bar.getAttribute('aria-valuetext')).toBe('42/100 squares claimed');
    await expect.poll(() => open1.getByTestId('game-price').textContent()).toBe('$10.00');
    await expect.poll(() => open1.getByTestId('game-pot').textContent()).toBe('$420.00');
    // D12: the payout shares on the card (issue 11).
    await expect.poll(() => open1.getByTestId('game-payouts').textContent()).toBe('Q1-Q3 25% · Final 25%');

    const kickoff = card(page, 'Kickoff Classic');
    await expect.poll(() => kickoff.getByTestId('game-badge').textContent()).toBe('In Progress');
    await expect.poll(() => kickoff.getByTestId('game-type').textContent()).toBe('College Football');
    await expect.poll(() => kickoff.getByTestId('game-claimed').textContent()).toBe('100/100 squares claimed');
    await expect.poll(() => kickoff.getByTestId('game-price').textContent()).toBe('$25.00');
    await expect.poll(() => kickoff.getByTestId('game-pot').textContent()).toBe('$2,500.00');
    await expect.poll(() => kickoff.getByTestId('game-payouts').textContent()).toBe('Q1-Q3 20% · Final 40%');

    // One link per card, named by the title, to the board; nothing else in the card is interactive.
    for (const [title, id] of [
      ['Open Bowl', ids.open],
      ['Kickoff Classic', ids.kickoff],
    ] as const) {
      const links = card(page, title).getByRole('link');
      await expect.poll(() => links.count()).toBe(1);
      await expect.poll(() => links.getAttribute('href')).toBe(`/game/${id}`);
      await expect.poll(() => card(page, title).locator('button, input, select, textarea, [tabindex]').count()).toBe(0);
    }

    await completedTab(page).click();
    await expect.poll(() => cardTitles(panel(page))).toEqual(['Last Season Final']);
    const final = card(page, 'Last Season Final');
    await expect.poll(() => final.getByTestId('game-badge').textContent()).toBe('Closed');
    await expect.poll(() => final.getByTestId('game-teams').textContent()).toBe('Celtics vs Lakers');
    await expect.poll(() => final.getByTestId('game-type').textContent()).toBe('NBA Basketball');
    await expect.poll(() => final.getByTestId('game-price').textContent()).toBe('$5.00');
    await expect.poll(() => final.getByTestId('game-pot').textContent()).toBe('$500.00');
    await expect.poll(() => final.getByTestId('game-payouts').textContent()).toBe('Q1-Q3 20% · Final 20% · Organizer 20%');

    // Visitors get no admin links; everyone gets the way to /all-games.
    await expect.poll(() => page.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'Create New Game' }).count()).toBe(0);
    await expect.poll(() => gamesArea(page).getByRole('link', { name: 'Browse Games' }).getAttribute('href')).toBe('/all-games');

    await expectNoSeriousViolations(page);
  });

  test('the tabs work from the keyboard and name their panel: arrows choose, the chosen tab labels the one panel shown', async () => {
    const page = await open('/');
    await cardTitles(panel(page));
    const wiring = async () => {
      const chosen = page.getByRole('tab', { selected: true });
      return {
        chosen: await chosen.textContent(),
        panels: await panel(page).count(),
        controls: (await chosen.getAttribute('aria-controls')) === (await panel(page).getAttribute('id')),
        labelledBy: (await panel(page).getAttribute('aria-labelledby')) === (await chosen.getAttribute('id')),
      };
    };
    await expect.poll(() => wiring()).toEqual({ chosen: 'Active Games', panels: 1, controls: true, labelledBy: true });
    await activeTab(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Completed Games');
    await expect.poll(() => cards(panel(page)).getByRole('link').allTextContents()).toEqual(['Last Season Final']);
    await expect.poll(() => wiring()).toEqual({ chosen: 'Completed Games', panels: 1, controls: true, labelledBy: true });
    // The panel is in the tab order (like Radix's own), so a keyboard can reach it past the list.
    await expect.poll(() => panel(page).getAttribute('tabindex')).toBe('0');
    await page.keyboard.press('Home');
    await expect.poll(() => cards(panel(page)).getByRole('link').allTextContents()).toEqual(['Kickoff Classic', 'Open Bowl']);
    await expect.poll(() => wiring()).toEqual({ chosen: 'Active Games', panels: 1, controls: true, labelledBy: true });
  });

  test('a player sees every game on /all-games, newest first, and following a card opens its board', async () => {
    const page = await open('/all-games', { as: 'player' });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('All Games');
    await expect.poll(() => page.title()).toBe('All Games · Squares Pool');
    await expect.poll(() => cardTitles(page)).toEqual(['Last Season Final', 'Kickoff Classic', 'Open Bowl']);
    await expect.poll(() => cards(page).getByTestId('game-badge').allTextContents()).toEqual(['Closed', 'In Progress', 'Active']);
    await expect
      .poll(() => cards(page).getByTestId('game-claimed').allTextContents())
      .toEqual(['100/100 squares claimed', '100/100 squares claimed', '42/100 squares claimed']);
    await expect.poll(() => cards(page).getByTestId('game-pot').allTextContents()).toEqual(['$500.00', '$2,500.00', '$420.00']);
    await expect
      .poll(() => cards(page).getByTestId('game-payouts').allTextContents())
      .toEqual(['Q1-Q3 20% · Final 20% · Organizer 20%', 'Q1-Q3 20% · Final 40%', 'Q1-Q3 25% · Final 25%']);
    await expectNoSeriousViolations(page);

    // The home page shows the player the tabs but not the admin links.
    await page.goto(server.url + '/');
    await expect.poll(() => cardTitles(panel(page))).toEqual(['Kickoff Classic', 'Open Bowl']);
    await page.getByTestId('welcome-line').filter({ hasText: 'Welcome, ' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'Create New Game' }).count()).toBe(0);

    // The whole card is the link's target: a click anywhere on it goes to the board.
    const potText = card(page, 'Open Bowl').getByTestId('game-pot');
    await potText.scrollIntoViewIfNeeded();
    const pot = (await potText.boundingBox())!;
    const [x, y] = [pot.x + pot.width / 2, pot.y + pot.height / 2];
    await expect.poll(() => page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.tagName, [x, y])).toBe('A');
    await page.mouse.click(x, y);
    await expect.poll(() => page.url()).toBe(`${server.url}/game/${ids.open}`);
  });

  test('an admin sees Admin Dashboard and Create New Game on the home page', async () => {
    const page = await open('/', { as: 'admin' });
    const dashboard = gamesArea(page).getByRole('link', { name: 'Admin Dashboard' });
    await dashboard.waitFor();
    await expect.poll(() => dashboard.getAttribute('href')).toBe('/admin');
    await expect.poll(() => gamesArea(page).getByRole('link', { name: 'Create New Game' }).getAttribute('href')).toBe('/admin/games/new');
  });

  test('at 375 px the cards fit the screen', async () => {
    for (const path of ['/', '/all-games']) {
      const page = await open(path, { width: 375, height: 812 });
      await cards(page).first().waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: path }).toBeLessThanOrEqual(0);
      await expect.poll(() => cards(page).first().boundingBox(), { message: path }).toSatisfy((box) => box !== null && box.x >= 0 && box.x + box.width <= 375);
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
      await expect.poll(() => image.getAttribute('alt')).toBe(shown.description);
      await expect.poll(() => image.getAttribute('src')).toBe(shown.src);
      // Loaded under the CSP (img-src 'self'): the picture has its real size.
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(720);
      await expect.poll(() => dialog.getByText(`${n}. ${shown.title}`).isVisible()).toBe(true);
    };

    await expectImage(1);
    // D36: the tutorial speaks of every board size, not only 10x10.
    await expect.poll(() => dialog.getByText('Choose any empty squares on the board of 100, 50 or 25 squares.', { exact: false }).isVisible()).toBe(true);
    // Focus starts on Next.
    await expect.poll(() => dialog.getByRole('button', { name: 'Next' }).evaluate((el) => el === document.activeElement)).toBe(true);
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
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);

    // Opening again starts at the first image.
    await button.click();
    await expect.poll(() => page.getByRole('dialog').getByTestId('tutorial-counter').textContent()).toBe('Image 1 of 2');
    await expectNoSeriousViolations(page);
  });

  test('an image that cannot be loaded is replaced by its description', async () => {
    const page = await open('/', {
      prepare: (p) => p.route('**/tutorial/*.svg', (route) => route.fulfill({ status: 404, body: 'Not found' })),
    });
    await page.getByRole('button', { name: 'Visual Tutorial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Visual Tutorial' });
    const fallback = dialog.getByTestId('tutorial-fallback');
    await fallback.waitFor();
    await expect.poll(() => fallback.textContent()).toBe(first.description);
    await expect.poll(() => dialog.getByRole('img').count()).toBe(0);

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
    await expect.poll(() => loading.getByTestId('game-card-skeleton').count()).toBe(6);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading games...' }).count()).toBe(1);

    release();
    await cards(page).first().waitFor();
    await expect.poll(() => page.getByTestId('game-card-skeleton').count()).toBe(0);

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
    await expect.poll(() => panel(home).getByTestId('game-card-skeleton').count()).toBeGreaterThan(0);
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
    await expect.poll(() => alert.textContent()).toContain('Failed to load games');

    await page.unroute('**/api/games');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => cardTitles(page)).toEqual(['Last Season Final', 'Kickoff Classic', 'Open Bowl']);
    await expect.poll(() => page.getByRole('main').getByRole('alert').count()).toBe(0);
  });

  test('the home page shows an error with retry in its tabs when the games cannot be loaded', async () => {
    const page = await open('/', {
      prepare: (p) => p.route('**/api/games', (route) => route.fulfill({ status: 500, body: '' })),
    });
    const alert = panel(page).getByRole('alert');
    await alert.waitFor();
    await expect.poll(() => alert.textContent()).toContain('Failed to load games');
    await page.unroute('**/api/games');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => cardTitles(panel(page))).toEqual(['Kickoff Classic', 'Open Bowl']);
  });
});
