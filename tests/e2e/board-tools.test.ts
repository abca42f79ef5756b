import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Game } from '@core/api/games';
import { testAccount, type TestAccount } from '../support/accounts';
import { cartOf, startCheckout } from '../support/checkout';
import { expectNoSeriousViolations, horizontalOverflow, openAdminSection, toast, uniqueTitle, useBrowserHarness } from '../support/e2e';
import { send } from '../support/request';
import type { TestServer } from '../support/server';

// Issue 13 part 5 (D32) and D29's named people, in the browser: on the admin page the organizer
// selects squares by click, Shift-click, keyboard and whole rows, assigns free ones to "Aunt May"
// (no account), marks paid, moves a player's square, releases, and reads the activity log; the
// player sees the history of their own squares; the public board follows live.

const harness = useBrowserHarness();
let server: TestServer;
let admin: TestAccount;
let alice: TestAccount;

beforeAll(async () => {
  ({ server } = harness);
  [admin, alice] = await Promise.all([testAccount(server, { admin: true }), testAccount(server, { prefix: 'alice' })]);
});

const SHOTS = process.env.SHOTS_DIR;
const tools = (page: Page) => page.getByTestId('board-tools');
const toolCell = (page: Page, x: number, y: number): Locator => tools(page).locator(`button[data-x="${x}"][data-y="${y}"]`);
const summary = (page: Page) => page.getByTestId('selection-summary');
const actions = (page: Page) => page.getByTestId('board-tools-actions');

async function organizerGame(): Promise<Game> {
  const res = await send(server.app, 'POST', '/api/admin/games', {
    cookie: admin.cookie,
    payload: {
      title: uniqueTitle('Office Pool'),
      team_a: 'Lions',
      team_b: 'Bears',
      price_per_square: 10,
      payment_method: 'organizer',
      payment_instructions: 'Cash to Coach K',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { game: Game }).game;
}

describe("the organizer's board tools (D32)", () => {
  test('select, assign to a named person, mark paid, move, release; the log and the live board follow', async () => {
    const game = await organizerGame();
    // Alice reserves a square (unpaid) before the organizer starts.
    expect((await startCheckout(server.app, alice, [cartOf(game.id, [{ x: 0, y: 0 }], 10, game.title)])).statusCode).toBe(201);

    const { page } = await harness.open(`/admin/game/${game.id}`, { as: admin, width: 1280, height: 1000 });
    const viewer = (await harness.open(`/game/${game.id}`, { as: 'visitor' })).page;
    await expect.poll(() => toolCell(page, 0, 0).getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => toolCell(page, 0, 0).textContent()).toContain(alice.username);

    // Click one free square, Shift-click another: the rectangle (row 3, columns 2-4) is selected.
    await toolCell(page, 2, 1).click();
    await toolCell(page, 2, 3).click({ modifiers: ['Shift'] });
    await expect.poll(() => summary(page).textContent()).toBe('3 squares selected · 3 free');
    await expect.poll(() => toolCell(page, 2, 2).getAttribute('aria-pressed')).toBe('true');

    // Assign them to Aunt May, who has no account.
    await actions(page).getByRole('button', { name: 'Assign 3 squares' }).click();
    const dialog = page.getByTestId('assign-dialog');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(() => dialog.getByTestId('assign-error').textContent()).toBe("Enter the person's name (up to 40 characters).");
    await dialog.getByLabel('Name').fill('Aunt May');
    await expectNoSeriousViolations(page, 'assign dialog');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/assign-dialog-1280.png` });
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(() => toast(page, 'Assigned 3 squares').isVisible()).toBe(true);
    await expect.poll(() => toolCell(page, 2, 2).textContent()).toContain('Aunt May');
    // The public board shows her name live, without a reload.
    await expect.poll(() => viewer.locator('[role="gridcell"] button[data-x="2"][data-y="2"]').textContent(), { timeout: 10_000 }).toContain('Aunt May');

    // Keyboard: focus a square, R selects its whole row; Escape clears.
    await toolCell(page, 5, 5).focus();
    await page.keyboard.press('r');
    await expect.poll(() => summary(page).textContent()).toBe('10 squares selected · 10 free');
    await page.keyboard.press('Escape');
    await expect.poll(() => summary(page).textContent()).toBe('No squares selected.');
    // Keyboard: arrows and Space select.
    await toolCell(page, 2, 1).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press(' ');
    await expect.poll(() => toolCell(page, 2, 2).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+Space');
    await expect.poll(() => summary(page).textContent()).toBe('2 squares selected · 2 sold · 2 unpaid');

    // Mark those two paid.
    await actions(page).getByRole('button', { name: 'Mark paid' }).click();
    await expect.poll(() => toast(page, 'Marked paid: 2 squares').isVisible()).toBe(true);
    // D47: the pot is the 4 sold squares; what was collected, the 2 paid ones.
    await expect
      .poll(async () =>
        server.db.handle.db.selectFrom('games').select(['total_pot_cents', 'collected_cents']).where('id', '=', game.id).executeTakeFirstOrThrow(),
      )
      .toEqual({ total_pot_cents: 4000, collected_cents: 2000 });

    // Move Alice's square to row 10, column 10.
    await toolCell(page, 0, 0).click();
    await actions(page).getByRole('button', { name: 'Move' }).click();
    await expect.poll(() => page.getByTestId('move-banner').textContent()).toContain(`Moving ${alice.username}'s square from Row 1, column 1`);
    await toolCell(page, 9, 9).click();
    await expect.poll(() => toolCell(page, 9, 9).textContent()).toContain(alice.username);
    await expect.poll(() => toolCell(page, 0, 0).textContent()).not.toContain(alice.username);

    // Release one of Aunt May's paid squares (it asks first, and says paid money is handed back).
    await toolCell(page, 2, 3).click();
    await actions(page).getByRole('button', { name: 'Release' }).click();
    const release = page.getByTestId('board-release-dialog');
    await expect.poll(() => release.textContent()).toContain('you hand back yourself');
    await release.getByRole('button', { name: 'Release' }).click();
    await expect.poll(() => toast(page, 'Released: 1 square').isVisible()).toBe(true);

    // The activity log says all of it, newest first.
    await openAdminSection(page, 'Activity');
    const log = page.getByTestId('game-activity');
    await expect
      .poll(() => log.getByTestId('activity-message').allTextContents())
      .toEqual([
        `${admin.username} released 1 square of Aunt May (no account): Row 3, column 4`,
        `${admin.username} moved ${alice.username}'s square from Row 1, column 1 to Row 10, column 10`,
        `${admin.username} marked 2 squares of Aunt May (no account) paid: Row 3, column 3; Row 3, column 4`,
        `${admin.username} put Aunt May (no account) on 3 squares: Row 3, column 2; Row 3, column 3; Row 3, column 4`,
        `${alice.username} reserved 1 square for $10.00, to pay the organizer: Row 1, column 1`,
      ]);
    await expectNoSeriousViolations(page, 'admin page with board tools');
    if (SHOTS) {
      await log.screenshot({ path: `${SHOTS}/activity-1280.png` });
      await openAdminSection(page, 'Board');
      await tools(page).screenshot({ path: `${SHOTS}/board-tools-1280.png` });
    }

    // Alice reads the history of her own square on the game page, on a phone.
    const phone = (await harness.open(`/game/${game.id}`, { as: alice, width: 375, height: 812 })).page;
    const history = phone.getByTestId('game-activity');
    await expect.poll(async () => await history.getByTestId('activity-entry').count()).toBe(2);
    await expect.poll(() => history.textContent()).not.toContain('Aunt May');
    await expect.poll(() => horizontalOverflow(phone)).toBe(0);
    if (SHOTS) await history.screenshot({ path: `${SHOTS}/history-375.png` });
  });

  // Issue 23: the dialog once reopened with the last name and "Already paid" ticked, and squares
  // were recorded as paid that nobody paid.
  for (const width of [1280, 375]) {
    test(`the Assign dialog opens empty every time, paid unticked, naming the sum (${width} px)`, async () => {
      const game = await organizerGame();
      const { page } = await harness.open(`/admin/game/${game.id}`, { as: admin, width, height: width === 375 ? 812 : 1000 });
      const dialog = page.getByTestId('assign-dialog');
      const paid = (label: string) => dialog.getByRole('checkbox', { name: label });
      const openAssign = async (x: number, y0: number, y1: number, count: number) => {
        await toolCell(page, x, y0).click();
        if (y1 !== y0) await toolCell(page, x, y1).click({ modifiers: ['Shift'] });
        await actions(page)
          .getByRole('button', { name: `Assign ${count} square${count === 1 ? '' : 's'}` })
          .click();
        await dialog.waitFor();
      };

      // Nine squares, paid: the tick names $90.00 and is a deliberate choice.
      await openAssign(1, 0, 8, 9);
      await expect.poll(() => paid('Mark as paid: $90.00 for 9 squares').isChecked()).toBe(false);
      await dialog.getByLabel('Name').fill('Aunt May');
      await paid('Mark as paid: $90.00 for 9 squares').check();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/assign-dialog-paid-${width}.png` });
      await dialog.getByRole('button', { name: 'Assign' }).click();
      await expect.poll(() => toast(page, 'Assigned 9 squares').isVisible()).toBe(true);
      await expect.poll(() => dialog.isVisible()).toBe(false);

      // The next assignment starts empty and unpaid.
      await openAssign(2, 0, 1, 2);
      await expect.poll(() => dialog.getByLabel('Name').inputValue()).toBe('');
      await expect.poll(() => paid('Mark as paid: $20.00 for 2 squares').isChecked()).toBe(false);
      // Typed, ticked and closed with Escape: empty again.
      await dialog.getByLabel('Name').fill('Uncle Ben');
      await paid('Mark as paid: $20.00 for 2 squares').check();
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await actions(page).getByRole('button', { name: 'Assign 2 squares' }).click();
      await expect.poll(() => dialog.getByLabel('Name').inputValue()).toBe('');
      await expect.poll(() => paid('Mark as paid: $20.00 for 2 squares').isChecked()).toBe(false);
      // Typed, ticked and cancelled: empty again; assigned unpaid, the squares stay unpaid.
      await dialog.getByRole('radio', { name: /A player with an account/ }).check();
      await dialog.getByLabel('Username or e-mail').fill(alice.username);
      await paid('Mark as paid: $20.00 for 2 squares').check();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await actions(page).getByRole('button', { name: 'Assign 2 squares' }).click();
      await expect.poll(() => dialog.getByRole('radio', { name: /A person without an account/ }).isChecked()).toBe(true);
      await expect.poll(() => paid('Mark as paid: $20.00 for 2 squares').isChecked()).toBe(false);
      await dialog.getByLabel('Name').fill('Uncle Ben');
      await dialog.getByRole('button', { name: 'Assign' }).click();
      await expect.poll(() => toast(page, 'Assigned 2 squares').isVisible()).toBe(true);

      const owned = (await send(server.app, 'GET', `/api/admin/games/${game.id}/payments`, { cookie: admin.cookie })).json() as {
        totals: { squares: number; unpaid_squares: number; paid_cents: number };
      };
      expect(owned.totals).toMatchObject({ squares: 11, unpaid_squares: 2, paid_cents: 9000 });
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
    });
  }

  test('the tools work on a phone-sized screen', async () => {
    const game = await organizerGame();
    const { page } = await harness.open(`/admin/game/${game.id}`, { as: admin, width: 375, height: 812 });
    await toolCell(page, 4, 0).click();
    await toolCell(page, 4, 9).click({ modifiers: ['Shift'] });
    await expect.poll(() => summary(page).textContent()).toBe('10 squares selected · 10 free');
    await actions(page).getByRole('button', { name: 'Assign 10 squares' }).click();
    const dialog = page.getByTestId('assign-dialog');
    await dialog.getByRole('radio', { name: /A player with an account/ }).check();
    await dialog.getByLabel('Username or e-mail').fill('nobody-here');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(() => dialog.getByTestId('assign-error').textContent()).toBe('No confirmed account has that username or e-mail address.');
    await dialog.getByLabel('Username or e-mail').fill(alice.email);
    await dialog.getByLabel('Mark as paid: $100.00 for 10 squares').check();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/assign-dialog-375.png` });
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(() => toast(page, 'Assigned 10 squares').isVisible()).toBe(true);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    if (SHOTS) {
      await tools(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/board-tools-375.png`, fullPage: false });
    }
  });
});
