import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { GameDayView } from '../../src/core/api/game-day';
import type { Game } from '../../src/core/api/games';
import type { Coordinate } from '../../src/core/grid';
import { SAME_ORIGIN, testAccount, type TestAccount } from '../support/accounts';
import { cartOf, payWith, sessionIdOf, startCheckout } from '../support/checkout';
import {
  axisTexts,
  type BrowserAccount,
  boardSays,
  expectNoSeriousViolations,
  horizontalOverflow,
  savedCart,
  toast,
  uniqueTitle,
  useBrowserHarness,
  openGameRules,
} from '../support/e2e';
import type { TestServer } from '../support/server';

// D36 in the browser: a game of 50 squares played on a phone (bought by tap and by keyboard, paid
// in the test checkout, numbers drawn by the organizer, two-digit row headers, a quarter confirmed
// and its winning square marked), and a game of 25 squares at desktop size checked with axe.
// Screenshots of boards of 100, 50 and 25 at 1280 and 375 px go to SHOTS_DIR when it is set.

const SHOTS = process.env.SHOTS_DIR;
const harness = useBrowserHarness();
let server: TestServer;
let admin: BrowserAccount;
let alice: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  ({ server } = harness);
  admin = await testAccount(server, { admin: true });
  [alice, bob] = await Promise.all([testAccount(server, { prefix: 'alice' }), testAccount(server, { prefix: 'bob' })]);
});

async function api<T>(who: TestAccount, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200): Promise<T> {
  const res = await server.app.inject({ method, url, headers: { origin: SAME_ORIGIN, cookie: who.cookie }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

async function newGame(size: 100 | 50 | 25, prefix: string): Promise<Game> {
  const title = uniqueTitle(prefix);
  const body = await api<{ game: Game }>(
    admin,
    'POST',
    '/api/admin/games',
    { title, team_a: 'Lions', team_b: 'Bears', price_per_square: 10, board_size: size },
    201,
  );
  return body.game;
}

/** A paid order through the test checkout (D22). */
async function buy(buyer: TestAccount, game: Game, squares: Coordinate[]) {
  const res = await startCheckout(server.app, buyer, [cartOf(game.id, squares, 10, game.title)]);
  expect(res.statusCode, res.body).toBe(201);
  const paid = await payWith(server.app, buyer, await sessionIdOf(server.db.handle, res.json().checkout_id));
  expect(paid.statusCode, paid.body).toBe(200);
}

const squaresOfRows = (rows: number[], columns: number): Coordinate[] => rows.flatMap((x) => Array.from({ length: columns }, (_, y) => ({ x, y })));
const boardCell = (page: Page, x: number, y: number) => page.locator(`[data-testid="board"] [role="gridcell"] button[data-x="${x}"][data-y="${y}"]`);
/** A line's digits as the header shows them: "3 / 8". */
const pairs = (digits: readonly number[], perLine: number) =>
  Array.from({ length: digits.length / perLine }, (_, i) => digits.slice(i * perLine, (i + 1) * perLine).join(' / '));

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('a board of 50 squares on a phone', () => {
  test('bought by tap and by keyboard, paid, drawn with two digits per row, a quarter won on it', { timeout: 240_000 }, async () => {
    const game = await newGame(50, 'Phone Fifty');
    // Rows 1-4 (x 0-3) are sold to alice and bob; row 5 (x 4) is left for the phone's player.
    await buy(alice, game, squaresOfRows([0, 1], 10));
    await buy(bob, game, squaresOfRows([2, 3], 10));

    const { page, account } = await harness.open(`/game/${game.id}`, { as: 'player', width: 375, height: 812, touch: true });
    const player = account!;
    await boardCell(page, 4, 9).waitFor();
    await expect.poll(() => page.getByTestId('board').getAttribute('data-board-size')).toBe('50');
    await expect.poll(() => axisTexts(page, 'row-digit')).toEqual(['#', '#', '#', '#', '#']);
    await expect.poll(() => axisTexts(page, 'column-digit')).toHaveLength(10);
    // The board's header says its size where the price is.
    await expect.poll(() => page.getByTestId('game-board-size').first().textContent()).toContain('50 squares');
    await expect.poll(() => page.locator('[data-testid="board"] [role="gridcell"]').count()).toBe(50);
    // Screen readers: the grid's rows and headers and each square's position.
    await expect.poll(() => page.locator('[data-testid="board"] [role="row"]').count()).toBe(6);
    await expect.poll(() => page.locator('[data-testid="board"] [role="rowheader"]').count()).toBe(5);
    await expect.poll(() => boardCell(page, 4, 0).textContent()).toContain('Row 5, column 1, available');

    // A tap picks row 5, column 1; the keyboard picks the next one (ArrowDown stays on the last row).
    await boardCell(page, 4, 0).tap();
    await boardSays(page, 'Square added to cart');
    await boardCell(page, 4, 0).press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-x'))).toBe('4');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-y'))).toBe('1');
    await page.keyboard.press('Enter');
    await expect.poll(async () => JSON.stringify(await savedCart(page))).toContain('"squares":[{"x":4,"y":0},{"x":4,"y":1}]');
    // End goes to the row's last square: column 10 of a board of 10 columns.
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-y'))).toBe('9');
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await shot(page, 'board-50-375-open');

    // Cart and the test checkout, on the phone.
    await page.goto(`${server.url}/cart`);
    await page.getByText('Row 5, column 1', { exact: true }).waitFor();
    await page.getByText('Row 5, column 2', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Proceed to Payment' }).click();
    const pay = page.getByRole('button', { name: 'Pay $20.00' });
    await pay.waitFor();
    // D45: on a phone the payment page opens in this tab.
    await pay.click();
    const checkout = page;
    await checkout.getByLabel('Name on card').fill('Pat Phone');
    await checkout.getByLabel('Card number').fill('4242424242424242');
    await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByRole('button', { name: 'Pay $20.00' }).click();
    await checkout.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 20_000 });

    // The board, live: the organizer draws the numbers (42 of 50 sold) and reveals them.
    await page.goto(`${server.url}/game/${game.id}`);
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    await expect.poll(() => boardCell(page, 4, 0).getAttribute('data-state')).toBe('mine');
    const organizer = (await harness.open(`/admin/games/${game.id}/game-day`, { as: admin })).page;
    await organizer.getByRole('button', { name: 'Randomize Numbers' }).click();
    const dialog = organizer.getByRole('alertdialog');
    await dialog.getByText('42 of 50 squares are sold.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Randomize anyway' }).click();
    await toast(organizer, 'Numbers randomized and saved successfully!').waitFor();
    await organizer.getByRole('button', { name: 'Reveal Numbers' }).click();
    await toast(organizer, 'Numbers revealed successfully!').waitFor();

    const view = await api<GameDayView>(admin, 'GET', `/api/admin/games/${game.id}/game-day`);
    const numbers = view.numbers!;
    // Two digits on each of the five rows ("3 / 8"), one on each of the ten columns.
    await expect.poll(() => axisTexts(page, 'row-digit'), { timeout: 15_000 }).toEqual(pairs(numbers.x_axis_numbers, 2));
    await expect.poll(() => axisTexts(page, 'column-digit')).toEqual(numbers.y_axis_numbers.map(String));
    const rowHeader = page.locator('[data-testid="board"] [role="rowheader"]').nth(4);
    await expect.poll(() => rowHeader.locator('.sr-only').textContent()).toBe(`Lions ${numbers.x_axis_numbers[8]} or ${numbers.x_axis_numbers[9]}`);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);

    // Q1: team A's score ends in the second digit of row 5, team B's in column 1's digit: the
    // player's square wins.
    const a = 10 + numbers.x_axis_numbers[9]!;
    const b = numbers.y_axis_numbers[0]!;
    await organizer.getByLabel('Lions score, Q1', { exact: true }).fill(String(a));
    await organizer.getByLabel('Bears score, Q1', { exact: true }).fill(String(b));
    await organizer.getByRole('button', { name: 'Confirm Q1' }).click();
    await toast(organizer, `Q1 winner processed: ${player.username}`).waitFor();
    const result = (await api<GameDayView>(admin, 'GET', `/api/admin/games/${game.id}/game-day`)).results[0]!;
    expect([result.square_x, result.square_y, result.winner_id]).toEqual([4, 0, player.id]);
    // The pot is the sold squares at the price, as on any board; Q1 pays its even share.
    expect(result.payout_amount_cents).toBe((42 * 1000) / 4);

    await expect.poll(() => boardCell(page, 4, 0).getAttribute('data-winner'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => boardCell(page, 4, 0).textContent()).toContain('1st');
    await page.getByRole('grid').scrollIntoViewIfNeeded();
    await shot(page, 'board-50-375-won');

    // The organizer's Grid Selection marks the same square, its row header saying both digits.
    await organizer.getByRole('tab', { name: 'Grid Selection' }).click();
    await organizer.getByRole('button', { name: /^Q1/ }).click();
    const winning = organizer.locator('[data-testid="selection-grid"] button[data-x="4"][data-y="0"]');
    await expect.poll(() => winning.getAttribute('data-winning')).toBe('true');
    await expect.poll(() => organizer.locator('[data-testid="selection-grid"] [data-winning]').count()).toBe(1);
    await expect.poll(() => axisTexts(organizer, 'grid-row-digit' as 'row-digit')).toEqual(pairs(numbers.x_axis_numbers, 2));
    await winning.click();
    await organizer.getByText(`Numbers: Lions ${numbers.x_axis_numbers[8]} / ${numbers.x_axis_numbers[9]}, Bears ${b}`, { exact: false }).waitFor();
    await shot(organizer, 'game-day-50-1280');
  });
});

describe('a board of 25 squares at desktop size', () => {
  test('draws 5 x 5 with two digits on every line, moves by keyboard within it, and has no axe violations', { timeout: 180_000 }, async () => {
    const game = await newGame(25, 'Desk Quarter');
    await buy(alice, game, squaresOfRows([0, 1], 5));
    await buy(bob, game, squaresOfRows([2], 5));
    await api(admin, 'POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true });
    const view = await api<GameDayView>(admin, 'PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: true });
    const numbers = view.numbers!;
    // Q1 on row 1, column 3 (alice's).
    await api(admin, 'PUT', `/api/admin/games/${game.id}/periods/1`, {
      team_a_score: 20 + numbers.x_axis_numbers[0]!,
      team_b_score: 10 + numbers.y_axis_numbers[5]!,
    });

    const { page } = await harness.open(`/game/${game.id}`, { as: 'player' });
    await boardCell(page, 4, 4).waitFor();
    await expect.poll(() => page.locator('[data-testid="board"] [role="gridcell"]').count()).toBe(25);
    await expect.poll(() => axisTexts(page, 'row-digit')).toEqual(pairs(numbers.x_axis_numbers, 2));
    await expect.poll(() => axisTexts(page, 'column-digit')).toEqual(pairs(numbers.y_axis_numbers, 2));
    await expect.poll(() => boardCell(page, 0, 2).getAttribute('data-winner')).toBe('true');
    await expect.poll(() => page.getByTestId('game-board-size').first().textContent()).toContain('25 squares');

    // Keyboard: the last column is 5, the last row 5; nothing beyond.
    await boardCell(page, 3, 3).focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key);
    await expect
      .poll(() => page.evaluate(() => `${document.activeElement?.getAttribute('data-x')},${document.activeElement?.getAttribute('data-y')}`))
      .toBe('4,4');
    // Numbers drawn: an unsold square stays unsold (D18).
    await expect.poll(() => boardCell(page, 4, 4).textContent()).toContain('Row 5, column 5, not sold');
    await expectNoSeriousViolations(page);
    await shot(page, 'board-25-1280');

    // The game's card on All Games says its size.
    const list = (await harness.open('/all-games')).page;
    const card = list.getByTestId('game-card').filter({ hasText: game.title });
    await expect.poll(() => card.getByTestId('game-board-size').textContent()).toContain('25 squares');
    await expect.poll(() => card.getByTestId('game-claimed').textContent()).toBe('15/25 squares claimed');
    await expectNoSeriousViolations(list);

    if (SHOTS) {
      const phone = (await harness.open(`/game/${game.id}`, { as: 'player', width: 375, height: 812 })).page;
      await boardCell(phone, 4, 4).waitFor();
      await expect.poll(() => horizontalOverflow(phone)).toBe(0);
      await shot(phone, 'board-25-375');
      const classic = await newGame(100, 'Classic');
      await buy(alice, classic, squaresOfRows([0], 10));
      for (const width of [1280, 375]) {
        const p = (await harness.open(`/game/${classic.id}`, { as: 'player', width, height: 812 })).page;
        await boardCell(p, 9, 9).waitFor();
        await shot(p, `board-100-${width}`);
      }
      const fifty = (await harness.open(`/game/${game.id}`, { as: 'player', width: 1280 })).page;
      await boardCell(fifty, 4, 4).waitFor();
      const organizerFifty = await newGame(50, 'Organizer Fifty');
      const tools = (await harness.open(`/admin/game/${organizerFifty.id}`, { as: admin, width: 375, height: 812 })).page;
      await tools.getByTestId('admin-sections').waitFor();
      // The organizer's tools on 5 x 10: R selects the focused square's whole row of ten.
      const toolCell = tools.locator('[data-testid="selection-grid"] button[data-x="4"][data-y="3"]');
      await toolCell.focus();
      await tools.keyboard.press('r');
      await expect.poll(() => tools.locator('[data-testid="selection-grid"] [role="gridcell"][aria-selected="true"]').count()).toBe(10);
      await toolCell.scrollIntoViewIfNeeded();
      await tools.screenshot({ path: `${SHOTS}/admin-50-375.png` });
      const form = (await harness.open('/admin/games/new', { as: admin })).page;
      await openGameRules(form);
      await form.getByTestId('board-size-field').waitFor();
      await shot(form, 'create-form-1280');
      const guide = (await harness.open('/how-to-play', { width: 375, height: 812 })).page;
      await guide.getByTestId('board-sizes-note').waitFor();
      await shot(guide, 'how-to-play-375');
      await expectNoSeriousViolations(form);
    }
  });
});
