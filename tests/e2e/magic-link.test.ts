import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { CHOOSE_USERNAME, SIGN_IN_LINK, signInLinkSent, USERNAME_TAKEN } from '../../src/core/messages';
import { confirmedAccount, newAccount } from '../support/accounts';
import { accountPages, cell, expectNoSeriousViolations, headingNamed, horizontalOverflow, shoot, toast, uniqueTitle, useBrowserHarness } from '../support/e2e';
import { insertGame } from '../support/fixtures';
import type { TestServer } from '../support/server';

// Issue 13 part 2 (D29): a player who got a game's link opens it on a phone, signs in by a link
// sent by e-mail (a new address: an account, then a username, asked once), lands back on the
// game and reserves squares; an existing player signs in by link without being asked anything.

const SUBJECT = /Your Squares Pool sign-in link/;
const PHONE = { width: 375, height: 812 };

// Each page on its own loopback address (accountPages): the mail limits count per client.
const harness = useBrowserHarness({ env: { TRUST_PROXY: 'true' } });
const { open, followMailLink } = accountPages(harness, '127.2');
let server: TestServer;

beforeAll(async () => {
  ({ server } = harness);
  // The first confirmed account becomes the admin (D8): taken, so the people below are players.
  await confirmedAccount(server.app, 'organizer');
});

/** An organizer-collects game (D28): reserving squares needs no card page. */
async function organizerGame(): Promise<{ id: string; title: string }> {
  const title = uniqueTitle('Link Bowl');
  const id = await insertGame(server.db.handle, { title, team_a: 'Lions', team_b: 'Bears' });
  await server.db.handle.db.updateTable('games').set({ payment_method: 'organizer', payment_instructions: 'Cash at the party' }).where('id', '=', id).execute();
  return { id, title };
}

/** From the game's page: "Log in to pick squares", then "Email me a sign-in link" for `email`. */
async function askForLink(page: Page, email: string): Promise<void> {
  await page.getByRole('link', { name: 'Log in to pick squares' }).click();
  await headingNamed(page, 'Welcome Back').waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: SIGN_IN_LINK.button }).click();
  await headingNamed(page, SIGN_IN_LINK.sentTitle).waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: signInLinkSent(email) })
    .waitFor();
}

const welcomeLine = (page: Page) => page.getByTestId('welcome-line').first().textContent();

describe('signing in by e-mailed link (D29)', () => {
  test('a new player on a phone: game page, Log in, link by e-mail, username once, back on the game, squares reserved', async () => {
    const game = await organizerGame();
    const taken = await confirmedAccount(server.app, 'takenname');
    const { email, username } = newAccount('phone');
    const page = await open(`/game/${game.id}`, PHONE);

    await askForLink(page, email);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    await shoot(page, 'login-link-sent-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'login-link-sent-1280');
    await page.setViewportSize(PHONE);

    // "Send again" sends another; "Use a different e-mail" goes back to the form with the address kept.
    await page.getByRole('button', { name: SIGN_IN_LINK.sendAgain }).click();
    await page.getByText(SIGN_IN_LINK.sentAgain).waitFor();
    await page.getByRole('button', { name: SIGN_IN_LINK.differentEmail }).click();
    await headingNamed(page, 'Welcome Back').waitFor();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');

    // The newest link, from the Dev Mailbox: signed in, asked for a username.
    await followMailLink(page, email, SUBJECT);
    await page.waitForURL(`${server.url}/welcome?next=%2Fgame%2F${game.id}`);
    await headingNamed(page, CHOOSE_USERNAME.title).waitFor();
    await expect.poll(() => welcomeLine(page)).toBe(`Welcome, ${email.split('@')[0]}`);
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    await shoot(page, 'welcome-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'welcome-1280');
    await page.setViewportSize(PHONE);

    // Paying needs a username: /payment sends the account here first.
    await page.goto(`${server.url}/payment`);
    await page.waitForURL(`${server.url}/welcome?next=%2Fpayment`);
    await page.goto(`${server.url}/welcome?next=%2Fgame%2F${game.id}`);

    // The sign-up rules and texts; then a free name, and back to the game.
    await page.getByRole('textbox', { name: 'Username' }).fill(taken.username.toUpperCase());
    await page.getByRole('button', { name: CHOOSE_USERNAME.submit }).click();
    await expect.poll(() => page.getByTestId('form-error').textContent()).toBe(USERNAME_TAKEN);
    await page.getByRole('textbox', { name: 'Username' }).fill(username);
    await page.getByRole('textbox', { name: 'Username' }).press('Enter');
    await page.waitForURL(`${server.url}/game/${game.id}`);
    await toast(page, CHOOSE_USERNAME.saved).waitFor();
    await expect.poll(() => page.getByTestId('visitor-note').count()).toBe(0);

    // Never asked again.
    await page.goto(`${server.url}/welcome?next=%2Fmy-squares`);
    await page.waitForURL(`${server.url}/my-squares`);

    // On to the game: a square reserved under the new username.
    await page.goto(`${server.url}/game/${game.id}`);
    await cell(page, 2, 3).click();
    await expect.poll(() => cell(page, 2, 3).getAttribute('data-state')).toBe('in-cart');
    await page.goto(`${server.url}/payment`);
    await page.getByRole('button', { name: 'Reserve 1 square' }).click();
    await headingNamed(page, 'Squares Reserved!').waitFor();
    const owner = await server.db.handle.db
      .selectFrom('squares')
      .innerJoin('user', 'user.id', 'squares.user_id')
      .select(['user.email', 'user.displayUsername'])
      .where('squares.game_id', '=', game.id)
      .executeTakeFirstOrThrow();
    expect(owner).toEqual({ email, displayUsername: username });
  });

  test('an existing player signs in by link without being asked for a username; a used link says so and offers a new one', async () => {
    const game = await organizerGame();
    const account = await confirmedAccount(server.app, 'regular');
    const page = await open(`/game/${game.id}`, PHONE);
    await askForLink(page, account.email);

    await followMailLink(page, account.email, SUBJECT);
    await page.waitForURL(`${server.url}/game/${game.id}`);
    await toast(page, 'Login successful!').waitFor();
    await expect.poll(() => page.getByTestId('visitor-note').count()).toBe(0);
    await expect.poll(() => welcomeLine(page)).toBe(`Welcome, ${account.email.split('@')[0]}`);

    // The same link again, signed out: the login page says it was used, and sends a new one in one tap (D46).
    const other = await open('/login', PHONE);
    await followMailLink(other, account.email, SUBJECT);
    await other.waitForURL(new RegExp(`/login\\?next=%2Fgame%2F${game.id}&ticket=[A-Za-z0-9_-]+&error=INVALID_TOKEN$`));
    await headingNamed(other, SIGN_IN_LINK.expiredTitle).waitFor();
    await other.getByText(SIGN_IN_LINK.expired).waitFor();
    await expectNoSeriousViolations(other);
    await expect.poll(() => horizontalOverflow(other)).toBeLessThanOrEqual(0);
    await shoot(other, 'login-used-link-375');
    // Or the other way: the form, with the e-mail typed.
    await other.getByRole('button', { name: SIGN_IN_LINK.otherWay }).click();
    await headingNamed(other, 'Welcome Back').waitFor();
    await other.getByLabel('Email').fill(account.email);
    await other.getByRole('button', { name: SIGN_IN_LINK.button }).click();
    await headingNamed(other, SIGN_IN_LINK.sentTitle).waitFor();
  });
});
