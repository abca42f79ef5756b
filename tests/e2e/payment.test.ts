import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousViolations, headingNamed, type OpenOptions, toast, useBrowserHarness } from '../support/e2e';
import { insertGame, insertSquare, insertUser } from '../support/fixtures';
import type { TestServer } from '../support/server';

// Issue 5, payment pages: /payment, the built-in test checkout (D22) in a new tab,
// /payment-success confirming the checkout (D21), /my-squares; on the production build served
// by the real app in trial mode, with games and other buyers' squares written to the database.

const harness = useBrowserHarness({ env: { ADMIN_EMAILS: 'organizer@example.com' } });
let server: TestServer;
beforeAll(() => {
  ({ server } = harness);
});

interface CartSquare {
  x: number;
  y: number;
}
interface CartEntry {
  game_id: string;
  game_title: string;
  price_per_square: number;
  squares: CartSquare[];
}

/** A game on sale ($10 a square unless said otherwise) and its title. */
async function gameOnSale(values: { title?: string; price_per_square_cents?: number } = {}) {
  const title = values.title ?? `Pay Bowl ${randomUUID().slice(0, 6)}`;
  const id = await insertGame(server.db.handle, { title, ...values });
  return { id, title, price: (values.price_per_square_cents ?? 1000) / 100 };
}

/** The spec's cart shape for one game. */
function cartFor(game: { id: string; title: string; price: number }, squares: CartSquare[]): CartEntry[] {
  return [{ game_id: game.id, game_title: game.title, price_per_square: game.price, squares }];
}

/**
 * A fresh context (a player unless `as: 'visitor'`) whose localStorage holds `cart` before the
 * app first reads it. Seeded once per context, so a cart the app clears stays cleared.
 */
function open(path: string, options: OpenOptions & { as?: 'visitor' | 'player'; cart?: CartEntry[] } = {}) {
  return harness.open(path, { as: 'player', waitFor: 'none', ...options });
}

const savedCart = (page: Page) => page.evaluate(() => JSON.parse(window.localStorage.getItem('squares_cart') ?? '[]'));

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Clicks Pay on /payment and returns the tab it opens (the test checkout). */
async function payInNewTab(page: Page, context: BrowserContext, label: string): Promise<Page> {
  const [checkout] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: label }).click()]);
  await checkout.getByText('Test mode - no real money', { exact: true }).waitFor();
  return checkout;
}

async function fillCard(checkout: Page, number: string) {
  await checkout.getByLabel('Name on card').fill('Pat Buyer');
  await checkout.getByLabel('Card number').fill(number);
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
}

async function squaresOf(gameId: string) {
  return server.db.handle.db.selectFrom('squares').select(['x', 'y', 'user_id', 'status']).where('game_id', '=', gameId).orderBy('x').orderBy('y').execute();
}

describe('paying for the cart', () => {
  test('player pays by test card in a new tab: confirmed, cart cleared, squares claimed and listed', async () => {
    const game = await gameOnSale({ title: 'Pay Bowl Happy' });
    const { page, context, account } = await open('/payment', {
      cart: cartFor(game, [
        { x: 3, y: 7 },
        { x: 0, y: 0 },
      ]),
    });

    // Order summary, method, notes, total on the Pay button.
    await headingNamed(page, 'Payment').waitFor();
    const summary = page.getByRole('heading', { name: 'Order Summary' });
    await expect.poll(() => summary.isVisible()).toBe(true);
    // Positions as people read them, counted from 1 (D14).
    const squares = page.getByRole('list', { name: 'Squares in Pay Bowl Happy' });
    await expect.poll(() => squares.getByRole('listitem').allTextContents()).toEqual(['Row 1, column 1', 'Row 4, column 8']);
    await expect.poll(() => page.getByTestId('payment-total').textContent()).toBe('$20.00');
    await expect.poll(() => page.getByRole('radio', { name: /Credit\/Debit Card/ }).isChecked()).toBe(true);
    await page.getByLabel(/Notes/).fill('Table 4');
    await expect.poll(() => page.getByText('7/500 characters').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Back to Cart' }).getAttribute('href')).toBe('/cart');
    await expectNoSeriousViolations(page);

    // Pay opens the test checkout in a new tab; this page waits for it.
    // The toast is awaited from the click on: it may be gone by the time the new tab has loaded.
    const [checkout] = await Promise.all([
      payInNewTab(page, context, 'Pay $20.00'),
      toast(page, 'Payment page opened in new tab. Complete your purchase there.').waitFor(),
    ]);
    await page.getByTestId('payment-waiting').waitFor();
    await expect.poll(() => page.getByRole('link', { name: /Open payment page/ }).getAttribute('href')).toBe(checkout.url());

    const checkoutErrors: string[] = [];
    checkout.on('pageerror', (error) => checkoutErrors.push(error.message));
    await expect.poll(() => checkout.getByTestId('checkout-amount').textContent()).toBe('$20.00');
    await expect.poll(() => checkout.getByText('4242 4242 4242 4242').isVisible()).toBe(true);
    await expect.poll(() => checkout.getByText('4000 0000 0000 0002').isVisible()).toBe(true);
    await expectNoSeriousViolations(checkout);

    // Inline validation before anything is sent.
    await checkout.getByRole('button', { name: 'Pay $20.00' }).click();
    await checkout.getByText('Your card number is incomplete.').waitFor();
    await expect.poll(() => checkout.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');

    // The card number is spaced as typed.
    await fillCard(checkout, '4242424242424242');
    await expect.poll(() => checkout.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await checkout.getByRole('button', { name: 'Pay $20.00' }).click();

    // Back on our success page in the same tab: confirming, then done.
    await checkout.waitForURL(/\/payment-success\?/);
    const url = new URL(checkout.url());
    expect(url.searchParams.get('game_id')).toBe(game.id);
    expect(url.searchParams.get('checkout_id')).toBeTruthy();
    await headingNamed(checkout, 'Payment Successful!').waitFor();
    await toast(checkout, 'Payment successful! Your squares have been claimed.').waitFor();
    await expect.poll(() => savedCart(checkout)).toEqual([]);
    await expect.poll(() => checkout.getByRole('link', { name: 'View My Squares' }).getAttribute('href')).toBe('/my-squares');
    await expect.poll(() => checkout.getByRole('link', { name: 'Back to Game' }).getAttribute('href')).toBe(`/game/${game.id}`);
    await expect.poll(() => checkout.getByRole('link', { name: 'Browse More Games' }).getAttribute('href')).toBe('/all-games');
    await expectNoSeriousViolations(checkout);

    // The first tab follows along on its own.
    await headingNamed(page, 'Payment Successful!').waitFor({ timeout: 15_000 });

    // The database: both squares claimed by the buyer, the game's count and pot updated.
    expect(await squaresOf(game.id)).toEqual([
      { x: 0, y: 0, user_id: account!.id, status: 'claimed' },
      { x: 3, y: 7, user_id: account!.id, status: 'claimed' },
    ]);
    const row = await server.db.handle.db
      .selectFrom('games')
      .select(['squares_claimed', 'total_pot_cents'])
      .where('id', '=', game.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ squares_claimed: 2, total_pot_cents: 2000 });
    const order = await server.db.handle.db
      .selectFrom('checkouts')
      .select(['status', 'notes', 'amount_cents'])
      .where('user_id', '=', account!.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'fulfilled', notes: 'Table 4', amount_cents: 2000 });

    // My Squares lists the squares under the game (counted from 1, D14; in words until the numbers are shown, D49), with a link to it.
    await checkout.getByRole('link', { name: 'View My Squares' }).click();
    await headingNamed(checkout, 'My Squares').waitFor();
    const mine = checkout.getByRole('list', { name: 'Your squares in Pay Bowl Happy' });
    await mine.waitFor();
    await expect.poll(() => mine.getByRole('listitem').allTextContents()).toEqual(['Row 1, column 1', 'Row 4, column 8']);
    await expect.poll(() => checkout.getByRole('link', { name: /View Game/ }).getAttribute('href')).toBe(`/game/${game.id}`);
    await expectNoSeriousViolations(checkout);
    expect(checkoutErrors).toEqual([]);
  });

  test('a declined card says so on the card page, which stays open with the hold kept (D45); Cancel then releases it', async () => {
    const game = await gameOnSale({ title: 'Pay Bowl Declined' });
    const { page, context, account } = await open('/payment', { cart: cartFor(game, [{ x: 5, y: 5 }]) });
    const checkout = await payInNewTab(page, context, 'Pay $10.00');
    expect(await squaresOf(game.id)).toEqual([{ x: 5, y: 5, user_id: account!.id, status: 'held' }]);

    await fillCard(checkout, '4000 0000 0000 0002');
    await checkout.getByRole('button', { name: 'Pay $10.00' }).click();
    const error = checkout.getByTestId('checkout-error');
    await error.waitFor();
    await expect.poll(() => error.textContent()).toMatch(/declined/i);
    expect(new URL(checkout.url()).pathname).toMatch(/^\/checkout\/test\//);
    // Nothing ended: the square stays held, the waiting page still waits, the form takes another card.
    expect(await squaresOf(game.id)).toEqual([{ x: 5, y: 5, user_id: account!.id, status: 'held' }]);
    await expect.poll(() => checkout.getByRole('button', { name: 'Pay $10.00' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: "I've paid — check status" }).click();
    await page.getByText("We haven't received your payment yet.", { exact: false }).waitFor();

    // Cancel ends it: the hold is released and the square is back in the cart.
    await checkout.getByRole('button', { name: 'Cancel' }).click();
    await checkout.waitForURL((url) => url.pathname === '/cart');
    await expect.poll(() => squaresOf(game.id)).toEqual([]);
    await expect.poll(() => savedCart(page)).toHaveLength(1);
  });

  test('Cancel on the card page goes back to the cart and releases the hold; the square stays in the cart', async () => {
    const game = await gameOnSale({ title: 'Pay Bowl Cancel' });
    const { page, context } = await open('/payment', { cart: cartFor(game, [{ x: 1, y: 1 }]) });
    const checkout = await payInNewTab(page, context, 'Pay $10.00');
    await checkout.getByRole('button', { name: 'Cancel' }).click();
    await checkout.waitForURL((url) => url.pathname === '/cart');
    await toast(checkout, 'Payment cancelled. Your squares are back in your cart.').waitFor();
    await checkout.waitForURL((url) => url.pathname === '/cart' && url.search === '');
    await expect.poll(() => squaresOf(game.id)).toEqual([]);
    await expect.poll(() => checkout.getByTestId('cart-square').allTextContents()).toEqual(['Row 2, column 2']);
    await expect.poll(() => checkout.getByTestId('open-checkout').count()).toBe(0);
  });

  test("the total and the Pay button use the game's live price, as the cart does (issue 11)", async () => {
    // The cart was filled at $10 a square; the organizer has since set $25.
    const game = await gameOnSale({ title: 'Pay Bowl Repriced', price_per_square_cents: 2500 });
    const { page } = await open('/payment', {
      cart: cartFor({ ...game, price: 10 }, [
        { x: 0, y: 2 },
        { x: 1, y: 2 },
      ]),
    });
    await page.getByRole('button', { name: 'Pay $50.00' }).waitFor();
    await expect.poll(() => page.getByTestId('payment-total').textContent()).toBe('$50.00');
    await expect.poll(() => page.getByTestId('payment-subtotal').textContent()).toBe('$50.00');
    await expect.poll(() => page.getByText('2 squares × $25.00').isVisible()).toBe(true);
  });

  test('a square another buyer holds is named, and can be removed from the cart', async () => {
    const game = await gameOnSale({ title: 'Pay Bowl Taken' });
    const other = await insertUser(server.db.handle);
    await insertSquare(server.db.handle, game.id, { x: 2, y: 2, userId: other.id });
    const { page, context } = await open('/payment', {
      cart: cartFor(game, [
        { x: 2, y: 2 },
        { x: 4, y: 4 },
      ]),
    });
    const [blank] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Pay $20.00' }).click()]);
    const error = page.getByTestId('payment-error');
    await error.waitFor();
    await expect.poll(() => error.textContent()).toContain('Pay Bowl Taken (Row 3, column 3)');
    await expect.poll(() => blank.isClosed()).toBe(true);
    expect(await squaresOf(game.id)).toEqual([{ x: 2, y: 2, user_id: other.id, status: 'claimed' }]);

    await error.getByRole('button', { name: 'Remove from cart' }).click();
    await page.getByRole('button', { name: 'Pay $10.00' }).waitFor();
    await expect.poll(() => savedCart(page)).toEqual(cartFor(game, [{ x: 4, y: 4 }]));
  });

  test('PayPal is shown as Coming Soon and cannot be chosen', async () => {
    const game = await gameOnSale();
    const { page } = await open('/payment', { cart: cartFor(game, [{ x: 0, y: 1 }]) });
    const paypal = page.getByRole('radio', { name: /PayPal/ });
    await paypal.waitFor();
    await expect.poll(() => paypal.isDisabled()).toBe(true);
    await expect.poll(() => page.getByText('Coming Soon', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('radio', { name: /Credit\/Debit Card/ }).isEnabled()).toBe(true);
  });

  test('a blocked pop-up says so and starts no checkout', async () => {
    const game = await gameOnSale();
    const { page, account } = await open('/payment', {
      cart: cartFor(game, [{ x: 9, y: 9 }]),
      prepare: (p) =>
        p.addInitScript(() => {
          window.open = () => null;
        }),
    });
    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    await page.getByTestId('payment-error').getByText('Please allow pop-ups and try again').waitFor();
    const checkouts = await server.db.handle.db.selectFrom('checkouts').select('id').where('user_id', '=', account!.id).execute();
    expect(checkouts).toEqual([]);
  });

  test('an empty cart redirects /payment to /cart; visitors go to /login', async () => {
    const player = await open('/payment');
    await player.page.waitForURL((url) => url.pathname === '/cart');

    const visitor = await open('/payment', { as: 'visitor' });
    await visitor.page.waitForURL((url) => url.pathname === '/login');
    await open('/my-squares', { as: 'visitor' }).then(({ page }) => page.waitForURL((url) => url.pathname === '/login'));
  });
});

/** A checkout made through the API in the player's context; its test card page's session id. */
async function startCheckout(context: BrowserContext, cart: CartEntry[]) {
  const response = await context.request.post(`${server.url}/api/checkout`, {
    data: { cart },
    headers: { Origin: server.url },
  });
  expect(response.status()).toBe(201);
  const created = (await response.json()) as { checkout_id: string; url: string; game_id: string };
  return { ...created, sessionId: new URL(created.url).pathname.split('/').pop()! };
}

describe('/payment-success', () => {
  test('shows "Confirming your payment..." until the payment arrives, then Payment Successful!', async () => {
    const game = await gameOnSale({ title: 'Pay Bowl Confirming' });
    const cart = cartFor(game, [{ x: 6, y: 6 }]);
    const { page, context } = await open('/how-to-play', { cart });
    const created = await startCheckout(context, cart);

    await page.goto(`${server.url}/payment-success?game_id=${created.game_id}&checkout_id=${created.checkout_id}`);
    await headingNamed(page, 'Confirming your payment...').waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Squares in Pay Bowl Confirming' }).textContent()).toBe('Row 7, column 7');
    // Not paid yet: nothing is cleared or celebrated.
    await expect.poll(() => savedCart(page)).toHaveLength(1);
    await expectNoSeriousViolations(page);

    const paid = await context.request.post(`${server.url}/api/checkout/test/${created.sessionId}/pay`, {
      data: { card_number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Pat Buyer' },
      headers: { Origin: server.url },
    });
    expect(paid.status()).toBe(200);
    await headingNamed(page, 'Payment Successful!').waitFor({ timeout: 10_000 });
    await expect.poll(() => savedCart(page)).toEqual([]);
  });

  test('a refunded payment says so, with the reason, and claims nothing', async () => {
    const game = await gameOnSale({ title: 'Pay Bowl Refunded' });
    const cart = cartFor(game, [{ x: 7, y: 7 }]);
    const { page, context } = await open('/how-to-play', { cart });
    const created = await startCheckout(context, cart);
    const reason = 'Some of your squares were taken by someone else before your payment was confirmed.';
    await server.db.handle.db
      .updateTable('checkouts')
      .set({ status: 'refunded', refund_reason: reason, refunded_at: new Date().toISOString() })
      .where('id', '=', created.checkout_id)
      .execute();
    await server.db.handle.db.deleteFrom('squares').where('checkout_id', '=', created.checkout_id).execute();

    await page.goto(`${server.url}/payment-success?game_id=${created.game_id}&checkout_id=${created.checkout_id}`);
    await headingNamed(page, 'Payment refunded').waitFor();
    await expect.poll(() => page.getByText(reason).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/none were and the whole payment was refunded/).isVisible()).toBe(true);
    // The squares were not bought: the cart keeps them.
    await expect.poll(() => savedCart(page)).toHaveLength(1);

    // My Squares lists the refund with its amount and reason.
    await page.getByRole('link', { name: 'View My Squares' }).click();
    const refund = page.getByTestId('my-squares-refund');
    await refund.waitFor();
    await expect.poll(() => refund.textContent()).toContain('$10.00 refunded');
    await expect.poll(() => refund.textContent()).toContain(reason);
    await expect.poll(() => page.getByRole('heading', { name: 'No Squares Yet' }).isVisible()).toBe(true);
  });

  test('without a checkout id (an old link, a typed address): the spec screen, the cart left alone, Back to Game only for one game', async () => {
    const game = await gameOnSale();
    const { page } = await open(`/payment-success?game_id=${game.id}`, { cart: cartFor(game, [{ x: 1, y: 2 }]) });
    await headingNamed(page, 'Payment Successful!').waitFor();
    // Issue 11: a bare URL proves no payment; the player's cart is kept.
    await page.getByRole('link', { name: 'Back to Game' }).waitFor();
    await expect.poll(() => savedCart(page)).toEqual(cartFor(game, [{ x: 1, y: 2 }]));
    await expect.poll(() => page.getByRole('link', { name: 'Back to Game' }).getAttribute('href')).toBe(`/game/${game.id}`);

    await page.goto(`${server.url}/payment-success?game_id=multiple`);
    await headingNamed(page, 'Payment Successful!').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Back to Game' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'Browse More Games' }).isVisible()).toBe(true);
  });

  test('a visitor with a checkout id is asked to log in; nothing is confirmed or cleared', async () => {
    const game = await gameOnSale();
    const { page } = await open(`/payment-success?game_id=${game.id}&checkout_id=${randomUUID()}`, {
      as: 'visitor',
      cart: cartFor(game, [{ x: 1, y: 2 }]),
    });
    await headingNamed(page, 'Log in to see your payment').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
    await expect.poll(() => savedCart(page)).toHaveLength(1);
  });
});

describe('the test checkout page', () => {
  test("asks a visitor to log in (paying needs the buyer's session)", async () => {
    const game = await gameOnSale();
    const buyer = await open('/how-to-play');
    const created = await startCheckout(buyer.context, cartFor(game, [{ x: 8, y: 8 }]));
    const { page } = await open(`/checkout/test/${created.sessionId}`, { as: 'visitor' });
    await page.getByText('Test mode - no real money', { exact: true }).waitFor();
    await headingNamed(page, 'Log in to pay').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
  });

  test('a closed checkout says so instead of taking a card', async () => {
    const game = await gameOnSale();
    const { page, context } = await open('/how-to-play');
    const created = await startCheckout(context, cartFor(game, [{ x: 8, y: 9 }]));
    const cancelled = await context.request.post(`${server.url}/api/checkout/test/${created.sessionId}/cancel`, {
      headers: { Origin: server.url },
    });
    expect(cancelled.status()).toBe(200);
    await page.goto(`${server.url}/checkout/test/${created.sessionId}`);
    await page.getByTestId('checkout-closed').getByText('This checkout was cancelled.', { exact: false }).waitFor();
    await expect.poll(() => page.getByLabel('Card number').count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'Back to Cart' }).getAttribute('href')).toBe('/cart');
  });
});

describe('/my-squares', () => {
  test('no squares: No Squares Yet with Browse Squares', async () => {
    const { page } = await open('/my-squares');
    await headingNamed(page, 'My Squares').waitFor();
    await page.getByRole('heading', { name: 'No Squares Yet' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Browse Squares' }).getAttribute('href')).toBe('/all-games');
    await expectNoSeriousViolations(page);
  });

  test('a session that ended while the page was open: Authentication Required', async () => {
    const { page } = await open('/my-squares', {
      prepare: (p) =>
        p.route('**/api/me/squares', (route) =>
          route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Please log in to continue.' } }),
          }),
        ),
    });
    await headingNamed(page, 'Authentication Required').waitFor();
    await expect.poll(() => page.getByText('Please log in to view your squares.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
  });
});

describe('on a phone (375 px)', () => {
  // The card page in the same tab on a phone, and Back from it: words-and-paying.test.ts (D45).
  test('payment, test checkout, success and my squares fit without sideways scrolling', async () => {
    const game = await gameOnSale({ title: 'A Rather Long Championship Game Title For Small Screens' });
    const { page, context } = await open('/payment', {
      width: 375,
      height: 812,
      cart: cartFor(game, [
        { x: 0, y: 0 },
        { x: 1, y: 1 },
        { x: 2, y: 2 },
        { x: 3, y: 3 },
        { x: 4, y: 4 },
        { x: 5, y: 5 },
      ]),
    });
    await headingNamed(page, 'Payment').waitFor();
    await expect.poll(() => horizontalOverflow(page)).toBe(0);

    // D45: on a phone the card page opens in this tab.
    await page.getByRole('button', { name: 'Pay $60.00' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/test/'));
    const checkout = page;
    await checkout.getByText('Test mode - no real money', { exact: true }).waitFor();
    expect(context.pages()).toHaveLength(1);
    await expect.poll(() => horizontalOverflow(checkout)).toBe(0);

    await fillCard(checkout, '4242 4242 4242 4242');
    await checkout.getByRole('button', { name: 'Pay $60.00' }).click();
    await headingNamed(checkout, 'Payment Successful!').waitFor();
    await expect.poll(() => horizontalOverflow(checkout)).toBe(0);

    await checkout.goto(`${server.url}/my-squares`);
    await checkout.getByRole('list', { name: /Your squares in/ }).waitFor();
    await expect.poll(() => horizontalOverflow(checkout)).toBe(0);
  });
});
