import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Game } from '@core/api/games';
import type { OutboxMail } from '@core/api/dev-mailbox';
import { CLASSIC_SHAPE, squareDigitsLabel } from '@core/board-shape';
import { formatGameTime } from '@core/game-time';
import { MAIL_CHOICES_TEXTS, UNSUBSCRIBE_TEXTS } from '@core/mail-kinds';
import { testAccount } from '../support/accounts';
import { cell, expectNoSeriousViolations, headingNamed, shoot, shootMail, uniqueTitle, useBrowserHarness } from '../support/e2e';
import { send } from '../support/request';
import { parseAxis } from '../../src/server/db/grid-numbers';

const harness = useBrowserHarness();
const INSTRUCTIONS = 'Venmo @coach-k with your squares in the note';
const ZONE = 'America/New_York';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** The newest Dev Mailbox mail to `to` whose subject starts with `subject` (the mailbox sends what was committed first). */
async function mailTo(to: string, subject: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const res = await harness.server.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
      found = (res.json() as { mails: OutboxMail[] }).mails.find((mail) => mail.to === to && mail.subject.startsWith(subject));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

describe('players hear about their squares by mail, and turn one kind off with one click (D40, D41)', () => {
  test('reserve, receipt, numbers drawn, a win; the unsubscribe link of a mail, signed out; the account page shows the choice', async () => {
    const { server } = harness;
    const admin = await testAccount(server, { admin: true });
    const asAdmin = (method: 'POST' | 'PUT', url: string, payload?: unknown) => send(server.app, method, url, { cookie: admin.cookie, payload });
    const payBy = new Date(Date.now() + 5 * 24 * 3600_000).toISOString();
    const created = await asAdmin('POST', '/api/admin/games', {
      title: uniqueTitle('Office Pool'),
      team_a: 'Lions',
      team_b: 'Bears',
      price_per_square: 10,
      payment_method: 'organizer',
      payment_instructions: INSTRUCTIONS,
      pay_by: payBy,
      time_zone: ZONE,
    });
    expect(created.statusCode, created.body).toBe(201);
    const game = (created.json() as { game: Game }).game;

    // 1. A player on a phone reserves two squares.
    const { page: phone, account } = await harness.open(`/game/${game.id}`, { as: 'player', ...PHONE });
    const player = account!;
    for (const [x, y] of [
      [0, 0],
      [3, 4],
    ] as const) {
      await cell(phone, x, y).click();
      await expect.poll(() => cell(phone, x, y).getAttribute('data-state')).toBe('in-cart');
    }
    await phone.goto(`${server.url}/payment`);
    await phone.getByRole('button', { name: 'Reserve 2 squares' }).click();
    await headingNamed(phone, 'Squares Reserved!').waitFor();

    // 2. The receipt: squares, amount, how and by when to pay (in the game's zone).
    const receipt = await mailTo(player.email, 'Your squares are reserved');
    for (const piece of ['Row 1, column 1', 'Row 4, column 5', 'You owe $20.00', INSTRUCTIONS, `Pay by ${formatGameTime(payBy, ZONE)}`]) {
      expect(receipt.text).toContain(piece);
    }
    expect(receipt.text).not.toContain('Unsubscribe');
    await shootMail(harness, receipt.html, 'receipt');

    // 3. Paid, drawn, shown: the numbers mail gives each square's digits.
    expect((await asAdmin('POST', `/api/admin/games/${game.id}/squares/mark-paid`, { all: true })).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true })).statusCode).toBe(200);
    expect((await asAdmin('PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: true })).statusCode).toBe(200);
    const stored = await server.db.handle.db.selectFrom('game_grid_numbers').selectAll().where('game_id', '=', game.id).executeTakeFirstOrThrow();
    const x = parseAxis(game.id, stored.x_axis_numbers);
    const y = parseAxis(game.id, stored.y_axis_numbers);
    const drawn = await mailTo(player.email, 'Numbers drawn');
    for (const [sx, sy] of [
      [0, 0],
      [3, 4],
    ] as const) {
      const digits = squareDigitsLabel(CLASSIC_SHAPE, { x: sx, y: sy }, { teamA: 'Lions', teamB: 'Bears' }, { xAxisNumbers: x, yAxisNumbers: y });
      expect(drawn.text).toContain(`Row ${sx + 1}, column ${sy + 1}: ${digits}`);
    }
    await shootMail(harness, drawn.html, 'numbers-drawn');

    // 4. Q1 ends on the player's square: "you won" with the period and the amount.
    const q1 = await asAdmin('PUT', `/api/admin/games/${game.id}/periods/1`, { team_a_score: 10 + x[0]!, team_b_score: 10 + y[0]! });
    expect(q1.statusCode, q1.body).toBe(200);
    const won = await mailTo(player.email, 'You won 1st Quarter');
    expect(won.text).toMatch(/Your square Row 1, column 1 won 1st Quarter of .+: \$\d+\.\d\d\./);
    expect(won.text).toContain(UNSUBSCRIBE_TEXTS.linkLabel('You won'));
    await shootMail(harness, won.html, 'won');

    // 5. The footer's link, opened in a browser that is not signed in: unsubscribed at once.
    const link = new URL(won.text.match(/\S+\/unsubscribe\?token=\S+/)![0]);
    // Mails link to the configured origin (PUBLIC_URL, or localhost:PORT in a trial); this server listens on a port of its own.
    const path = `${link.pathname}${link.search}`;
    const { page: signedOut } = await harness.open(path, { as: 'visitor', ...PHONE });
    await headingNamed(signedOut, 'Unsubscribed').waitFor();
    await expect.poll(() => signedOut.getByRole('status').textContent()).toBe(UNSUBSCRIBE_TEXTS.done('You won'));
    await expectNoSeriousViolations(signedOut);
    await shoot(signedOut, 'unsubscribe-375');
    // The undo button turns it back on; the page offers to turn it off again (left off).
    await signedOut.getByRole('button', { name: `${UNSUBSCRIBE_TEXTS.turnBackOn}: "You won"` }).click();
    await headingNamed(signedOut, 'Mails turned back on').waitFor();
    await signedOut.getByRole('button', { name: UNSUBSCRIBE_TEXTS.turnOffAgain }).click();
    await headingNamed(signedOut, 'Unsubscribed').waitFor();
    const { page: desktopLink } = await harness.open(path, { as: 'visitor', ...DESKTOP });
    await headingNamed(desktopLink, 'Unsubscribed').waitFor();
    await shoot(desktopLink, 'unsubscribe-1280');
    const { page: badLink } = await harness.open(`${link.pathname}?token=${link.searchParams.get('token')!.slice(0, -3)}`, { as: 'visitor', ...PHONE });
    await headingNamed(badLink, 'This link did not work').waitFor();
    await expect.poll(() => badLink.getByRole('alert').textContent()).toBe(UNSUBSCRIBE_TEXTS.badLink);

    // 6. The account page shows that kind off, the rest on; a box changes with the keyboard.
    const accountPage = async (viewport: typeof PHONE): Promise<Page> => {
      const { page } = await harness.open('/account', { as: player, ...viewport });
      await page.getByRole('group', { name: 'Send me mails about' }).waitFor();
      return page;
    };
    const mine = await accountPage(PHONE);
    const box = (name: string) => mine.getByRole('checkbox', { name });
    await expect.poll(() => box('You won').isChecked()).toBe(false);
    await expect.poll(() => box('Numbers are drawn').isChecked()).toBe(true);
    await expect.poll(() => box('Announcements from organizers').isChecked()).toBe(true);
    await mine.getByRole('heading', { name: MAIL_CHOICES_TEXTS.title }).scrollIntoViewIfNeeded();
    await shoot(mine, 'account-mails-375', false);
    await box('Announcements from organizers').focus();
    await mine.keyboard.press('Space');
    await expect.poll(() => mine.getByTestId('account-mails').getByRole('status').textContent()).toBe(MAIL_CHOICES_TEXTS.saved);
    await expect.poll(() => box('Announcements from organizers').isChecked()).toBe(false);
    const off = await server.db.handle.db.selectFrom('mail_preferences').select('kind').where('user_id', '=', player.id).orderBy('kind').execute();
    expect(off.map((row) => row.kind)).toEqual(['announcement', 'won']);
    await expectNoSeriousViolations(mine);
    await expect.poll(() => mine.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const wide = await accountPage(DESKTOP);
    await wide.getByTestId('account-mails').scrollIntoViewIfNeeded();
    await shoot(wide, 'account-mails-1280', false);
  });
});
