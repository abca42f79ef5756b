import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { GameDayView } from '../../src/core/api/game-day';
import type { Coordinate } from '../../src/core/grid';
import { verifyDrawCommand } from '../../src/server/draws/verify-draw';
import { SAME_ORIGIN, testAccount, type TestAccount } from '../support/accounts';
import { cartOf, payWith, sessionIdOf, startCheckout } from '../support/checkout';
import {
  axisTexts,
  type BrowserAccount,
  expectNoSeriousViolations,
  heading,
  horizontalOverflow,
  openDisclosure,
  shoot,
  toast,
  uniqueTitle,
  useBrowserHarness,
  openGameRules,
} from '../support/e2e';
import type { TestServer } from '../support/server';

// Issue 25 (D34-D38) in one pool, as an organizer runs it: a 25-square board made on the form
// with custom shares (10/20/30/30 and 10% to a food bank), roll-forward, and new numbers at
// halftime; 24 squares sold; numbers drawn and revealed on game day; Q2's winning square is the
// one nobody bought, so its money rolls into Q3, which is won on set 2's digits; the Final is won;
// every score entered and confirmed on the game-day page. The board and the verify page then show
// both sets, and the verify page and `verify-draw` both say each set is verified.

const harness = useBrowserHarness();
let server: TestServer;
let admin: BrowserAccount;
let alice: TestAccount;
let bob: TestAccount;

const ADMIN_GAMES = '/api/admin/games';

beforeAll(async () => {
  ({ server } = harness);
  admin = await testAccount(server, { admin: true });
  [alice, bob] = await Promise.all([testAccount(server, { prefix: 'alice' }), testAccount(server, { prefix: 'bob' })]);
});

async function gameDay(gameId: string): Promise<GameDayView> {
  const res = await server.app.inject({ method: 'GET', url: `${ADMIN_GAMES}/${gameId}/game-day`, headers: { origin: SAME_ORIGIN, cookie: admin.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GameDayView;
}

async function buy(buyer: TestAccount, gameId: string, title: string, squares: Coordinate[]) {
  const res = await startCheckout(server.app, buyer, [cartOf(gameId, squares, 10, title)]);
  expect(res.statusCode, res.body).toBe(201);
  const paid = await payWith(server.app, buyer, await sessionIdOf(server.db.handle, res.json().checkout_id));
  expect(paid.statusCode, paid.body).toBe(200);
}

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** On a 25-square board each line carries two digits: line k holds positions 2k and 2k+1 of its axis. */
const lineDigit = (axis: readonly number[], line: number) => axis[2 * line]!;

/** Enters a period's score on the game-day page and confirms it, as the organizer does. */
async function confirmOnGameDay(page: Page, period: number, label: string, scores: { a: number; b: number }) {
  await page.getByLabel(`Lions score, ${label}`, { exact: true }).fill(String(scores.a));
  await page.getByLabel(`Bears score, ${label}`, { exact: true }).fill(String(scores.b));
  await page.getByRole('button', { name: `Confirm ${label}` }).click();
  await expect.poll(async () => (await gameDay(gameIdOf(page))).results.some((result) => result.period === period), { timeout: 15_000 }).toBe(true);
}

const gameIdOf = (page: Page) => new URL(page.url()).pathname.split('/')[3]!;

describe('a 25-square pool with custom shares, roll-forward and numbers at halftime, played to the end', () => {
  test('made on the form, drawn and scored on game day, its payouts add up and its draws verify', { timeout: 300_000 }, async () => {
    const title = uniqueTitle('Small Office Pool');
    const { page: form } = await harness.open('/admin/games/new', { as: admin, width: 1280, height: 900 });
    await openGameRules(form);
    await expect.poll(async () => (await heading(form).textContent())?.trim()).toBe('Create New Game');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Team A').fill('Lions');
    await form.getByLabel('Team B').fill('Bears');
    await form
      .getByTestId('board-size-field')
      .getByRole('radio', { name: /25 squares/ })
      .check();
    await form.getByLabel('Numbers', { exact: true }).selectOption('halftime');
    await form.getByRole('group', { name: 'Payout Schedule' }).getByRole('radio', { name: 'Custom shares' }).check();
    const shares = form.getByTestId('custom-shares');
    await shares.waitFor();
    for (const [label, value] of [
      ['1st Quarter (%)', '10'],
      ['2nd Quarter (%)', '20'],
      ['3rd Quarter (%)', '30'],
      ['Final (%)', '30'],
    ] as const) {
      await shares.getByLabel(label, { exact: true }).fill(value);
    }
    await shares.getByLabel('Who gets the organizer share').fill('Food Bank');
    await shares.getByLabel('Food Bank (%)', { exact: true }).fill('10');
    await expect.poll(() => text(form, 'shares-sum')).toBe('Adds up to 100%');
    await form
      .getByTestId('unbought-field')
      .getByRole('radio', { name: /It rolls forward to the next quarter/ })
      .check();
    // A full 25-square board at $10 is a $250 pot: the Final's 30% is $75.
    await expect.poll(() => text(form, 'payout-info')).toContain('Final$75.00');
    await expectNoSeriousViolations(form, 'create form, 25 squares with custom shares');
    await shoot(form, 'pool-rules-form-1280');
    await form.getByRole('button', { name: 'Create Game' }).click();
    await form.waitForURL(/\/admin\/games\/[^/]+\/share|\/admin\/games$/);

    const row = await server.db.handle.db.selectFrom('games').selectAll().where('title', '=', title).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      board_rows: 5,
      board_columns: 5,
      number_sets: 'halftime',
      payout_schedule: 'custom',
      payout_shares: '[10,20,30,30]',
      organizer_percent: 10,
      organizer_label: 'Food Bank',
      unbought_rule: 'roll',
      draw_method: 'commit-reveal',
    });
    const gameId = row.id;

    // 24 of 25 squares sold: Alice rows 1-3, Bob row 4 and four squares of row 5; (4,4) stays unsold.
    const cells = (rows: number[], columns = 5): Coordinate[] => rows.flatMap((x) => Array.from({ length: columns }, (_, y) => ({ x, y })));
    await buy(alice, gameId, title, cells([0, 1, 2]));
    await buy(bob, gameId, title, [...cells([3]), ...cells([4], 4)]);
    const owner = (x: number) => (x < 3 ? alice : bob);

    // Game day: draw set 1 and reveal it.
    const { page: organizer } = await harness.open(`/admin/games/${gameId}/game-day`, { as: admin, width: 1280, height: 900 });
    await organizer.getByRole('button', { name: 'Randomize Numbers' }).click();
    const dialog = organizer.getByRole('alertdialog');
    await dialog.getByText('24 of 25 squares are sold.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Randomize anyway' }).click();
    await toast(organizer, 'Numbers randomized and saved successfully!').waitFor();
    await organizer.getByRole('button', { name: 'Reveal Numbers' }).click();
    await toast(organizer, 'Numbers revealed successfully!').waitFor();

    const set1 = (await gameDay(gameId)).digit_sets.find(({ set }) => set === 1)!;
    expect([set1.first_period, set1.last_period, set1.method]).toEqual([1, 2, 'commit-reveal']);
    expect((await gameDay(gameId)).digit_sets.find(({ set }) => set === 2)?.x_axis_numbers ?? null).toBeNull();
    const on = (set: typeof set1, cell: Coordinate, tens: number) => ({
      a: tens + lineDigit(set.x_axis_numbers!, cell.x),
      b: tens + lineDigit(set.y_axis_numbers!, cell.y),
    });

    // Q1: Alice's (0,0) on set 1. Q2: the unsold (4,4) on set 1: its $48 rolls forward to Q3.
    await confirmOnGameDay(organizer, 1, 'Q1', on(set1, { x: 0, y: 0 }, 0));
    await toast(organizer, `Q1 winner processed: ${alice.username}`).waitFor();
    await confirmOnGameDay(organizer, 2, 'Q2', on(set1, { x: 4, y: 4 }, 10));

    // Confirming Q2 draws set 2, which counts for Q3 and the Final.
    await expect.poll(async () => (await gameDay(gameId)).digit_sets.find(({ set }) => set === 2)?.x_axis_numbers ?? null).not.toBeNull();
    const set2 = (await gameDay(gameId)).digit_sets.find(({ set }) => set === 2)!;
    expect([set2.first_period, set2.last_period]).toEqual([3, 4]);

    // Q3 on set 2: Bob's (3,1), paid its 30% and Q2's 20%. The Final on set 2: Alice's (1,3).
    await confirmOnGameDay(organizer, 3, 'Q3', on(set2, { x: 3, y: 1 }, 20));
    await toast(organizer, `Q3 winner processed: ${bob.username}`).waitFor();
    await confirmOnGameDay(organizer, 4, 'Q4', on(set2, { x: 1, y: 3 }, 30));

    // $240 pot: Q1 10% $24, Q2 unbought ($48 rolls), Q3 30% + $48 = $120, Final 30% $72, Food Bank $24.
    const results = (await gameDay(gameId)).results.toSorted((a, b) => a.period - b.period);
    expect(
      results.map(({ period, square_x, square_y, winner_id, payout_amount_cents }) => [period, square_x, square_y, winner_id, payout_amount_cents]),
    ).toEqual([
      [1, 0, 0, alice.id, 2_400],
      [2, 4, 4, null, 0],
      [3, 3, 1, owner(3).id, 12_000],
      [4, 1, 3, owner(1).id, 7_200],
    ]);
    const paidOut = results.reduce((sum, { payout_amount_cents }) => sum + payout_amount_cents, 0);
    expect(paidOut + 2_400).toBe(24_000);

    await organizer.getByRole('tab', { name: 'Results & Payouts' }).click();
    const table = organizer.getByTestId('results-payouts');
    await table.waitFor();
    const payoutOf = (period: number) => organizer.locator(`[data-testid="result-row"][data-period="${period}"] td`).nth(4).textContent();
    await expect.poll(() => payoutOf(2)).toContain('rolls forward to Q3');
    await expect.poll(() => payoutOf(3)).toContain('$120.00');
    await expect.poll(() => payoutOf(4)).toContain('$72.00');
    await expectNoSeriousViolations(organizer, 'game day results, played out');
    await shoot(organizer, 'pool-rules-game-day-results-1280');

    // The board, for everyone: both sets with their periods, the axes on set 2 (the Final's), the rules and the results.
    for (const width of [1280, 375]) {
      const { page: board } = await harness.open(`/game/${gameId}`, { width, height: 900 });
      await board.getByRole('grid').waitFor();
      await expect.poll(() => text(board, 'digit-set-1')).toMatch(/^Set 1 \(Q1-Q2\): rows \d{10} · columns \d{10}/);
      await expect.poll(() => text(board, 'digit-set-2')).toMatch(/^Set 2 \(Q3-Q4\): rows \d{10} · columns \d{10}/);
      const pairs = (digits: readonly number[]) => [0, 1, 2, 3, 4].map((line) => `${digits[2 * line]} / ${digits[2 * line + 1]}`);
      await expect.poll(() => axisTexts(board, 'row-digit')).toEqual(pairs(set2.x_axis_numbers!));
      await expect.poll(() => axisTexts(board, 'column-digit')).toEqual(pairs(set2.y_axis_numbers!));
      const panel = board.getByTestId('quarter-results-panel');
      await expect.poll(() => panel.textContent()).toContain('Unclaimed: nobody bought this square, so its $48.00 rolls forward to Q3.');
      await expect.poll(() => panel.textContent()).toContain('$120.00');
      await expect.poll(() => text(board, 'payout-organizer')).toBe('Food Bank gets 10% ($24.00)');
      await expect.poll(() => horizontalOverflow(board)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(board, `played-out 25-square board, ${width} px`);
      await shoot(board, `pool-rules-board-${width}`);

      // The verify page recomputes both sets from the published seed.
      await openDisclosure(board, 'draw-details');
      await board.getByTestId('verify-link').click();
      await openDisclosure(board, 'verify-details');
      await board.getByTestId('verify-set-2').waitFor();
      await expect.poll(() => board.getByTestId('verify-set-1').locator('p').first().textContent()).toBe('Set 1 (Q1-Q2): verified');
      await expect.poll(() => board.getByTestId('verify-set-2').locator('p').first().textContent()).toBe('Set 2 (Q3-Q4): verified');
      await expect.poll(() => horizontalOverflow(board)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(board, `verify page, ${width} px`);
      await shoot(board, `pool-rules-verify-${width}`);
    }

    // Alice's My Squares on her phone: each of her squares with its digits in both sets.
    const { page: mine } = await harness.open('/my-squares', { as: alice, width: 375, height: 812 });
    const game = mine.getByRole('list', { name: `Your squares in ${title}` });
    const first = game.getByTestId('my-square').first();
    // Square (0,0) of a 25-square board carries each axis's first two digits.
    const digitsOf = (set: typeof set1) =>
      `Lions ${set.x_axis_numbers![0]} / ${set.x_axis_numbers![1]} - Bears ${set.y_axis_numbers![0]} / ${set.y_axis_numbers![1]}`;
    await expect.poll(() => first.getByTestId('my-square-digits').allTextContents()).toEqual([`Q1-Q2: ${digitsOf(set1)}`, `Q3-Q4: ${digitsOf(set2)}`]);
    await expect.poll(() => horizontalOverflow(mine)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(mine, 'My Squares with two sets, 375 px');
    await shoot(mine, 'pool-rules-my-squares-375');

    // And so does `npm run verify-draw` on the game's page address.
    const verdict = await verifyDrawCommand(`${server.url}/game/${gameId}`);
    expect(verdict).toEqual({ ok: true, lines: [`Game ${gameId}: 2 set(s)`, 'Set 1: verified', 'Set 2: verified'] });
  });
});
