import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { unclaimedText } from '../../src/core/results-ledger';
import { testAccount } from '../support/accounts';
import { type BrowserAccount, cell, expectNoSeriousViolations, savedCart, useBrowserHarness, shoot } from '../support/e2e';
import { insertGame, insertNumbers, insertPeriodResult, insertUser } from '../support/fixtures';
import { sellSquares } from '../support/game-day';
import type { TestServer } from '../support/server';

// Issue 14 parts 1 and 2 (D43, D44): the game-day board (score bar, lit row and column, the
// winner's banner, results first on phones, unclaimed said plainly with totals that add up to
// the pot) and the phone board (short labels, owner colours, the full name on a tap, highlight
// mine, tap to remove, the selection bar, Pick N at random), on the production build.

const harness = useBrowserHarness();
let server: TestServer;
let winner: BrowserAccount;
let other: BrowserAccount;
const owners: { id: string; username: string }[] = [];

// Row digits (team A, x) and column digits (team B, y).
const X_DIGITS = [3, 7, 1, 9, 0, 5, 2, 8, 6, 4];
const Y_DIGITS = [6, 0, 4, 2, 8, 1, 9, 3, 7, 5];
const WINNER_SQUARES = [
  { x: 0, y: 0 },
  { x: 1, y: 7 },
  { x: 5, y: 5 },
];
const UNSOLD = new Set(['2,8', '8,8', '9,9']);

beforeAll(async () => {
  ({ server } = harness);
  winner = await testAccount(server, { prefix: 'winner' });
  other = await testAccount(server, { prefix: 'other' });
  // Look-alike names: each must get a label of its own (D44).
  for (const name of ['coach_dana', 'coach_dave', 'dana', 'danny', 'mary_jane', 'bob', 'bobby', 'zed']) {
    owners.push(await insertUser(server.db.handle, `${name}@example.com`));
  }
});

/** The designer's game: $10 squares, 97 sold (a $970 pot), numbers drawn and shown. */
async function gameDayGame(periods: boolean) {
  const title = `Final Four ${randomUUID().slice(0, 6)}`;
  const id = await insertGame(server.db.handle, { title, team_a: 'Eagles', team_b: 'Chiefs', price_per_square_cents: 1000 });
  await sellSquares(server.db.handle, id, (x, y) => {
    if (UNSOLD.has(`${x},${y}`)) return null;
    if (WINNER_SQUARES.some((square) => square.x === x && square.y === y)) return winner.id;
    if (x === 4 && y < 2) return other.id;
    return owners[(x * 10 + y) % owners.length]!.id;
  });
  await insertNumbers(server.db.handle, id, X_DIGITS, Y_DIGITS, { revealed: true, logDraw: true });
  if (periods) {
    // Q1 7-3: row 1 (digit 7), column 7 (digit 3), the winner's square. Q2 14-10: (9, 1).
    // Q3 21-17: (2, 8), a square nobody bought.
    await insertPeriodResult(server.db.handle, id, { period: 1, teamA: 7, teamB: 3, square: { x: 1, y: 7, userId: winner.id }, payoutCents: 24250 });
    const q2Owner = owners[(9 * 10 + 1) % owners.length]!.id;
    await insertPeriodResult(server.db.handle, id, { period: 2, teamA: 14, teamB: 10, square: { x: 9, y: 1, userId: q2Owner }, payoutCents: 24250 });
    await insertPeriodResult(server.db.handle, id, {
      period: 3,
      teamA: 21,
      teamB: 17,
      square: { x: 2, y: 8, userId: null },
      payoutCents: 0,
      payoutStatus: 'completed',
    });
  }
  return id;
}

const money = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);
const litDigits = async (page: Page, testId: 'row-digit' | 'column-digit') =>
  page.locator(`[data-testid="${testId}"][data-lit] span[aria-hidden]`).allTextContents();

describe('the game-day board (D43)', () => {
  test('the winner at 375 px: score bar, banner, results before the board, lit row and column, unclaimed said plainly', async () => {
    const id = await gameDayGame(true);
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await harness.open(`/game/${id}`, { as: winner, width: 375, height: 812, colorScheme });
      const bar = page.getByTestId('score-bar');
      await bar.waitFor();
      // The latest quarter first: Q3, 21-17.
      await expect.poll(() => page.getByTestId('score-period').textContent()).toBe('End of Q3');
      await expect.poll(() => page.getByTestId('score-team-a').textContent()).toContain('21');
      await expect.poll(() => page.getByTestId('score-team-b').textContent()).toContain('17');
      const chooser = page.getByTestId('quarter-chooser');
      await expect.poll(() => chooser.getByRole('button', { name: /Q3/ }).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => chooser.getByRole('button', { name: /Q4/ }).isDisabled()).toBe(true);

      // Row 2 (digit 1) and column 8 (digit 7) are lit; the unsold winning square is chosen.
      await expect.poll(() => litDigits(page, 'row-digit')).toEqual(['1']);
      await expect.poll(() => litDigits(page, 'column-digit')).toEqual(['7']);
      await expect.poll(() => page.locator('[role="gridcell"] button[data-lit]').count()).toBe(19);
      await expect.poll(() => cell(page, 2, 8).getAttribute('data-chosen')).toBe('true');
      await expect.poll(() => cell(page, 2, 8).locator('[data-periods]').textContent()).toBe('Q3');

      // The winner is told, in D43's words.
      await expect.poll(() => page.getByTestId('winner-banner').textContent()).toBe('You won Q1 - $242.50');

      // On a phone the results come before the board.
      const results = page.getByTestId('quarter-results-panel');
      const tops = async () => ({ results: (await results.boundingBox())?.y, grid: (await page.getByRole('grid').boundingBox())?.y });
      await expect.poll(tops).toSatisfy(({ results, grid }) => results !== undefined && grid !== undefined && results < grid);

      // Unclaimed, said plainly; the totals add up to the pot.
      const q3 = page.locator('[data-testid="quarter-result"][data-kind="unclaimed"]');
      await expect.poll(() => q3.textContent()).toContain(unclaimedText(24250));
      await expect.poll(() => q3.textContent()).not.toMatch(/Paid|Success|No winner/);
      const totals = () =>
        Promise.all(['total-won', 'total-unclaimed', 'total-to-play', 'total-pot'].map(async (t) => money(await page.getByTestId(t).textContent())));
      await expect.poll(totals).toEqual([48500, 24250, 24250, 97000]);
      const [won, unclaimed, toPlay, pot] = await totals();
      expect(won! + unclaimed! + toPlay!).toBe(pot);
      await expectNoSeriousViolations(page, `game-day board, ${colorScheme}, 375 px`);
      await shoot(page, `game-day-winner-375-${colorScheme}`);

      // Choosing Q1 lights its row and column instead and shows its score.
      await chooser.getByRole('button', { name: /Q1/ }).click();
      await expect.poll(() => page.getByTestId('score-period').textContent()).toBe('End of Q1');
      await expect.poll(() => litDigits(page, 'row-digit')).toEqual(['7']);
      await expect.poll(() => litDigits(page, 'column-digit')).toEqual(['3']);
      await expect.poll(() => cell(page, 1, 7).getAttribute('data-chosen')).toBe('true');
      await expect.poll(() => cell(page, 2, 8).getAttribute('data-chosen')).toBeNull();
    }
  });

  test('at 1280 px the results sit beside the board; another player sees no banner', async () => {
    const id = await gameDayGame(true);
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await harness.open(`/game/${id}`, { as: other, width: 1280, height: 900, colorScheme });
      await page.getByTestId('score-bar').waitFor();
      const aside = page.getByRole('complementary', { name: 'Game details' });
      await expect.poll(() => aside.getByTestId('quarter-results-panel').count()).toBe(1);
      // The results are drawn, so a banner would be too.
      await expect.poll(() => page.getByTestId('winner-banner').count()).toBe(0);
      await expectNoSeriousViolations(page, `game-day board, other player, ${colorScheme}, 1280 px`);
      await shoot(page, `game-day-other-1280-${colorScheme}`);
    }
    const { page: winnerPage } = await harness.open(`/game/${id}`, { as: winner, width: 1280, height: 900 });
    await winnerPage.getByTestId('winner-banner').waitFor();
    await shoot(winnerPage, 'game-day-winner-1280-light');
  });

  test('the winning moment arrives live: the banner, the score and the lit square without a reload', async () => {
    const id = await gameDayGame(false);
    const { page } = await harness.open(`/game/${id}`, { as: winner, width: 375, height: 812 });
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    await page.getByTestId('score-bar').waitFor();
    await expect.poll(() => page.getByTestId('winner-banner').count()).toBe(0);

    await insertPeriodResult(server.db.handle, id, { period: 1, teamA: 7, teamB: 3, square: { x: 1, y: 7, userId: winner.id }, payoutCents: 24250 });
    server.app.gameEvents.publish({ game_id: id, reason: 'winners' });
    await expect.poll(() => page.getByTestId('winner-banner').textContent()).toBe('You won Q1 - $242.50');
    await expect.poll(() => page.getByTestId('score-period').textContent()).toBe('End of Q1');
    await expect.poll(() => cell(page, 1, 7).getAttribute('data-chosen')).toBe('true');
    await expect.poll(() => litDigits(page, 'row-digit')).toEqual(['7']);
    await shoot(page, 'game-day-winning-moment-375');
  });

  test('before the first quarter: the score bar waits, nothing is lit', async () => {
    const id = await gameDayGame(false);
    for (const [width, colorScheme] of [
      [375, 'light'],
      [1280, 'dark'],
    ] as const) {
      const { page } = await harness.open(`/game/${id}`, { as: winner, width, height: 812, colorScheme });
      await page.getByTestId('score-bar').waitFor();
      await expect.poll(() => page.getByTestId('score-period').textContent()).toBe('Numbers drawn');
      await expect.poll(() => page.getByTestId('quarter-chooser').getByRole('button', { disabled: true }).count()).toBe(4);
      await expect.poll(() => page.locator('[data-lit]').count()).toBe(0);
      await expect.poll(() => page.getByTestId('winner-banner').count()).toBe(0);
      await shoot(page, `game-day-before-${width}-${colorScheme}`);
    }
  });
});

describe('the board on a phone (D44)', () => {
  test('short labels unique per owner at a legible size, a colour per owner, the full name on a tap, highlight mine', async () => {
    const id = await gameDayGame(true);
    const { page } = await harness.open(`/game/${id}`, { as: winner, width: 375, height: 812 });
    const claimed = page.locator('[role="gridcell"] button[data-state="claimed"]');
    // The labels are read once the sold squares are drawn.
    await expect.poll(() => claimed.count()).toBeGreaterThan(80);
    const cells = await claimed.evaluateAll((buttons) =>
      buttons.map((button) => {
        const label = button.querySelector<HTMLElement>('[data-label]');
        return {
          name: button.querySelector('[data-name]')?.textContent ?? '',
          label: label?.textContent ?? '',
          fontSize: label ? Number.parseFloat(getComputedStyle(label).fontSize) : 0,
          background: getComputedStyle(button).backgroundColor,
          winner: button.hasAttribute('data-winner'),
        };
      }),
    );
    expect(cells.length).toBeGreaterThan(80);
    const ownerOf = (name: string) => /claimed by (.+?)(,|$)/.exec(name)?.[1] ?? name;
    const labelOwners = new Map<string, Set<string>>();
    const colours = new Map<string, string>();
    for (const entry of cells) {
      const owner = ownerOf(entry.name);
      expect(entry.label.length, entry.name).toBeGreaterThan(0);
      expect(entry.label.length).toBeLessThanOrEqual(3);
      expect(entry.fontSize, entry.name).toBeGreaterThanOrEqual(12);
      const key = entry.label.toLowerCase();
      labelOwners.set(key, (labelOwners.get(key) ?? new Set()).add(owner));
      if (!entry.winner) colours.set(owner, entry.background);
    }
    for (const [label, who] of labelOwners) expect([...who], label).toHaveLength(1);
    expect(labelOwners.size).toBe(owners.length + 1);
    // The look-alikes: coach_dana and coach_dave, dana and danny.
    expect(new Set(colours.values()).size).toBe(colours.size);

    // Tapping an owned square shows the owner's full name by the square.
    const theirs = page.locator('[role="gridcell"] button[data-state="claimed"]:not([data-winner])').first();
    const theirName = ownerOf((await theirs.locator('[data-name]').textContent()) ?? '');
    await theirs.click();
    const note = page.getByTestId('square-note');
    await expect.poll(() => note.textContent()).toBe(`This square is already claimed by ${theirName}.`);
    await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => note.count()).toBe(0);

    // Highlight my squares: everyone else's fade.
    await page.getByTestId('highlight-mine').click();
    await expect.poll(() => page.getByTestId('highlight-mine').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('[role="gridcell"] button[data-state="claimed"][data-dimmed]').count()).toBe(cells.length);
    await expect.poll(() => page.locator('[role="gridcell"] button[data-state="mine"][data-dimmed]').count()).toBe(0);
    await expect.poll(() => theirs.evaluate((button) => Number(getComputedStyle(button).opacity))).toBeLessThan(0.5);
    await shoot(page, 'phone-board-highlight-mine');

    // Pinch-zoom is not turned off.
    await expect.poll(() => page.locator('meta[name="viewport"]').getAttribute('content')).not.toMatch(/user-scalable\s*=\s*(no|0)|maximum-scale/);
  });

  test('tap to add, tap again to remove, one selection bar and no toasts; Pick N at random', async () => {
    const id = await insertGame(server.db.handle, { title: `Open Pool ${randomUUID().slice(0, 6)}`, price_per_square_cents: 1000 });
    await sellSquares(server.db.handle, id, (x) => (x < 5 ? owners[x]!.id : null));
    const { page } = await harness.open(`/game/${id}`, { as: other, width: 375, height: 812 });
    const bar = page.getByTestId('selection-bar');
    const said = page.getByTestId('board-said');

    await cell(page, 6, 2).click();
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe('1 square');
    await expect.poll(() => bar.isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('selection-total').textContent()).toBe('$10.00');
    await expect.poll(() => said.textContent()).toContain('Square added to cart');
    await expect.poll(() => cell(page, 6, 2).getAttribute('data-state')).toBe('in-cart');

    // Tapping it again takes it out.
    await cell(page, 6, 2).click();
    await expect.poll(() => cell(page, 6, 2).getAttribute('data-state')).toBe('available');
    await expect.poll(() => said.textContent()).toContain('Square removed from cart');
    await expect.poll(() => bar.isVisible()).toBe(false);
    // With the bar gone, screen readers still hear it: the live region is in the accessibility tree.
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Square removed from cart' }).count()).toBe(1);
    await expect.poll(() => savedCart(page)).toEqual([]);

    await cell(page, 6, 2).click();
    await cell(page, 7, 3).click();
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe('2 squares');
    await expect.poll(() => page.getByTestId('selection-checkout').getAttribute('href')).toBe('/payment');
    // No toast for any of these taps.
    await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBe(0);

    // Pick 5 at random: 5 more open squares, none sold, none already picked.
    await page.getByTestId('random-pick-open').click();
    await page.getByLabel(/How many squares/).fill('5');
    await page.getByTestId('random-pick-submit').click();
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe('7 squares');
    await expect.poll(() => said.textContent()).toContain('5 squares added to cart');
    const picked = async () =>
      ((await savedCart(page)) as { game_id: string; squares: { x: number; y: number }[] }[] | null)?.find((item) => item.game_id === id)?.squares ?? [];
    // The page writes its saved cart after drawing: seven different squares once it has.
    await expect.poll(async () => new Set((await picked()).map(({ x, y }) => `${x},${y}`)).size).toBe(7);
    for (const square of await picked()) expect(square.x).toBeGreaterThanOrEqual(5);
    await expect.poll(() => page.locator('[role="gridcell"] button[data-state="in-cart"]').count()).toBe(7);
    await expectNoSeriousViolations(page, 'picking at 375 px');
    await shoot(page, 'phone-board-picking');
  });

  test("Pick N at random keeps within the game's cap, told by the server", async () => {
    const id = await insertGame(server.db.handle, { title: `Capped Pool ${randomUUID().slice(0, 6)}` });
    await server.db.handle.db.updateTable('games').set({ max_squares_per_player: 3 }).where('id', '=', id).execute();
    const { page } = await harness.open(`/game/${id}`, { as: other, width: 375, height: 812 });
    await cell(page, 0, 0).click();
    await page.getByTestId('random-pick-open').click();
    await expect.poll(() => page.getByText('(up to 2)').count()).toBe(1);
    await page.getByLabel(/How many squares/).fill('5');
    await page.getByTestId('random-pick-submit').click();
    await expect.poll(() => page.getByTestId('random-pick-error').textContent()).toBe('You can pick 2 more squares in this game.');
    await page.getByLabel(/How many squares/).fill('2');
    await page.getByTestId('random-pick-submit').click();
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe('3 squares');
    // At the cap the button goes away.
    await expect.poll(() => page.getByTestId('random-pick-open').count()).toBe(0);
  });
});
