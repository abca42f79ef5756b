import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { testAccount, type TestAccount } from '../support/accounts';
import {
  boardSays,
  cell,
  expectNoSeriousViolations,
  headingNamed,
  horizontalOverflow,
  openAdminSection,
  toast,
  uniqueTitle,
  useBrowserHarness,
  openGameRules,
} from '../support/e2e';
import type { TestServer } from '../support/server';

// Issue 13 part 1 (D28): an organizer-collects game from the form to game day, in the browser:
// the organizer creates it with payment instructions and a pay-by time; a player on a phone
// reserves squares without a card page and is told how to pay; the organizer marks them paid,
// releases another player's unpaid squares, and draws with unpaid squares after confirming.

const harness = useBrowserHarness();
let server: TestServer;
let admin: TestAccount;
const INSTRUCTIONS = 'Venmo @coach-k with your squares in the note';

beforeAll(async () => {
  ({ server } = harness);
  admin = await testAccount(server, { admin: true });
});

const db = () => server.db.handle.db;
const open = async (path: string, as: TestAccount | 'visitor', options: { width?: number; height?: number } = {}) => harness.open(path, { as, ...options });

async function pick(page: Page, squares: [number, number][]) {
  for (const [x, y] of squares) {
    await cell(page, x, y).click();
    await expect.poll(() => cell(page, x, y).getAttribute('data-state')).toBe('in-cart');
  }
}

/** The organizer's create form: title and teams, then `more` (the fields under test); the game's row once saved. */
async function createThroughForm(title: string, more: (form: Page) => Promise<void>) {
  const { page: form } = await open('/admin/games/new', admin);
  await openGameRules(form);
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Team A').fill('Lions');
  await form.getByLabel('Team B').fill('Bears');
  await more(form);
  await form.getByRole('button', { name: 'Create Game' }).click();
  await form.waitForURL(/\/admin\/games\/[^/]+\/share$/);
  return db().selectFrom('games').selectAll().where('title', '=', title).executeTakeFirstOrThrow();
}

describe('organizer-collects games (D28)', () => {
  test('an organizer creates one; a player on a phone reserves squares and sees how to pay; the organizer marks them paid and releases', async () => {
    // The organizer's form.
    const title = uniqueTitle('Office Pool');
    const game = await createThroughForm(title, async (form) => {
      await form.getByRole('radio', { name: /Organizer collects/ }).check();
      await form.getByLabel('Payment instructions').fill(INSTRUCTIONS);
      await form.getByLabel('Pay by (optional)').fill('2099-12-31T18:00');
      await expectNoSeriousViolations(form);
    });
    expect(game).toMatchObject({ payment_method: 'organizer', payment_instructions: INSTRUCTIONS });
    expect(new Date(game.pay_by!).getFullYear()).toBe(2099);

    // A player on a phone.
    const player = await testAccount(server, { prefix: 'phone' });
    const { page, context } = await open(`/game/${game.id}`, player, { width: 375, height: 812 });
    await expect.poll(() => page.getByTestId('payment-instructions').textContent()).toBe(INSTRUCTIONS);
    await pick(page, [
      [4, 8],
      [0, 1],
    ]);
    await page.goto(`${server.url}/payment`);
    await page.getByRole('button', { name: 'Reserve 2 squares' }).waitFor();
    await expect.poll(() => page.getByTestId('payment-instructions').textContent()).toBe(INSTRUCTIONS);
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    const tabs = context.pages().length;
    await page.getByRole('button', { name: 'Reserve 2 squares' }).click();
    await headingNamed(page, 'Squares Reserved!').waitFor();
    await toast(page, 'Squares reserved! Pay the organizer to complete your purchase.').waitFor();
    expect(context.pages()).toHaveLength(tabs); // no card page
    await expect.poll(() => page.getByTestId('payment-outcome').textContent()).toContain('Row 5, column 9');
    await expect.poll(() => page.getByTestId('payment-instructions').textContent()).toBe(INSTRUCTIONS);
    await expectNoSeriousViolations(page);
    expect(await db().selectFrom('squares').select(['x', 'y', 'is_paid']).where('game_id', '=', game.id).orderBy('x').execute()).toEqual([
      { x: 0, y: 1, is_paid: false },
      { x: 4, y: 8, is_paid: false },
    ]);

    // The board says which are the player's and unpaid, and what they owe.
    await page.goto(`${server.url}/game/${game.id}`);
    await expect.poll(() => cell(page, 4, 8).locator('[data-name]').textContent()).toBe('Row 5, column 9, yours, not paid yet');
    await expect.poll(() => page.getByTestId('you-owe').textContent()).toBe('You have 2 unpaid squares: $20.00 to pay.');

    // Another player reserves one square and never pays.
    const late = await testAccount(server, { prefix: 'late' });
    const { page: latePage } = await open(`/game/${game.id}`, late);
    await pick(latePage, [[9, 9]]);
    await latePage.goto(`${server.url}/payment`);
    await latePage.getByRole('button', { name: 'Reserve 1 square' }).click();
    await headingNamed(latePage, 'Squares Reserved!').waitFor();

    // The organizer's payments.
    const { page: adminPage } = await open(`/admin/game/${game.id}#payments`, admin);
    const payments = adminPage.getByTestId('game-payments');
    await expect.poll(() => payments.getByTestId('payment-totals').textContent()).toContain('$30.00');
    const playerRow = payments.getByTestId('payment-player').filter({ hasText: player.username });
    await playerRow.getByRole('button', { name: 'Mark paid' }).click();
    await toast(adminPage, 'Marked paid: 2 squares').waitFor();
    await expect.poll(() => playerRow.textContent()).toContain('$20.00 paid of $20.00');
    // The player's board follows live: nothing unpaid any more.
    await expect.poll(() => cell(page, 4, 8).locator('[data-name]').textContent()).toBe('Row 5, column 9, yours');
    await expect.poll(() => page.getByTestId('you-owe').count()).toBe(0);

    const lateRow = payments.getByTestId('payment-player').filter({ hasText: late.username });
    await lateRow.getByRole('button', { name: 'Release unpaid' }).click();
    const dialog = adminPage.getByTestId('release-dialog');
    await dialog.getByRole('button', { name: 'Release' }).click();
    await toast(adminPage, 'Unpaid squares released: 1 square').waitFor();
    await expect.poll(() => cell(page, 9, 9).getAttribute('data-state')).toBe('available');
    await expectNoSeriousViolations(adminPage);

    // The organizer downloads the squares as CSV (D33).
    await openAdminSection(adminPage, 'Orders');
    const [download] = await Promise.all([adminPage.waitForEvent('download'), adminPage.getByRole('link', { name: 'Squares (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe(`${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-squares.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain(`"Row 5, column 9",${player.username},${player.email},Paid,`);

    // The late player gets a mail about it.
    await expect
      .poll(async () => (await db().selectFrom('dev_mailbox').select('subject').where('to_address', '=', late.email).execute()).map((m) => m.subject))
      .toContain(`Your unpaid squares in ${title} were released`);
  });

  test('drawing with unpaid squares asks the organizer to confirm how many', async () => {
    const game = await createThroughForm(uniqueTitle('Draw Pool'), async (form) => {
      await form.getByRole('radio', { name: /Organizer collects/ }).check();
      await form.getByLabel('Payment instructions').fill(INSTRUCTIONS);
    });
    const player = await testAccount(server, { prefix: 'drawer' });
    const { page } = await open(`/game/${game.id}`, player);
    await pick(page, [[3, 3]]);
    await page.goto(`${server.url}/payment`);
    await page.getByRole('button', { name: 'Reserve 1 square' }).click();
    await headingNamed(page, 'Squares Reserved!').waitFor();

    const { page: adminPage } = await open(`/admin/game/${game.id}#game-day`, admin);
    await adminPage.getByRole('button', { name: 'Randomize Numbers' }).click();
    const dialog = adminPage.getByTestId('numbers-dialog');
    await dialog.getByRole('button', { name: 'Randomize anyway' }).click();
    await expect.poll(() => dialog.textContent()).toContain('1 square is not paid yet.');
    await dialog.getByRole('button', { name: 'Draw anyway' }).click();
    await toast(adminPage, 'Numbers randomized and saved successfully!').waitFor();
    expect((await db().selectFrom('games').select('grid_shuffled').where('id', '=', game.id).executeTakeFirstOrThrow()).grid_shuffled).toBe(true);
  });

  test('a cap on squares per player (D31): the board says how many are left and stops at the cap', async () => {
    const game = await createThroughForm(uniqueTitle('Capped Pool'), (form) => form.getByLabel('Squares per player (optional)').fill('2'));
    expect(game.max_squares_per_player).toBe(2);

    const player = await testAccount(server, { prefix: 'capped' });
    const { page } = await open(`/game/${game.id}`, player, { width: 375, height: 812 });
    await expect.poll(() => page.getByTestId('game-player-cap').textContent()).toBe('Up to 2');
    await expect.poll(() => page.getByTestId('game-player-left').textContent()).toBe('2 more');
    await pick(page, [
      [1, 1],
      [2, 2],
    ]);
    await expect.poll(() => page.getByTestId('game-player-left').textContent()).toBe('0 more');
    await cell(page, 3, 3).click();
    await boardSays(page, 'You can have at most 2 squares in this game.');
    await expect.poll(() => cell(page, 3, 3).getAttribute('data-state')).toBe('available');

    // The organizer lowers the cap: the cart flags the game and says how many to remove.
    await db().updateTable('games').set({ max_squares_per_player: 1 }).where('id', '=', game.id).execute();
    server.app.gameEvents.publish({ game_id: game.id, reason: 'game' });
    await page.goto(`${server.url}/cart`);
    await expect
      .poll(() => page.getByTestId('cart-game').textContent())
      .toContain('You can have at most 1 square in this game. Remove 1 square from your cart.');
    await expect.poll(() => page.getByRole('button', { name: 'Proceed to Payment' }).isDisabled()).toBe(true);
    await expectNoSeriousViolations(page);
  });
});
