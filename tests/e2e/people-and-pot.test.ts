import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { GameDayView } from '../../src/core/api/game-day';
import type { Game } from '../../src/core/api/games';
import type { Assigned } from '../../src/core/api/organizer';
import type { Coordinate } from '../../src/core/grid';
import { SAME_ORIGIN, testAccount, type TestAccount } from '../support/accounts';
import { cartOf, startCheckout } from '../support/checkout';
import { expectNoSeriousViolations, horizontalOverflow, openAdminSection, uniqueTitle, useBrowserHarness, shoot } from '../support/e2e';
import type { TestServer } from '../support/server';

// Issue 23 in the browser: a cash pool (organizer collects) whose Q1 is won by a named person
// (D29) who still owes for 10 squares. D48: Results & Payouts, Pick winners and the Mark Paid
// dialog say "Aunt May (no account)", never a placeholder address. D47: the organizer sees what
// she owes, the net and a link to her payments where they pay out, at 375 px and on a desktop;
// the board shows "collected $X of $Y" beside the pot.

const harness = useBrowserHarness();
let server: TestServer;
let admin: TestAccount;
let alice: TestAccount;
const PHONE = { width: 375, height: 740 } as const;
const DESKTOP = { width: 1280, height: 900 } as const;
const SHOWN = 'Aunt May (no account)';
const OWES = 'Owes $100.00 for unpaid squares · net $150.00 after what they owe';

beforeAll(async () => {
  ({ server } = harness);
  admin = await testAccount(server, { admin: true });
  alice = await testAccount(server, { prefix: 'alice' });
});

async function adminApi<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> {
  const res = await server.app.inject({ method, url, headers: { origin: SAME_ORIGIN, cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

const text = async (page: Page) => (await page.locator('body').innerText()).replace(/\s+/g, ' ');

/** $10 squares: alice reserves 3 (unpaid), Aunt May is put on the other 97, 10 of them unpaid; drawn, revealed, Q1 at (0, 0): hers. */
async function cashPoolWonByMay() {
  const title = uniqueTitle('Cash Pool');
  const { game } = await adminApi<{ game: Game }>('POST', '/api/admin/games', {
    title,
    team_a: 'Lions',
    team_b: 'Bears',
    price_per_square: 10,
    payment_method: 'organizer',
    payment_instructions: 'Cash to Coach K',
  });
  const res = await startCheckout(server.app, alice, [
    cartOf(
      game.id,
      [0, 1, 2].map((y) => ({ x: 9, y })),
      10,
      title,
    ),
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const mays: Coordinate[] = Array.from({ length: 100 }, (_, i) => ({ x: Math.floor(i / 10), y: i % 10 })).filter((c) => !(c.x === 9 && c.y <= 2));
  const { user_id: mayId } = await adminApi<Assigned>('POST', `/api/admin/games/${game.id}/squares/assign`, {
    squares: mays,
    to: { name: 'Aunt May', email: 'may@example.com' },
  });
  await adminApi('POST', `/api/admin/games/${game.id}/squares/mark-paid`, { user_id: mayId });
  await adminApi('POST', `/api/admin/games/${game.id}/squares/mark-unpaid`, { squares: mays.slice(-10) });
  const drawn = await adminApi<GameDayView>('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_unpaid: 13 });
  await adminApi('PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: true });
  const numbers = drawn.numbers!;
  await adminApi('PUT', `/api/admin/games/${game.id}/periods/1`, { team_a_score: numbers.x_axis_numbers[0], team_b_score: numbers.y_axis_numbers[0] });
  return { id: game.id, mayId };
}

describe('a named winner who owes, where the organizer pays out (D47, D48)', () => {
  test('Results & Payouts and the Mark Paid dialog, on a desktop and at 375 px', { timeout: 120_000 }, async () => {
    const game = await cashPoolWonByMay();
    for (const size of [DESKTOP, PHONE]) {
      const { page } = await harness.open(`/admin/games/${game.id}/game-day`, { as: admin, ...size });
      await page.getByRole('tab', { name: 'Results & Payouts' }).click();
      const result = page.locator(`[data-testid="${size === PHONE ? 'result-card' : 'result-row'}"][data-period="1"]`);
      await result.getByText(SHOWN, { exact: true }).first().waitFor();
      await expect.poll(() => result.getByTestId('winner-owes').innerText()).toContain(OWES);
      await expect.poll(() => result.getByRole('link', { name: /Their payments/ }).getAttribute('href')).toBe(`/admin/game/${game.id}#payments-${game.mayId}`);
      await expect.poll(() => horizontalOverflow(page), { message: `${size.width}` }).toBe(0);
      await shoot(page, `results-owing-${size.width}`);

      await result.getByRole('button', { name: /Mark Paid/ }).click();
      const dialog = page.getByTestId('mark-paid-dialog');
      await dialog.getByText(SHOWN, { exact: true }).waitFor();
      await expect.poll(() => dialog.getByTestId('winner-owes').innerText()).toContain(OWES);
      await expectNoSeriousViolations(page);
      await shoot(page, `mark-paid-owing-${size.width}`);
      await expect.poll(() => text(page)).not.toMatch(/named\.invalid/i);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
  });

  test('Pick winners names her, its Mark Paid dialog says what she owes; "Their payments" lands on her row', { timeout: 120_000 }, async () => {
    const game = await cashPoolWonByMay();
    const { page } = await harness.open(`/admin/game/${game.id}`, { as: admin, ...DESKTOP });
    await openAdminSection(page, 'Board');
    await page.getByTestId('grid-selection').waitFor();
    await page.locator(`[data-testid="selection-grid"] button[data-x="0"][data-y="0"]`).click();
    await page.getByTestId('grid-selected').getByText(`Owner: ${SHOWN}`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Confirm Selection & Process Payout' }).click();
    const dialog = page.getByTestId('mark-paid-dialog');
    await dialog.getByText(SHOWN, { exact: true }).waitFor();
    await expect.poll(() => dialog.getByTestId('winner-owes').innerText()).toContain(OWES);
    await expect.poll(() => text(page)).not.toMatch(/named\.invalid/i);
    await shoot(page, 'pick-winners-owing-1280');
    await dialog.getByRole('link', { name: /Their payments/ }).click();
    const row = page.locator(`#payments-${game.mayId}`);
    await row.getByText(SHOWN, { exact: true }).waitFor();
    await expect.poll(() => row.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await expect.poll(() => text(page)).not.toMatch(/named\.invalid/i);

    // D47: the board says what was collected beside the pot.
    const board = await harness.open(`/game/${game.id}`, { as: alice, ...PHONE });
    await expect.poll(() => board.page.getByTestId('game-pot').textContent()).toBe('$1,000.00');
    await expect.poll(() => board.page.getByTestId('game-pot-collected').textContent()).toBe('collected $870.00 of $1,000.00');
    await shoot(board.page, 'board-pot-collected-375');
  });
});
