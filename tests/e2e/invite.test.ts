import { beforeAll, describe, expect, test } from 'vitest';
import { testAccount, type TestAccount } from '../support/accounts';
import { expectNoSeriousViolations, headingNamed, horizontalOverflow, openGameRules, shoot, toast, uniqueTitle, useBrowserHarness } from '../support/e2e';
import type { TestServer } from '../support/server';

// D30 in the browser: the organizer makes an invite-only game on the form and reads its link on the
// admin game page (copy, QR code); a visitor without the link finds no game, with it sees the
// board on a phone; the organizer makes a new link and the old one stops working.

const harness = useBrowserHarness();
let server: TestServer;
let admin: TestAccount;

beforeAll(async () => {
  ({ server } = harness);
  admin = await testAccount(server, { admin: true });
});

const db = () => server.db.handle.db;
/** The game the first test makes and the link it reads; the second test uses them. */
let game: { id: string; title: string };
let link = '';
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

describe('invite-only games (D30)', () => {
  test('made on the form, listed for admins only, its link copied and shown as a QR code', async () => {
    const title = uniqueTitle('Family Pool');
    const { page: form } = await harness.open('/admin/games/new', { as: admin });
    await openGameRules(form);
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Team A').fill('Lions');
    await form.getByLabel('Team B').fill('Bears');
    const visibility = form.getByRole('group', { name: 'Who can see this game' });
    await expect.poll(() => visibility.getByRole('radio', { name: /Public/ }).isChecked()).toBe(true);
    await visibility.getByRole('radio', { name: /Invite only/ }).check();
    await expectNoSeriousViolations(form);
    await shoot(visibility, 'form-visibility-1280', false);
    await form.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => horizontalOverflow(form)).toBeLessThanOrEqual(0);
    await shoot(visibility, 'form-visibility-375', false);
    await form.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: 'Create Game' }).click();
    await form.waitForURL(/\/admin\/games\/[^/]+\/share$/);
    const row = await db().selectFrom('games').selectAll().where('title', '=', title).executeTakeFirstOrThrow();
    expect(row.visibility).toBe('invite');
    game = { id: row.id, title };

    // Admins see it in their list, marked; nobody sees it on Home or All Games.
    await form.goto(`${server.url}/admin/games`);
    const listRow = form.getByRole('row').filter({ hasText: title });
    await expect.poll(() => listRow.getByTestId('invite-only-badge').textContent()).toBe('Invite only');
    for (const path of ['/', '/all-games']) {
      await form.goto(`${server.url}${path}`);
      await form.locator('main h1').first().waitFor();
      await expect.poll(() => form.getByText('Loading').count()).toBe(0);
      await expect.poll(() => form.getByText(title).count(), { message: path }).toBe(0);
    }

    // The organizer's invite section: the link, Copy, the QR code.
    const { page: adminPage, context: adminContext } = await harness.open(`/admin/game/${game.id}#settings`, { as: admin, width: 1280, height: 900 });
    await adminContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const section = adminPage.getByTestId('game-invite');
    const linkBox = section.getByLabel('Invite link');
    await expect.poll(() => linkBox.inputValue()).toMatch(/\?invite=[A-Za-z0-9_-]{43}$/);
    link = await linkBox.inputValue();
    expect(link).toBe(`${server.url}/game/${game.id}?invite=${row.invite_token}`);
    await section.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => section.getByTestId('copy-status').textContent()).toBe('Copied');
    await expect.poll(() => adminPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await section.getByRole('button', { name: 'Show QR code' }).click();
    const qr = section.getByRole('img', { name: 'QR code of the invite link' });
    await qr.waitFor();
    await expect.poll(() => qr.boundingBox()).toSatisfy((box) => box !== null && box.width >= 280 && box.height === box.width);
    await expectNoSeriousViolations(adminPage);
    await section.scrollIntoViewIfNeeded();
    await shoot(section, 'admin-invite-1280', false);
    await adminPage.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => horizontalOverflow(adminPage)).toBeLessThanOrEqual(0);
    await shoot(section, 'admin-invite-375', false);
  });

  test('a visitor without the link finds no game, with it sees the board on a phone; a new link ends the old one', async () => {
    const { title } = game;

    // A visitor without the link: no such game.
    const { page: stranger } = await harness.open(`/game/${game.id}`, { width: 375, height: 812 });
    await headingNamed(stranger, 'Game Not Found').waitFor();

    // With the link, on a phone: the board, and the link gone from the address.
    const { page: guest } = await harness.open(pathOf(link), { width: 375, height: 812 });
    await headingNamed(guest, title).waitFor();
    await expect.poll(() => guest.url()).toBe(`${server.url}/game/${game.id}`);
    await expect.poll(() => guest.getByTestId('invite-only-note').textContent()).toBe('Invite only');
    await guest.getByRole('grid').first().waitFor();
    await expect.poll(() => guest.getByTestId('live-status').getAttribute('data-status')).toBe('live');
    await expect.poll(() => horizontalOverflow(guest)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(guest);
    await shoot(guest, 'invited-board-375');
    // The cookie keeps the board open without the link.
    await guest.reload();
    await headingNamed(guest, title).waitFor();
    const { page: wide } = await harness.open(pathOf(link), { width: 1280, height: 900 });
    await headingNamed(wide, title).waitFor();
    await wide.getByRole('grid').first().waitFor();
    await shoot(wide, 'invited-board-1280', false);

    // A new link: the old one, and the cookie it set, stop working.
    const { page: adminPage } = await harness.open(`/admin/game/${game.id}#settings`, { as: admin });
    const section = adminPage.getByTestId('game-invite');
    const linkBox = section.getByLabel('Invite link');
    await expect.poll(() => linkBox.inputValue()).toBe(link);
    await section.getByRole('button', { name: 'New link' }).click();
    const dialog = adminPage.getByTestId('rotate-invite-dialog');
    await expect.poll(() => dialog.textContent()).toContain('The old link stops working');
    await dialog.getByRole('button', { name: 'Make new link' }).click();
    await toast(adminPage, 'New invite link made. The old link no longer works.').waitFor();
    await expect.poll(() => linkBox.inputValue()).not.toBe(link);
    await expect.poll(() => linkBox.inputValue()).toMatch(/\?invite=[A-Za-z0-9_-]{43}$/);
    const newLink = await linkBox.inputValue();

    // The open board follows the change to "not found"; a reload and the old link too.
    await headingNamed(guest, 'Game Not Found').waitFor();
    await guest.reload();
    await headingNamed(guest, 'Game Not Found').waitFor();
    const { page: late } = await harness.open(pathOf(link));
    await headingNamed(late, 'Game Not Found').waitFor();
    const { page: fresh } = await harness.open(pathOf(newLink));
    await headingNamed(fresh, title).waitFor();
  });
});
