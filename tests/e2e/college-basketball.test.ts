import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { GameDayView } from '../../src/core/api/game-day';
import type { Coordinate } from '../../src/core/grid';
import { HALF_MODEL, overtimeRuleText } from '../../src/core/periods';
import { SAME_ORIGIN, testAccount, type TestAccount } from '../support/accounts';
import type { PageOptions } from '../support/browser';
import { cartOf, payWith, sessionIdOf, startCheckout } from '../support/checkout';
import { type BrowserAccount, cell, expectNoSeriousViolations, toast, uniqueTitle, useBrowserHarness, shoot } from '../support/e2e';
import { insertGame } from '../support/fixtures';
import type { TestServer } from '../support/server';

// Issue 25 part 0 and part 4 (D37): a college basketball game is played in halves. Bought, drawn
// and revealed; H1 entered and confirmed on the game-day screen; the player's board says
// "Halftime" and shows the H1 winner; H2 confirmed as the Final; the results show both halves;
// overtime is said where the rules are. A football board still says "End of Q1", "Halftime",
// "End of Q3".

const harness = useBrowserHarness();
let server: TestServer;
let admin: BrowserAccount;
let alice: TestAccount;
let bob: TestAccount;

const PRICE_CENTS = 1000;

beforeAll(async () => {
  ({ server } = harness);
  admin = await testAccount(server, { admin: true });
  [alice, bob] = await Promise.all([testAccount(server, { prefix: 'alice' }), testAccount(server, { prefix: 'bob' })]);
});

function rows(from: number, to: number): Coordinate[] {
  const squares: Coordinate[] = [];
  for (let x = from; x <= to; x += 1) for (let y = 0; y < 10; y += 1) squares.push({ x, y });
  return squares;
}

/** A paid order through the test checkout (D22), as the card page would pay it. */
async function buy(buyer: TestAccount, gameId: string, title: string, squares: Coordinate[]) {
  const res = await startCheckout(server.app, buyer, [cartOf(gameId, squares, PRICE_CENTS / 100, title)]);
  expect(res.statusCode, res.body).toBe(201);
  const sessionId = await sessionIdOf(server.db.handle, res.json().checkout_id);
  const paid = await payWith(server.app, buyer, sessionId);
  expect(paid.statusCode, paid.body).toBe(200);
}

async function adminApi<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> {
  const res = await server.app.inject({ method, url, headers: { origin: SAME_ORIGIN, cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** Scores for `period` whose last digits pick square (x, y) under the drawn numbers (D15). */
function scoresFor(view: GameDayView, period: number, square: Coordinate) {
  const numbers = view.numbers!;
  return { a: 30 * period + numbers.x_axis_numbers[square.x]!, b: 30 * period + numbers.y_axis_numbers[square.y]! };
}

async function open(path: string, who: BrowserAccount | TestAccount, options: PageOptions = {}): Promise<Page> {
  return (await harness.open(path, { ...options, as: who })).page;
}

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
const scoreBox = (page: Page, team: string, label: string) => page.getByLabel(`${team} score, ${label}`, { exact: true });

describe('a college basketball game in halves', () => {
  test('bought, drawn, H1 confirmed (Halftime on the board), H2 confirmed as the Final, results in halves', { timeout: 240_000 }, async () => {
    const title = uniqueTitle('March Madness');
    const id = await insertGame(server.db.handle, {
      title,
      team_a: 'Duke',
      team_b: 'UNC',
      game_type: 'college-basketball',
      price_per_square_cents: PRICE_CENTS,
    });
    await buy(alice, id, title, rows(0, 4));
    await buy(bob, id, title, rows(5, 9));

    // The organizer draws and reveals on the game-day screen.
    const control = await open(`/admin/games/${id}/game-day`, admin, { width: 1280, height: 900 });
    await control.getByText('Two Half Mode').waitFor();
    await control.getByText('Half Score Entry').waitFor();
    await control.getByRole('button', { name: 'Randomize Numbers' }).click();
    await toast(control, 'Numbers randomized and saved successfully!').waitFor();
    await control.getByRole('button', { name: 'Reveal Numbers' }).click();
    await toast(control, 'Numbers revealed successfully!').waitFor();
    const view = await adminApi<GameDayView>('GET', `/api/admin/games/${id}/game-day`);

    // Two halves, no third: H1 and H2, the second named the Final with overtime in it (D37).
    await expect.poll(() => control.locator('[data-testid="quarter-fields"]').count()).toBe(2);
    await control.getByText('Final (including overtime)').first().waitFor();
    await expect.poll(() => control.getByRole('button', { name: /Confirm Q/ }).count()).toBe(0);

    // H1: alice's square (row 1, column 1).
    const h1 = scoresFor(view, 1, { x: 0, y: 0 });
    await scoreBox(control, 'Duke', 'H1').fill(String(h1.a));
    await scoreBox(control, 'UNC', 'H1').fill(String(h1.b));
    await control.getByRole('button', { name: 'Confirm H1' }).click();
    await toast(control, `H1 winner processed: ${alice.username}`).waitFor();
    await shoot(control, 'college-basketball-game-day-h1-1280');

    // The player's board: Halftime, the H1 winner lit and named.
    for (const width of [375, 1280]) {
      const board = await open(`/game/${id}`, alice, { width, height: width < 500 ? 812 : 900 });
      await board.getByTestId('score-bar').waitFor();
      await board.getByRole('grid').waitFor();
      await expect.poll(() => text(board.getByTestId('score-period'))).toBe('Halftime');
      const chooser = board.getByTestId('quarter-chooser');
      await expect.poll(() => chooser.getByRole('button').allTextContents()).toEqual([`H1${h1.a}-${h1.b}`, 'H2to play']);
      await expect.poll(() => text(cell(board, 0, 0).locator('[data-periods]'))).toBe('H1');
      await expect.poll(() => cell(board, 0, 0).locator('[data-name]').textContent()).toMatch(/winner of the 1st half$/);
      await expect.poll(() => text(board.getByTestId('winner-banner'))).toBe(`You won H1 - $500.00`);
      await expect.poll(() => text(board.getByTestId('overtime-rule'))).toBe(overtimeRuleText(HALF_MODEL));
      await expect
        .poll(async () => (await board.getByTestId('payout-rule').allTextContents()).map((r) => r.replace(/\s+/g, ' ')))
        .toEqual(['1st Half 50%$500.00', 'Final 50%$500.00']);
      await expectNoSeriousViolations(board, `college basketball board at halftime, ${width} px`);
      await shoot(board, `college-basketball-halftime-${width}`);
    }

    // H2 (the Final): bob's square (row 6, column 3).
    const h2 = scoresFor(view, 2, { x: 5, y: 2 });
    await scoreBox(control, 'Duke', 'H2').fill(String(h2.a));
    await scoreBox(control, 'UNC', 'H2').fill(String(h2.b));
    await control.getByRole('button', { name: 'Confirm H2' }).click();
    await toast(control, `H2 winner processed: ${bob.username}`).waitFor();
    await toast(control, 'Game marked as completed!').waitFor();
    await control.getByRole('tab', { name: 'Results & Payouts' }).click();
    const table = control.getByTestId('results-table');
    await table.waitFor();
    await expect.poll(() => text(table.locator('thead'))).toContain('Half');
    await expect.poll(() => control.getByTestId('result-row').count()).toBe(2);
    await expect.poll(() => text(control.locator('[data-testid="result-row"][data-period="1"] td').first())).toBe('H1');
    await expect.poll(() => text(control.locator('[data-testid="result-row"][data-period="2"] td').first())).toBe('H2');
    await control.getByText('Half Results & Payouts').waitFor();
    await shoot(control, 'college-basketball-results-1280');

    for (const width of [375, 1280]) {
      const board = await open(`/game/${id}`, bob, { width, height: width < 500 ? 812 : 900 });
      await board.getByRole('grid').waitFor();
      await expect.poll(() => text(board.getByTestId('score-period'))).toBe('Final');
      await board.getByText('Half results').waitFor();
      const lines = board.getByTestId('quarter-result');
      await expect.poll(() => lines.count()).toBe(2);
      await expect.poll(() => text(lines.nth(0))).toContain(alice.username);
      await expect.poll(() => text(lines.nth(1))).toContain(bob.username);
      await expect.poll(() => text(board.getByTestId('winner-banner'))).toBe('You won H2 - $500.00');
      await shoot(board, `college-basketball-final-${width}`);
    }

    // My Winnings says the half.
    const winnings = await open('/my-winnings', alice, { width: 375, height: 812 });
    await expect.poll(() => winnings.getByTestId('my-winnings-win').allTextContents()).toEqual([expect.stringContaining('1st Half')]);
    await shoot(winnings, 'college-basketball-my-winnings-375');
  });

  test('a football board still says End of Q1, Halftime, End of Q3 and Final', { timeout: 120_000 }, async () => {
    const title = uniqueTitle('Football');
    const id = await insertGame(server.db.handle, { title, team_a: 'Eagles', team_b: 'Chiefs', game_type: 'nfl', price_per_square_cents: PRICE_CENTS });
    await buy(alice, id, title, rows(0, 9));
    await adminApi('POST', `/api/admin/games/${id}/numbers/randomize`, {});
    const view = await adminApi<GameDayView>('PUT', `/api/admin/games/${id}/numbers/visibility`, { revealed: true });
    for (const period of [1, 2, 3, 4]) {
      const { a, b } = scoresFor(view, period, { x: period, y: period });
      await adminApi('PUT', `/api/admin/games/${id}/periods/${period}`, { team_a_score: a, team_b_score: b });
    }
    const board = await open(`/game/${id}`, alice, { width: 1280, height: 900 });
    await board.getByRole('grid').waitFor();
    const chooser = board.getByTestId('quarter-chooser');
    // The score bar renders with the board's game-day data, which may come after the grid.
    await expect.poll(() => chooser.getByRole('button').count()).toBe(4);
    for (const [q, said] of [
      ['Q1', 'End of Q1'],
      ['Q2', 'Halftime'],
      ['Q3', 'End of Q3'],
      ['Q4', 'Final'],
    ] as const) {
      await chooser.getByRole('button', { name: new RegExp(q) }).click();
      await expect.poll(() => text(board.getByTestId('score-period'))).toBe(said);
    }
    await expect
      .poll(() => text(board.getByTestId('overtime-rule')))
      .toBe('Overtime counts toward the Final score: the quarter winners before it are not changed.');
  });
});
