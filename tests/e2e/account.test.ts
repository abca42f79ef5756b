import { beforeAll, describe, expect, test } from 'vitest';
import { ACCOUNT_TEXTS, SIGN_IN_LINK } from '@core/messages';
import { ageSessions, testAccount } from '../support/accounts';
import { insertGame, insertSquares } from '../support/fixtures';
import { accountPages, addSession, expectNoSeriousViolations, heading, horizontalOverflow, shoot, toast, useBrowserHarness } from '../support/e2e';
import type { TestServer } from '../support/server';

// D41's account page in Chromium (docs/decisions/034), on the production build: a player with a
// password changes each thing and deletes the account (1280 px); an account made by a sign-in
// link sets its first password with the keyboard and is told why it cannot be deleted yet (375 px).

const NEW_PASSWORD = 'Otter$Basalt-2290';
// Each page its own client address (trusted x-forwarded-for), so the auth limits never spill over.
const harness = useBrowserHarness({ env: { TRUST_PROXY: 'true' } });
const { go, followMailLink } = accountPages(harness, '127.41');
let server: TestServer;
let clients = 0;

beforeAll(async () => {
  ({ server } = harness);
  // The first confirmed account is the admin (D8): take that seat, so the accounts below are players.
  await testAccount(server, { via: 'sign-up', admin: true });
});

async function openAccount(account: { cookie: string }, width: number) {
  const { context, page } = await harness.newPage({ width, height: 900, ...(width < 500 ? { touch: true } : {}) });
  clients += 1;
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `127.41.9.${clients}` });
  await addSession(context, server, account.cookie);
  await go(page, '/account');
  return page;
}

const section = (page: import('playwright-core').Page, id: string) => page.getByTestId(`account-${id}`);

describe('the account page (D41)', () => {
  test('1280 px: change username, password and e-mail (through the mailed link), then delete the account', { timeout: 120_000 }, async () => {
    const player = await testAccount(server, { via: 'sign-up', prefix: 'desk' });
    const page = await openAccount(player, 1280);
    await expect.poll(() => heading(page).textContent()).toBe('Account');
    // The sidebar's My Account group leads here.
    const nav = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account', exact: true });
    await expect.poll(() => nav.getAttribute('aria-current')).toBe('page');
    await expectNoSeriousViolations(page, 'account page');

    // Username: a taken-looking bad one is refused in words, then a good one is saved and greeted.
    const username = section(page, 'username');
    await username.getByLabel('Username', { exact: true }).fill('a b');
    await username.getByRole('button', { name: 'Save username' }).click();
    await expect
      .poll(() => username.getByRole('alert').textContent())
      .toContain('A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.');
    const renamed = `Desk_${player.id.slice(0, 5)}`;
    await username.getByLabel('Username', { exact: true }).fill(renamed);
    await username.getByRole('button', { name: 'Save username' }).click();
    await username.getByText(ACCOUNT_TEXTS.usernameSaved).waitFor();
    await expect.poll(() => page.getByTestId('welcome-line').textContent()).toBe(`Welcome, ${renamed}`);

    // Password: the wrong current one is refused; the right one changes it.
    const password = section(page, 'password');
    await password.getByLabel('Current password').fill('Wrong#Marmot-4409');
    await password.getByLabel('New password').fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => password.getByRole('alert').textContent()).toContain(ACCOUNT_TEXTS.currentPasswordWrong);
    await password.getByLabel('Current password').fill(player.password);
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText(ACCOUNT_TEXTS.passwordChanged).waitFor();

    // E-mail: the current password first (docs/decisions/039); then a link to the new address; opened, the page says the address changed.
    const newEmail = `moved.${player.email}`;
    const email = section(page, 'email');
    await email.getByLabel('New e-mail address').fill(newEmail);
    await email.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect.poll(() => email.getByRole('alert').textContent()).toContain(ACCOUNT_TEXTS.emailPasswordRequired);
    await email.getByLabel('Current password').fill('Wrong#Marmot-4409');
    await email.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect.poll(() => email.getByRole('alert').textContent()).toContain(ACCOUNT_TEXTS.currentPasswordWrong);
    await email.getByLabel('Current password').fill(NEW_PASSWORD);
    await email.getByRole('button', { name: 'Send confirmation link' }).click();
    await email.getByText(ACCOUNT_TEXTS.emailLinkSent(newEmail)).waitFor();
    await shoot(page, 'account-1280');
    await followMailLink(page, newEmail, /Confirm your new/);
    await page.waitForURL(/\/account\?email=changed$/);
    await section(page, 'email').getByText(ACCOUNT_TEXTS.emailChanged).waitFor();
    await expect.poll(() => section(page, 'email').textContent()).toContain(`You log in with ${newEmail}`);
    await shoot(page, 'account-1280-email-changed');

    // Delete: the username typed (a wrong one is refused) and the password.
    const remove = section(page, 'delete');
    await remove.getByText(ACCOUNT_TEXTS.deleteExplained).waitFor();
    await remove.getByLabel(`Type your username (${renamed}) to confirm`).fill('someone');
    await remove.getByLabel('Password').fill(NEW_PASSWORD);
    await remove.getByRole('button', { name: 'Delete my account' }).click();
    await expect.poll(() => remove.getByRole('alert').textContent()).toContain(ACCOUNT_TEXTS.deleteConfirmWrong);
    await remove.getByLabel(`Type your username (${renamed}) to confirm`).fill(renamed.toLowerCase());
    await remove.getByRole('button', { name: 'Delete my account' }).click();
    await toast(page, ACCOUNT_TEXTS.deleted).waitFor();
    await page.waitForURL(server.url + '/');
    await expect.poll(() => page.getByTestId('welcome-line').textContent()).toBe('Welcome to Squares Pool');
    await shoot(page, 'account-1280-deleted', false);
  });

  test(
    '375 px: an account without a password sets one with the keyboard; unpaid squares stop its deletion, said before the form',
    { timeout: 90_000 },
    async () => {
      // The fast path makes an account as a sign-in link does for this page: confirmed, no password.
      const player = await testAccount(server, { prefix: 'phone' });
      const gameId = await insertGame(server.db.handle);
      const [square] = await insertSquares(server.db.handle, gameId, [{ x: 2, y: 3, userId: player.id }]);
      await server.db.handle.db.updateTable('squares').set({ is_paid: false }).where('id', '=', square!).execute();
      const page = await openAccount(player, 375);

      const password = section(page, 'password');
      await password.getByText('Your account has no password').waitFor();
      await expect.poll(() => password.getByLabel('Current password').count()).toBe(0);
      await section(page, 'sign-in-links').getByText(ACCOUNT_TEXTS.signInLinks).waitFor();
      await section(page, 'delete').getByText(ACCOUNT_TEXTS.unpaidSquares(1)).waitFor();
      // Read once every section has its content: an earlier read could miss a line that widens the page.
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
      await expect.poll(() => section(page, 'delete').getByRole('button', { name: 'Delete my account' }).count()).toBe(0);
      await expectNoSeriousViolations(page, 'account page on a phone');
      await shoot(page, 'account-375');

      // Keyboard only: focus the field, type, Enter submits; the result is announced (role=status).
      await password.getByLabel('New password').focus();
      await page.keyboard.type(NEW_PASSWORD);
      await page.keyboard.press('Enter');
      await expect.poll(() => password.getByRole('status').textContent()).toBe(ACCOUNT_TEXTS.passwordSet);
      // Now it has one: the form asks for it next time.
      await password.getByLabel('Current password').waitFor();
      await password.getByRole('button', { name: 'Change password' }).focus();
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
      await shoot(page, 'account-375-password-set');
    },
  );
});

describe('changing the e-mail address safely, and its undo (docs/decisions/039)', () => {
  /** Opens the old address's notice from the Dev Mailbox and puts the address back; the page says what happened. */
  async function undoFromNotice(page: import('playwright-core').Page, oldEmail: string, name: string) {
    await followMailLink(page, oldEmail, /e-mail address was changed/);
    await page.waitForURL(/\/email-undo\?token=/);
    await expect.poll(() => heading(page).textContent()).toBe(ACCOUNT_TEXTS.undoTitle);
    await page.getByText(ACCOUNT_TEXTS.undoExplained).waitFor();
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await expectNoSeriousViolations(page, 'e-mail undo page');
    await shoot(page, `${name}-undo`);
    await page.getByRole('button', { name: ACCOUNT_TEXTS.undoButton }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe(ACCOUNT_TEXTS.undoDone(oldEmail));
    await expect.poll(() => page.getByTestId('welcome-line').textContent()).toBe('Welcome to Squares Pool');
    await shoot(page, `${name}-undone`);
  }

  test(
    '1280 px: a change with the password; the old address puts it back, every device is out, and a reset link sets a new password',
    { timeout: 120_000 },
    async () => {
      const player = await testAccount(server, { via: 'sign-up', prefix: 'undo' });
      const page = await openAccount(player, 1280);
      const newEmail = `taken.${player.email}`;
      const email = section(page, 'email');
      await email.getByText(ACCOUNT_TEXTS.emailPasswordHint).waitFor();
      await email.getByLabel('New e-mail address').fill(newEmail);
      await email.getByLabel('Current password').fill(player.password);
      await email.getByRole('button', { name: 'Send confirmation link' }).click();
      await email.getByText(ACCOUNT_TEXTS.emailLinkSent(newEmail)).waitFor();
      await followMailLink(page, newEmail, /Confirm your new/);
      await page.waitForURL(/\/account\?email=changed$/);
      await expect.poll(() => section(page, 'email').textContent()).toContain(`You log in with ${newEmail}`);

      await undoFromNotice(page, player.email, 'email-1280');
      // The reset link goes to the address that is back.
      await followMailLink(page, player.email, /Reset your Squares Pool password/);
      await page.waitForURL(/\/reset-password\?token=/);
      await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await page.waitForURL(/\/login/);
      // The link works once.
      await followMailLink(page, player.email, /e-mail address was changed/);
      await page.getByRole('button', { name: ACCOUNT_TEXTS.undoButton }).click();
      await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(ACCOUNT_TEXTS.undoUsed);
    },
  );

  test(
    '375 px: without a password, a stale sign-in is told to get a new link; with it the change goes through, and the undo works on a phone',
    { timeout: 120_000 },
    async () => {
      const player = await testAccount(server, { prefix: 'nopass' });
      await ageSessions(server.db, player.id, 60);
      const page = await openAccount(player, 375);
      const email = section(page, 'email');
      await email.getByText(ACCOUNT_TEXTS.emailRecentSignInHint).waitFor();
      await expect.poll(() => email.getByLabel('Current password').count()).toBe(0);
      const newEmail = `phone.${player.email}`;
      await email.getByLabel('New e-mail address').fill(newEmail);
      await email.getByRole('button', { name: 'Send confirmation link' }).click();
      await expect.poll(() => email.getByRole('alert').textContent()).toContain(ACCOUNT_TEXTS.emailNeedsRecentSignIn);
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
      await shoot(page, 'email-375-stale');

      await email.getByRole('button', { name: SIGN_IN_LINK.button }).click();
      await expect.poll(() => email.getByRole('status').first().textContent()).toBe(ACCOUNT_TEXTS.emailSignInLinkSent(player.email));
      await followMailLink(page, player.email, /sign-in link/);
      await page.waitForURL(/\/account$/);
      const fresh = section(page, 'email');
      await fresh.getByLabel('New e-mail address').fill(newEmail);
      await fresh.getByRole('button', { name: 'Send confirmation link' }).click();
      await fresh.getByText(ACCOUNT_TEXTS.emailLinkSent(newEmail)).waitFor();
      await shoot(page, 'email-375-sent');
      await followMailLink(page, newEmail, /Confirm your new/);
      await page.waitForURL(/\/account\?email=changed$/);

      await undoFromNotice(page, player.email, 'email-375');
    },
  );
});
