import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { testAccount } from '../support/accounts';
import { expectNoSeriousViolations, horizontalOverflow, uniqueTitle, useBrowserHarness } from '../support/e2e';
import { insertGame, insertSquares } from '../support/fixtures';

// Issue 23, part 2, item 1 (D28): a player with unpaid squares in an organizer-collects game reads
// what they owe, as the server computed it, on My Squares, the game cards (Home, All Games) and
// the top of the board; "How to pay" opens the organizer's instructions in place.

const SHOTS = process.env.SHOTS_DIR;
const INSTRUCTIONS = 'Venmo @coach-k with your squares in the note';
const harness = useBrowserHarness();

/** An organizer-collects game at $10 a square where `userId` holds `unpaid` unpaid squares and one paid one. */
async function owingGame(userId: string, unpaid: number, payBy: string | null) {
  const db = harness.server.db.handle.db;
  const title = uniqueTitle('Cash Pool');
  const gameId = await insertGame(harness.server.db.handle, { title, squares_claimed: unpaid + 1, total_pot_cents: (unpaid + 1) * 1000 });
  await db.updateTable('games').set({ payment_method: 'organizer', payment_instructions: INSTRUCTIONS, pay_by: payBy }).where('id', '=', gameId).execute();
  const squares = Array.from({ length: unpaid + 1 }, (_, i) => ({ x: 2, y: i, userId }));
  await insertSquares(harness.server.db.handle, gameId, squares);
  await db.updateTable('squares').set({ is_paid: false }).where('game_id', '=', gameId).where('y', '<', unpaid).execute();
  return { gameId, title };
}

/** The next Saturday 6:00 PM in the browser's (and this machine's) zone, at least a day ahead. */
function nextSaturdayEvening(): string {
  const date = new Date();
  date.setHours(18, 0, 0, 0);
  do date.setDate(date.getDate() + 1);
  while (date.getDay() !== 6);
  return date.toISOString();
}

async function expectOwing(scope: ReturnType<Page['getByTestId']>, page: Page) {
  const line = scope.getByTestId('owing');
  await expect.poll(() => line.getByTestId('owing-text').textContent()).toBe('3 squares, $30.00 unpaid, pay by Sat 6:00 PM UTC');
  await expect.poll(() => line.getByTestId('owing-instructions').isVisible()).toBe(false);
  await line.getByRole('button', { name: 'How to pay' }).click();
  await expect.poll(() => line.getByTestId('owing-instructions').textContent()).toContain(INSTRUCTIONS);
  await expect.poll(() => line.getByRole('button', { name: 'How to pay' }).getAttribute('aria-expanded')).toBe('true');
  await expect.poll(() => horizontalOverflow(page)).toBe(0);
}

describe('what a player owes (D28)', () => {
  for (const width of [375, 1280]) {
    test(`My Squares, the game cards and the board say it, at ${width} px`, async () => {
      const player = await testAccount(harness.server, { prefix: `owes${width}` });
      const { gameId, title } = await owingGame(player.id, 3, nextSaturdayEvening());
      const size = { width, height: 900 };

      const { page: mine } = await harness.open('/my-squares', { as: player, ...size });
      const myCard = mine.getByTestId('my-squares-game').filter({ hasText: title });
      await expectOwing(myCard, mine);
      if (SHOTS) await mine.screenshot({ path: `${SHOTS}/owing-my-squares-${width}.png`, fullPage: true });
      await expectNoSeriousViolations(mine);

      const { page: board } = await harness.open(`/game/${gameId}`, { as: player, ...size });
      await expectOwing(board.locator('main'), board);
      // The aside's how-to-pay box says the same server figures.
      await expect.poll(() => board.getByTestId('you-owe').textContent()).toBe('You have 3 unpaid squares: $30.00 to pay.');
      if (SHOTS) await board.screenshot({ path: `${SHOTS}/owing-board-${width}.png`, fullPage: width === 375 });

      const { page: home } = await harness.open('/', { as: player, ...size });
      const homeCard = home.getByTestId('game-card').filter({ hasText: title });
      await expectOwing(homeCard, home);
      if (SHOTS) await homeCard.screenshot({ path: `${SHOTS}/owing-home-card-${width}.png` });

      const { page: all } = await harness.open('/all-games', { as: player, ...size });
      await expectOwing(all.getByTestId('game-card').filter({ hasText: title }), all);

      // Another player and a visitor see the same board and cards without anyone's owing.
      const other = await testAccount(harness.server, { prefix: `other${width}` });
      const { page: theirs } = await harness.open(`/game/${gameId}`, { as: other, ...size });
      await theirs.getByTestId('game-status').waitFor();
      await expect.poll(() => theirs.getByTestId('owing').count()).toBe(0);
      const { page: visitor } = await harness.open('/all-games', size);
      await visitor.getByTestId('game-card').filter({ hasText: title }).waitFor();
      await expect.poll(() => visitor.getByTestId('owing').count()).toBe(0);
    });
  }
});
