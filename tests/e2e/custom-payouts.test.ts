import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { GameDayView } from '../../src/core/api/game-day';
import type { Coordinate } from '../../src/core/grid';
import { SAME_ORIGIN, testAccount, type TestAccount } from '../support/accounts';
import { cartOf, payWith, sessionIdOf, startCheckout } from '../support/checkout';
import {
  type BrowserAccount,
  expectNoSeriousViolations,
  heading,
  horizontalOverflow,
  openGameRules,
  shoot,
  uniqueTitle,
  useBrowserHarness,
} from '../support/e2e';
import type { TestServer } from '../support/server';

// Issue 25 part 1 (D34): an organizer creates a game with custom shares 10/20/30/30, 10% to a
// charity, and roll-forward; the board's Payouts panel and the game card show the rules; the game
// is played with an unbought winning square in Q2, and Q3 pays its own share plus Q2's on Results.

const harness = useBrowserHarness();
let server: TestServer;
let admin: BrowserAccount;
let alice: TestAccount;

beforeAll(async () => {
  ({ server } = harness);
  admin = await testAccount(server, { admin: true });
  alice = await testAccount(server, { prefix: 'alice' });
});

async function open(path: string, who: 'admin' | 'visitor' = 'admin', width = 1280): Promise<Page> {
  return (await harness.open(path, { as: who === 'admin' ? admin : 'visitor', width, height: 900 })).page;
}

async function adminApi<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> {
  const res = await server.app.inject({ method, url, headers: { origin: SAME_ORIGIN, cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe('custom payout shares with roll-forward (D34)', () => {
  test('created on the form, shown on the board and card, and an unbought Q2 rolls into Q3 on Results', { timeout: 180_000 }, async () => {
    const title = uniqueTitle('Charity Bowl');
    const form = await open('/admin/games/new');
    await openGameRules(form);
    await expect.poll(async () => (await heading(form).textContent())?.trim()).toBe('Create New Game');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Team A').fill('Lions');
    await form.getByLabel('Team B').fill('Bears');
    await form.getByRole('group', { name: 'Payout Schedule' }).getByRole('radio', { name: 'Custom shares' }).check();
    const shares = form.getByTestId('custom-shares');
    await shares.waitFor();
    // Starts from the even schedule's shares: 25 each, nothing for the organizer.
    await expect.poll(() => text(form, 'shares-sum')).toBe('Adds up to 100%');
    for (const [label, value] of [
      ['1st Quarter (%)', '10'],
      ['2nd Quarter (%)', '20'],
      ['3rd Quarter (%)', '30'],
    ] as const) {
      await shares.getByLabel(label, { exact: true }).fill(value);
    }
    await expect.poll(() => text(form, 'shares-sum')).toBe('Adds up to 85% (must be 100%)');
    await shares.getByLabel('Final (%)', { exact: true }).fill('30');
    await shares.getByLabel('Who gets the organizer share').fill('Food Bank');
    await shares.getByLabel('Food Bank (%)', { exact: true }).fill('10');
    await expect.poll(() => text(form, 'shares-sum')).toBe('Adds up to 100%');
    await form
      .getByTestId('unbought-field')
      .getByRole('radio', { name: /It rolls forward to the next quarter/ })
      .check();
    // The info box prices a full board at $10: $1,000.
    await expect.poll(() => text(form, 'payout-info')).toContain('3rd Quarter$300.00');
    await expect.poll(() => text(form, 'payout-info')).toContain('Food Bank: $100.00');
    await expectNoSeriousViolations(form);
    await shoot(form.getByTestId('custom-shares'), 'form-custom-shares-1280', false);

    // A wrong sum is refused with the sum said, on the form, before anything is sent.
    await shares.getByLabel('Final (%)', { exact: true }).fill('35');
    await form.getByRole('button', { name: 'Create Game' }).click();
    await expect
      .poll(() => text(form, 'custom-shares'))
      .toContain('Payout shares must add up to 100%: Q1 10% + Q2 20% + Q3 30% + Q4 35% + Organizer 10% = 105%');
    await shares.getByLabel('Final (%)', { exact: true }).fill('30');
    await form.getByRole('button', { name: 'Create Game' }).click();
    await form.waitForURL(/\/admin\/games\/[^/]+\/share|\/admin\/games$/);

    const row = await server.db.handle.db.selectFrom('games').selectAll().where('title', '=', title).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      payout_schedule: 'custom',
      payout_shares: '[10,20,30,30]',
      organizer_percent: 10,
      organizer_label: 'Food Bank',
      unbought_rule: 'roll',
    });
    const gameId = row.id;

    // Alice buys rows 1-9 (90 squares, $900); row 10 stays unsold.
    const squares: Coordinate[] = Array.from({ length: 90 }, (_, i) => ({ x: Math.floor(i / 10), y: i % 10 }));
    const checkout = await startCheckout(server.app, alice, [cartOf(gameId, squares, 10, title)]);
    expect(checkout.statusCode, checkout.body).toBe(201);
    expect((await payWith(server.app, alice, await sessionIdOf(server.db.handle, checkout.json().checkout_id))).statusCode).toBe(200);

    // Everyone sees the rules on the board, at the current pot.
    for (const width of [1280, 375]) {
      const board = await open(`/game/${gameId}`, 'visitor', width);
      const panel = board.getByRole('region', { name: 'Payouts' });
      await panel.waitFor();
      await expect
        .poll(() => panel.getByTestId('payout-rule').allTextContents())
        .toEqual(['1st Quarter 10%$90.00', '2nd Quarter 20%$180.00', '3rd Quarter 30%$270.00', 'Final 30%$270.00']);
      await expect.poll(() => text(board, 'payout-organizer')).toBe('Food Bank gets 10% ($90.00)');
      await expect
        .poll(() => text(board, 'payout-unbought'))
        .toBe('A winning square nobody bought: its money rolls forward to the next quarter; an unbought Final goes to the Food Bank share.');
      await expect.poll(() => horizontalOverflow(board)).toBeLessThanOrEqual(0);
      await panel.scrollIntoViewIfNeeded();
      await shoot(panel, `board-payouts-${width}`, false);
    }

    // The game card in the list.
    const list = await open('/all-games', 'visitor');
    const card = list.getByTestId('game-card').filter({ hasText: title });
    await card.waitFor();
    await expect
      .poll(async () => ((await card.getByTestId('game-payouts').textContent()) ?? '').trim())
      .toBe('Q1 10% · Q2 20% · Q3 30% · Final 30% · Food Bank 10%');
    await expect
      .poll(() => card.getByTestId('game-payout-amounts').textContent())
      .toBe('Q1 $90.00 · Q2 $180.00 · Q3 $270.00 · Final $270.00 · Food Bank $90.00');
    await expect.poll(() => card.getByTestId('game-unbought').textContent()).toBe('Rolls forward to the next quarter');
    await shoot(card, 'game-card-1280', false);

    // Play: Q1 alice, Q2 on the unsold row (unbought), Q3 alice.
    await adminApi('POST', `/api/admin/games/${gameId}/numbers/randomize`, { confirm_not_full: true });
    const view = await adminApi<GameDayView>('PUT', `/api/admin/games/${gameId}/numbers/visibility`, { revealed: true });
    const scores = (period: number, cell: Coordinate) => ({
      team_a_score: 10 * period + view.numbers!.x_axis_numbers[cell.x]!,
      team_b_score: 10 * period + view.numbers!.y_axis_numbers[cell.y]!,
    });
    await adminApi('PUT', `/api/admin/games/${gameId}/periods/1`, scores(1, { x: 0, y: 0 }));
    await adminApi('PUT', `/api/admin/games/${gameId}/periods/2`, scores(2, { x: 9, y: 0 }));
    await adminApi('PUT', `/api/admin/games/${gameId}/periods/3`, scores(3, { x: 0, y: 1 }));

    for (const width of [1280, 375]) {
      const page = await open(`/admin/games/${gameId}/game-day`, 'admin', width);
      await page.getByRole('tab', { name: 'Results & Payouts' }).click();
      const results = page.getByTestId('results-payouts');
      await results.waitFor();
      if (width === 1280) {
        const payoutOf = (period: number) => page.locator(`[data-testid="result-row"][data-period="${period}"] td`).nth(4).textContent();
        await expect.poll(() => payoutOf(1)).toContain('$90.00');
        await expect.poll(() => payoutOf(2)).toContain('rolls forward to Q3');
        await expect.poll(() => payoutOf(3)).toContain('$450.00');
      } else {
        await expect.poll(() => results.textContent()).toContain('$450.00');
        await expect.poll(() => results.textContent()).toContain('rolls forward to Q3');
      }
      await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page);
      await shoot(results, `results-${width}`, false);
    }

    // The board's quarter results say the same, and the totals add up to the pot.
    const board = await open(`/game/${gameId}`, 'visitor');
    const panel = board.getByTestId('quarter-results-panel');
    await panel.waitFor();
    await expect.poll(() => panel.textContent()).toContain('Unclaimed: nobody bought this square, so its $180.00 rolls forward to Q3.');
    await expect.poll(() => panel.textContent()).toContain('$450.00');
    await shoot(panel, 'board-results-1280', false);

    // The form at 375 px: the share inputs fit, and a game in halves gets two shares and no schedules.
    const phone = await open('/admin/games/new', 'admin', 375);
    await openGameRules(phone);
    await phone.getByRole('group', { name: 'Payout Schedule' }).getByRole('radio', { name: 'Custom shares' }).check();
    await phone.getByTestId('custom-shares').waitFor();
    await expect.poll(() => horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await shoot(phone.getByTestId('custom-shares'), 'form-custom-shares-375', false);
    await phone.getByLabel('Game Type').selectOption('college-basketball');
    await expect.poll(() => phone.getByRole('group', { name: 'Payout Schedule' }).getByRole('radio').count()).toBe(1);
    await expect.poll(() => phone.getByTestId('custom-shares').getByRole('spinbutton').count()).toBe(3);
    await expect.poll(() => text(phone, 'shares-sum')).toBe('Adds up to 100%');
  });
});
