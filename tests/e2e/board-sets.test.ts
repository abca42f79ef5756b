import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { testAccount } from '../support/accounts';
import { type BrowserAccount, callFromPage as call, expectNoSeriousViolations, shoot, useBrowserHarness } from '../support/e2e';
import { sellSquares } from '../support/game-day';
import type { TestServer } from '../support/server';

// D35 + D49 with a new set at halftime: Q1 and Q2 confirmed on set 1, Q3 on set 2. The board
// shows the chosen period's set with its winner, says which periods its digits hold for, and
// lists the other set's winners with a way to show them; on a phone the banner and the board
// come before how the numbers were drawn; the verify page opens with one plain sentence.

const harness = useBrowserHarness();
let server: TestServer;
let player: BrowserAccount;
let gameId: string;

const SCORES = [
  { period: 1, a: 7, b: 3 },
  { period: 2, a: 14, b: 10 },
  { period: 3, a: 24, b: 17 },
];

beforeAll(async () => {
  ({ server } = harness);
  player = await testAccount(server, { prefix: 'sets' });
  const { page, context } = await harness.open('/', { as: 'admin', width: 1280, height: 900 });
  const created = await call(page, 'POST', '/api/admin/games', {
    title: 'Two Sets Bowl',
    team_a: 'Eagles',
    team_b: 'Chiefs',
    price_per_square: 10,
    game_type: 'nfl',
    payout_schedule: 'even',
    number_sets: 'halftime',
    time_zone: 'America/New_York',
  });
  expect(created.status).toBe(201);
  gameId = (created.json as { game: { id: string } }).game.id;
  // The player owns every square, so every period's winner is theirs (the banner shows).
  await sellSquares(server.db.handle, gameId, () => player.id);
  expect((await call(page, 'POST', `/api/admin/games/${gameId}/numbers/randomize`, {})).status).toBe(200);
  expect((await call(page, 'PUT', `/api/admin/games/${gameId}/numbers/visibility`, { revealed: true })).status).toBe(200);
  for (const { period, a, b } of SCORES) {
    expect((await call(page, 'PUT', `/api/admin/games/${gameId}/periods/${period}`, { team_a_score: a, team_b_score: b })).status).toBe(200);
  }
  await context.close();
});

/** The first digit a board's axis shows at each line. */
const axis = async (page: Page, testId: 'row-digit' | 'column-digit') =>
  (await page.getByTestId(testId).locator('span[aria-hidden="true"]').allTextContents()).map((text) => text.trim()[0] ?? '?').join('');

/** The digits of set `n` as the draw details list them ("rows 0123456789 · columns ..."). */
async function setDigits(page: Page, n: number): Promise<{ rows: string; columns: string }> {
  await expect.poll(() => page.getByTestId(`digit-set-${n}`).textContent()).toMatch(/rows \d{10} · columns \d{10}/);
  const [, rows, columns] = (await page.getByTestId(`digit-set-${n}`).textContent())!.match(/rows (\d{10}) · columns (\d{10})/)!;
  return { rows: rows!, columns: columns! };
}

/** The chosen winner's square: its row's and column's digits match the period's score's last digits. */
async function expectWinnerOnItsDigits(page: Page, period: number) {
  const score = SCORES.find((entry) => entry.period === period)!;
  const chosen = page.locator('[role="gridcell"] button[data-chosen]');
  await expect.poll(() => chosen.count()).toBe(1);
  await expect.poll(() => chosen.locator('[data-periods]').textContent()).toContain(`Q${period}`);
  const x = Number(await chosen.getAttribute('data-x'));
  const y = Number(await chosen.getAttribute('data-y'));
  await expect.poll(async () => (await axis(page, 'row-digit'))[x]).toBe(String(score.a % 10));
  await expect.poll(async () => (await axis(page, 'column-digit'))[y]).toBe(String(score.b % 10));
  return { x, y };
}

describe('each period on its own set (D49)', () => {
  for (const width of [1280, 375] as const) {
    test(`Q2 shows set 1 with its winner, Q3 set 2 with its own; the other set's winners are listed (${width} px)`, async () => {
      const { page } = await harness.open(`/game/${gameId}`, { as: player, width, height: width === 375 ? 812 : 900 });
      await page.getByTestId('score-bar').waitFor();
      const set1 = await setDigits(page, 1);
      const set2 = await setDigits(page, 2);
      expect(set1).not.toEqual(set2);
      const chooser = page.getByTestId('quarter-chooser');
      const periods = page.getByTestId('board-numbers-periods');

      // The latest period first: Q3, on set 2, with only set 2's winners on its squares.
      await expect.poll(() => chooser.getByRole('button', { name: /Q3/ }).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => periods.textContent()).toBe('Q3-Q4 numbers · set 2');
      await expect.poll(() => axis(page, 'row-digit')).toBe(set2.rows);
      await expect.poll(() => axis(page, 'column-digit')).toBe(set2.columns);
      await expectWinnerOnItsDigits(page, 3);
      await expect.poll(() => page.locator('[data-periods]').allTextContents()).toEqual(['Q3']);
      await expect.poll(() => page.getByTestId('other-set-winners').textContent()).toBe('Won on set 1 (Q1-Q2 numbers):Show Q1Show Q2');
      await expectNoSeriousViolations(page, `board on set 2, ${width} px`);
      await shoot(page, `board-sets-q3-${width}`);

      // Q2 from the chooser: set 1's digits, Q2's winner on them; Q3's mark is listed, not drawn.
      await chooser.getByRole('button', { name: /Q2/ }).click();
      await expect.poll(() => periods.textContent()).toBe('Q1-Q2 numbers · set 1');
      await expect.poll(() => axis(page, 'row-digit')).toBe(set1.rows);
      await expect.poll(() => axis(page, 'column-digit')).toBe(set1.columns);
      await expectWinnerOnItsDigits(page, 2);
      await expect.poll(async () => (await page.locator('[data-periods]').allTextContents()).join(' ')).not.toContain('Q3');
      await expect.poll(() => page.getByTestId('other-set-winners').textContent()).toBe('Won on set 2 (Q3-Q4 numbers):Show Q3');
      await shoot(page, `board-sets-q2-${width}`);

      // The note's button shows Q3 again, on its own set.
      await page.getByTestId('show-other-set').click();
      await expect.poll(() => chooser.getByRole('button', { name: /Q3/ }).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => axis(page, 'row-digit')).toBe(set2.rows);
      await expectWinnerOnItsDigits(page, 3);
    });
  }

  test('on a phone the score, the banner, the results and the board come before how the numbers were drawn, folded (375 px)', async () => {
    const { page } = await harness.open(`/game/${gameId}`, { as: player, width: 375, height: 812 });
    await page.getByTestId('winner-banner').waitFor();
    const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())?.y ?? Number.NaN;
    const details = page.getByTestId('draw-details');
    await details.waitFor();
    await expect.poll(() => details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    const order = ['score-bar', 'winner-banner', 'quarter-results-panel', 'board', 'draw-details'];
    await expect.poll(async () => Promise.all(order.map(top))).toSatisfy((ys: number[]) => ys.every((y, i) => i === 0 || y > ys[i - 1]!));
    await expect.poll(() => page.getByTestId('digit-set-1').isVisible()).toBe(false);
    // One tab stop with its state for screen readers; Enter opens it.
    const summary = details.locator('summary');
    await expect.poll(() => summary.textContent()).toBe('How the numbers were drawn');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('digit-set-1').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('verify-link').isVisible()).toBe(true);
    await expectNoSeriousViolations(page, 'game day with draw details, 375 px');
    await shoot(page, 'board-sets-phone-order-375');
  });

  test('the verify page opens with what is proven and since when, the hashes under Details (1280 and 375 px)', async () => {
    for (const width of [1280, 375] as const) {
      const { page } = await harness.open(`/game/${gameId}/verify`, { width, height: 812 });
      const proof = page.getByTestId('verify-proof');
      await proof.waitFor();
      await expect
        .poll(() => proof.textContent())
        .toMatch(
          /^These numbers were drawn at \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} (AM|PM) EST \(set 1, Q1-Q2\) and \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} (AM|PM) EST \(set 2, Q3-Q4\) from the final board and a secret seed whose fingerprint was published before the draw; anyone can check them once the seed is out, but whoever runs the server could read the seed early and know the numbers\.$/,
        );
      const details = page.getByTestId('verify-details');
      await expect.poll(() => details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
      await expect.poll(() => page.getByTestId('verify-set-1').isVisible()).toBe(false);
      await details.locator('summary').click();
      await expect.poll(() => page.getByTestId('verify-set-1').locator('p').first().textContent()).toBe('Set 1 (Q1-Q2): verified');
      await expect.poll(() => page.getByTestId('verify-set-2').locator('p').first().textContent()).toBe('Set 2 (Q3-Q4): verified');
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoSeriousViolations(page, `verify page, ${width} px`);
      await shoot(page, `verify-proof-${width}`);
    }
  });
});
