import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { GameDayView } from '../../src/core/api/game-day';
import { CART_TEXTS } from '../../src/core/cart-check';
import { SAME_ORIGIN, testAccount, type TestAccount } from '../support/accounts';
import type { PageOptions } from '../support/browser';
import { cell, expectNoSeriousViolations, heading, horizontalOverflow, openAdminSection, uniqueTitle, useBrowserHarness, shoot } from '../support/e2e';
import { insertGame } from '../support/fixtures';
import { sellSquares } from '../support/game-day';
import type { TestServer } from '../support/server';

// Issue 14 part 4 and D44's cart count: the home page for people who come back (their games
// first, the games within the first phone screen), All Games and the cart's count in the
// navigation, the admin game page with one board in two modes, and disabled controls that look
// disabled. Home is checked at 375 and 1280 px, light and dark; with SHOTS_DIR set, the pages are also photographed.

const harness = useBrowserHarness();
let server: TestServer;
let admin: TestAccount;
let alice: TestAccount;
let bob: TestAccount;

const SHOTS = process.env.SHOTS_DIR;
const PHONE = { width: 375, height: 667 } as const;
const DESKTOP = { width: 1280, height: 900 } as const;

beforeAll(async () => {
  ({ server } = harness);
  admin = await testAccount(server, { admin: true });
  [alice, bob] = await Promise.all([testAccount(server, { prefix: 'alice' }), testAccount(server, { prefix: 'bob' })]);
});

/** A game on sale: alice owns rows 1-2, bob row 3; the rest is free. */
async function sellingGame(prefix: string): Promise<{ id: string; title: string }> {
  const title = uniqueTitle(prefix);
  const id = await insertGame(server.db.handle, { title, team_a: 'Lions', team_b: 'Bears' });
  await sellSquares(server.db.handle, id, (x) => (x < 2 ? alice.id : x === 2 ? bob.id : null));
  return { id, title };
}

async function adminApi<T>(method: 'POST' | 'PUT', url: string, payload: object): Promise<T> {
  const res = await server.app.inject({ method, url, headers: { origin: SAME_ORIGIN, cookie: admin.cookie }, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** A full game with the numbers drawn and revealed and Q1 confirmed on alice's square at row 1, column 3 (its payout pending). */
async function gameAfterQ1(prefix: string) {
  const title = uniqueTitle(prefix);
  const id = await insertGame(server.db.handle, { title, team_a: 'Lions', team_b: 'Bears' });
  await sellSquares(server.db.handle, id, (x, y) => ((x + y) % 2 === 0 ? alice.id : bob.id));
  await adminApi('POST', `/api/admin/games/${id}/numbers/randomize`, {});
  const view = await adminApi<GameDayView>('PUT', `/api/admin/games/${id}/numbers/visibility`, { revealed: true });
  const winning = { x: 0, y: 2 };
  await adminApi('PUT', `/api/admin/games/${id}/periods/1`, {
    team_a_score: 10 + view.numbers!.x_axis_numbers[winning.x]!,
    team_b_score: 20 + view.numbers!.y_axis_numbers[winning.y]!,
  });
  return { id, title, winning };
}

const top = async (locator: Locator): Promise<number> => (await locator.boundingBox())!.y;
const bottom = async (locator: Locator): Promise<number> => {
  const box = (await locator.boundingBox())!;
  return box.y + box.height;
};

// --- Home -----------------------------------------------------------------------------------------

describe('home for people who come back', () => {
  test("a signed-in player's own games come first, within the first phone screen; the open games next; How to Play after them", async () => {
    // A regular with squares in four games.
    const regular = await testAccount(server, { prefix: 'regular' });
    const games = [];
    for (const n of [1, 2, 3, 4]) {
      const title = uniqueTitle(`Pool ${n}`);
      const id = await insertGame(server.db.handle, { title, team_a: 'Lions', team_b: 'Bears' });
      await sellSquares(server.db.handle, id, (x, y) => (x === 0 && y < n ? regular.id : null));
      games.push({ id, title });
    }
    const game = games[3]!;
    const { page } = await harness.open('/', { as: regular, ...PHONE });
    const mine = page.getByTestId('your-game');
    await mine.first().waitFor();
    await expect.poll(() => heading(page).textContent()).toBe('Squares Pool');
    // Three of them on a phone (My Squares has them all); each card is a link to its board.
    const card = mine.filter({ hasText: game.title });
    await expect.poll(() => card.textContent()).toContain('Lions vs Bears · 4 squares');
    await expect.poll(() => mine.filter({ visible: true }).count()).toBe(3);
    await expect.poll(() => page.getByRole('link', { name: 'My Squares' }).last().getAttribute('href')).toBe('/my-squares');
    const firstLink = mine.first().getByRole('link');
    const firstTitle = await firstLink.textContent();
    await expect.poll(() => firstLink.getAttribute('href')).toBe(`/game/${games.find((g) => g.title === firstTitle)?.id}`);
    // The first card of the player's games is whole on the first screen; the open games start on it too.
    await expect.poll(() => bottom(mine.first())).toBeLessThanOrEqual(PHONE.height);
    const openGames = page.getByRole('region', { name: 'Games', exact: true });
    await openGames.getByTestId('game-card').first().waitFor();
    await expect.poll(() => top(openGames.getByTestId('game-card').first())).toBeLessThan(PHONE.height);
    // Games first, How to Play (with the Visual Tutorial) after them.
    const howTo = page.getByRole('region', { name: 'How to Play' });
    const order = async () => ({ yours: await top(page.getByRole('region', { name: 'Your games' })), games: await top(openGames), howTo: await top(howTo) });
    await expect.poll(order).toSatisfy(({ yours, games, howTo }) => yours < games && games < howTo);
    await expect.poll(() => howTo.getByRole('listitem').count()).toBe(4);
    await expect.poll(() => howTo.getByRole('button', { name: 'Visual Tutorial' }).count()).toBe(1);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await expectNoSeriousViolations(page);
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => mine.filter({ visible: true }).count()).toBe(4);

    // A player without squares: no "Your games"; the open games are on the first screen.
    const { page: fresh } = await harness.open('/', { as: 'player', ...PHONE });
    const first = fresh.getByRole('region', { name: 'Games', exact: true }).getByTestId('game-card').first();
    await first.waitFor();
    await expect.poll(() => top(first)).toBeLessThan(PHONE.height);
    await expect.poll(() => fresh.getByTestId('your-games').count()).toBe(0);
  });

  test('a visitor keeps a short hero and the Welcome! banner, and the games start on the first phone screen', async () => {
    await sellingGame('Visitor Bowl');
    const { page } = await harness.open('/', PHONE);
    const banner = page.getByRole('region', { name: 'Welcome!' });
    await expect.poll(() => banner.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
    await expect.poll(() => banner.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
    const first = page.getByRole('region', { name: 'Games', exact: true }).getByTestId('game-card').first();
    await first.waitFor();
    await expect.poll(() => top(first)).toBeLessThan(PHONE.height);
    const order = async () => ({
      games: await top(page.getByRole('region', { name: 'Games', exact: true })),
      howTo: await top(page.getByRole('region', { name: 'How to Play' })),
    });
    await expect.poll(order).toSatisfy(({ games, howTo }) => games < howTo);
  });
});

// --- Navigation -----------------------------------------------------------------------------------

describe('the navigation', () => {
  test('All Games is in the navigation on a desktop and in the phone menu', async () => {
    const { page } = await harness.open('/', DESKTOP);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('group').first().getByRole('link').allTextContents()).toEqual(['Home', 'All Games', 'How to Play']);
    await nav.getByRole('link', { name: 'All Games' }).click();
    await page.waitForURL(`${server.url}/all-games`);
    await expect.poll(() => heading(page).textContent()).toBe('All Games');
    await expect.poll(() => nav.getByRole('link', { name: 'All Games' }).getAttribute('aria-current')).toBe('page');

    const { page: phone } = await harness.open('/', { as: alice, ...PHONE });
    await phone.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'All Games' }).click();
    await phone.waitForURL(`${server.url}/all-games`);
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => heading(phone).textContent()).toBe('All Games');
  });

  test("the cart's count shows in the navigation and follows squares picked and removed, across games", async () => {
    const one = await sellingGame('Count Bowl');
    const two = await sellingGame('Other Count Bowl');
    const player = await testAccount(server, { prefix: 'counter' });
    const { page } = await harness.open(`/game/${one.id}`, { as: player, ...DESKTOP });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const cartNamed = (scope: Locator, name: string) => scope.getByRole('link', { name, exact: true });
    await cartNamed(nav, 'Cart').waitFor();
    await expect.poll(() => nav.getByTestId('cart-count').count()).toBe(0);

    await cell(page, 5, 5).click();
    await cartNamed(nav, 'Cart, 1 square').waitFor();
    await cell(page, 5, 6).click();
    await cartNamed(nav, 'Cart, 2 squares').waitFor();
    await expect.poll(() => nav.getByTestId('cart-count').textContent()).toBe('2');

    // A square of another game adds to the same count.
    await page.goto(`${server.url}/game/${two.id}`);
    await cell(page, 7, 7).click();
    await cartNamed(nav, 'Cart, 3 squares').waitFor();
    await expectNoSeriousViolations(page);

    // On a phone the top bar shows it; removing squares in the cart counts down, live.
    await page.setViewportSize(PHONE);
    const bar = page.getByRole('banner');
    await cartNamed(bar, 'Cart, 3 squares').waitFor();
    await expect.poll(() => bar.getByTestId('cart-count').textContent()).toBe('3');
    await shoot(page, 'top-bar-cart-375', false);
    await cartNamed(bar, 'Cart, 3 squares').click();
    await page.waitForURL(`${server.url}/cart`);
    await page.getByRole('button', { name: 'Remove square Row 6, column 6 from cart' }).click();
    await cartNamed(bar, 'Cart, 2 squares').waitFor();
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await page.getByTestId('clear-cart-dialog').getByRole('button', { name: CART_TEXTS.clearConfirm }).click();
    await cartNamed(bar, 'Cart').waitFor();
    await expect.poll(() => bar.getByTestId('cart-count').count()).toBe(0);
  });
});

// --- The admin game page's one board --------------------------------------------------------------

const modeTab = (page: Page, name: 'Board tools' | 'Pick winners') => page.getByTestId('admin-board').getByRole('tab', { name });
const toolCell = (page: Page, x: number, y: number) => page.getByTestId('board-tools').locator(`button[data-x="${x}"][data-y="${y}"]`);
const selectionCell = (page: Page, x: number, y: number) => page.locator(`[data-testid="selection-grid"] button[data-x="${x}"][data-y="${y}"]`);

describe('the admin game page', () => {
  test('while squares sell: one grid, Board tools first; Pick winners says the numbers come first', async () => {
    const game = await sellingGame('One Board Bowl');
    const { page } = await harness.open(`/admin/game/${game.id}`, { as: admin, ...DESKTOP });
    await page.getByTestId('board-tools').waitFor();
    await expect.poll(() => page.getByRole('grid').count()).toBe(1);
    await expect.poll(() => modeTab(page, 'Board tools').getAttribute('aria-selected')).toBe('true');
    // No copy of the public board; the players' view is a link away.
    await expect.poll(() => page.getByTestId('board').count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'View the board as players see it' }).getAttribute('href')).toBe(`/game/${game.id}`);
    // The game-day card has no grid of its own here: Score Entry and Results & Payouts only.
    await openAdminSection(page, 'Game day');
    const controls = page.getByTestId('admin-game-day');
    await expect.poll(() => controls.getByRole('tab').allTextContents()).toEqual(['Score Entry', 'Results & Payouts']);
    await expect.poll(() => controls.getByText("Enter each quarter's score as it ends, then pay its winner their share of the pot.").count()).toBe(1);
    await openAdminSection(page, 'Board');

    // Board tools: the keyboard selects (arrows, Space), as before.
    await toolCell(page, 4, 4).click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press(' ');
    await expect.poll(() => page.getByTestId('selection-summary').textContent()).toBe('2 squares selected · 2 free');

    // Pick winners: the same place, one grid, disabled until the numbers are drawn.
    await modeTab(page, 'Pick winners').click();
    await page.getByTestId('grid-selection').waitFor();
    await expect.poll(() => page.getByRole('grid').count()).toBe(1);
    await page.getByText('Grid disabled - Please randomize numbers first').waitFor();
    await expect.poll(() => selectionCell(page, 0, 0).isDisabled()).toBe(true);
    await expectNoSeriousViolations(page);
    await modeTab(page, 'Board tools').click();
    await expect.poll(() => page.getByRole('grid').count()).toBe(1);
    await toolCell(page, 0, 0).waitFor();

    for (const colorScheme of ['light', 'dark'] as const) {
      for (const size of [PHONE, DESKTOP]) {
        const shot = await harness.open(`/admin/game/${game.id}`, { as: admin, ...size, colorScheme });
        await shot.page.getByTestId('board-tools').waitFor();
        await expect.poll(() => horizontalOverflow(shot.page), { message: `${size.width} ${colorScheme}` }).toBe(0);
        await shoot(shot.page, `admin-selling-${size.width}-${colorScheme}`);
      }
    }
  });

  test('after a quarter: Pick winners first, the winning square pays; Board tools on the same grid only marks paid', async () => {
    const game = await gameAfterQ1('Quarter Bowl');
    const { page } = await harness.open(`/admin/game/${game.id}#board`, { as: admin, ...DESKTOP });
    await page.getByTestId('grid-selection').waitFor();
    await expect.poll(() => modeTab(page, 'Pick winners').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByRole('grid').count()).toBe(1);
    await expect.poll(() => selectionCell(page, game.winning.x, game.winning.y).getAttribute('data-winning')).toBe('true');

    // The keyboard moves through the grid (one tab stop, arrows), Enter selects.
    await selectionCell(page, 1, 1).click();
    await page.getByText('Selected: Row 2, column 2').waitFor();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByText('Selected: Row 1, column 3').waitFor();
    await page.getByRole('button', { name: 'Confirm Selection & Process Payout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark Paid' }).click();
    await expect.poll(() => page.getByTestId('grid-message').textContent()).toBe(`Q1 payout to ${alice.username} marked as paid.`);
    await openAdminSection(page, 'Game day');
    await page.getByTestId('admin-game-day').getByRole('tab', { name: 'Results & Payouts' }).click();
    await expect.poll(() => page.locator('[data-testid="result-row"][data-period="1"]').getByTestId('payout-status').first().textContent()).toBe('Paid');
    await expectNoSeriousViolations(page);
    await openAdminSection(page, 'Board');

    await modeTab(page, 'Board tools').click();
    await page.getByTestId('board-tools-locked').waitFor();
    await expect.poll(() => page.getByRole('grid').count()).toBe(1);
    await expect.poll(() => page.getByTestId('board-tools-actions').getByRole('button', { name: 'Release' }).isDisabled()).toBe(true);

    for (const colorScheme of ['light', 'dark'] as const) {
      for (const size of [PHONE, DESKTOP]) {
        const shot = await harness.open(`/admin/game/${game.id}#board`, { as: admin, ...size, colorScheme });
        await shot.page.getByTestId('grid-selection').waitFor();
        await expect.poll(() => horizontalOverflow(shot.page), { message: `${size.width} ${colorScheme}` }).toBe(0);
        await shoot(shot.page, `admin-after-q1-${size.width}-${colorScheme}`);
      }
    }
    if (SHOTS) {
      const { page: screen } = await harness.open(`/admin/games/${game.id}/game-day`, { as: admin, ...DESKTOP });
      await screen.getByTestId('four-quarter-mode').waitFor();
      await shoot(screen, 'game-day-screen-1280-light');
    }
  });
});

// --- Disabled controls ----------------------------------------------------------------------------

interface Look {
  background: [number, number, number];
  color: [number, number, number];
  cursor: string;
  shadow: string;
}

/** A control's computed look, its colours as sRGB (the browser's own conversion, through a canvas). */
function lookOf(locator: Locator): Promise<Look> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const canvas = document.createElement('canvas').getContext('2d')!;
    const rgb = (color: string, under: string): [number, number, number] => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = under;
      canvas.fillRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!];
    };
    const page = getComputedStyle(document.body).backgroundColor;
    const background = rgb(style.backgroundColor, page);
    return { background, color: rgb(style.color, `rgb(${background.join(',')})`), cursor: style.cursor, shadow: style.boxShadow };
  });
}

function contrast(a: [number, number, number], b: [number, number, number]): number {
  const luminance = (rgb: [number, number, number]) =>
    rgb.map((v) => v / 255).reduce((sum, c, i) => sum + [0.2126, 0.7152, 0.0722][i]! * (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4), 0);
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('disabled controls', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`look disabled: grey, flat, no hover, a not-allowed cursor, still readable (${colorScheme})`, async () => {
      const game = await gameAfterQ1(`Disabled Bowl ${colorScheme}`);
      const options: PageOptions = { ...DESKTOP, colorScheme };
      const { page } = await harness.open(`/admin/game/${game.id}`, { as: admin, ...options });
      const controls = page.getByTestId('admin-game-day');
      // Filled (default variant): Randomize is locked after a score; Confirm Q2 is not.
      const randomize = controls.getByRole('button', { name: 'Randomize Numbers' });
      const confirmQ2 = controls.getByRole('button', { name: 'Confirm Q2' });
      await expect.poll(() => randomize.isDisabled()).toBe(true);
      await expect.poll(() => confirmQ2.isEnabled()).toBe(true);
      // Outline: Clear Numbers is locked too; Hide Numbers is not.
      const clear = controls.getByRole('button', { name: 'Clear Numbers' });
      const hide = controls.getByRole('button', { name: 'Hide Numbers' });
      await expect.poll(() => clear.isDisabled()).toBe(true);

      const [off, on, offOutline, onOutline] = await Promise.all([lookOf(randomize), lookOf(confirmQ2), lookOf(clear), lookOf(hide)]);
      expect(off.cursor).toBe('not-allowed');
      expect(offOutline.cursor).toBe('not-allowed');
      expect(on.cursor).toBe('pointer');
      expect(off.background).not.toEqual(on.background);
      expect(off.color).not.toEqual(on.color);
      expect(offOutline.color).not.toEqual(onOutline.color);
      // Both disabled variants share one grey look, flat; the text stays readable (4.5:1).
      expect(offOutline.background).toEqual(off.background);
      expect(off.shadow.replace(/rgba\(0, 0, 0, 0\) 0px 0px 0px 0px/g, '').replace(/[ ,]/g, ''), 'no shadow').toBe('');
      expect(contrast(off.color, off.background)).toBeGreaterThanOrEqual(4.5);
      // Hovering changes nothing.
      await randomize.hover({ force: true });
      await expect.poll(() => lookOf(randomize)).toEqual(off);
      await expectNoSeriousViolations(page);
    });
  }
});

// --- Home in both themes and sizes (photographed too with SHOTS_DIR) -------------------------------

describe('home in both themes at 375 and 1280 px', () => {
  test('a visitor and a signed-in player: no serious axe violation, nothing wider than the screen', { timeout: 120_000 }, async () => {
    await sellingGame('Shot Bowl');
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const size of [PHONE, DESKTOP]) {
        for (const who of ['visitor', 'player'] as const) {
          const { page } = await harness.open('/', { as: who === 'player' ? alice : 'visitor', ...size, colorScheme });
          await page.getByTestId('game-card').first().waitFor();
          if (who === 'player') await page.getByTestId('your-game').first().waitFor();
          const where = `${who}, ${size.width} px, ${colorScheme}`;
          await expect.poll(() => horizontalOverflow(page), { message: where }).toBeLessThanOrEqual(0);
          await expectNoSeriousViolations(page, where);
          await shoot(page, `home-${who}-${size.width}-${colorScheme}`, size === DESKTOP);
        }
      }
    }
  });
});
