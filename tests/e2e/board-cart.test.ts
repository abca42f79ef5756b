import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Cookie, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { BoardChangeEvent } from '../../src/core/api/board';
import type { PageOptions } from '../support/browser';
import { type BrowserAccount, signInBrowser, useBrowserHarness } from '../support/e2e';
import { insertGame, insertUser } from '../support/fixtures';
import type { TestServer } from '../support/server';

// Issue 5, web part: the board at /game/:id (public, D11) and the cart at /cart, on the
// production build served by the real app, with squares, numbers and winners written to the
// database directly (the checkout flow itself is tested elsewhere).

const harness = useBrowserHarness();
let server: TestServer;
let browser: Browser;
let player: BrowserAccount;
let playerCookies: Cookie[];
let owner: { id: string; username: string };

const CART_KEY = 'squares_cart';
const now = () => new Date().toISOString();
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

beforeAll(async () => {
  ({ server, browser } = harness);
  const context = await browser.newContext();
  player = await signInBrowser(context, server, { prefix: 'buyer' });
  playerCookies = await context.cookies();
  await context.close();
  owner = await insertUser(server.db.handle, `bob_owner_${randomUUID().slice(0, 4)}@example.com`);
});

type Who = 'visitor' | 'player';

/** A page for `who` at `path`, once its h1 shows. */
async function open(path: string, who: Who = 'player', options: PageOptions & { cart?: unknown } = {}): Promise<Page> {
  const { cart, ...pageOptions } = options;
  const { context, page } = await harness.newPage(pageOptions);
  if (who === 'player') await context.addCookies(playerCookies);
  if (cart !== undefined) {
    // Written before the app starts, as a cart saved by an earlier visit.
    const text = typeof cart === 'string' ? cart : JSON.stringify(cart);
    await context.addInitScript(
      ([key, value]) => {
        if (!sessionStorage.getItem('cart-seeded')) {
          localStorage.setItem(key as string, value as string);
          sessionStorage.setItem('cart-seeded', '1');
        }
      },
      [CART_KEY, text],
    );
  }
  await page.goto(server.url + path);
  await page.locator('main h1').first().waitFor();
  return page;
}

const db = () => server.db.handle.db;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();
const cell = (page: Page, x: number, y: number) => page.locator(`[role="gridcell"] button[data-x="${x}"][data-y="${y}"]`);
const grid = (page: Page) => page.getByRole('grid');
/** A square's accessible name (its content, the drawing being aria-hidden). */
const nameOf = (square: Locator) => square.locator('[data-name]').textContent();
/** What a square shows on screen. */
const drawn = async (square: Locator) => (await square.locator(':scope > [aria-hidden="true"]').allTextContents()).join(' ');
const cartGame = (page: Page, title: string) => page.getByTestId('cart-game').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function savedCart(page: Page): Promise<unknown> {
  const text = await page.evaluate((key) => localStorage.getItem(key), CART_KEY);
  return text === null ? null : JSON.parse(text);
}

async function newGame(values: Parameters<typeof insertGame>[1] = {}) {
  const title = values.title ?? `Board Bowl ${randomUUID().slice(0, 6)}`;
  const id = await insertGame(server.db.handle, { team_a: 'Eagles', team_b: 'Chiefs', ...values, title });
  return { id, title };
}

/** A sold square (`claimed`) or a live hold of an open checkout (`held`), as D21 stores them. */
async function insertSquare(gameId: string, x: number, y: number, userId: string, status: 'claimed' | 'held' = 'claimed') {
  let checkoutId: string | null = null;
  if (status === 'held') {
    checkoutId = randomUUID();
    await db()
      .insertInto('checkouts')
      .values({
        id: checkoutId,
        user_id: userId,
        status: 'open',
        provider: 'test',
        provider_session_id: null,
        amount_cents: 1000,
        description: 'test hold',
        notes: null,
        expires_at: inMinutes(30),
        hold_until: inMinutes(35),
        created_at: now(),
        updated_at: now(),
      } as never)
      .execute();
  }
  await db()
    .insertInto('squares')
    .values({
      id: randomUUID(),
      game_id: gameId,
      x,
      y,
      user_id: userId,
      status,
      checkout_id: checkoutId,
      hold_expires_at: status === 'held' ? inMinutes(35) : null,
      claimed_at: status === 'claimed' ? now() : null,
    } as never)
    .execute();
  if (status === 'claimed') {
    const game = await db()
      .selectFrom('games')
      .select(['squares_claimed', 'total_pot_cents', 'price_per_square_cents'])
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('games')
      .set({ squares_claimed: game.squares_claimed + 1, total_pot_cents: game.total_pot_cents + game.price_per_square_cents })
      .where('id', '=', gameId)
      .execute();
  }
}

const X_DIGITS = [3, 7, 1, 9, 0, 5, 2, 8, 6, 4];
const Y_DIGITS = [6, 0, 4, 2, 8, 1, 9, 3, 7, 5];

/** Numbers drawn (D16: grid_shuffled exactly while numbers exist), revealed or not. */
async function drawNumbers(gameId: string, revealed: boolean) {
  await db()
    .insertInto('game_grid_numbers')
    .values({
      game_id: gameId,
      x_axis_numbers: JSON.stringify(X_DIGITS),
      y_axis_numbers: JSON.stringify(Y_DIGITS),
      generated_at: now(),
      generated_by: null,
    } as never)
    .execute();
  await db()
    .insertInto('grid_draws')
    .values({
      id: randomUUID(),
      game_id: gameId,
      action: 'drawn',
      x_axis_numbers: JSON.stringify(X_DIGITS),
      y_axis_numbers: JSON.stringify(Y_DIGITS),
      admin_user_id: null,
      created_at: now(),
    } as never)
    .execute();
  await db()
    .updateTable('games')
    .set({ grid_shuffled: true, numbers_revealed: revealed, manual_numbers_set: true } as never)
    .where('id', '=', gameId)
    .execute();
}

/** A confirmed quarter whose winning square is (x, y), with its score. */
async function insertWinner(gameId: string, quarter: number, x: number, y: number, userId: string | null) {
  const a = 10 + X_DIGITS[x]!;
  const b = 20 + Y_DIGITS[y]!;
  await db()
    .insertInto('quarter_scores')
    .values({
      game_id: gameId,
      quarter,
      team_a_score: a,
      team_b_score: b,
      team_a_last_digit: a % 10,
      team_b_last_digit: b % 10,
      entered_by: null,
      entered_at: now(),
    } as never)
    .execute();
  await db()
    .insertInto('game_winners')
    .values({
      id: randomUUID(),
      game_id: gameId,
      quarter,
      winning_square_id: null,
      user_id: userId,
      square_x: x,
      square_y: y,
      winning_numbers_x: X_DIGITS[x]!,
      winning_numbers_y: Y_DIGITS[y]!,
      payout_amount_cents: 2500,
      payout_status: 'pending',
      created_at: now(),
      updated_at: now(),
    } as never)
    .execute();
}

function publish(event: BoardChangeEvent) {
  server.app.gameEvents.publish(event);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

async function axisTexts(page: Page, testId: 'column-digit' | 'row-digit'): Promise<string[]> {
  return page.getByTestId(testId).locator('span[aria-hidden="true"]').allTextContents();
}

async function waitForLive(page: Page) {
  await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
}

describe('the board', () => {
  test('a visitor sees the board read-only, with # on both axes, and a click goes to /login and back', async () => {
    const game = await newGame();
    await insertSquare(game.id, 1, 2, owner.id);
    const page = await open(`/game/${game.id}`, 'visitor');

    expect(await page.locator('main h1').textContent()).toBe(game.title);
    expect(await page.getByTestId('game-teams').textContent()).toBe('Eagles vs Chiefs');
    expect(await page.getByTestId('game-status').textContent()).toBe('Open for sales');
    expect(await grid(page).getAttribute('aria-label')).toBe(`Board of ${game.title}: rows Eagles, columns Chiefs`);
    expect(await grid(page).locator('[role="gridcell"] button').count()).toBe(100);
    expect(await axisTexts(page, 'column-digit')).toEqual(Array(10).fill('#'));
    expect(await axisTexts(page, 'row-digit')).toEqual(Array(10).fill('#'));
    expect(await page.getByTestId('board-team-a').textContent()).toBe('Eagles');
    expect(await page.getByTestId('board-team-b').textContent()).toBe('Chiefs');
    expect(await nameOf(cell(page, 0, 0))).toBe('Row 1, column 1, available');
    // The name as assistive technology computes it.
    expect(await page.getByRole('button', { name: 'Row 1, column 1, available', exact: true }).count()).toBe(1);
    expect(await nameOf(cell(page, 1, 2))).toBe(`Row 2, column 3, claimed by ${owner.username}`);
    expect(await drawn(cell(page, 1, 2))).toBe(owner.username);
    expect(await page.getByTestId('visitor-note').isVisible()).toBe(true);
    expect(await page.getByTestId('game-cart').count()).toBe(0);

    await cell(page, 4, 4).click();
    await page.waitForURL(`${server.url}/login`);
    expect(await page.evaluate(() => (history.state as { usr?: { from?: { pathname: string } } }).usr?.from?.pathname)).toBe(`/game/${game.id}`);
  });

  test('a player adds squares (toasts word for word) and is told about duplicates, claimed, held and own squares', async () => {
    const game = await newGame({ price_per_square_cents: 1500 });
    await insertSquare(game.id, 2, 3, owner.id, 'claimed');
    await insertSquare(game.id, 2, 4, owner.id, 'held');
    await insertSquare(game.id, 2, 5, player.id, 'claimed');
    const page = await open(`/game/${game.id}`);

    expect(await nameOf(cell(page, 2, 4))).toBe('Row 3, column 5, being purchased by someone else');
    expect(await nameOf(cell(page, 2, 5))).toBe('Row 3, column 6, yours');
    expect(await drawn(cell(page, 2, 5))).toBe('You');

    await cell(page, 0, 1).click();
    await toast(page, 'Square added to cart').waitFor();
    expect(await nameOf(cell(page, 0, 1))).toBe('Row 1, column 2, in your cart');
    expect(await drawn(cell(page, 0, 1))).toBe('Cart');
    expect(await page.getByTestId('game-cart-count').textContent()).toBe('1 square');
    expect(await page.getByTestId('game-cart-subtotal').textContent()).toBe('$15.00');

    await cell(page, 0, 1).click();
    await toast(page, 'This square is already in your cart.').waitFor();
    await cell(page, 2, 3).click();
    await toast(page, `This square is already claimed by ${owner.username}.`).waitFor();
    await cell(page, 2, 4).click();
    await toast(page, 'This square is being purchased by someone else. Try again in a few minutes.').waitFor();
    await cell(page, 2, 5).click();
    await toast(page, 'This square is yours.').waitFor();

    await cell(page, 9, 9).click();
    await toast(page, 'Square added to cart').waitFor();
    expect(await page.getByTestId('game-cart-count').textContent()).toBe('2 squares');
    expect(await page.getByTestId('game-cart-subtotal').textContent()).toBe('$30.00');
    expect(await savedCart(page)).toEqual([
      {
        game_id: game.id,
        game_title: game.title,
        price_per_square: 15,
        squares: [
          { x: 0, y: 1 },
          { x: 9, y: 9 },
        ],
      },
    ]);
  });

  test('the keyboard moves one focus through the board and Enter or Space adds a square', async () => {
    const game = await newGame();
    const page = await open(`/game/${game.id}`);
    const focusables = grid(page).locator('button[tabindex="0"]');
    expect(await focusables.count()).toBe(1);

    // Tab from Back, the control just before the board, lands on the board's one tab stop.
    await page.getByTestId('back-button').focus();
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.querySelector('[data-name]')?.textContent);
    expect(await focused()).toBe('Row 1, column 1, available');

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Row 2, column 2, available');
    await page.keyboard.press('End');
    expect(await focused()).toBe('Row 2, column 10, available');
    await page.keyboard.press('Home');
    expect(await focused()).toBe('Row 2, column 1, available');
    await page.keyboard.press('ArrowLeft'); // stays at the edge
    expect(await focused()).toBe('Row 2, column 1, available');
    await page.keyboard.press('Enter');
    await toast(page, 'Square added to cart').waitFor();
    expect(await focused()).toBe('Row 2, column 1, in your cart');
    await page.keyboard.press('PageDown');
    expect(await focused()).toBe('Row 10, column 1, available');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => document.activeElement?.querySelector('[data-name]')?.textContent === 'Row 10, column 1, in your cart');
    await page.keyboard.press('Control+Home');
    expect(await focused()).toBe('Row 1, column 1, available');
    expect(await focusables.count()).toBe(1);

    // Tab leaves the board in one step.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="grid"]') === null)).toBe(true);
    expect(await savedCart(page)).toEqual([
      {
        game_id: game.id,
        game_title: game.title,
        price_per_square: 10,
        squares: [
          { x: 1, y: 0 },
          { x: 9, y: 0 },
        ],
      },
    ]);
  });

  test('axes show # while numbers are hidden, digits once revealed, with winners and sales closed', async () => {
    const game = await newGame();
    await insertSquare(game.id, 0, 0, owner.id);
    await insertSquare(game.id, 3, 7, player.id);
    await drawNumbers(game.id, false);
    const page = await open(`/game/${game.id}`);
    expect(await page.getByTestId('game-status').textContent()).toBe('Numbers drawn, not revealed yet');
    expect(await axisTexts(page, 'column-digit')).toEqual(Array(10).fill('#'));
    expect(await page.getByTestId('draw-log').textContent()).toMatch(/^Draw log: drawn \S/);
    expect(await page.getByTestId('sales-closed').textContent()).toBe('Sales are closed: the numbers have been drawn.');

    // Clicking an unsold square says sales are closed and adds nothing.
    expect(await nameOf(cell(page, 5, 5))).toBe('Row 6, column 6, not sold');
    await cell(page, 5, 5).click();
    await toast(page, 'Sales are closed: the numbers have been drawn.').waitFor();
    expect(await savedCart(page)).toBeNull();

    await db()
      .updateTable('games')
      .set({ numbers_revealed: true } as never)
      .where('id', '=', game.id)
      .execute();
    await insertWinner(game.id, 1, 3, 7, player.id);
    await insertWinner(game.id, 4, 3, 7, player.id);
    await insertWinner(game.id, 2, 0, 0, owner.id);
    await page.reload();
    await page.locator('main h1').waitFor();
    expect(await page.getByTestId('game-status').textContent()).toBe('Numbers revealed');
    expect(await axisTexts(page, 'column-digit')).toEqual(Y_DIGITS.map(String));
    expect(await axisTexts(page, 'row-digit')).toEqual(X_DIGITS.map(String));
    expect(await nameOf(cell(page, 3, 7))).toBe('Row 4, column 8, yours, winner of the 1st and 4th quarters');
    expect(await cell(page, 3, 7).getAttribute('data-winner')).toBe('true');
    expect(await drawn(cell(page, 3, 7))).toBe('1st 4th You');
    expect(await nameOf(cell(page, 0, 0))).toBe(`Row 1, column 1, claimed by ${owner.username}, winner of the 2nd quarter`);
    expect(await page.getByTestId('quarter-results').locator('li').count()).toBe(3);
  });

  test('a square sold in another browser shows as claimed without a reload (live), and game changes follow', async () => {
    const game = await newGame();
    const page = await open(`/game/${game.id}`);
    await waitForLive(page);
    expect(await cell(page, 6, 6).getAttribute('data-state')).toBe('available');

    await insertSquare(game.id, 6, 6, owner.id);
    publish({ game_id: game.id, reason: 'squares' });
    await page.waitForFunction(() => document.querySelector('[data-x="6"][data-y="6"]')?.getAttribute('data-state') === 'claimed');
    expect(await nameOf(cell(page, 6, 6))).toBe(`Row 7, column 7, claimed by ${owner.username}`);
    expect(await page.getByTestId('game-claimed').textContent()).toBe('1/100');

    // The game itself changes: title and status follow.
    await db()
      .updateTable('games')
      .set({ title: `${game.title} II` })
      .where('id', '=', game.id)
      .execute();
    publish({ game_id: game.id, reason: 'game' });
    await page.locator('main h1', { hasText: `${game.title} II` }).waitFor();
  });

  test('after a dropped live connection the board catches up with what happened meanwhile', async () => {
    const game = await newGame();
    const { context, page } = await harness.newPage();
    await context.addCookies(playerCookies);
    let streams = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/games/${game.id}/events`, async (route) => {
      streams += 1;
      if (streams === 1) {
        // A stream that says ready and then drops (as a restarting server or a lost network does).
        await route.fulfill({
          status: 200,
          headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
          body: `retry: 200\n\nevent: ready\ndata: {"game_id":"${game.id}"}\n\n`,
        });
        return;
      }
      await gate;
      await route.continue();
    });
    await page.goto(`${server.url}/game/${game.id}`);
    await page.locator('main h1').waitFor();
    await page.locator('[data-testid="live-status"][data-status="reconnecting"]').waitFor();
    expect(await cell(page, 8, 8).getAttribute('data-state')).toBe('available');

    // Sold while the connection was down: no event reaches this page.
    await insertSquare(game.id, 8, 8, owner.id);
    release();
    await waitForLive(page);
    await page.waitForFunction(() => document.querySelector('[data-x="8"][data-y="8"]')?.getAttribute('data-state') === 'claimed');
    expect(streams).toBe(2);
  });

  test('an unknown game shows Game Not Found', async () => {
    const page = await open(`/game/${randomUUID()}`, 'visitor');
    expect(await page.locator('main h1').textContent()).toBe('Game Not Found');
    expect(await page.getByText('The requested game could not be found.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Browse Games' }).getAttribute('href')).toBe('/all-games');
  });

  test('Back returns to the previous page of the app, else home', async () => {
    const game = await newGame();
    const page = await open('/all-games', 'visitor');
    await page.getByRole('link', { name: game.title }).click();
    await page.locator('main h1', { hasText: game.title }).waitFor();
    await page.getByTestId('back-button').click();
    await page.waitForURL(`${server.url}/all-games`);

    const direct = await open(`/game/${game.id}`, 'visitor');
    expect(await direct.getByTestId('back-button').getAttribute('href')).toBe('/');
  });
});

describe('the cart', () => {
  test('a visitor on /cart goes to /login', async () => {
    const { page } = await harness.newPage();
    await page.goto(server.url + '/cart');
    await page.waitForURL(`${server.url}/login`);
  });

  test('items are grouped by game, named by row and column (D14); squares and games are removed, and Clear Cart asks, then empties it', async () => {
    const one = await newGame({ price_per_square_cents: 1000 });
    const two = await newGame({ price_per_square_cents: 2500 });
    const page = await open('/cart', 'player', {
      cart: [
        {
          game_id: one.id,
          game_title: one.title,
          price_per_square: 10,
          squares: [
            { x: 0, y: 1 },
            { x: 2, y: 6 },
            { x: 9, y: 9 },
          ],
        },
        { game_id: two.id, game_title: two.title, price_per_square: 25, squares: [{ x: 4, y: 4 }] },
      ],
    });
    expect(await page.locator('main h1').textContent()).toBe('Your Cart');
    await page.getByTestId('cart-game').nth(1).waitFor();
    expect(await page.getByTestId('cart-game').getByRole('heading').allTextContents()).toEqual([one.title, two.title]);
    const first = cartGame(page, one.title);
    expect(await first.getByTestId('cart-square').allTextContents()).toEqual(['Row 1, column 2', 'Row 3, column 7', 'Row 10, column 10']);
    expect(await first.getByRole('link', { name: one.title }).getAttribute('href')).toBe(`/game/${one.id}`);
    expect(await page.getByTestId('summary-count').textContent()).toBe('4');
    expect(await page.getByTestId('summary-total').textContent()).toBe('$55.00');
    expect(await page.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe(`/game/${one.id}`);
    await page.locator('a[data-testid="proceed-to-payment"]').waitFor();
    expect(await page.getByRole('link', { name: 'Proceed to Payment' }).getAttribute('href')).toBe('/payment');

    await first.getByRole('button', { name: 'Remove square Row 3, column 7 from cart' }).click();
    await toast(page, 'Square removed from cart').waitFor();
    expect(await first.getByTestId('cart-square').allTextContents()).toEqual(['Row 1, column 2', 'Row 10, column 10']);
    // Focus stays in the list, on the next square's remove button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Remove square Row 10, column 10 from cart');
    expect(await page.getByTestId('summary-total').textContent()).toBe('$45.00');

    await cartGame(page, two.title)
      .getByRole('button', { name: `Remove ${two.title} from cart` })
      .click();
    await toast(page, 'Game removed from cart').waitFor();
    expect(await page.getByTestId('cart-game').count()).toBe(1);
    expect(await savedCart(page)).toEqual([
      {
        game_id: one.id,
        game_title: one.title,
        price_per_square: 10,
        squares: [
          { x: 0, y: 1 },
          { x: 9, y: 9 },
        ],
      },
    ]);

    // Clear Cart asks first (issue 11): Cancel keeps everything.
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Clear your cart?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('cart-game').count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Clear Cart');
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await dialog.getByRole('button', { name: 'Clear Cart' }).click();
    await toast(page, 'Cart cleared').waitFor();
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(await page.getByRole('link', { name: 'Browse Games' }).getAttribute('href')).toBe('/all-games');
    expect(await savedCart(page)).toEqual([]);
  });

  test("a square sold or held since it was added, and a game whose sales closed, are flagged and block Proceed; the player's own open checkout does not", async () => {
    const open1 = await newGame();
    const closed = await newGame();
    await insertSquare(open1.id, 3, 4, owner.id, 'claimed');
    await insertSquare(open1.id, 5, 5, owner.id, 'held');
    // D21: held by the player's own open checkout: theirs, waiting for their payment.
    await insertSquare(open1.id, 6, 6, player.id, 'held');
    await drawNumbers(closed.id, true);
    const page = await open('/cart', 'player', {
      cart: [
        {
          game_id: open1.id,
          game_title: open1.title,
          price_per_square: 10,
          squares: [
            { x: 0, y: 0 },
            { x: 3, y: 4 },
            { x: 5, y: 5 },
            { x: 6, y: 6 },
          ],
        },
        { game_id: closed.id, game_title: closed.title, price_per_square: 10, squares: [{ x: 1, y: 1 }] },
      ],
    });
    await page.getByTestId('cart-blocked').waitFor();
    const problems = cartGame(page, open1.title).getByTestId('square-problems').locator('li');
    expect(await problems.allTextContents()).toEqual([
      `Row 4, column 5: This square is already claimed by ${owner.username}.`,
      'Row 6, column 6: This square is being purchased by someone else. Try again in a few minutes.',
    ]);
    expect(await cartGame(page, open1.title).locator('[data-testid="cart-square"][data-pending]').allTextContents()).toEqual([
      'Row 7, column 7, waiting for your payment',
    ]);
    expect(await cartGame(page, open1.title).getByTestId('square-pending').textContent()).toContain('This square is yours, waiting for your payment.');
    expect(await cartGame(page, closed.title).getByTestId('game-problem').textContent()).toBe('Sales are closed: the numbers have been drawn.');
    const proceed = page.getByRole('button', { name: 'Proceed to Payment' });
    expect(await proceed.isDisabled()).toBe(true);

    await cartGame(page, open1.title).getByRole('button', { name: 'Remove square Row 4, column 5 from cart' }).click();
    await cartGame(page, open1.title).getByRole('button', { name: 'Remove square Row 6, column 6 from cart' }).click();
    expect(await page.getByRole('button', { name: 'Proceed to Payment' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Remove unavailable squares' }).click();
    await page.getByRole('link', { name: 'Proceed to Payment' }).waitFor();
    expect(await page.getByTestId('cart-blocked').count()).toBe(0);
    // The player's own square stays.
    expect(await savedCart(page)).toEqual([
      {
        game_id: open1.id,
        game_title: open1.title,
        price_per_square: 10,
        squares: [
          { x: 0, y: 0 },
          { x: 6, y: 6 },
        ],
      },
    ]);
  });

  test('the cart survives a reload; an unparsable saved cart is discarded', async () => {
    const game = await newGame();
    const page = await open(`/game/${game.id}`);
    await cell(page, 7, 2).click();
    await toast(page, 'Square added to cart').waitFor();
    await page.reload();
    await page.locator('main h1').waitFor();
    expect(await cell(page, 7, 2).getAttribute('data-state')).toBe('in-cart');

    await page.evaluate((key) => localStorage.setItem(key, '{"not": a cart'), CART_KEY);
    await page.goto(server.url + '/cart');
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(await savedCart(page)).toBeNull();
  });

  test('a change in another tab shows here at once', async () => {
    const game = await newGame();
    const { context, page } = await harness.newPage();
    await context.addCookies(playerCookies);
    await page.goto(`${server.url}/game/${game.id}`);
    await page.locator('main h1').waitFor();
    const other = await context.newPage();
    await other.goto(`${server.url}/cart`);
    await other.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await cell(page, 1, 1).click();
    await other.getByTestId('cart-game').waitFor();
    expect(await other.getByTestId('cart-square').allTextContents()).toEqual(['Row 2, column 2']);
    await other.close();
  });
});

describe('accessibility and small screens', () => {
  let busy: { id: string; title: string };
  let finished: { id: string; title: string };

  beforeAll(async () => {
    busy = await newGame({ title: 'Axe Bowl' });
    await insertSquare(busy.id, 0, 3, owner.id);
    await insertSquare(busy.id, 4, 4, owner.id, 'held');
    await insertSquare(busy.id, 5, 1, player.id);
    finished = await newGame({ title: 'Axe Final' });
    await insertSquare(finished.id, 3, 7, player.id);
    await insertSquare(finished.id, 2, 2, owner.id);
    await drawNumbers(finished.id, true);
    await insertWinner(finished.id, 1, 3, 7, player.id);
    await insertWinner(finished.id, 2, 2, 2, owner.id);
  });

  const cart = () => [
    {
      game_id: busy.id,
      game_title: busy.title,
      price_per_square: 10,
      squares: [
        { x: 1, y: 1 },
        { x: 0, y: 3 },
      ],
    },
  ];

  const axePages: [string, () => string, Who][] = [
    ['the board', () => `/game/${busy.id}`, 'player'],
    ['the board for a visitor', () => `/game/${busy.id}`, 'visitor'],
    ['the revealed board with winners', () => `/game/${finished.id}`, 'player'],
    ['the cart with flagged squares', () => '/cart', 'player'],
  ];
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const [what, path, who] of axePages) {
      test(`axe finds no serious violation on ${what} (${colorScheme})`, async () => {
        const page = await open(path(), who, { colorScheme, cart: cart() });
        if (what.startsWith('the cart')) await page.getByTestId('cart-blocked').waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }

  test('at 375 px the board and the cart fit the screen', async () => {
    for (const path of [`/game/${busy.id}`, `/game/${finished.id}`, '/cart']) {
      const page = await open(path, 'player', { width: 375, height: 812, cart: cart() });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
      if (path.startsWith('/game/')) {
        const box = await grid(page).boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(375);
        const square = await cell(page, 9, 9).boundingBox();
        expect(square!.width).toBeGreaterThanOrEqual(24);
      }
    }
  });
});
