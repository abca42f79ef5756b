import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { signedInPlayer } from '../support/accounts';
import { boardSays, cell, expectNoSeriousViolations, headingNamed, signInBrowser, toast, useBrowserHarness } from '../support/e2e';
import { insertGame } from '../support/fixtures';
import type { TestServer } from '../support/server';

// Issue 11 items 1 and 3 (D21 revised): a buyer's own open checkout never blocks them (the board,
// cart and payment page show those squares as theirs, waiting for their payment, and offer Resume
// payment and Start again; the provider's cancel link cancels the checkout), and the cart belongs
// to whoever is signed in on this browser.

const harness = useBrowserHarness({ env: { ADMIN_EMAILS: 'organizer@example.com' } });
let server: TestServer;
beforeAll(() => {
  ({ server } = harness);
});

const nameOf = (page: Page, x: number, y: number) => cell(page, x, y).locator('[data-name]').textContent();
const savedCart = (page: Page) => page.evaluate(() => window.localStorage.getItem('squares_cart'));

async function squaresOf(gameId: string) {
  return server.db.handle.db
    .selectFrom('squares')
    .select(['x', 'y', 'status', 'checkout_id'])
    .where('game_id', '=', gameId)
    .orderBy('x')
    .orderBy('y')
    .execute();
}

async function checkoutsOf(userId: string) {
  return server.db.handle.db
    .selectFrom('checkouts')
    .select(['id', 'status', 'provider_session_id'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/**
 * A signed-in player who picked (4, 8) and (0, 1) on a $10 board, pressed Pay and closed the card
 * tab unpaid; on a phone (below 768 px, D45) the card page opened in the same tab and they went Back.
 */
async function leftTheCardPage(title: string, options: { width?: number } = {}) {
  const gameId = await insertGame(server.db.handle, { title, price_per_square_cents: 1000 });
  const { context, page } = await harness.newPage(options.width ? { width: options.width, height: 812 } : {});
  const account = await signInBrowser(context, server);
  await page.goto(`${server.url}/game/${gameId}`);
  await cell(page, 4, 8).click();
  await boardSays(page, 'Square added to cart');
  await cell(page, 0, 1).click();
  await page.getByTestId('game-cart-count').getByText('2 squares').waitFor();
  await page.getByRole('link', { name: 'View Cart' }).click();
  await page.getByRole('link', { name: 'Proceed to Payment' }).click();
  if (options.width !== undefined && options.width < 768) {
    await page.getByRole('button', { name: 'Pay $20.00' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/test/'));
    const cardUrl = page.url();
    await page.goBack();
    await page.getByTestId('payment-waiting').waitFor();
    return { gameId, context, page, account, cardUrl };
  }
  const [card] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Pay $20.00' }).click()]);
  await card.getByText('Test mode - no real money', { exact: true }).waitFor();
  const cardUrl = card.url();
  await card.close();
  await page.getByTestId('payment-waiting').waitFor();
  return { gameId, context, page, account, cardUrl };
}

async function pay(card: Page, label: string) {
  await card.getByLabel('Name on card').fill('Pat Buyer');
  await card.getByLabel('Card number').fill('4242424242424242');
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  await card.getByRole('button', { name: label }).click();
}

describe("the buyer's own open checkout (D21)", () => {
  test('after closing the card tab unpaid, the cart and the board show the squares as theirs and offer Resume payment and Start again', async () => {
    const { gameId, context, page, account, cardUrl } = await leftTheCardPage('Own Bowl Closed');

    // Back to Cart on the waiting panel.
    await page.getByRole('link', { name: 'Back to Cart' }).first().click();
    await headingNamed(page, 'Your Cart').waitFor();
    const notice = page.getByTestId('open-checkout');
    await notice.waitFor();
    await expect.poll(() => notice.textContent()).toContain('Waiting for your payment');
    await expect.poll(() => notice.textContent()).toContain('You started paying for 2 squares ($20.00)');
    await expect
      .poll(() => notice.getByRole('list', { name: 'Squares in Own Bowl Closed waiting for your payment' }).getByRole('listitem').allTextContents())
      .toEqual(['Row 1, column 2', 'Row 5, column 9']);
    await expect.poll(() => notice.getByRole('link', { name: /Resume payment/ }).getAttribute('href')).toBe(cardUrl);
    // Nothing says they are someone else's or unavailable; Proceed to Payment works.
    await page.locator('a[data-testid="proceed-to-payment"]').waitFor();
    await expect.poll(() => page.getByTestId('cart-blocked').count()).toBe(0);
    await expect.poll(() => page.getByText('Some squares can no longer be bought').count()).toBe(0);
    await expect.poll(() => page.getByText('This square is in your open checkout').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Remove unavailable squares' }).count()).toBe(0);
    await expect.poll(() => page.locator('[data-testid="cart-square"][data-pending]').count()).toBe(2);
    await expect.poll(() => page.getByTestId('square-pending').textContent()).toContain('2 of these squares are yours, waiting for your payment');
    await expectNoSeriousViolations(page);

    // The board: theirs, waiting for their payment; the game's cart panel does not call them unavailable.
    await page.goto(`${server.url}/game/${gameId}`);
    await expect.poll(() => nameOf(page, 4, 8)).toBe('Row 5, column 9, yours, waiting for your payment');
    await expect.poll(() => page.getByTestId('game-cart-unavailable').count()).toBe(0);
    await expect.poll(() => page.getByTestId('game-cart-pending').textContent()).toContain('2 squares on this board are yours, waiting for your payment');
    await expect.poll(() => page.getByTestId('board-legend').textContent()).toContain('Waiting for your payment');

    // The payment page, opened later in another tab, says so too (paying there would start again).
    const later = await context.newPage();
    await later.goto(`${server.url}/payment`);
    await later.getByTestId('open-checkout').waitFor();
    await expect.poll(() => later.getByRole('list', { name: 'Squares in Own Bowl Closed' }).locator('li[data-pending]').count()).toBe(2);
    await expect
      .poll(() =>
        later
          .getByTestId('open-checkout')
          .getByRole('link', { name: /Resume payment/ })
          .getAttribute('href'),
      )
      .toBe(cardUrl);
    await later.close();

    // Start again (from the cart): the old checkout is cancelled through the provider, its squares released; the cart keeps them.
    await page.goto(`${server.url}/cart`);
    await page.getByTestId('open-checkout').getByRole('button', { name: 'Start again' }).click();
    await toast(page, 'Payment cancelled. Your squares are back in your cart.').waitFor();
    await expect.poll(() => squaresOf(gameId)).toEqual([]);
    const [first] = await checkoutsOf(account.id);
    expect(first!.status).toBe('cancelled');
    const session = await server.db.handle.db
      .selectFrom('test_payment_sessions')
      .select('status')
      .where('id', '=', first!.provider_session_id!)
      .executeTakeFirstOrThrow();
    expect(session.status).toBe('expired');
    await expect.poll(() => page.getByTestId('open-checkout').count()).toBe(0);
    await expect.poll(() => page.getByTestId('cart-square').count()).toBe(2);

    // And paying again works.
    await page.getByRole('link', { name: 'Proceed to Payment' }).click();
    const [card] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Pay $20.00' }).click()]);
    await pay(card, 'Pay $20.00');
    await headingNamed(card, 'Payment Successful!').waitFor({ timeout: 20_000 });
    expect((await squaresOf(gameId)).map((s) => s.status)).toEqual(['claimed', 'claimed']);
  });

  test('Resume payment opens the same payment page again, and paying there claims the squares', async () => {
    const { gameId, context, page, cardUrl } = await leftTheCardPage('Own Bowl Resume');
    await page.goto(`${server.url}/cart`);
    const resume = page.getByTestId('open-checkout').getByRole('link', { name: /Resume payment/ });
    const [card] = await Promise.all([context.waitForEvent('page'), resume.click()]);
    await card.getByText('Test mode - no real money', { exact: true }).waitFor();
    expect(card.url()).toBe(cardUrl);
    await pay(card, 'Pay $20.00');
    await headingNamed(card, 'Payment Successful!').waitFor({ timeout: 20_000 });
    expect((await squaresOf(gameId)).map((s) => s.status)).toEqual(['claimed', 'claimed']);
  });

  test("the provider's cancel link (/cart?cancelled=<checkout>) cancels the checkout and releases its holds", async () => {
    const { gameId, page, account } = await leftTheCardPage('Own Bowl Cancel Link');
    const [open] = await checkoutsOf(account.id);
    expect(open!.status).toBe('open');
    // Stripe's cancel link cancels nothing by itself: the page must.
    await page.goto(`${server.url}/cart?cancelled=${open!.id}`);
    await toast(page, 'Payment cancelled. Your squares are back in your cart.').waitFor();
    await expect.poll(async () => (await checkoutsOf(account.id))[0]!.status).toBe('cancelled');
    await expect.poll(() => squaresOf(gameId)).toEqual([]);
    await page.waitForURL((url) => url.pathname === '/cart' && url.search === '');
    await expect.poll(() => page.getByTestId('cart-square').count()).toBe(2);
    await expect.poll(() => page.getByTestId('open-checkout').count()).toBe(0);
  });

  test('at 375 px the cart with an open checkout fits the screen', async () => {
    const { page } = await leftTheCardPage('A Rather Long Championship Game Title For Small Screens', { width: 375 });
    await page.goto(`${server.url}/cart`);
    await page.getByTestId('open-checkout').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    // D45: on a phone Resume payment goes to the card page in this tab.
    const resume = page.getByRole('link', { name: 'Resume payment' });
    await expect.poll(() => resume.getAttribute('target')).toBeNull();
    await resume.click();
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/test/'));
  });
});

describe('one browser, two people (D21)', () => {
  async function addSquares(page: Page, gameId: string) {
    await page.goto(`${server.url}/game/${gameId}`);
    await cell(page, 2, 2).click();
    await boardSays(page, 'Square added to cart');
    await cell(page, 3, 3).click();
    await page.getByTestId('game-cart-count').getByText('2 squares').waitFor();
  }

  async function logIn(page: Page, email: string, password: string) {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  }

  test('player A signs out; player B signs in on the same browser and finds an empty cart', async () => {
    const gameId = await insertGame(server.db.handle, { title: 'Shared Browser Bowl' });
    const { context, page } = await harness.newPage();
    await signInBrowser(context, server, { prefix: 'alice' });
    await addSquares(page, gameId);

    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await toast(page, 'Logged out successfully').waitFor();
    await expect.poll(() => savedCart(page)).toBeNull();

    const bob = await signedInPlayer(server.app, 'bob');
    await logIn(page, bob.email, bob.password);
    await page.goto(`${server.url}/cart`);
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await page.goto(`${server.url}/game/${gameId}`);
    await expect.poll(() => nameOf(page, 2, 2)).toBe('Row 3, column 3, available');
    await expect.poll(() => page.getByTestId('game-cart-count').count()).toBe(0);
  });

  test('another account never sees a cart left without signing out, and signing out in one tab empties the cart in the other', async () => {
    const gameId = await insertGame(server.db.handle, { title: 'Left Behind Bowl' });
    const { context, page } = await harness.newPage();
    await signInBrowser(context, server, { prefix: 'carol' });
    await addSquares(page, gameId);

    // A second tab of the same person: signing out there empties the cart here too.
    const other = await context.newPage();
    await other.goto(`${server.url}/cart`);
    await other.getByTestId('cart-game').waitFor();
    await page.goto(`${server.url}/cart`);
    await page.getByTestId('cart-game').waitFor();
    await other.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await other.close();

    // Carol signs in again and fills her cart; her session then ends without a sign-out (the
    // cookies go), and Dave signs in on this browser: he sees none of it.
    await context.clearCookies();
    await signInBrowser(context, server, { prefix: 'carol2' });
    await addSquares(page, gameId);
    await context.clearCookies();
    await signInBrowser(context, server, { prefix: 'dave' });
    await page.goto(`${server.url}/cart`);
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await expect.poll(() => savedCart(page)).toBeNull();
  });
});
