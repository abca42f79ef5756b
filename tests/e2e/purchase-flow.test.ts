import { beforeAll, describe, expect, test } from 'vitest';
import { boardSays, cell, signInBrowser, useBrowserHarness } from '../support/e2e';
import { insertGame } from '../support/fixtures';
import type { TestServer } from '../support/server';

// Issue 5 in one journey, nothing seeded but the game: a player picks squares on the board, sees
// them in the cart, pays in the test checkout tab and finds them claimed on the board and in My
// Squares, while a second browser watching the board sees them turn claimed without a reload.

const harness = useBrowserHarness({ env: { ADMIN_EMAILS: 'organizer@example.com' } });
let server: TestServer;
beforeAll(() => {
  ({ server } = harness);
});

describe('buying squares end to end', () => {
  test('board → cart → test checkout tab → claimed on the board, live in a second browser, and in My Squares', async () => {
    const gameId = await insertGame(server.db.handle, { title: 'Journey Bowl', price_per_square_cents: 500 });

    // A visitor watches the board in another browser.
    const watcher = await harness.newPage();
    await watcher.page.goto(`${server.url}/game/${gameId}`);
    await cell(watcher.page, 2, 3).waitFor();
    await expect.poll(() => cell(watcher.page, 2, 3).textContent()).toContain('Row 3, column 4, available');

    // The player picks two squares: one by click, one by keyboard.
    const buyer = await harness.newPage();
    const account = await signInBrowser(buyer.context, server);
    const page = buyer.page;
    await page.goto(`${server.url}/game/${gameId}`);
    await cell(page, 2, 3).click();
    await boardSays(page, 'Square added to cart');
    await cell(page, 2, 3).press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('squares_cart'))).toContain('"x":2,"y":4');

    // The cart lists both, priced by the game; on to payment.
    await page.goto(`${server.url}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Your Cart' }).waitFor();
    await page.getByText('Row 3, column 4', { exact: true }).waitFor();
    await page.getByText('Row 3, column 5', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Proceed to Payment' }).click();
    await page.getByRole('button', { name: 'Pay $10.00' }).waitFor();

    // Pay in the tab it opens, with Stripe's test card.
    const [checkout] = await Promise.all([buyer.context.waitForEvent('page'), page.getByRole('button', { name: 'Pay $10.00' }).click()]);
    await checkout.getByText('Test mode - no real money', { exact: true }).waitFor();
    await checkout.getByLabel('Name on card').fill('Pat Buyer');
    await checkout.getByLabel('Card number').fill('4242424242424242');
    await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByRole('button', { name: 'Pay $10.00' }).click();
    await checkout.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 20_000 });

    // The watcher's board turned claimed without a reload, showing the buyer's name.
    for (const y of [3, 4]) {
      await expect.poll(async () => (await cell(watcher.page, 2, y).textContent()) ?? '', { timeout: 15_000 }).toContain(`claimed by ${account.username}`);
    }

    // The database agrees: two claimed squares, pot $10.00.
    const squares = await server.db.handle.db
      .selectFrom('squares')
      .select(['x', 'y', 'status', 'user_id'])
      .where('game_id', '=', gameId)
      .orderBy('y')
      .execute();
    expect(squares).toEqual([
      { x: 2, y: 3, status: 'claimed', user_id: account.id },
      { x: 2, y: 4, status: 'claimed', user_id: account.id },
    ]);
    const game = await server.db.handle.db
      .selectFrom('games')
      .select(['squares_claimed', 'total_pot_cents'])
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    expect(game).toEqual({ squares_claimed: 2, total_pot_cents: 1000 });

    // The buyer's own board marks them as theirs; My Squares lists them (in words until the numbers are shown, D49).
    await checkout.getByRole('link', { name: 'Back to Game' }).click();
    await expect.poll(async () => (await cell(checkout, 2, 3).textContent()) ?? '').toMatch(/yours|You/i);
    await checkout.goto(`${server.url}/my-squares`);
    const mine = checkout.getByRole('list', { name: 'Your squares in Journey Bowl' });
    await expect.poll(() => mine.getByRole('listitem').allTextContents()).toEqual(['Row 3, column 4', 'Row 3, column 5']);
  });
});
