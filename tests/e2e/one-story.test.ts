import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { formatGameTime } from '@core/game-time';
import { POT_RULE } from '@core/payment-methods';
import { testAccount, type TestAccount } from '../support/accounts';
import { cell, expectNoSeriousViolations, headingNamed, horizontalOverflow, openAdminSection, shoot, useBrowserHarness, openGameRules } from '../support/e2e';
import { organizerGame } from '../support/games';
import type { TestServer } from '../support/server';

// D47 and D49: one game says one thing on every page. The pay-by time shows in the game's zone
// (never the reader's), the pot is said in the same words on the create form, the board and
// Payments, and an order nobody has paid for does not read as paid.

const harness = useBrowserHarness();
let server: TestServer;
let admin: TestAccount;
const ZONE = 'America/New_York';

beforeAll(async () => {
  ({ server } = harness);
  admin = await testAccount(server, { admin: true });
});

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

describe.each([
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
])('one story per game at $width px (D47, D49)', ({ width, height }) => {
  test('times in the game zone, one pot rule, orders that say what was paid', async () => {
    // A game in New York; the player reads it in Tokyo, the organizer in UTC.
    const payBy = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const game = await organizerGame(server.app, admin.cookie, { time_zone: ZONE, pay_by: payBy });
    const payByText = formatGameTime(payBy, ZONE);
    expect(payByText).toMatch(/ E[SD]T$/);

    const player = await testAccount(server, { prefix: 'tokyo' });
    const { page } = await harness.open(`/game/${game.id}`, { as: player, width, height, timezoneId: 'Asia/Tokyo' });
    await expect.poll(() => text(page, 'pay-by')).toContain(payByText);
    await expect.poll(() => text(page, 'payout-rules-pot-rule')).toBe(POT_RULE.organizer);
    await cell(page, 2, 3).click();
    await expect.poll(() => cell(page, 2, 3).getAttribute('data-state')).toBe('in-cart');
    await page.goto(`${server.url}/payment`);
    await expect.poll(() => text(page, 'pay-by')).toContain(payByText);
    await page.getByRole('button', { name: 'Reserve 1 square' }).click();
    await headingNamed(page, 'Squares Reserved!').waitFor();
    // The reservation page used to show the reader's zone here ("Mon, Dec 7, 12:30 AM UTC").
    await expect.poll(() => text(page, 'pay-by')).toContain(payByText);
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, `one-story-reserved-${width}`);

    // The receipt says the same time.
    await expect
      .poll(async () => {
        const mail = await server.db.handle.db.selectFrom('dev_mailbox').select('text_body').where('to_address', '=', player.email).executeTakeFirst();
        return mail?.text_body ?? '';
      })
      .toContain(payByText);

    // The organizer, reading in UTC: the pot rule on Payments, the order unpaid, its time in the game's zone.
    const { page: organizer } = await harness.open(`/admin/game/${game.id}#payments`, { as: admin, width, height, timezoneId: 'UTC' });
    await expect.poll(() => text(organizer, 'game-payments')).toContain(POT_RULE.organizer);
    await openAdminSection(organizer, 'Orders');
    await expect.poll(() => text(organizer, 'order-status')).toBe('Reserved, unpaid');
    const order = await server.db.handle.db.selectFrom('checkouts').select('created_at').where('user_id', '=', player.id).executeTakeFirstOrThrow();
    await expect.poll(() => text(organizer, 'game-order')).toContain(formatGameTime(order.created_at, ZONE));
    await expectNoSeriousViolations(organizer);
    await shoot(organizer, `one-story-orders-${width}`);

    // The create form says the pot the same way.
    const { page: form } = await harness.open('/admin/games/new', { as: admin, width, height });
    await openGameRules(form);
    await form.getByRole('radio', { name: /Organizer collects/ }).check();
    await expect.poll(() => form.locator('form').textContent()).toContain(POT_RULE.organizer);
  });
});
