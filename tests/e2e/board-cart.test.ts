import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { BoardChangeEvent } from '../../src/core/api/board';
import { testAccount } from '../support/accounts';
import {
  addSession,
  axisTexts,
  type BrowserAccount,
  boardSays,
  cell,
  expectNoSeriousViolations,
  type OpenOptions,
  savedCart,
  toast,
  useBrowserHarness,
} from '../support/e2e';
import { insertCheckout, insertGame, insertNumbers, insertPeriodResult, insertSquare as insertSquareRow, insertUser } from '../support/fixtures';
import type { TestServer } from '../support/server';

// Issue 5, web part: the board at /game/:id (public, D11) and the cart at /cart, on the
// production build served by the real app, with squares, numbers and winners written to the
// database directly (the checkout flow itself is tested elsewhere). Each such write is published
// as the app publishes its own changes: that also ends the server's 1-second shared board cache,
// which a page reloaded at once would otherwise be served from.

const harness = useBrowserHarness();
let server: TestServer;
let player: BrowserAccount;
let owner: { id: string; username: string };

const CART_KEY = 'squares_cart';

beforeAll(async () => {
  ({ server } = harness);
  player = await testAccount(server, { prefix: 'buyer' });
  owner = await insertUser(server.db.handle, `bob_owner_${randomUUID().slice(0, 4)}@example.com`);
});

/** A page for `who` at `path` (the player signed in, or a visitor), once its h1 shows; `cart` as saved by an earlier visit. */
async function open(path: string, who: 'visitor' | 'player' = 'player', options: OpenOptions = {}): Promise<Page> {
  return (await harness.open(path, { ...options, as: who === 'player' ? player : 'visitor' })).page;
}

const db = () => server.db.handle.db;
const grid = (page: Page) => page.getByRole('grid');
/** A square's accessible name (its content, the drawing being aria-hidden). */
const nameOf = (square: Locator) => square.locator('[data-name]').textContent();
/** What a square shows on screen. */
const drawn = (square: Locator) =>
  square.evaluate((button) =>
    [...button.children]
      .filter((child) => child.getAttribute('aria-hidden') === 'true' && getComputedStyle(child).display !== 'none')
      .map((child) => child.textContent)
      .join(' '),
  );
const cartGame = (page: Page, title: string) => page.getByTestId('cart-game').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function newGame(values: Parameters<typeof insertGame>[1] = {}) {
  const title = values.title ?? `Board Bowl ${randomUUID().slice(0, 6)}`;
  const id = await insertGame(server.db.handle, { team_a: 'Eagles', team_b: 'Chiefs', ...values, title });
  return { id, title };
}

/** A sold square (`claimed`, counted in the game's counters) or a live hold of an open checkout (`held`), as D21 stores them. */
async function insertSquare(gameId: string, x: number, y: number, userId: string, status: 'claimed' | 'held' = 'claimed') {
  const handle = server.db.handle;
  const checkoutId = status === 'held' ? await insertCheckout(handle, { userId, description: 'test hold' }) : null;
  await insertSquareRow(handle, gameId, { x, y, userId, status, checkoutId });
  if (status === 'claimed') {
    const game = await db().selectFrom('games').select(['price_per_square_cents']).where('id', '=', gameId).executeTakeFirstOrThrow();
    await db()
      .updateTable('games')
      .set((eb) => ({ squares_claimed: eb('squares_claimed', '+', 1), total_pot_cents: eb('total_pot_cents', '+', game.price_per_square_cents) }))
      .where('id', '=', gameId)
      .execute();
  }
  publish({ game_id: gameId, reason: 'squares' });
}

const X_DIGITS = [3, 7, 1, 9, 0, 5, 2, 8, 6, 4];
const Y_DIGITS = [6, 0, 4, 2, 8, 1, 9, 3, 7, 5];

/** Numbers drawn (D16: grid_shuffled exactly while numbers exist), revealed or not. */
async function drawNumbers(gameId: string, revealed: boolean) {
  await insertNumbers(server.db.handle, gameId, X_DIGITS, Y_DIGITS, { revealed, logDraw: true });
  publish({ game_id: gameId, reason: 'numbers' });
}

/** A confirmed quarter whose winning square is (x, y), with its score. */
async function insertWinner(gameId: string, period: number, x: number, y: number, userId: string | null) {
  await insertPeriodResult(server.db.handle, gameId, {
    period,
    teamA: 10 + X_DIGITS[x]!,
    teamB: 20 + Y_DIGITS[y]!,
    square: { x, y, userId },
    payoutCents: 2500,
  });
  publish({ game_id: gameId, reason: 'winners' });
}

function publish(event: BoardChangeEvent) {
  server.app.gameEvents.publish(event);
}

async function waitForLive(page: Page) {
  await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
}

describe('the board', () => {
  test('a visitor sees the board read-only, with # on both axes, and a click goes to /login and back', async () => {
    const game = await newGame();
    await insertSquare(game.id, 1, 2, owner.id);
    const page = await open(`/game/${game.id}`, 'visitor');

    await expect.poll(() => page.locator('main h1').textContent()).toBe(game.title);
    await expect.poll(() => page.getByTestId('game-teams').textContent()).toBe('Eagles vs Chiefs');
    await expect.poll(() => page.getByTestId('game-status').textContent()).toBe('Numbers not drawn yet');
    await expect.poll(() => grid(page).getAttribute('aria-label')).toBe(`Board of ${game.title}: rows Eagles, columns Chiefs`);
    await expect.poll(() => grid(page).locator('[role="gridcell"] button').count()).toBe(100);
    await expect.poll(() => axisTexts(page, 'column-digit')).toEqual(Array(10).fill('#'));
    await expect.poll(() => axisTexts(page, 'row-digit')).toEqual(Array(10).fill('#'));
    await expect.poll(() => page.getByTestId('board-team-a').textContent()).toBe('Eagles');
    await expect.poll(() => page.getByTestId('board-team-b').textContent()).toBe('Chiefs');
    await expect.poll(() => nameOf(cell(page, 0, 0))).toBe('Row 1, column 1, available');
    // The name as assistive technology computes it.
    await expect.poll(() => page.getByRole('button', { name: 'Row 1, column 1, available', exact: true }).count()).toBe(1);
    await expect.poll(() => nameOf(cell(page, 1, 2))).toBe(`Row 2, column 3, claimed by ${owner.username}`);
    await expect.poll(() => drawn(cell(page, 1, 2))).toBe(owner.username);
    await expect.poll(() => page.getByTestId('visitor-note').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('game-cart').count()).toBe(0);

    await cell(page, 4, 4).click();
    await page.waitForURL(`${server.url}/login`);
    await expect.poll(() => page.evaluate(() => (history.state as { usr?: { from?: { pathname: string } } }).usr?.from?.pathname)).toBe(`/game/${game.id}`);
  });

  test('a player adds squares and is told (word for word, by the square) about claimed, held and own squares; a second tap takes a square out (D44)', async () => {
    const game = await newGame({ price_per_square_cents: 1500 });
    await insertSquare(game.id, 2, 3, owner.id, 'claimed');
    await insertSquare(game.id, 2, 4, owner.id, 'held');
    await insertSquare(game.id, 2, 5, player.id, 'claimed');
    const page = await open(`/game/${game.id}`);

    await expect.poll(() => nameOf(cell(page, 2, 4))).toBe('Row 3, column 5, being purchased by someone else');
    await expect.poll(() => nameOf(cell(page, 2, 5))).toBe('Row 3, column 6, yours');
    await expect.poll(() => drawn(cell(page, 2, 5))).toBe('You');

    await cell(page, 0, 1).click();
    await boardSays(page, 'Square added to cart');
    await expect.poll(() => nameOf(cell(page, 0, 1))).toBe('Row 1, column 2, in your cart');
    await expect.poll(() => cell(page, 0, 1).getAttribute('data-state')).toBe('in-cart');
    await expect.poll(() => page.getByTestId('game-cart-count').textContent()).toBe('1 square');
    await expect.poll(() => page.getByTestId('game-cart-subtotal').textContent()).toBe('$15.00');

    // D44: tapping a square in the cart takes it out again.
    await cell(page, 0, 1).click();
    await boardSays(page, 'Square removed from cart');
    await expect.poll(() => nameOf(cell(page, 0, 1))).toBe('Row 1, column 2, available');
    await cell(page, 0, 1).click();
    await boardSays(page, 'Square added to cart');
    await cell(page, 2, 3).click();
    await expect.poll(() => page.getByTestId('square-note').textContent()).toBe(`This square is already claimed by ${owner.username}.`);
    await boardSays(page, `This square is already claimed by ${owner.username}.`);
    await cell(page, 2, 4).click();
    await boardSays(page, 'This square is being purchased by someone else. Try again in a few minutes.');
    await cell(page, 2, 5).click();
    await boardSays(page, 'This square is yours.');

    await cell(page, 9, 9).click();
    await boardSays(page, 'Square added to cart');
    await expect.poll(() => page.getByTestId('game-cart-count').textContent()).toBe('2 squares');
    await expect.poll(() => page.getByTestId('game-cart-subtotal').textContent()).toBe('$30.00');
    await expect
      .poll(() => savedCart(page))
      .toEqual([
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
    await expect.poll(() => focusables.count()).toBe(1);

    // Tab from Pick at random, the control just before the board, lands on the board's one tab stop.
    await page.getByTestId('random-pick-open').focus();
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.querySelector('[data-name]')?.textContent);
    await expect.poll(() => focused()).toBe('Row 1, column 1, available');

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused()).toBe('Row 2, column 2, available');
    await page.keyboard.press('End');
    await expect.poll(() => focused()).toBe('Row 2, column 10, available');
    await page.keyboard.press('Home');
    await expect.poll(() => focused()).toBe('Row 2, column 1, available');
    await page.keyboard.press('ArrowLeft'); // stays at the edge
    await expect.poll(() => focused()).toBe('Row 2, column 1, available');
    await page.keyboard.press('Enter');
    await boardSays(page, 'Square added to cart');
    await expect.poll(() => focused()).toBe('Row 2, column 1, in your cart');
    await page.keyboard.press('PageDown');
    await expect.poll(() => focused()).toBe('Row 10, column 1, available');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => document.activeElement?.querySelector('[data-name]')?.textContent === 'Row 10, column 1, in your cart');
    await page.keyboard.press('Control+Home');
    await expect.poll(() => focused()).toBe('Row 1, column 1, available');
    await expect.poll(() => focusables.count()).toBe(1);

    // Tab leaves the board in one step.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="grid"]') === null)).toBe(true);
    await expect
      .poll(() => savedCart(page))
      .toEqual([
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
    await expect.poll(() => page.getByTestId('game-status').textContent()).toBe('Numbers drawn, not revealed yet');
    await expect.poll(() => axisTexts(page, 'column-digit')).toEqual(Array(10).fill('#'));
    await expect.poll(() => page.getByTestId('draw-log').textContent()).toMatch(/^Draw log: drawn \S/);
    await expect.poll(() => page.getByTestId('sales-closed').textContent()).toBe('Sales are closed: the numbers have been drawn.');

    // Clicking an unsold square says sales are closed and adds nothing.
    await expect.poll(() => nameOf(cell(page, 5, 5))).toBe('Row 6, column 6, not sold');
    await cell(page, 5, 5).click();
    await boardSays(page, 'Sales are closed: the numbers have been drawn.');
    await expect.poll(() => savedCart(page)).toBeNull();

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
    await expect.poll(() => page.getByTestId('game-status').textContent()).toBe('Numbers revealed');
    // Polled: a fresh-clone run once read the axes before the board was in the page (not seen again in 6 runs alone).
    await expect.poll(() => axisTexts(page, 'column-digit')).toEqual(Y_DIGITS.map(String));
    await expect.poll(() => axisTexts(page, 'row-digit')).toEqual(X_DIGITS.map(String));
    await expect.poll(() => nameOf(cell(page, 3, 7))).toBe('Row 4, column 8, yours, winner of the 1st and 4th quarters');
    await expect.poll(() => cell(page, 3, 7).getAttribute('data-winner')).toBe('true');
    await expect.poll(() => drawn(cell(page, 3, 7))).toBe('Q1 Q4 You');
    await expect.poll(() => nameOf(cell(page, 0, 0))).toBe(`Row 1, column 1, claimed by ${owner.username}, winner of the 2nd quarter`);
    await expect.poll(() => page.locator('[data-testid="quarter-result"][data-kind="won"]').count()).toBe(3);
    await expect.poll(() => page.locator('[data-testid="quarter-result"][data-kind="to-play"]').count()).toBe(1);
  });

  test('a square sold in another browser shows as claimed without a reload (live), and game changes follow', async () => {
    const game = await newGame();
    const page = await open(`/game/${game.id}`);
    await waitForLive(page);
    await expect.poll(() => cell(page, 6, 6).getAttribute('data-state')).toBe('available');

    await insertSquare(game.id, 6, 6, owner.id);
    publish({ game_id: game.id, reason: 'squares' });
    await page.waitForFunction(() => document.querySelector('[data-x="6"][data-y="6"]')?.getAttribute('data-state') === 'claimed');
    await expect.poll(() => nameOf(cell(page, 6, 6))).toBe(`Row 7, column 7, claimed by ${owner.username}`);
    await expect.poll(() => page.getByTestId('game-claimed').textContent()).toBe('1/100');

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
    await addSession(context, server, player.cookie);
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
    await expect.poll(() => cell(page, 8, 8).getAttribute('data-state')).toBe('available');

    // Sold while the connection was down: the server publishes the change as a sale does (which
    // also ends its short shared board cache), but no event reaches this page.
    await insertSquare(game.id, 8, 8, owner.id);
    release();
    await waitForLive(page);
    await page.waitForFunction(() => document.querySelector('[data-x="8"][data-y="8"]')?.getAttribute('data-state') === 'claimed');
    expect(streams).toBe(2);
  });

  test('the board with its draw log loads without Intl date formatting, which costs a phone a long pause on first use (design note 014)', async () => {
    const game = await newGame();
    await insertSquare(game.id, 2, 4, player.id);
    await drawNumbers(game.id, true);
    const page = await open(`/game/${game.id}`, 'visitor', {
      // Counts every Intl date formatter and locale date string the page asks for.
      prepare: (page) =>
        page.addInitScript(() => {
          const counts = { intl: 0, locale: 0 };
          (window as unknown as { __dateFormatting: typeof counts }).__dateFormatting = counts;
          const NativeFormat = Intl.DateTimeFormat;
          Intl.DateTimeFormat = new Proxy(NativeFormat, {
            construct(target, args: [string?, Intl.DateTimeFormatOptions?]) {
              counts.intl += 1;
              return new target(...args);
            },
            apply(target, self, args: [string?, Intl.DateTimeFormatOptions?]) {
              counts.intl += 1;
              return target(...args);
            },
          });
          for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'] as const) {
            const native = Date.prototype[name];
            Date.prototype[name] = function (this: Date, ...args: Parameters<typeof native>) {
              counts.locale += 1;
              return native.apply(this, args);
            };
          }
        }),
    });
    await expect.poll(() => page.getByTestId('draw-log').textContent()).toMatch(/^Draw log: drawn \d{1,2}:\d{2} (AM|PM)$/);
    await cell(page, 2, 4).waitFor();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __dateFormatting: { intl: number; locale: number } }).__dateFormatting))
      .toEqual({
        intl: 0,
        locale: 0,
      });
  });

  test('an unknown game shows Game Not Found', async () => {
    const page = await open(`/game/${randomUUID()}`, 'visitor');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Game Not Found');
    // D46: the same words as for an invite-only game the visitor may not see.
    await expect.poll(() => page.getByText('This game does not exist or is invite-only: ask the organizer for its link.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Browse Games' }).getAttribute('href')).toBe('/all-games');
  });

  test('Back returns to the previous page of the app, else home', async () => {
    const game = await newGame();
    const page = await open('/all-games', 'visitor');
    await page.getByRole('link', { name: game.title }).click();
    await page.locator('main h1', { hasText: game.title }).waitFor();
    await page.getByTestId('back-button').click();
    await page.waitForURL(`${server.url}/all-games`);

    const direct = await open(`/game/${game.id}`, 'visitor');
    await expect.poll(() => direct.getByTestId('back-button').getAttribute('href')).toBe('/');
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
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Your Cart');
    await page.getByTestId('cart-game').nth(1).waitFor();
    await expect.poll(() => page.getByTestId('cart-game').getByRole('heading').allTextContents()).toEqual([one.title, two.title]);
    const first = cartGame(page, one.title);
    await expect.poll(() => first.getByTestId('cart-square').allTextContents()).toEqual(['Row 1, column 2', 'Row 3, column 7', 'Row 10, column 10']);
    await expect.poll(() => first.getByRole('link', { name: one.title }).getAttribute('href')).toBe(`/game/${one.id}`);
    await expect.poll(() => page.getByTestId('summary-count').textContent()).toBe('4');
    await expect.poll(() => page.getByTestId('summary-total').textContent()).toBe('$55.00');
    await expect.poll(() => page.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe(`/game/${one.id}`);
    await page.locator('a[data-testid="proceed-to-payment"]').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Proceed to Payment' }).getAttribute('href')).toBe('/payment');

    await first.getByRole('button', { name: 'Remove square Row 3, column 7 from cart' }).click();
    await toast(page, 'Square removed from cart').waitFor();
    await expect.poll(() => first.getByTestId('cart-square').allTextContents()).toEqual(['Row 1, column 2', 'Row 10, column 10']);
    // Focus stays in the list, on the next square's remove button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Remove square Row 10, column 10 from cart');
    await expect.poll(() => page.getByTestId('summary-total').textContent()).toBe('$45.00');

    await cartGame(page, two.title)
      .getByRole('button', { name: `Remove ${two.title} from cart` })
      .click();
    await toast(page, 'Game removed from cart').waitFor();
    await expect.poll(() => page.getByTestId('cart-game').count()).toBe(1);
    await expect
      .poll(() => savedCart(page))
      .toEqual([
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
    await expect.poll(() => page.getByTestId('cart-game').count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Clear Cart');
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await dialog.getByRole('button', { name: 'Clear Cart' }).click();
    await toast(page, 'Cart cleared').waitFor();
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Browse Games' }).getAttribute('href')).toBe('/all-games');
    await expect.poll(() => savedCart(page)).toEqual([]);
  });

  test("a square sold or held since it was added is flagged and blocks Proceed, a game whose sales closed leaves the cart with a word; the player's own open checkout does not block", async () => {
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
    await expect
      .poll(() => problems.allTextContents())
      .toEqual([
        `Row 4, column 5: This square is already claimed by ${owner.username}.`,
        'Row 6, column 6: This square is being purchased by someone else. Try again in a few minutes.',
      ]);
    await expect
      .poll(() => cartGame(page, open1.title).locator('[data-testid="cart-square"][data-pending]').allTextContents())
      .toEqual(['Row 7, column 7, waiting for your payment']);
    await expect
      .poll(() => cartGame(page, open1.title).getByTestId('square-pending').textContent())
      .toContain('This square is yours, waiting for your payment.');
    // A game whose sales closed no longer sells at all: its line leaves the cart, with a word (issue 23).
    await toast(page, `1 square of ${closed.title} was removed from your cart. Sales are closed: the numbers have been drawn.`).waitFor();
    await expect.poll(() => cartGame(page, closed.title).count()).toBe(0);
    const proceed = page.getByRole('button', { name: 'Proceed to Payment' });
    await expect.poll(() => proceed.isDisabled()).toBe(true);

    await cartGame(page, open1.title).getByRole('button', { name: 'Remove square Row 4, column 5 from cart' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Proceed to Payment' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Remove unavailable squares' }).click();
    await page.getByRole('link', { name: 'Proceed to Payment' }).waitFor();
    await expect.poll(() => page.getByTestId('cart-blocked').count()).toBe(0);
    // The player's own square stays.
    await expect
      .poll(() => savedCart(page))
      .toEqual([
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
    await boardSays(page, 'Square added to cart');
    await page.reload();
    await page.locator('main h1').waitFor();
    await expect.poll(() => cell(page, 7, 2).getAttribute('data-state')).toBe('in-cart');

    await page.evaluate((key) => localStorage.setItem(key, '{"not": a cart'), CART_KEY);
    await page.goto(server.url + '/cart');
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await expect.poll(() => savedCart(page)).toBeNull();
  });

  test('a change in another tab shows here at once', async () => {
    const game = await newGame();
    const { context, page } = await harness.newPage();
    await addSession(context, server, player.cookie);
    await page.goto(`${server.url}/game/${game.id}`);
    await page.locator('main h1').waitFor();
    const other = await context.newPage();
    await other.goto(`${server.url}/cart`);
    await other.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await cell(page, 1, 1).click();
    await other.getByTestId('cart-game').waitFor();
    await expect.poll(() => other.getByTestId('cart-square').allTextContents()).toEqual(['Row 2, column 2']);
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

  const axePages: [string, () => string, 'visitor' | 'player'][] = [
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
        await expectNoSeriousViolations(page);
      });
    }
  }

  test('at 375 px the board and the cart fit the screen', async () => {
    for (const path of [`/game/${busy.id}`, `/game/${finished.id}`, '/cart']) {
      const page = await open(path, 'player', { width: 375, height: 812, cart: cart() });
      // Measured once the page has its content: the board's last square, or the cart's flagged lines.
      await (path.startsWith('/game/') ? cell(page, 9, 9) : page.getByTestId('cart-blocked')).waitFor();
      await expect
        .poll(async () => ({ path, overflow: await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth) }))
        .toEqual({ path, overflow: 0 });
      if (path.startsWith('/game/')) {
        await expect.poll(() => grid(page).boundingBox()).toSatisfy((box) => box !== null && box.x >= 0 && box.x + box.width <= 375);
        await expect.poll(async () => (await cell(page, 9, 9).boundingBox())?.width).toBeGreaterThanOrEqual(24);
      }
    }
  });
});
