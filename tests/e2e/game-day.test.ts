import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { GameDayView } from '../../src/core/api/game-day';
import type { Coordinate } from '../../src/core/grid';
import { SAME_ORIGIN, testAccount, type TestAccount } from '../support/accounts';
import { cartOf, payWith, sessionIdOf, startCheckout } from '../support/checkout';
import type { PageOptions } from '../support/browser';
import {
  addSession,
  axisTexts,
  type BrowserAccount,
  expectNoSeriousViolations,
  heading,
  horizontalOverflow,
  openAdminSection,
  signInBrowser,
  toast,
  uniqueTitle,
  useBrowserHarness,
} from '../support/e2e';
import { insertGame } from '../support/fixtures';
import type { TestServer } from '../support/server';

// Issue: game day in the browser (spec "Game Day Controls screen", /admin/game/:id,
// /my-winnings; D18-D20, D23, D24). Games are filled through the test checkout by several
// players (API), then run by the admin in the browser; players watch their boards live and find
// their wins on My Winnings.

const harness = useBrowserHarness();
let server: TestServer;
let admin: BrowserAccount;
let alice: TestAccount;
let bob: TestAccount;
let carol: TestAccount;

const PRICE_CENTS = 1000;

beforeAll(async () => {
  ({ server } = harness);
  // The admin first (D8: the first confirmed account would become admin anyway).
  admin = await testAccount(server, { admin: true });
  [alice, bob, carol] = await Promise.all([
    testAccount(server, { prefix: 'alice' }),
    testAccount(server, { prefix: 'bob' }),
    testAccount(server, { prefix: 'carol' }),
  ]);
});

// --- Helpers -------------------------------------------------------------------------------------

const boardCell = (page: Page, x: number, y: number) => page.locator(`[data-testid="board"] [role="gridcell"] button[data-x="${x}"][data-y="${y}"]`);
const selectionCell = (page: Page, x: number, y: number) => page.locator(`[data-testid="selection-grid"] button[data-x="${x}"][data-y="${y}"]`);
const periodFields = (page: Page, period: number) => page.locator(`[data-testid="quarter-fields"][data-period="${period}"]`);
const resultRow = (page: Page, period: number) => page.locator(`[data-testid="result-row"][data-period="${period}"]`);
const scoreBox = (page: Page, team: string, period: number) => page.getByLabel(`${team} score, Q${period}`, { exact: true });

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

/**
 * A game with 90 squares sold (D18: not full): alice rows 1-3, bob rows 4-6, carol rows 7-9 (as
 * people count them: x 0-2, 3-5, 6-8); row 10 (x 9) unsold.
 */
async function soldGame(prefix = 'Game Day Bowl') {
  const title = uniqueTitle(prefix);
  const id = await insertGame(server.db.handle, { title, team_a: 'Eagles', team_b: 'Chiefs', price_per_square_cents: PRICE_CENTS });
  await buy(alice, id, title, rows(0, 2));
  await buy(bob, id, title, rows(3, 5));
  await buy(carol, id, title, rows(6, 8));
  return { id, title };
}

/** The admin's API, as the web app calls it. */
async function adminApi<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
  const res = await server.app.inject({
    method,
    url,
    headers: { origin: SAME_ORIGIN, cookie: admin.cookie },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const gameDayView = (gameId: string) => adminApi<GameDayView>('GET', `/api/admin/games/${gameId}/game-day`);

/** Scores for `quarter` whose last digits pick square (x, y) under the drawn numbers (D15). */
function scoresFor(view: GameDayView, period: number, square: Coordinate) {
  const numbers = view.numbers!;
  return { a: 10 * period + numbers.x_axis_numbers[square.x]!, b: 10 * (period - 1) + numbers.y_axis_numbers[square.y]! };
}

/** A game with numbers drawn and revealed through the API. */
async function drawnGame(prefix?: string) {
  const game = await soldGame(prefix);
  await adminApi('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true });
  const view = await adminApi<GameDayView>('PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: true });
  return { ...game, view };
}

/** Q1 alice (pending), Q2 bob (paid, "Venmo 1234"), Q3 nobody (D24); Q4 open. */
async function gameWithResults(prefix?: string) {
  const game = await drawnGame(prefix);
  const targets: Coordinate[] = [
    { x: 0, y: 0 },
    { x: 4, y: 4 },
    { x: 9, y: 5 },
  ];
  for (const [index, square] of targets.entries()) {
    const period = index + 1;
    const { a, b } = scoresFor(game.view, period, square);
    await adminApi('PUT', `/api/admin/games/${game.id}/periods/${period}`, { team_a_score: a, team_b_score: b });
  }
  await adminApi('POST', `/api/admin/games/${game.id}/periods/2/payout/mark-paid`, { reference: 'Venmo 1234' });
  return game;
}

/** A page for `who` (the admin by default) at `path`, once its h1 shows. */
async function open(path: string, who: 'admin' | 'visitor' | TestAccount = 'admin', options: PageOptions = {}): Promise<Page> {
  return (await harness.open(path, { ...options, as: who === 'admin' ? admin : who })).page;
}

async function openTab(page: Page, name: 'Score Entry' | 'Results & Payouts' | 'Grid Selection') {
  await page.getByRole('tab', { name }).click();
  await expect.poll(() => page.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
}

async function text(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

// --- The whole game day ---------------------------------------------------------------------------

describe('game day end to end', () => {
  test('randomize anyway, reveal, four quarters, payouts; boards update live; winners see Paid on My Winnings', { timeout: 240_000 }, async () => {
    const game = await soldGame('Final Bowl');

    // Alice watches her board (live, SSE): # on the axes until the numbers are revealed.
    const board = await open(`/game/${game.id}`, alice);
    await board.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    await expect.poll(async () => new Set(await axisTexts(board, 'row-digit'))).toEqual(new Set(['#']));

    // The organizer opens the Game Day Controls from the Game Management list.
    const page = await open('/admin/games');
    await page
      .getByTestId('game-row')
      .filter({ hasText: game.title })
      .getByRole('link', { name: /Game Day/ })
      .click();
    await expect.poll(() => text(heading(page))).toBe(`Game Day Controls - ${game.title}`);
    await expect.poll(() => page.getByRole('link', { name: 'Back to Games List' }).getAttribute('href')).toBe('/admin/games');
    await expect.poll(() => page.getByRole('tab', { name: 'Score Entry' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByRole('button', { name: 'Clear Numbers' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Reveal Numbers' }).isDisabled()).toBe(true);

    // 90 of 100 sold: Randomize asks first (D18), then draws.
    await page.getByRole('button', { name: 'Randomize Numbers' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('90 of 100 squares are sold.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Randomize anyway' }).click();
    await toast(page, 'Numbers randomized and saved successfully!').waitFor();
    await expect.poll(() => text(page.getByTestId('game-day-numbers-state'))).toBe('drawn, hidden from players');
    // Still hidden from players.
    await expect.poll(async () => new Set(await axisTexts(board, 'row-digit'))).toEqual(new Set(['#']));

    // Reveal: the player's board shows the digits without a reload.
    await page.getByRole('button', { name: 'Reveal Numbers' }).click();
    await toast(page, 'Numbers revealed successfully!').waitFor();
    await page.getByRole('button', { name: 'Hide Numbers' }).waitFor();
    const view = await gameDayView(game.id);
    const xDigits = view.numbers!.x_axis_numbers.map(String);
    await expect.poll(() => axisTexts(board, 'row-digit'), { timeout: 15_000 }).toEqual(xDigits);
    await expect.poll(() => axisTexts(board, 'column-digit')).toEqual(view.numbers!.y_axis_numbers.map(String));

    // Q1 on its own (D19): alice's square (row 1, column 1) wins.
    const q1 = scoresFor(view, 1, { x: 0, y: 0 });
    await scoreBox(page, 'Eagles', 1).fill(String(q1.a));
    await scoreBox(page, 'Chiefs', 1).fill(String(q1.b));
    await periodFields(page, 1)
      .getByText(`Last digit: ${q1.a % 10}`)
      .first()
      .waitFor();
    await expect.poll(() => page.getByTestId('confirm-all').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Confirm Q1' }).click();
    await toast(page, `Q1 winner processed: ${alice.username}`).waitFor();
    await page.getByTestId('numbers-locked').getByText('Locked after score entry').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Randomize Numbers' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Clear Numbers' }).isDisabled()).toBe(true);
    // Alice's board highlights her square as the 1st quarter's winner, live.
    await expect.poll(() => boardCell(board, 0, 0).getAttribute('data-winner'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => boardCell(board, 0, 0).locator('[data-name]').textContent()).toContain('1st');

    // Q2-Q4 with Confirm All: disabled until all eight boxes are valid.
    const targets: Record<2 | 3 | 4, Coordinate> = { 2: { x: 4, y: 4 }, 3: { x: 9, y: 5 }, 4: { x: 1, y: 7 } };
    for (const period of [2, 3, 4] as const) {
      const scores = scoresFor(view, period, targets[period]);
      await scoreBox(page, 'Eagles', period).fill(String(scores.a));
      if (period === 4) await expect.poll(() => page.getByTestId('confirm-all').isDisabled()).toBe(true);
      await scoreBox(page, 'Chiefs', period).fill(String(scores.b));
    }
    await expect.poll(() => page.getByTestId('confirm-all').isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Confirm All Quarter Winners' }).click();
    await toast(page, 'All quarter winners processed successfully!').waitFor();
    await toast(page, 'Game marked as completed!').waitFor();
    await expect.poll(() => page.getByTestId('confirm-all').isDisabled()).toBe(true);

    // Results & Payouts: Q3's square was never sold (D24, said plainly as D43 asks: Unclaimed, its share kept by the organizer).
    await openTab(page, 'Results & Payouts');
    const pot = 90 * PRICE_CENTS;
    const share = `$${(pot / 4 / 100).toFixed(2)}`;
    await resultRow(page, 4).waitFor();
    await expect.poll(() => text(resultRow(page, 1))).toContain(alice.username);
    await expect.poll(() => text(resultRow(page, 1))).toContain(share);
    await expect.poll(() => text(resultRow(page, 1).getByTestId('payout-status'))).toBe('Pending');
    await expect.poll(() => text(resultRow(page, 2))).toContain(bob.username);
    await expect.poll(() => text(resultRow(page, 3))).toContain('Unclaimed');
    await expect.poll(() => text(resultRow(page, 3))).toContain(`${share}kept by the organizer`);
    await expect.poll(() => text(resultRow(page, 3))).not.toMatch(/No winner|\$0\.00/);
    await expect.poll(() => text(resultRow(page, 3).getByTestId('payout-status'))).toBe('Unclaimed');
    const q1Row = await text(resultRow(page, 1));
    expect(q1Row).toContain(`${q1.a} - ${q1.b}`);
    expect(q1Row).toContain(`${q1.a % 10} - ${q1.b % 10}`);

    // Mark Paid with a reference (D23).
    await resultRow(page, 1).getByRole('button', { name: 'Mark Paid Q1' }).click();
    const paidDialog = page.getByRole('dialog');
    await paidDialog.getByLabel('Reference (optional)').fill('Venmo 1234');
    await paidDialog.getByRole('button', { name: 'Mark Paid' }).click();
    await toast(page, 'Q1 payout marked as paid').waitFor();
    await expect.poll(() => text(resultRow(page, 1).getByTestId('payout-status'))).toBe('Paid');
    await expect.poll(() => text(resultRow(page, 1))).toContain('Venmo 1234');
    // Q2 without one.
    await resultRow(page, 2).getByRole('button', { name: 'Mark Paid Q2' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark Paid' }).click();
    await expect.poll(() => text(resultRow(page, 2).getByTestId('payout-status'))).toBe('Paid');

    // Grid Selection pays Q4 (D20): a wrong square says why, the winning square pays.
    await openTab(page, 'Grid Selection');
    const q4Digits = `${view.numbers!.x_axis_numbers[1]}-${view.numbers!.y_axis_numbers[7]}`;
    await page.getByRole('button', { name: `Q4 ${q4Digits}` }).click();
    await expect.poll(() => selectionCell(page, 1, 7).getAttribute('data-winning')).toBe('true');
    await selectionCell(page, 2, 2).click();
    await page.getByText('Selected: Row 3, column 3').waitFor();
    await page.getByRole('button', { name: 'Confirm Selection & Process Payout' }).click();
    await expect
      .poll(() => text(page.getByTestId('grid-message')))
      .toBe(
        `This is not the Q4 winning square. Q4 (Eagles ${view.numbers!.x_axis_numbers[1]}, Chiefs ${view.numbers!.y_axis_numbers[7]}) wins at Row 2, column 8.`,
      );
    await selectionCell(page, 1, 7).click();
    await page.getByText('Selected: Row 2, column 8').waitFor();
    await page.getByRole('button', { name: 'Confirm Selection & Process Payout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark Paid' }).click();
    await expect.poll(() => text(page.getByTestId('grid-message'))).toBe(`Q4 payout to ${alice.username} marked as paid.`);
    await openTab(page, 'Results & Payouts');
    await expect.poll(() => text(resultRow(page, 4).getByTestId('payout-status'))).toBe('Paid');

    // Alice's board: her two winning squares, without a reload.
    await expect.poll(() => boardCell(board, 1, 7).getAttribute('data-winner'), { timeout: 15_000 }).toBe('true');

    // The winners find their wins on My Winnings, Paid.
    const alicePage = await open('/my-winnings', alice);
    await expect.poll(() => text(alicePage.getByTestId('total-winnings-amount'))).toBe(`$${((2 * pot) / 4 / 100).toFixed(2)}`);
    const aliceGame = alicePage.getByTestId('my-winnings-game').filter({ hasText: game.title });
    await expect.poll(() => aliceGame.getByTestId('my-winnings-win').allTextContents()).toEqual([`1st Quarter${share}Paid`, `Final${share}Paid`]);
    const bobPage = await open('/my-winnings', bob);
    const bobGame = bobPage.getByTestId('my-winnings-game').filter({ hasText: game.title });
    await expect.poll(() => bobGame.getByTestId('my-winnings-win').allTextContents()).toEqual([`2nd Quarter${share}Paid`]);
  });
});

// --- Score Entry rules -----------------------------------------------------------------------------

describe('Score Entry', () => {
  test('validation messages word for word, digits only, Confirm All disabled until all eight are valid', { timeout: 120_000 }, async () => {
    const game = await drawnGame();
    const page = await open(`/admin/games/${game.id}/game-day`);
    await page.getByText('Quarter Score Entry').waitFor();
    await page.getByText('Enter the final scores for each quarter. Last digits will determine winning squares.').waitFor();
    const box = scoreBox(page, 'Eagles', 1);
    await expect.poll(() => box.getAttribute('placeholder')).toBe('0-199');
    await expect.poll(() => box.getAttribute('maxlength')).toBe('3');
    await expect.poll(() => box.getAttribute('inputmode')).toBe('numeric');

    await box.fill('250');
    await periodFields(page, 1).getByText('Score cannot exceed 199', { exact: true }).waitFor();
    await expect.poll(() => box.getAttribute('aria-invalid')).toBe('true');
    await box.fill('');
    await periodFields(page, 1).getByText('Score must be a number', { exact: true }).waitFor();
    // Digits only: a minus sign, letters and a fourth digit are not kept.
    await box.fill('-5');
    await expect.poll(() => box.inputValue()).toBe('5');
    await box.fill('1a2b');
    await expect.poll(() => box.inputValue()).toBe('12');
    await box.pressSequentially('34');
    await expect.poll(() => box.inputValue()).toBe('123');
    await periodFields(page, 1).getByText('Last digit: 3', { exact: true }).waitFor();

    // Confirm All stays disabled until all eight boxes hold valid scores.
    const confirmAll = page.getByTestId('confirm-all');
    await expect.poll(() => confirmAll.isDisabled()).toBe(true);
    const fills: [string, number, string][] = [
      ['Chiefs', 1, '7'],
      ['Eagles', 2, '14'],
      ['Chiefs', 2, '10'],
      ['Eagles', 3, '21'],
      ['Chiefs', 3, '17'],
      ['Eagles', 4, '28'],
    ];
    for (const [team, period, value] of fills) {
      await scoreBox(page, team, period).fill(value);
      await expect.poll(() => confirmAll.isDisabled()).toBe(true);
    }
    await scoreBox(page, 'Chiefs', 4).fill('200');
    await expect.poll(() => confirmAll.isDisabled()).toBe(true);
    await scoreBox(page, 'Chiefs', 4).fill('24');
    await expect.poll(() => confirmAll.isEnabled()).toBe(true);

    // A quarter confirmed with an error in its boxes: the spec's alert.
    await scoreBox(page, 'Eagles', 1).fill('');
    await page.getByRole('button', { name: 'Confirm Q1' }).click();
    await expect.poll(() => text(page.getByTestId('scores-error'))).toBe('Please correct the errors above before confirming scores.');
    // Only Q1 can be confirmed first (D19).
    await expect.poll(() => page.getByRole('button', { name: 'Confirm Q2' }).isDisabled()).toBe(true);
    await expectNoSeriousViolations(page);
  });

  test('a confirm-all that stops says which quarter stopped, and the quarters before it are processed', { timeout: 120_000 }, async () => {
    const game = await drawnGame();
    // Q1 and Q2 confirmed, Q2 paid: its score is final (D19).
    const q1 = scoresFor(game.view, 1, { x: 0, y: 0 });
    const q2 = scoresFor(game.view, 2, { x: 4, y: 4 });
    await adminApi('PUT', `/api/admin/games/${game.id}/periods/1`, { team_a_score: q1.a, team_b_score: q1.b });
    await adminApi('PUT', `/api/admin/games/${game.id}/periods/2`, { team_a_score: q2.a, team_b_score: q2.b });
    await adminApi('POST', `/api/admin/games/${game.id}/periods/2/payout/mark-paid`, {});
    const page = await open(`/admin/games/${game.id}/game-day`);
    // Confirmed quarters are prefilled; a paid one is read-only.
    await expect.poll(() => scoreBox(page, 'Eagles', 1).inputValue()).toBe(String(q1.a));
    await expect.poll(() => scoreBox(page, 'Eagles', 2).getAttribute('readonly')).toBe('');
    for (const period of [3, 4]) {
      await scoreBox(page, 'Eagles', period).fill(String(period * 7));
      await scoreBox(page, 'Chiefs', period).fill(String(period * 3));
    }
    // A second organizer's screen still had another Q2 score: the request carries it. It is held
    // a moment, to see the screen while the server works.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/admin/games/${game.id}/periods/confirm-all`, async (route) => {
      await gate;
      const body = route.request().postDataJSON();
      body.scores['2'] = { team_a_score: q2.a + 1, team_b_score: q2.b };
      await route.continue({ postData: JSON.stringify(body) });
    });
    await page.getByRole('button', { name: 'Confirm All Quarter Winners' }).click();
    await expect.poll(() => text(page.getByTestId('processing-notice'))).toBe('Processing quarter winners and payouts... Please wait.');
    await expect.poll(() => text(page.getByTestId('confirm-all'))).toBe('Processing Winners...');
    await expect.poll(() => page.getByTestId('confirm-all').isDisabled()).toBe(true);
    release();
    const message = 'Failed to process scores: The Q2 payout is completed: its score can no longer be corrected.';
    await toast(page, message).waitFor();
    await expect.poll(() => text(page.getByTestId('confirm-all-stopped'))).toContain('Processing stopped at Q2');
    await expect.poll(() => text(page.getByTestId('confirm-all-stopped'))).toContain(message);
    await expect.poll(() => text(page.getByTestId('confirm-all-stopped'))).toContain('Q1 was processed. Fix Q2 and confirm again.');
    // Q3 and Q4 were not processed.
    expect((await gameDayView(game.id)).results.map((r) => r.period)).toEqual([1, 2]);
  });
});

// --- Screens ---------------------------------------------------------------------------------------

describe('the Game Day Controls screen', () => {
  test('remembers the last tab per game across a reload (default Score Entry)', { timeout: 120_000 }, async () => {
    // One after the other: a buyer's new checkout cancels their own open one (D21).
    const first = await drawnGame('Tab Bowl');
    const second = await drawnGame('Other Bowl');
    const page = await open(`/admin/games/${first.id}/game-day`);
    await expect.poll(() => page.getByRole('tab', { name: 'Score Entry' }).getAttribute('aria-selected')).toBe('true');
    await openTab(page, 'Grid Selection');
    await page.reload();
    await heading(page).waitFor();
    await expect.poll(() => page.getByRole('tab', { name: 'Grid Selection' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('Grid Winner Selection').waitFor();
    // Another game starts on Score Entry.
    await page.goto(`${server.url}/admin/games/${second.id}/game-day`);
    await expect.poll(() => page.getByRole('tab', { name: 'Score Entry' }).getAttribute('aria-selected')).toBe('true');
  });

  test('Grid Selection: disabled before numbers, hidden until shown, then squares show their position and numbers', { timeout: 120_000 }, async () => {
    const game = await soldGame('Grid Bowl');
    const page = await open(`/admin/games/${game.id}/game-day`);
    await openTab(page, 'Grid Selection');
    await page.getByText('Grid disabled - Please randomize numbers first').waitFor();
    await expect.poll(() => text(page.getByTestId('numbers-visibility'))).toBe('No numbers generated');
    await expect.poll(() => selectionCell(page, 0, 0).isDisabled()).toBe(true);

    // Randomize anyway, from the screen; the numbers stay hidden.
    await page.getByRole('button', { name: 'Randomize Numbers' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Randomize anyway' }).click();
    await toast(page, 'Numbers randomized and saved successfully!').waitFor();
    await page.getByText('Numbers are hidden - Click "Show Numbers" to enable grid interaction').waitFor();
    await expect.poll(() => text(page.getByTestId('numbers-visibility'))).toBe('Numbers hidden');

    await page.getByRole('button', { name: 'Show Numbers' }).click();
    await toast(page, 'Numbers revealed successfully!').waitFor();
    await expect.poll(() => text(page.getByTestId('numbers-visibility'))).toBe('Numbers visible');
    const view = await gameDayView(game.id);
    await selectionCell(page, 2, 5).click();
    await page.getByText('Selected: Row 3, column 6').waitFor();
    await expect
      .poll(() => text(page.getByTestId('grid-selected')))
      .toContain(`Numbers: Eagles ${view.numbers!.x_axis_numbers[2]}, Chiefs ${view.numbers!.y_axis_numbers[5]} · Owner: ${alice.username}`);
    // No score yet: it says why nothing is paid.
    await page.getByRole('button', { name: 'Confirm Selection & Process Payout' }).click();
    await expect.poll(() => text(page.getByTestId('grid-message'))).toBe('Q1 has no confirmed score yet. Confirm its score in Score Entry first.');

    // Hide again from the header.
    await page.getByRole('button', { name: 'Hide Numbers' }).first().click();
    await toast(page, 'Numbers hidden successfully!').waitFor();
    await expect.poll(() => text(page.getByTestId('numbers-visibility'))).toBe('Numbers hidden');

    // Clear asks first.
    await page.getByRole('button', { name: 'Clear Numbers' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Clear Numbers' }).click();
    await toast(page, 'Numbers cleared successfully!').waitFor();
    await expect.poll(() => text(page.getByTestId('numbers-visibility'))).toBe('No numbers generated');
  });

  test('Results & Payouts: the empty state, and a failed payout is retried', { timeout: 120_000 }, async () => {
    const empty = await drawnGame('Empty Bowl');
    const page = await open(`/admin/games/${empty.id}/game-day`);
    await openTab(page, 'Results & Payouts');
    await page.getByText('No quarter results yet. Enter scores to see winners.').waitFor();

    const game = await gameWithResults('Retry Bowl');
    // A payout that failed at the provider (D23) is marked failed with its reason.
    await server.db.handle.db
      .updateTable('game_winners')
      .set({ payout_status: 'failed' } as never)
      .where('game_id', '=', game.id)
      .where('period', '=', 1)
      .execute();
    await page.goto(`${server.url}/admin/games/${game.id}/game-day`);
    await openTab(page, 'Results & Payouts');
    await expect.poll(() => text(resultRow(page, 1).getByTestId('payout-status'))).toBe('Failed');
    // The provider refuses once (the server's 502 PAYOUT_FAILED), then pays.
    await page.route(`**/api/admin/games/${game.id}/periods/1/payout/retry`, (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'PAYOUT_FAILED', message: 'Failed to retry payout: Payout provider unavailable' } }),
      }),
    );
    await resultRow(page, 1)
      .getByRole('button', { name: /Retry Payout/ })
      .click();
    await toast(page, 'Failed to retry payout: Payout provider unavailable').waitFor();
    await page.unroute(`**/api/admin/games/${game.id}/periods/1/payout/retry`);
    await resultRow(page, 1)
      .getByRole('button', { name: /Retry Payout/ })
      .click();
    await toast(page, 'Q1 payout retry successful!').waitFor();
    await expect.poll(() => text(resultRow(page, 1).getByTestId('payout-status'))).toBe('Paid');
  });

  test('/admin/game/:id: one board (picking winners once numbers are drawn) with the same controls under it', { timeout: 120_000 }, async () => {
    const game = await gameWithResults('Board Bowl');
    const page = await open(`/admin/game/${game.id}#board`);
    await expect.poll(() => text(heading(page))).toBe(game.title);
    // Issue 14: one grid, Grid Selection's, on the board's Pick winners mode (design note 016).
    await page.getByTestId('selection-grid').waitFor();
    await expect.poll(() => page.getByRole('grid').count()).toBe(1);
    // Issue 23: the controls are the Game day section (the page opens on it once numbers are drawn).
    await openAdminSection(page, 'Game day');
    const controls = page.getByTestId('admin-game-day');
    await controls.getByRole('heading', { name: 'Game Day Controls' }).waitFor();
    await controls.getByRole('heading', { name: 'Four Quarter Mode' }).waitFor();
    await controls.getByRole('button', { name: 'Hide Numbers' }).waitFor();
    await expect.poll(() => controls.getByRole('button', { name: 'Randomize Numbers' }).isDisabled()).toBe(true);
    await controls.getByRole('tab', { name: 'Results & Payouts' }).click();
    await expect.poll(() => text(resultRow(page, 2).getByTestId('payout-status'))).toBe('Paid');
  });

  test('Edit is reached from game day while the game can be edited, and says why not once numbers are drawn (issue 11)', { timeout: 120_000 }, async () => {
    const game = await soldGame('Editable Day Bowl');
    for (const path of [`/admin/games/${game.id}/game-day`, `/admin/game/${game.id}#settings`]) {
      const page = await open(path);
      const edit = page.getByRole('link', { name: `Edit ${game.title}` });
      await edit.waitFor();
      await expect.poll(() => edit.getAttribute('href'), { message: path }).toBe(`/admin/games/edit/${game.id}`);
      if (path.endsWith('/game-day')) {
        await edit.click();
        await page.getByRole('heading', { name: 'Edit Game', level: 1 }).waitFor();
      }
    }

    await adminApi('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true });
    for (const path of [`/admin/games/${game.id}/game-day`, `/admin/game/${game.id}#settings`]) {
      const page = await open(path);
      const edit = page.getByRole('button', { name: `Edit ${game.title}` });
      await edit.waitFor();
      await expect.poll(() => edit.isDisabled(), { message: path }).toBe(true);
      await expect.poll(() => page.getByRole('link', { name: `Edit ${game.title}` }).count(), { message: path }).toBe(0);
      await expect.poll(() => text(page.getByTestId('edit-closed-reason')), { message: path }).toBe('Numbers are drawn: this game can no longer be edited.');
    }
  });

  test('confirmed results stay hidden from players until the reveal, on the board and on My Winnings; game day says so', { timeout: 120_000 }, async () => {
    const game = await soldGame('Hidden Results Bowl');
    const drawn = await adminApi<GameDayView>('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true });
    // Q1 goes to alice's square (row 1, column 1), with the numbers still hidden.
    const { a, b } = scoresFor(drawn, 1, { x: 0, y: 0 });
    await adminApi('PUT', `/api/admin/games/${game.id}/periods/1`, { team_a_score: a, team_b_score: b });
    const share = `$${((PRICE_CENTS * 90) / 4 / 100).toFixed(2)}`;

    const adminPage = await open(`/admin/games/${game.id}/game-day`);
    const reminder = adminPage.getByTestId('reveal-reminder');
    await reminder.waitFor();
    await expect
      .poll(() => text(reminder))
      .toBe("Players can't see the results yet: the numbers are hidden. Reveal Numbers to show the winners on the board and on My Winnings.");

    // Alice sees no result anywhere yet.
    const winnings = await open('/my-winnings', alice);
    const aliceGame = winnings.getByTestId('my-winnings-game').filter({ hasText: game.title });
    await winnings.getByRole('heading', { name: 'Total Winnings' }).waitFor();
    await expect.poll(() => aliceGame.count()).toBe(0);
    const board = await open(`/game/${game.id}`, alice);
    await board.getByTestId('board').waitFor();
    await expect.poll(() => board.getByTestId('quarter-results').count()).toBe(0);

    // The admin reveals: the reminder goes, and both of alice's screens show the win.
    await adminPage.getByRole('button', { name: 'Reveal Numbers' }).first().click();
    await toast(adminPage, 'Numbers revealed successfully!').waitFor();
    await reminder.waitFor({ state: 'detached' });
    await expect.poll(() => board.getByTestId('quarter-results').count()).toBe(1);
    await expect.poll(() => text(board.getByTestId('quarter-results'))).toContain(alice.username);
    await winnings.reload();
    await expect.poll(() => aliceGame.getByTestId('my-winnings-win').allTextContents()).toEqual([`1st Quarter${share}Pending`]);
  });

  test('/admin/game/:id lists the orders: buyer, squares counted from 1, amount and the note typed at payment (issue 11)', { timeout: 120_000 }, async () => {
    const title = uniqueTitle('Notes Bowl');
    const id = await insertGame(server.db.handle, { title, team_a: 'Eagles', team_b: 'Chiefs', price_per_square_cents: PRICE_CENTS });
    const pay = async (buyer: TestAccount, squares: Coordinate[], notes?: string) => {
      const res = await startCheckout(server.app, buyer, [cartOf(id, squares, PRICE_CENTS / 100, title)], notes);
      expect(res.statusCode, res.body).toBe(201);
      const paid = await payWith(server.app, buyer, await sessionIdOf(server.db.handle, res.json().checkout_id));
      expect(paid.statusCode, paid.body).toBe(200);
      return res.json().checkout_id as string;
    };
    const aliceOrder = await pay(
      alice,
      [
        { x: 4, y: 8 },
        { x: 0, y: 0 },
      ],
      'Table 4 - paying cash for my brother too',
    );
    const bobOrder = await pay(bob, [{ x: 9, y: 9 }]);
    // Newest first, whatever the clock's resolution.
    await server.db.handle.db.updateTable('checkouts').set({ created_at: '2026-01-01T10:00:00.000Z' }).where('id', '=', aliceOrder).execute();
    await server.db.handle.db.updateTable('checkouts').set({ created_at: '2026-01-01T11:00:00.000Z' }).where('id', '=', bobOrder).execute();

    for (const width of [1280, 375]) {
      const page = await open(`/admin/game/${id}#orders`, 'admin', { width, height: 900 });
      const orders = page.getByRole('region', { name: 'Orders' });
      const items = orders.getByTestId('game-order');
      await expect.poll(() => items.count()).toBe(2);
      await expect.poll(() => items.getByTestId('order-buyer').allTextContents()).toEqual([bob.username, alice.username]);
      await expect.poll(() => items.getByTestId('order-squares').allTextContents()).toEqual(['Row 10, column 10', 'Row 1, column 1; Row 5, column 9']);
      await expect.poll(() => items.getByTestId('order-amount').allTextContents()).toEqual(['$10.00', '$20.00']);
      await expect.poll(() => items.getByTestId('order-status').allTextContents()).toEqual(['Paid', 'Paid']);
      await expect.poll(() => items.nth(1).getByTestId('order-note').textContent()).toBe('Note from the buyer: Table 4 - paying cash for my brother too');
      await expect.poll(() => items.nth(0).getByTestId('order-note').count()).toBe(0);
      await expect.poll(() => items.nth(0).textContent()).toContain('No note.');
      await expect.poll(() => horizontalOverflow(page), { message: `at ${width}` }).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page, `at ${width}`);
    }
  });

  test('no serious axe violations on any tab, and nothing scrolls sideways at 375 px', { timeout: 180_000 }, async () => {
    const game = await gameWithResults('Phone Bowl');
    for (const width of [1280, 375]) {
      const page = await open(`/admin/games/${game.id}/game-day`, 'admin', { width, height: 800 });
      for (const tab of ['Score Entry', 'Results & Payouts', 'Grid Selection'] as const) {
        await openTab(page, tab);
        if (tab === 'Results & Payouts') await page.getByTestId(width < 768 ? 'results-cards' : 'results-table').waitFor();
        if (tab === 'Grid Selection') await selectionCell(page, 0, 0).click();
        await expect.poll(() => horizontalOverflow(page), { message: `${tab} at ${width}` }).toBeLessThanOrEqual(0);
        await expectNoSeriousViolations(page, `${tab} at ${width}`);
      }
    }
  });
});

// --- My Winnings -----------------------------------------------------------------------------------

describe('/my-winnings', () => {
  test('wins by game with Paid and Pending badges and the total; fits a phone', { timeout: 120_000 }, async () => {
    const game = await gameWithResults('Winnings Bowl');
    const share = `$${((90 * PRICE_CENTS) / 4 / 100).toFixed(2)}`;
    for (const width of [1280, 375]) {
      const page = await open('/my-winnings', bob, { width });
      await expect.poll(() => text(heading(page))).toBe('My Winnings');
      await page.getByText('Total Winnings').waitFor();
      const card = page.getByTestId('my-winnings-game').filter({ hasText: game.title });
      await expect.poll(() => card.getByTestId('my-winnings-win').allTextContents()).toEqual([`2nd Quarter${share}Paid`]);
      await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page);
    }
    // Alice's Q1 is not paid yet.
    const page = await open('/my-winnings', alice);
    const card = page.getByTestId('my-winnings-game').filter({ hasText: game.title });
    await expect.poll(() => card.getByTestId('my-winnings-win').allTextContents()).toEqual([`1st Quarter${share}Pending`]);
  });

  test('no wins: No Winnings Yet; visitors go to /login; a session that ended: Please log in to view your winnings.', { timeout: 120_000 }, async () => {
    const { context, page } = await harness.newPage();
    await signInBrowser(context, server, { prefix: 'nowin' });
    await page.goto(`${server.url}/my-winnings`);
    await page.getByRole('heading', { name: 'No Winnings Yet' }).waitFor();
    await expect.poll(() => text(page.getByTestId('total-winnings-amount'))).toBe('$0.00');
    await expectNoSeriousViolations(page);

    const visitor = await harness.newPage();
    await visitor.page.goto(`${server.url}/my-winnings`);
    await visitor.page.waitForURL(/\/login$/);

    const ended = await harness.newPage();
    await addSession(ended.context, server, carol.cookie);
    await ended.page.route('**/api/me/winnings', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Please log in to continue.' } }),
      }),
    );
    await ended.page.goto(`${server.url}/my-winnings`);
    await ended.page.getByText('Please log in to view your winnings.').waitFor();
    await expect.poll(() => ended.page.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
  });
});
