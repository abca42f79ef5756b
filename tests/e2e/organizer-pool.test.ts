import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { CHOOSE_USERNAME, INVITE_LOGIN, SIGN_IN_LINK } from '../../src/core/messages';
import { newAccount, testAccount, type TestAccount } from '../support/accounts';
import { cartOf, startCheckout } from '../support/checkout';
import {
  accountPages,
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

// Issue 13's whole pool, in the browser: the organizer creates an invite-only organizer-collects
// game and shares its link; a player opens it on a phone, signs in by e-mailed link, reserves
// squares and sees how to pay; the organizer marks them paid, puts "Aunt May" (no account) on
// squares, another player's unpaid squares are released at the pay-by time, and the organizer
// downloads the CSVs. The phone's board follows every change live, without a reload.

const SHOTS = process.env.SHOTS_DIR;
const PHONE = { width: 375, height: 812 };
const INSTRUCTIONS = 'Venmo @coach-k with your squares in the note';

const harness = useBrowserHarness({ env: { TRUST_PROXY: 'true' } });
const { open: openAs, followMailLink } = accountPages(harness, '127.3');
let server: TestServer;
let admin: TestAccount;

beforeAll(async () => {
  ({ server } = harness);
  admin = await testAccount(server, { admin: true });
});

const tools = (page: Page) => page.getByTestId('board-tools');
const phoneCell = (page: Page, x: number, y: number) => cell(page, x, y);

describe('an organizer runs a real pool (issue 13)', () => {
  test('invite link, sign-in by e-mail on a phone, reservation, paid, Aunt May, pay-by release, CSVs, live board', async () => {
    // 1. The organizer's form: invite-only, organizer collects, instructions, a pay-by time.
    const title = uniqueTitle('Office Pool');
    const { page: form } = await harness.open('/admin/games/new', { as: admin, width: 1280, height: 900 });
    await openGameRules(form);
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Team A').fill('Lions');
    await form.getByLabel('Team B').fill('Bears');
    await form.getByRole('radio', { name: /Organizer collects/ }).check();
    await form.getByLabel('Payment instructions').fill(INSTRUCTIONS);
    await form.getByLabel('Pay by (optional)').fill('2099-12-31T18:00');
    await form.getByRole('radio', { name: /Invite only/ }).check();
    await form.getByRole('button', { name: 'Create Game' }).click();
    await form.waitForURL(/\/admin\/games\/[^/]+\/share$/);
    const game = await server.db.handle.db.selectFrom('games').selectAll().where('title', '=', title).executeTakeFirstOrThrow();
    expect(game).toMatchObject({ visibility: 'invite', payment_method: 'organizer' });

    // 2. The admin page: the invite link to share.
    const { page: adminPage } = await harness.open(`/admin/game/${game.id}#settings`, { as: admin, width: 1280, height: 1000 });
    const linkBox = adminPage.getByTestId('game-invite').getByLabel('Invite link');
    await expect.poll(() => linkBox.inputValue()).toMatch(/\?invite=/);
    const link = new URL(await linkBox.inputValue());

    // 3. A player on a phone opens the link, signs in by e-mailed link, chooses a username.
    const { email, username } = newAccount('may2');
    const phone = await openAs(`${link.pathname}${link.search}`, PHONE);
    await expect.poll(() => phone.getByTestId('invite-only-note').textContent()).toBe('Invite only');
    expect(phone.url()).not.toContain('invite=');
    await phone.getByRole('link', { name: 'Log in to pick squares' }).click();
    // D46: from an invite-only game, the login page leads with joining it by e-mail.
    await headingNamed(phone, INVITE_LOGIN.title(game.title)).waitFor();
    await phone.getByLabel('Email').fill(email);
    await phone.getByRole('button', { name: SIGN_IN_LINK.button }).click();
    await headingNamed(phone, SIGN_IN_LINK.sentTitle).waitFor();
    await followMailLink(phone, email, /Your Squares Pool sign-in link/);
    await headingNamed(phone, CHOOSE_USERNAME.title).waitFor();
    await phone.getByRole('textbox', { name: 'Username' }).fill(username);
    await phone.getByRole('button', { name: CHOOSE_USERNAME.submit }).click();
    await phone.waitForURL(`${server.url}/game/${game.id}`);

    // 4. Reserves two squares and is told how to pay.
    for (const [x, y] of [
      [0, 0],
      [0, 1],
    ] as const) {
      await phoneCell(phone, x, y).click();
      await expect.poll(() => phoneCell(phone, x, y).getAttribute('data-state')).toBe('in-cart');
    }
    await phone.goto(`${server.url}/payment`);
    await phone.getByRole('button', { name: 'Reserve 2 squares' }).click();
    await headingNamed(phone, 'Squares Reserved!').waitFor();
    await expect.poll(() => phone.getByText(INSTRUCTIONS).count()).toBeGreaterThan(0);
    await phone.goto(`${server.url}/game/${game.id}`);
    await expect.poll(() => phoneCell(phone, 0, 0).getAttribute('data-state')).toBe('mine');
    await expect.poll(() => phone.getByTestId('live-status').getAttribute('data-status')).toBe('live');
    if (SHOTS) await phone.screenshot({ path: `${SHOTS}/pool-phone-reserved.png`, fullPage: true });

    // 5. The organizer marks them paid from the payment tracking.
    await openAdminSection(adminPage, 'Payments');
    const player = adminPage.getByTestId('payment-player').filter({ hasText: username });
    await player.getByRole('button', { name: 'Mark paid' }).click();
    await toast(adminPage, 'Marked paid: 2 squares').waitFor();

    // 6. Aunt May, without an account, on two squares by the board tools; the phone sees her live.
    await openAdminSection(adminPage, 'Board');
    await tools(adminPage).locator('button[data-x="5"][data-y="5"]').click();
    await tools(adminPage)
      .locator('button[data-x="5"][data-y="6"]')
      .click({ modifiers: ['Shift'] });
    await adminPage.getByTestId('board-tools-actions').getByRole('button', { name: 'Assign 2 squares' }).click();
    const dialog = adminPage.getByTestId('assign-dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Aunt May');
    // She paid in cash (D28: the pay-by time releases whatever is still unpaid then, hers too).
    await dialog.getByLabel('Mark as paid: $20.00 for 2 squares').check();
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await toast(adminPage, 'Assigned 2 squares').waitFor();
    await expect.poll(() => phoneCell(phone, 5, 5).textContent(), { timeout: 10_000 }).toContain('Aunt May');

    // 7. Another player reserves a square and never pays: at the pay-by time it is released, live.
    // (They opened the invite link too: without it the game is closed to them.)
    const late = await testAccount(server, { prefix: 'late' });
    expect((await startCheckout(server.app, late, [cartOf(game.id, [{ x: 9, y: 9 }], 10, title)])).statusCode).toBe(409);
    const invited = { ...late, cookie: `${late.cookie}; sp_inv_${game.id}=${link.searchParams.get('invite')}` };
    const res = await startCheckout(server.app, invited, [cartOf(game.id, [{ x: 9, y: 9 }], 10, title)]);
    expect(res.statusCode, res.body).toBe(201);
    await expect.poll(() => phoneCell(phone, 9, 9).getAttribute('data-state'), { timeout: 10_000 }).toBe('claimed');
    await server.db.handle.db
      .updateTable('games')
      .set({ pay_by: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', game.id)
      .execute();
    expect(await server.app.organizer.releaseOverdue()).toBe(1);
    await expect.poll(() => phoneCell(phone, 9, 9).getAttribute('data-state'), { timeout: 10_000 }).toBe('available');
    await expect.poll(() => phone.getByTestId('pay-by').textContent()).toContain('has passed');
    // The phone player's paid squares stay theirs.
    await expect.poll(() => phoneCell(phone, 0, 0).getAttribute('data-state')).toBe('mine');

    // 8. The CSVs.
    await adminPage.reload();
    await openAdminSection(adminPage, 'Orders');
    for (const [name, expected] of [
      ['Squares (CSV)', ['Aunt May', username]],
      ['Orders (CSV)', [username, late.username]],
      ['Payouts (CSV)', ['Quarter']],
    ] as const) {
      const [download] = await Promise.all([adminPage.waitForEvent('download'), adminPage.getByRole('link', { name }).click()]);
      const csv = await readFile((await download.path())!, 'utf8');
      for (const text of expected) expect(csv, name).toContain(text);
    }

    // 9. The activity log tells it all; the phone's history shows only the player's own squares.
    await openAdminSection(adminPage, 'Activity');
    const log = adminPage.getByTestId('game-activity');
    await expect
      .poll(async () => (await log.getByTestId('activity-entry').allTextContents()).join('\n'))
      .toContain('The pay-by time passed: released 1 square of');
    const history = phone.getByTestId('game-activity');
    await expect.poll(async () => (await history.getByTestId('activity-entry').allTextContents()).join('\n')).toContain(`marked 2 squares of ${username} paid`);
    await expect.poll(() => history.textContent()).not.toContain('Aunt May');

    await expect.poll(() => horizontalOverflow(phone)).toBe(0);
    await expectNoSeriousViolations(phone, 'the invited board on a phone');
    await expectNoSeriousViolations(adminPage, 'the admin page');
    if (SHOTS) {
      await phone.screenshot({ path: `${SHOTS}/pool-phone-final.png`, fullPage: true });
      await adminPage.screenshot({ path: `${SHOTS}/pool-admin-final.png`, fullPage: true });
    }
  }, 180_000);
});
