import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { MAILED_ANNOUNCEMENTS_PER_GAME_HOUR } from '@core/announcements';
import type { Game } from '@core/api/games';
import { testAccount, type TestAccount } from '../support/accounts';
import { expectNoSeriousViolations, horizontalOverflow, shoot, toast, useBrowserHarness } from '../support/e2e';
import { assignSquares, organizerGame } from '../support/games';
import { send } from '../support/request';
import type { TestServer } from '../support/server';

// D40 announcements in the browser: the organizer posts one from the game-day page (counter,
// "Also mail it to the players"), a player's open board shows it live without a reload and says
// it in a live region; the organizer deletes one after a confirm and it leaves the board too.

const harness = useBrowserHarness();
let server: TestServer;
let admin: TestAccount;
let alice: TestAccount;

beforeAll(async () => {
  ({ server } = harness);
  [admin, alice] = await Promise.all([testAccount(server, { admin: true }), testAccount(server, { prefix: 'alice' })]);
});

async function gameWithAlice(): Promise<Game> {
  const game = await organizerGame(server.app, admin.cookie, { time_zone: 'America/Chicago' });
  await assignSquares(server.app, admin.cookie, game.id, [{ x: 0, y: 0 }], { account: alice.username });
  return game;
}

const boardAnnouncements = (page: Page) => page.getByTestId('board-announcement').getByTestId('announcement-body').allTextContents();

describe('announcements (D40)', () => {
  for (const width of [1280, 375]) {
    test(`the organizer posts from the game-day page; the player's open board shows it live (${width} px)`, async () => {
      const game = await gameWithAlice();
      const phone = width === 375;
      const size = phone ? { width, height: 800, touch: true } : { width, height: 1000 };
      const player = (await harness.open(`/game/${game.id}`, { as: alice, ...size })).page;
      await expect.poll(() => player.getByTestId('live-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('live');
      // The announcements' live region is drawn with them: once it is there, none is shown.
      await player.getByTestId('announcement-live').waitFor({ state: 'attached' });
      await expect.poll(() => player.getByTestId('board-announcements').count()).toBe(0);

      const { page } = await harness.open(`/admin/games/${game.id}/game-day`, { as: admin, ...size });
      const panel = page.getByTestId('announcements-panel');
      await expect.poll(() => panel.getByTestId('announcements-empty').isVisible()).toBe(true);

      // Empty is refused with a message next to the field; the counter counts what will be stored.
      await panel.getByRole('button', { name: 'Post' }).click();
      await expect.poll(() => panel.getByTestId('announcement-error').textContent()).toBe('Write the announcement first.');
      const field = panel.getByLabel('New announcement');
      await field.fill('x'.repeat(501));
      await expect.poll(() => panel.getByTestId('announcement-count').textContent()).toBe('501/500');
      await panel.getByRole('button', { name: 'Post' }).click();
      await expect.poll(() => panel.getByTestId('announcement-error').textContent()).toBe('An announcement is at most 500 characters.');

      // Keyboard: type, tick "Also mail it to the players" with Space, post with the button.
      const text = 'Kickoff moved to 7:30 PM.\nPay Coach K before halftime, please!';
      await field.fill(text);
      await expect.poll(() => panel.getByTestId('announcement-count').textContent()).toBe(`${text.length}/500`);
      await page.getByLabel('Also mail it to the players').focus();
      await page.keyboard.press('Space');
      await expect.poll(() => page.getByLabel('Also mail it to the players').isChecked()).toBe(true);
      await expectNoSeriousViolations(page, 'announcement form');
      await field.scrollIntoViewIfNeeded();
      await shoot(page, `announcements-form-${width}`, false);
      await panel.getByRole('button', { name: 'Post' }).click();
      await expect.poll(() => toast(page, 'Posted and mailed to 1 player.').isVisible()).toBe(true);
      await expect.poll(() => panel.getByTestId('posted-announcement').count()).toBe(1);
      await expect.poll(() => field.inputValue()).toBe('');

      // The player's board, open all along, shows it without a reload, with the time in the game's zone and who posted it.
      await expect.poll(() => boardAnnouncements(player), { timeout: 10_000 }).toEqual([text]);
      const meta = player.getByTestId('board-announcement').getByTestId('announcement-meta');
      await expect.poll(() => meta.textContent()).toMatch(/C[SD]T/);
      await expect.poll(() => meta.textContent()).toContain(`${admin.username} · Organizer`);
      await expect.poll(() => player.getByTestId('announcement-live').textContent()).toBe(`New announcement from the organizer: ${text}`);
      await expect.poll(() => horizontalOverflow(player)).toBe(0);
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
      await expectNoSeriousViolations(player, 'board with an announcement');
      await shoot(player, `announcements-board-${width}`, false);

      // One mail to the player (the trial's Dev Mailbox).
      const mails = await server.db.handle.db.selectFrom('dev_mailbox').select('subject').where('to_address', '=', alice.email).execute();
      expect(mails.map((mail) => mail.subject)).toContain(`${game.title}: a message from the organizer`);

      // A second one, not mailed, comes first; then the organizer deletes the first after a confirm.
      await field.fill('Pizza is here.');
      await panel.getByRole('button', { name: 'Post' }).click();
      await expect.poll(() => toast(page, 'Posted.').isVisible()).toBe(true);
      await expect.poll(() => boardAnnouncements(player), { timeout: 10_000 }).toEqual(['Pizza is here.', text]);
      await panel.getByTestId('announcements-posted').scrollIntoViewIfNeeded();
      await shoot(page, `announcements-panel-${width}`, false);
      await panel.getByRole('button', { name: /Delete announcement: Kickoff moved/ }).click();
      const dialog = page.getByTestId('announcement-delete-dialog');
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => toast(page, 'Announcement deleted.').isVisible()).toBe(true);
      await expect.poll(() => boardAnnouncements(player), { timeout: 10_000 }).toEqual(['Pizza is here.']);
      await expect.poll(() => panel.getByTestId('posted-announcement').count()).toBe(1);
    });
  }

  for (const width of [1280, 375]) {
    test(`a mailed post over the hour's limit is refused with the reason next to the field; posted without mail it goes (${width} px)`, async () => {
      const game = await gameWithAlice();
      const organizer = await testAccount(server, { admin: true, prefix: 'burst' });
      // Mailed and deleted at once: the board is empty, the hour's mailings are spent.
      for (let i = 1; i <= MAILED_ANNOUNCEMENTS_PER_GAME_HOUR; i += 1) {
        const posted = await send(server.app, 'POST', `/api/admin/games/${game.id}/announcements`, {
          cookie: organizer.cookie,
          payload: { body: `Burst ${i}`, mail: true },
        });
        expect(posted.statusCode).toBe(201);
        const id = (posted.json() as { announcement: { id: string } }).announcement.id;
        expect((await send(server.app, 'DELETE', `/api/admin/games/${game.id}/announcements/${id}`, { cookie: organizer.cookie })).statusCode).toBe(200);
      }
      const phone = width === 375;
      const { page } = await harness.open(`/admin/games/${game.id}/game-day`, {
        as: organizer,
        ...(phone ? { width, height: 800, touch: true } : { width, height: 1000 }),
      });
      const panel = page.getByTestId('announcements-panel');
      await expect.poll(() => panel.getByTestId('announcements-empty').isVisible()).toBe(true);
      const field = panel.getByLabel('New announcement');
      await field.fill('Halftime pizza is here.');
      await page.getByLabel('Also mail it to the players').check();
      await panel.getByRole('button', { name: 'Post' }).click();
      await expect
        .poll(() => panel.getByTestId('announcement-error').textContent())
        .toMatch(
          /^This game's players were mailed 5 announcements in the last hour, the most an hour allows: post it without mailing, or mail it in \d+ min\.$/,
        );
      expect(await field.inputValue()).toBe('Halftime pizza is here.');
      expect(await horizontalOverflow(page)).toBe(0);
      await expectNoSeriousViolations(page, 'announcement refused for the hour');
      await field.scrollIntoViewIfNeeded();
      await shoot(page, `announcements-mail-limit-${width}`, false);

      await page.getByLabel('Also mail it to the players').uncheck();
      await panel.getByRole('button', { name: 'Post' }).click();
      await expect.poll(() => toast(page, 'Posted.').isVisible()).toBe(true);
      await expect.poll(() => panel.getByTestId('posted-announcement').count()).toBe(1);
    });
  }
});
