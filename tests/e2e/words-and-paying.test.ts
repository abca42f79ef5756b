import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { testAccount, type TestAccount } from '../support/accounts';
import {
  expectNoSeriousViolations,
  headingNamed,
  horizontalOverflow,
  openAdminSection,
  openGameRules,
  shoot,
  toast,
  uniqueTitle,
  useBrowserHarness,
} from '../support/e2e';
import { insertGame, insertNumbers } from '../support/fixtures';
import type { TestServer } from '../support/server';

// Issue 14 part 3, D45: one set of status words, the username in the welcome line, the card page
// in the same tab on a phone, another card after a declined one, and "Share this pool" after
// creating a game. The real app in trial mode (built-in test checkout), production build, Chromium.

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

const harness = useBrowserHarness();
let server: TestServer;
let admin: TestAccount;
beforeAll(async () => {
  ({ server } = harness);
  admin = await testAccount(server, { admin: true });
});

const db = () => server.db.handle.db;
const AXIS = [3, 1, 4, 0, 5, 9, 2, 6, 8, 7];

// --- 1. One set of status words ------------------------------------------------------------------

type State = 'open' | 'full' | 'drawn' | 'completed';

async function gameIn(state: State): Promise<{ id: string; title: string }> {
  const title = uniqueTitle(`Words ${state}`);
  const id = await insertGame(server.db.handle, {
    title,
    squares_claimed: state === 'open' ? 42 : 100,
    total_pot_cents: state === 'open' ? 42_000 : 100_000,
    is_active: state !== 'completed',
  });
  if (state === 'drawn' || state === 'completed') await insertNumbers(server.db.handle, id, AXIS, [...AXIS].reverse(), { revealed: true });
  return { id, title };
}

const gameCard = (page: Page, title: string): Locator => page.getByTestId('game-card').filter({ has: page.getByRole('link', { name: title }) });

/** The words shown for a game on each page that puts its state into words, page by page. */
async function wordsFor(game: { id: string; title: string }, state: State): Promise<Record<string, string[]>> {
  const completed = state === 'completed';
  const words: Record<string, string[]> = {};
  const texts = (locator: Locator) => locator.allTextContents();

  const { page: home } = await harness.open('/', { as: 'player' });
  if (completed) await home.getByRole('tab', { name: 'Completed Games' }).click();
  await gameCard(home, game.title).waitFor();
  words.home = await texts(gameCard(home, game.title).getByTestId('game-badge'));

  const { page: all } = await harness.open('/all-games', { as: 'player' });
  await gameCard(all, game.title).waitFor();
  words.allGames = await texts(gameCard(all, game.title).getByTestId('game-badge'));

  const { page: board } = await harness.open(`/game/${game.id}`, { as: 'player' });
  await board.getByTestId('game-badge').waitFor();
  // The whole board in: the status line is not re-rendered under the screenshot.
  await expect.poll(() => board.locator('[role="gridcell"]').count()).toBe(100);
  await shoot(board.getByTestId('game-status'), `game-line-${state}`, false);
  words.game = await texts(board.getByTestId('game-badge'));
  // The line beside it speaks of the numbers only: no second word for the state.
  words.gameLine = await texts(board.getByTestId('game-status'));

  const { page: list } = await harness.open('/admin/games', { as: admin, ...DESKTOP });
  const row = list.getByTestId('game-row').filter({ hasText: game.title });
  await row.waitFor();
  words.adminGames = await texts(row.getByTestId('admin-status'));
  await shoot(row, `admin-games-row-${state}-1280`, false);

  const { page: dashboard } = await harness.open('/admin', { as: admin, ...PHONE });
  if (completed) await dashboard.getByRole('tab', { name: 'Completed Games' }).click();
  const card = dashboard.getByTestId('admin-game-card').filter({ hasText: game.title });
  await card.waitFor();
  words.adminDashboard = await texts(card.getByTestId('admin-status'));
  await shoot(card, `admin-dashboard-card-${state}-375`, false);

  const { page: adminGame } = await harness.open(`/admin/game/${game.id}#game-day`, { as: admin });
  // The board's badge and the game-day summary's.
  await expect.poll(() => adminGame.getByTestId('admin-status').count()).toBe(2);
  words.adminGame = await texts(adminGame.getByTestId('admin-status'));
  await shoot(adminGame, `admin-game-${state}-1280`, false);
  await expect.poll(() => adminGame.getByTestId('game-badge').count()).toBe(0);

  const { page: gameDay } = await harness.open(`/admin/games/${game.id}/game-day`, { as: admin });
  await gameDay.getByTestId('admin-status').waitFor();
  words.gameDay = await texts(gameDay.getByTestId('admin-status'));
  await shoot(gameDay.getByTestId('game-day-summary'), `game-day-summary-${state}-1280`, false);
  return words;
}

describe('one set of status words (D16, D45)', () => {
  test.each([
    ['open', 'Active', 'Active'],
    ['full', 'Sold Out', 'Ready to Shuffle'],
    ['drawn', 'In Progress', 'In Progress'],
    ['completed', 'Closed', 'Completed'],
  ] as const)('a game %s reads "%s" to players and "%s" to admins on every page', async (state, player, adminWord) => {
    const game = await gameIn(state);
    const words = await wordsFor(game, state);
    const { gameLine, ...badges } = words;
    expect(badges).toEqual({
      home: [player],
      allGames: [player],
      game: [player],
      adminGames: [adminWord],
      adminDashboard: [adminWord],
      adminGame: [adminWord, adminWord],
      gameDay: [adminWord],
    });
    expect(gameLine).toHaveLength(1);
    expect(gameLine![0]).not.toMatch(/Active|In Progress|Closed|Completed|Ready|Awaiting|Open for sales/);
  });

  test('the Live mark pulses only while a game is in progress, and goes when the game is over', async () => {
    const open = await gameIn('open');
    const { page: selling } = await harness.open(`/game/${open.id}`, { as: 'player' });
    const sellingLive = selling.locator('[data-testid="live-status"][data-status="live"]');
    await sellingLive.waitFor();
    await expect.poll(() => sellingLive.locator('span').first().getAttribute('class')).not.toContain('animate-pulse');

    const game = await gameIn('drawn');
    const { page } = await harness.open(`/game/${game.id}`, { as: 'player', ...PHONE });
    const live = page.locator('[data-testid="live-status"][data-status="live"]');
    await live.waitFor();
    await expect.poll(() => live.locator('span').first().getAttribute('class')).toContain('animate-pulse');
    await shoot(page, 'game-in-progress-375', false);

    // The fourth quarter is confirmed: the game is over, and the open page follows.
    await db().updateTable('games').set({ is_active: false }).where('id', '=', game.id).execute();
    server.app.gameEvents.publish({ game_id: game.id, reason: 'game' });
    await expect.poll(() => page.getByTestId('game-badge').textContent()).toBe('Closed');
    await expect.poll(() => page.getByTestId('live-status').count()).toBe(0);
    await expect.poll(() => page.getByTestId('game-status').textContent()).toBe('Numbers revealed');
    await shoot(page, 'game-completed-375', false);
    await expectNoSeriousViolations(page);
  });
});

// --- 2. The welcome line -------------------------------------------------------------------------

describe('the welcome line (D45)', () => {
  test('greets the username as typed, not the e-mail prefix', async () => {
    const account = await testAccount(server);
    const tag = account.username.slice(-5);
    const email = `dana${tag}@example.com`;
    const username = `CoachDana${tag}`;
    await db().updateTable('user').set({ email, username: username.toLowerCase(), displayUsername: username }).where('id', '=', account.id).execute();
    for (const size of [PHONE, DESKTOP]) {
      const { page } = await harness.open('/', { as: account, ...size });
      await expect.poll(() => page.getByTestId('welcome-line').first().textContent()).toBe(`Welcome, ${username}`);
    }
  });
});

// --- 3 and 4. Paying on a phone, and another card after a declined one ----------------------------

interface CartSquare {
  x: number;
  y: number;
}

async function gameOnSale(title: string) {
  const id = await insertGame(server.db.handle, { title });
  return { id, title };
}

function cartFor(game: { id: string; title: string }, squares: CartSquare[]) {
  return [{ game_id: game.id, game_title: game.title, price_per_square: 10, squares }];
}

async function fillCard(checkout: Page, number: string) {
  await checkout.getByLabel('Name on card').fill('Pat Buyer');
  await checkout.getByLabel('Card number').fill(number);
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
}

const squaresOf = (gameId: string) =>
  db().selectFrom('squares').select(['x', 'y', 'user_id', 'status']).where('game_id', '=', gameId).orderBy('x').orderBy('y').execute();

const checkoutOf = (userId: string) =>
  db().selectFrom('checkouts').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();

const onCardPage = (url: URL | string) => new URL(url).pathname.startsWith('/checkout/test/');

describe('paying on a phone (D45)', () => {
  test('at 375 px the card page opens in the same tab; Back shows the waiting panel; a declined card, then the good one: back on /payment-success with the squares bought', async () => {
    const game = await gameOnSale(uniqueTitle('Phone Pay Bowl'));
    const { page, context, account } = await harness.open('/payment', { as: 'player', cart: cartFor(game, [{ x: 2, y: 6 }]), ...PHONE });
    await expect.poll(() => page.getByText('pay by card on a secure payment page.').isVisible()).toBe(true);
    await shoot(page, 'payment-375');

    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    await page.waitForURL(onCardPage);
    await page.getByText('Test mode - no real money', { exact: true }).waitFor();
    expect(context.pages()).toHaveLength(1);
    expect(await squaresOf(game.id)).toEqual([{ x: 2, y: 6, user_id: account!.id, status: 'held' }]);

    // Back: the payment page says the payment is not finished and links to the card page, in this tab.
    await page.goBack();
    await page.waitForURL(`${server.url}/payment`);
    const waiting = page.getByTestId('payment-waiting');
    await waiting.waitFor();
    await expect.poll(() => waiting.getByRole('heading', { level: 2 }).textContent()).toBe('Complete your payment');
    const resume = waiting.getByRole('link', { name: 'Open payment page' });
    await expect.poll(() => resume.getAttribute('target')).toBeNull();
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    await shoot(page, 'payment-waiting-375');
    await resume.click();
    await page.waitForURL(onCardPage);

    // A declined card: said on the page, which stays open; the square stays held.
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    const error = page.getByTestId('checkout-error');
    await error.waitFor();
    await expect.poll(() => error.textContent()).toContain('Your card was declined. Try another card.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('number');
    expect(onCardPage(page.url())).toBe(true);
    expect(await squaresOf(game.id)).toEqual([{ x: 2, y: 6, user_id: account!.id, status: 'held' }]);
    expect((await checkoutOf(account!.id)).status).toBe('open');
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    await shoot(page, 'card-declined-375');

    // The good card pays: back on our success page in this tab.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await expect.poll(() => error.count()).toBe(0);
    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    await page.waitForURL((url) => url.pathname === '/payment-success');
    await headingNamed(page, 'Payment Successful!').waitFor();
    await toast(page, 'Payment successful! Your squares have been claimed.').waitFor();
    expect(await squaresOf(game.id)).toEqual([{ x: 2, y: 6, user_id: account!.id, status: 'claimed' }]);
    expect(await checkoutOf(account!.id)).toMatchObject({ status: 'fulfilled', amount_cents: 1000 });
    expect(context.pages()).toHaveLength(1);
    await shoot(page, 'payment-success-375');

    // /payment waits for nothing any more: the cart is empty, so it goes to the cart (spec).
    await page.goto(`${server.url}/payment`);
    await page.waitForURL(`${server.url}/cart`);
  });

  test('on a desktop the card page opens in a new tab (spec); a declined card, then the good one, pays once and the first tab follows', async () => {
    const game = await gameOnSale(uniqueTitle('Desk Pay Bowl'));
    const { page, context, account } = await harness.open('/payment', { as: 'player', cart: cartFor(game, [{ x: 7, y: 1 }]), ...DESKTOP });
    // The toast is awaited from the click on: it may be gone by the time the new tab has loaded.
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Pay $10.00' }).click(),
      toast(page, 'Payment page opened in new tab. Complete your purchase there.').waitFor(),
    ]);
    await checkout.getByText('Test mode - no real money', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('payment-waiting').getByRole('heading', { level: 2 }).textContent()).toBe('Complete your payment in the new tab');
    await expect.poll(() => page.getByRole('link', { name: /Open payment page/ }).getAttribute('target')).toBe('_blank');

    await fillCard(checkout, '4000 0000 0000 0002');
    await checkout.getByRole('button', { name: 'Pay $10.00' }).click();
    await checkout.getByTestId('checkout-error').waitFor();
    await expectNoSeriousViolations(checkout);
    await shoot(checkout, 'card-declined-1280');
    expect(await squaresOf(game.id)).toEqual([{ x: 7, y: 1, user_id: account!.id, status: 'held' }]);

    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByRole('button', { name: 'Pay $10.00' }).click();
    await checkout.waitForURL((url) => url.pathname === '/payment-success');
    await headingNamed(checkout, 'Payment Successful!').waitFor();
    await headingNamed(page, 'Payment Successful!').waitFor();
    expect(await squaresOf(game.id)).toEqual([{ x: 7, y: 1, user_id: account!.id, status: 'claimed' }]);
    const rows = await db().selectFrom('checkouts').select(['status', 'provider_payment_id']).where('user_id', '=', account!.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('fulfilled');
  });

  test('after a declined card, only the expiry ends the checkout: the card page then takes no card, and the square is released', async () => {
    const game = await gameOnSale(uniqueTitle('Expiry Bowl'));
    const { page, account } = await harness.open('/payment', { as: 'player', cart: cartFor(game, [{ x: 0, y: 9 }]), ...PHONE });
    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    await page.waitForURL(onCardPage);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    await page.getByTestId('checkout-error').waitFor();
    expect(await squaresOf(game.id)).toHaveLength(1);

    // The page's time runs out (30 minutes, D21) and the sweep settles it with the provider.
    const row = await checkoutOf(account!.id);
    const past = new Date(Date.now() - 60_000).toISOString();
    await db().updateTable('checkouts').set({ expires_at: past, hold_until: past }).where('id', '=', row.id).execute();
    await db().updateTable('test_payment_sessions').set({ expires_at: past }).where('checkout_id', '=', row.id).execute();
    await server.app.checkoutSweeper.sweepExpired(new Date());
    expect((await checkoutOf(account!.id)).status).toBe('expired');
    expect(await squaresOf(game.id)).toEqual([]);

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    await page.getByTestId('checkout-closed').waitFor();
    await expect.poll(() => page.getByTestId('checkout-closed').textContent()).toMatch(/expired/i);
    expect(await squaresOf(game.id)).toEqual([]);
    expect((await checkoutOf(account!.id)).status).toBe('expired');
  });
});

// --- 5. Share this pool --------------------------------------------------------------------------

async function createOnForm(page: Page, title: string, inviteOnly: boolean) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Team A').fill('Eagles');
  await page.getByLabel('Team B').fill('Chiefs');
  if (inviteOnly) await page.getByRole('radio', { name: /Invite only/ }).check();
  await page.getByRole('button', { name: 'Create Game' }).click();
  await toast(page, 'Game created successfully!').waitFor();
  await page.waitForURL(/\/admin\/games\/[^/]+\/share$/);
  await headingNamed(page, 'Share this pool').waitFor();
  return db().selectFrom('games').selectAll().where('title', '=', title).executeTakeFirstOrThrow();
}

describe('Share this pool (D45)', () => {
  test('after creating a public game the organizer lands on its link and QR code; the link opens the game', async () => {
    const title = uniqueTitle('Share Bowl');
    const { page } = await harness.open('/admin/games/new', { as: admin, ...PHONE });
    await openGameRules(page);
    const game = await createOnForm(page, title, false);
    expect(page.url()).toBe(`${server.url}/admin/games/${game.id}/share`);
    await expect.poll(() => page.getByTestId('share-game').textContent()).toBe(`${title}: Eagles vs Chiefs`);
    const link = page.getByLabel('Game link');
    await expect.poll(() => link.inputValue()).toBe(`${server.url}/game/${game.id}`);
    await expect.poll(() => page.getByTestId('share-qr').getByRole('img', { name: 'QR code of the game link' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Manage game' }).getAttribute('href')).toBe(`/admin/game/${game.id}`);
    await expect.poll(() => page.getByRole('link', { name: 'View board' }).getAttribute('href')).toBe(`/game/${game.id}`);
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    await shoot(page, 'share-375');
    await page.setViewportSize(DESKTOP);
    await shoot(page, 'share-1280');

    // Copy link: no clipboard permission here, so the link is selected for the reader to copy.
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => page.getByTestId('copy-status').textContent()).toMatch(/^(Copied|Copy the link from the box below\.)$/);

    // A visitor opens the link: the game.
    const { page: visitor } = await harness.open(new URL(await link.inputValue()).pathname, { ...PHONE });
    await expect.poll(() => headingNamed(visitor, title).isVisible()).toBe(true);

    // The admin game page leads back to the share view later.
    await page.getByRole('link', { name: 'Manage game' }).click();
    await page.waitForURL(`${server.url}/admin/game/${game.id}`);
    await openAdminSection(page, 'Settings');
    await page.getByRole('link', { name: 'Share this pool' }).click();
    await page.waitForURL(`${server.url}/admin/games/${game.id}/share`);
    await expect.poll(() => link.inputValue()).toBe(`${server.url}/game/${game.id}`);
  });

  test('an invite-only game shares its invite link; opened by a visitor, it shows the game (dark, 1280 px)', async () => {
    const title = uniqueTitle('Invite Share Bowl');
    const { page } = await harness.open('/admin/games/new', { as: admin, ...DESKTOP, colorScheme: 'dark' });
    await openGameRules(page);
    const game = await createOnForm(page, title, true);
    const link = page.getByLabel('Invite link');
    await expect.poll(() => link.inputValue()).toBe(`${server.url}/game/${game.id}?invite=${game.invite_token}`);
    await expect.poll(() => page.getByTestId('share-qr').getByRole('img', { name: 'QR code of the invite link' }).isVisible()).toBe(true);
    await expectNoSeriousViolations(page);
    await shoot(page, 'share-invite-1280-dark');
    await page.setViewportSize(PHONE);
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'share-invite-375-dark');

    const url = new URL(await link.inputValue());
    const { page: visitor } = await harness.open(url.pathname + url.search, { ...PHONE });
    await expect.poll(() => headingNamed(visitor, title).isVisible()).toBe(true);
    // Without the invite the game does not exist for a visitor (D30).
    const { page: stranger } = await harness.open(url.pathname, { ...PHONE });
    await headingNamed(stranger, 'Game Not Found').waitFor();
  });
});
