import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { type BrowserAccount, expectNoSeriousViolations, shoot, signInBrowser, useBrowserHarness } from '../support/e2e';
import { insertGame, insertNumbers, insertSquares } from '../support/fixtures';

// Issue 11, item 4 (D14): My Squares shows each square as people count it ("Row 5, column 9"),
// and once the numbers are drawn and revealed to players the spec's (x, y) pair next to it and the
// square's two digits ("Lions 4 - Bears 7"), never before the reveal: before it, "(0, 2)" would read
// like the square's numbers.

const harness = useBrowserHarness({ env: { ADMIN_EMAILS: 'organizer@example.com' } });

/** Row x shows X_AXIS[x] (team A), column y shows Y_AXIS[y] (team B). */
const X_AXIS = [3, 1, 6, 0, 4, 9, 2, 5, 8, 7];
const Y_AXIS = [9, 2, 1, 8, 0, 6, 3, 5, 7, 4];

const ownSquares = (account: BrowserAccount, gameId: string, squares: { x: number; y: number }[]) =>
  insertSquares(
    harness.server.db.handle,
    gameId,
    squares.map((square) => ({ ...square, userId: account.id })),
  );

async function openMySquares(width = 1280): Promise<{ page: Page; account: BrowserAccount }> {
  const { context, page } = await harness.newPage({ width, height: 900 });
  const account = await signInBrowser(context, harness.server, { prefix: 'owner' });
  return { page, account };
}

const squaresOf = (page: Page, title: string) => page.getByRole('list', { name: `Your squares in ${title}` });

describe('/my-squares positions and digits', () => {
  test.each([1280, 375])('at %i px: rows and columns counted from 1; the (x, y) pair and digits only once the numbers are revealed', async (width) => {
    const { page, account } = await openMySquares(width);
    const title = `Digit Bowl ${randomUUID().slice(0, 6)}`;
    const gameId = await insertGame(harness.server.db.handle, { title, team_a: 'Lions', team_b: 'Bears' });
    await ownSquares(account, gameId, [
      { x: 4, y: 8 },
      { x: 0, y: 0 },
    ]);

    await page.goto(`${harness.server.url}/my-squares`);
    const list = squaresOf(page, title);
    await list.waitFor();
    await expect.poll(() => list.getByTestId('my-square-position').allTextContents()).toEqual(['Row 1, column 1', 'Row 5, column 9']);
    // Before the numbers: the position in words only, nothing that looks like digits.
    await expect.poll(() => list.getByRole('listitem').allTextContents()).toEqual(['Row 1, column 1', 'Row 5, column 9']);
    await expect.poll(() => list.getByTestId('my-square-pair').count()).toBe(0);
    await expect.poll(() => list.getByTestId('my-square-digits').count()).toBe(0);
    await shoot(page, `my-squares-before-draw-${width}`);
    await expect
      .poll(() => page.getByTestId('my-squares-digits-note').textContent())
      .toBe("Each square's two digits show here once the numbers are drawn and revealed.");
    await expectNoSeriousViolations(page);

    // Drawn but hidden from players: still no digits.
    await insertNumbers(harness.server.db.handle, gameId, X_AXIS, Y_AXIS);
    await page.reload();
    await list.waitFor();
    await expect.poll(() => list.getByTestId('my-square-digits').count()).toBe(0);
    await expect.poll(() => list.getByTestId('my-square-pair').count()).toBe(0);

    // Revealed: each square's two digits, team A's row digit first.
    await harness.server.db.handle.db.updateTable('games').set({ numbers_revealed: true }).where('id', '=', gameId).execute();
    await page.reload();
    await list.waitFor();
    await expect.poll(() => list.getByTestId('my-square-digits').allTextContents()).toEqual(['Lions 3 - Bears 9', 'Lions 4 - Bears 7']);
    await expect.poll(() => list.getByTestId('my-square-pair').allTextContents()).toEqual(['(0, 0)', '(4, 8)']);
    await shoot(page, `my-squares-revealed-${width}`);
    await expect
      .poll(() => list.getByRole('listitem').allTextContents())
      .toEqual(['Row 1, column 1 (0, 0) Lions 3 - Bears 9', 'Row 5, column 9 (4, 8) Lions 4 - Bears 7']);
    await expect.poll(() => page.getByTestId('my-squares-digits-note').count()).toBe(0);
    await expectNoSeriousViolations(page);

    // The board calls the same square "Row 5, column 9".
    await page.goto(`${harness.server.url}/game/${gameId}`);
    const cell = page.locator('[data-testid="board"] button[data-x="4"][data-y="8"]');
    await cell.waitFor();
    await expect.poll(() => cell.locator('[data-name]').textContent()).toMatch(/^Row 5, column 9, /);
  });

  test('at 375 px the list fits the screen', async () => {
    const { page, account } = await openMySquares(375);
    const title = `A Long Championship Title For A Phone ${randomUUID().slice(0, 6)}`;
    const gameId = await insertGame(harness.server.db.handle, { title, team_a: 'Mountaineers of the North', team_b: 'Buccaneers' });
    await ownSquares(account, gameId, [
      { x: 9, y: 9 },
      { x: 2, y: 3 },
    ]);
    await insertNumbers(harness.server.db.handle, gameId, X_AXIS, Y_AXIS);
    await harness.server.db.handle.db.updateTable('games').set({ numbers_revealed: true }).where('id', '=', gameId).execute();
    await page.goto(`${harness.server.url}/my-squares`);
    await squaresOf(page, title).getByTestId('my-square-digits').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

describe('a square tapped before the session check answers', () => {
  test('a signed-in player picks it (no detour through the login page)', async () => {
    const { page } = await harness.open('/', { as: 'player' });
    const gameId = await insertGame(harness.server.db.handle, { title: `Early Tap ${randomUUID().slice(0, 6)}` });
    let answer!: () => void;
    const released = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/me', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${harness.server.url}/game/${gameId}`);
    const square = page.locator('[data-testid="board"] button[data-x="3"][data-y="6"]');
    await square.click();
    answer();
    await expect.poll(() => square.getAttribute('data-state')).toBe('in-cart');
    expect(new URL(page.url()).pathname).toBe(`/game/${gameId}`);
  });
});
