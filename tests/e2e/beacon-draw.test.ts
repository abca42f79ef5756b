import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { BEACON_HIDING_NOTE } from '@core/status';
import { useBeaconHarness } from '../support/draw-e2e';
import { expectNoSeriousViolations, callFromPage as call, openDisclosure, shoot } from '../support/e2e';
import { insertUser } from '../support/fixtures';
import { sellSquares } from '../support/game-day';

// D38 (design note 030, "The beacon path"): the app pointed at a fake drand node on 127.0.0.1.
// Randomize writes the ticket; the board says which round it waits for; once the node releases
// the round the digits appear by themselves and the verify page says verified.

const { harness, drand } = useBeaconHarness();

describe('a beacon draw (D38) on the board and the verify page', () => {
  test('ticket on the board, then the digits, then verified; 1280 and 375 px', async () => {
    const { server } = harness;
    const node = drand();
    const owners = [(await insertUser(server.db.handle)).id, (await insertUser(server.db.handle)).id];
    const { page } = await harness.open('/', { as: 'admin', width: 1280, height: 900 });
    const created = await call(page, 'POST', '/api/admin/games', {
      title: 'Beacon Bowl',
      team_a: 'Eagles',
      team_b: 'Chiefs',
      price_per_square: 10,
      game_type: 'nfl',
      payout_schedule: 'even',
      number_sets: 'game',
    });
    expect(created.status).toBe(201);
    const id = (created.json as { game: { id: string } }).game.id;
    await sellSquares(server.db.handle, id, (x, y) => owners[(x + y) % owners.length]!);

    await page.goto(`${server.url}/game/${id}`);
    await page.getByRole('grid').waitFor();
    // A beacon game has no commit-reveal seed, so no weakness to say.
    await expect.poll(() => page.getByTestId('draw-commit').count()).toBe(0);

    const drawn = await call(page, 'POST', `/api/admin/games/${id}/numbers/randomize`, {});
    expect(drawn.status).toBe(200);
    const round = (drawn.json as { digit_sets: { round: number }[] }).digit_sets[0]!.round;
    expect((await call(page, 'PUT', `/api/admin/games/${id}/numbers/visibility`, { revealed: true })).status).toBe(409);
    await expect
      .poll(() => page.getByTestId('digit-set-1').textContent())
      .toBe(`Set 1 (Q1-Q4): waiting for drand round ${round} (board ${await boardHashPrefix(page, id)}… · drand round ${round})`);
    await expect.poll(() => page.getByTestId('game-status').textContent()).toBe(`Drawing the numbers: waiting for drand round ${round}`);
    await expectNoSeriousViolations(page, 'board waiting for its drand round, 1280 px');
    await page.getByTestId('digit-sets').scrollIntoViewIfNeeded();
    await shoot(page, 'beacon-waiting-1280');

    const phone = await harness.open(`/game/${id}`, { width: 375, height: 812 });
    await phone.page.getByRole('grid').waitFor();
    await phone.page.getByTestId('digit-set-1').waitFor();
    await expect.poll(() => phone.page.getByTestId('digit-set-1').textContent()).toContain(`waiting for drand round ${round}`);
    await expect.poll(() => phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.page.getByTestId('digit-sets').scrollIntoViewIfNeeded();
    await shoot(phone.page, 'beacon-waiting-375');

    // The round comes out: the admin's board shows the digits without a reload.
    node.release(round);
    await expect
      .poll(() => page.getByTestId('digit-set-1').textContent(), { timeout: 15_000 })
      .toMatch(/^Set 1 \(Q1-Q4\): rows \d{10} · columns \d{10} \(board/);
    await expect.poll(() => page.getByTestId('game-status').textContent()).toBe('Numbers drawn, not revealed yet');

    // Game day says beside Reveal/Hide that hiding keeps the digits off the board, not secret.
    for (const [admin, width] of [
      [page, 1280],
      [(await harness.open(`/admin/games/${id}/game-day`, { as: 'admin', width: 375, height: 812 })).page, 375],
    ] as const) {
      await admin.goto(`${server.url}/admin/games/${id}/game-day`);
      const note = admin.getByTestId('numbers-actions').getByTestId('hiding-note');
      await expect.poll(() => note.textContent()).toBe(BEACON_HIDING_NOTE);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await admin.getByTestId('numbers-actions').scrollIntoViewIfNeeded();
      await shoot(admin, `beacon-hiding-note-${width}`, false);
      // And beside Grid Selection's Show/Hide toggle.
      await admin.getByRole('tab', { name: 'Grid Selection' }).click();
      await admin.getByTestId('numbers-visibility').scrollIntoViewIfNeeded();
      await expect.poll(() => admin.getByTestId('hiding-note').nth(1).textContent()).toBe(BEACON_HIDING_NOTE);
      await shoot(admin, `beacon-hiding-note-grid-${width}`, false);
    }
    await page.goto(`${server.url}/game/${id}`);
    await page.getByTestId('digit-set-1').waitFor();

    expect((await call(page, 'PUT', `/api/admin/games/${id}/numbers/visibility`, { revealed: true })).status).toBe(200);
    // On game day how the numbers were drawn is folded away (the score and the board come first).
    await page.getByTestId('score-bar').waitFor();
    await openDisclosure(page, 'draw-details');
    await shoot(page, 'beacon-drawn-1280');

    await page.getByTestId('verify-link').click();
    // The verify page opens with what the draw proves, in the beacon's words; the hashes under Details.
    await expect
      .poll(() => page.getByTestId('verify-proof').textContent())
      .toMatch(new RegExp(`^These numbers were fixed by drand round ${round} at .+, after the board was final; nobody could know or choose them before\\.$`));
    await openDisclosure(page, 'verify-details');
    await page.getByTestId('verify-set-1').waitFor();
    await expect.poll(() => page.getByTestId('verify-set-1').locator('p').first().textContent()).toBe('Set 1 (Q1-Q4): verified');
    await expectNoSeriousViolations(page, 'verify page of a beacon draw, 1280 px');
    await shoot(page, 'beacon-verify-1280');

    await phone.page.goto(`${server.url}/game/${id}/verify`);
    await openDisclosure(phone.page, 'verify-details');
    await phone.page.getByTestId('verify-set-1').waitFor();
    await expect.poll(() => phone.page.getByTestId('verify-set-1').locator('p').first().textContent()).toBe('Set 1 (Q1-Q4): verified');
    await expect.poll(() => phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(phone.page, 'beacon-verify-375');
  });
});

/** The first 12 hex characters of set 1's board hash, as the board shortens it. */
async function boardHashPrefix(page: Page, id: string): Promise<string> {
  const view = await call(page, 'GET', `/api/admin/games/${id}/game-day`);
  return (view.json as { digit_sets: { board_hash: string }[] }).digit_sets[0]!.board_hash.slice(0, 12);
}
