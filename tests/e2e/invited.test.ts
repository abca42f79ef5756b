import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { CHOOSE_USERNAME, GAME_ERRORS, INVITE_LOGIN, MEMBER_TEXTS, SIGN_IN_LINK, signInLinkSent } from '../../src/core/messages';
import { confirmedAccount, newAccount, testAccount, type TestAccount } from '../support/accounts';
import { accountPages, expectNoSeriousViolations, headingNamed, horizontalOverflow, shoot, toast, uniqueTitle, useBrowserHarness } from '../support/e2e';
import { insertGame } from '../support/fixtures';
import type { TestServer } from '../support/server';

// D46 in the browser: a player opens an invite link on a phone, asks for a sign-in link there
// ("Join <pool>: we e-mail you a link", the password second), and opens the mail in another
// browser (a fresh context: no invite cookie): signed in, a username once, on the board, a member
// from then on. A used link resends in one tap. The organizer sees the member and removes them.

const SUBJECT = /Your Squares Pool sign-in link/;
const PHONE = { width: 375, height: 812 };

// Each page on its own loopback address (accountPages): the mail limits count per client.
const harness = useBrowserHarness({ env: { TRUST_PROXY: 'true' } });
const { open, followMailLink } = accountPages(harness, '127.3');
let server: TestServer;
let admin: TestAccount;

beforeAll(async () => {
  ({ server } = harness);
  admin = await testAccount(server, { admin: true });
});

/** An invite-only game and its invite link's path. */
async function inviteGame(): Promise<{ id: string; title: string; invitePath: string }> {
  const title = uniqueTitle('Office Pool');
  const id = await insertGame(server.db.handle, { title, team_a: 'Lions', team_b: 'Bears' });
  const token = 'T'.repeat(11) + Math.random().toString(36).slice(2).padEnd(32, 'x').slice(0, 32);
  await server.db.handle.db.updateTable('games').set({ visibility: 'invite', invite_token: token }).where('id', '=', id).execute();
  return { id, title, invitePath: `/game/${id}?invite=${token}` };
}

/** Opens the invite on a phone and goes to the login page from the board. */
async function inviteLogin(game: { title: string; invitePath: string }): Promise<Page> {
  const page = await open(game.invitePath, PHONE);
  await headingNamed(page, game.title).waitFor();
  await page.getByRole('link', { name: 'Log in to pick squares' }).click();
  await headingNamed(page, INVITE_LOGIN.title(game.title)).waitFor();
  return page;
}

async function top(page: Page, locator: ReturnType<Page['getByRole']>): Promise<number> {
  return (await locator.boundingBox())!.y;
}

describe('invited people get in (D46)', () => {
  test('the invite login page leads with joining by e-mail; the mailed link opened in another browser lands on the board, as a member', async () => {
    const game = await inviteGame();
    const { email, username } = newAccount('invited');
    const page = await inviteLogin(game);

    // Joining that pool by e-mail first, the password form second.
    await page.getByText(INVITE_LOGIN.description).waitFor();
    const sendLink = page.getByRole('button', { name: SIGN_IN_LINK.button });
    const password = page.getByLabel('Password', { exact: true });
    const tops = async () => ({ email: await top(page, page.getByLabel('Email')), sendLink: await top(page, sendLink), password: await top(page, password) });
    await expect.poll(tops).toSatisfy(({ email, sendLink, password }) => email < sendLink && sendLink < password);
    await page.getByText(INVITE_LOGIN.passwordLead).waitFor();
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    await shoot(page, 'invite-login-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'invite-login-1280');
    await page.setViewportSize(PHONE);

    // The e-mail, then Enter: the link is on its way.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Email').press('Enter');
    await headingNamed(page, SIGN_IN_LINK.sentTitle).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: signInLinkSent(email) })
      .waitFor();

    // The phone's mail app: another browser, without the invite cookie.
    const phone = await open('/dev/mailbox', PHONE);
    await followMailLink(phone, email, SUBJECT);
    await headingNamed(phone, CHOOSE_USERNAME.title).waitFor();
    await phone.getByRole('textbox', { name: 'Username' }).fill(username);
    await phone.getByRole('textbox', { name: 'Username' }).press('Enter');
    await phone.waitForURL(`${server.url}/game/${game.id}`);
    await headingNamed(phone, game.title).waitFor();
    await phone.getByRole('grid').first().waitFor();
    await expect.poll(() => phone.getByTestId('visitor-note').count()).toBe(0);
    await expect.poll(() => horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await shoot(phone, 'landed-on-board-375');
    const member = await server.db.handle.db
      .selectFrom('game_members')
      .innerJoin('user', 'user.id', 'game_members.user_id')
      .select(['user.email', 'game_members.removed_at'])
      .where('game_members.game_id', '=', game.id)
      .execute();
    expect(member).toEqual([{ email, removed_at: null }]);

    // The organizer sees the member and removes them; the member's browser then finds no game, in D46's words.
    const { page: organizer } = await harness.open(`/admin/game/${game.id}#settings`, { as: admin, width: 1280, height: 900 });
    const members = organizer.getByTestId('game-members');
    const row = members.getByTestId('member-row').filter({ hasText: email });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain(username);
    await members.scrollIntoViewIfNeeded();
    await expectNoSeriousViolations(organizer);
    await shoot(members, 'members-1280', false);
    await organizer.setViewportSize(PHONE);
    await expect.poll(() => horizontalOverflow(organizer)).toBeLessThanOrEqual(0);
    await shoot(members, 'members-375', false);
    await row.getByRole('button', { name: `Remove ${username}` }).click();
    const dialog = organizer.getByTestId('remove-member-dialog');
    await expect.poll(() => dialog.textContent()).toContain(MEMBER_TEXTS.removeNonOwner);
    await shoot(organizer, 'remove-member-375', false);
    await dialog.getByRole('button', { name: 'Remove member' }).click();
    await toast(organizer, MEMBER_TEXTS.removed).waitFor();
    await members.getByText(MEMBER_TEXTS.none).waitFor();

    await phone.reload();
    await headingNamed(phone, 'Game Not Found').waitFor();
    await phone.getByText(GAME_ERRORS.notFoundOrInviteOnly).waitFor();
    await shoot(phone, 'not-found-member-removed-375');
  });

  test('a used link resends in one tap, to the same address and the same game, from a browser without the invite', async () => {
    const game = await inviteGame();
    const account = await confirmedAccount(server.app, 'resend');
    const page = await inviteLogin(game);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: SIGN_IN_LINK.button }).click();
    await headingNamed(page, SIGN_IN_LINK.sentTitle).waitFor();

    // Opened once (used), then again in another browser: the expired-link page.
    const first = await open('/dev/mailbox', PHONE);
    await followMailLink(first, account.email, SUBJECT);
    await first.waitForURL(`${server.url}/game/${game.id}`);
    const again = await open('/dev/mailbox', PHONE);
    await followMailLink(again, account.email, SUBJECT);
    await headingNamed(again, SIGN_IN_LINK.expiredTitle).waitFor();
    await again.getByText(SIGN_IN_LINK.expired).waitFor();
    await expect.poll(() => horizontalOverflow(again)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(again);
    await shoot(again, 'expired-link-375');
    await again.setViewportSize({ width: 1280, height: 900 });
    await shoot(again, 'expired-link-1280');
    await again.setViewportSize(PHONE);

    await again.getByRole('button', { name: SIGN_IN_LINK.resend }).click();
    await again.getByText(SIGN_IN_LINK.resent).waitFor();
    await shoot(again, 'expired-link-resent-375');

    // The new link, in yet another browser (no invite, no session): on the board.
    const third = await open('/dev/mailbox', PHONE);
    await followMailLink(third, account.email, SUBJECT);
    await third.waitForURL(`${server.url}/game/${game.id}`);
    await headingNamed(third, game.title).waitFor();
  });

  test('without the invite, a game answers in words that help both, and a signed-out visitor is offered to log in', async () => {
    const game = await inviteGame();
    const page = await open(`/game/${game.id}`, PHONE);
    await headingNamed(page, 'Game Not Found').waitFor();
    await page.getByText(GAME_ERRORS.notFoundOrInviteOnly).waitFor();
    await page.getByRole('link', { name: 'Log in to see your games' }).waitFor();
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    await shoot(page, 'not-found-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'not-found-1280');
    // Logging in from there comes back to the game (a stranger still finds none).
    await page.getByRole('link', { name: 'Log in to see your games' }).click();
    await headingNamed(page, 'Welcome Back').waitFor();
  });
});
