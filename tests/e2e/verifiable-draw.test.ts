import { beforeAll, describe, expect, test } from 'vitest';

import { expectNoSeriousViolations, useBrowserHarness, callFromPage as call, openDisclosure, openGameRules, shoot } from '../support/e2e';
import { insertUser } from '../support/fixtures';
import { sellSquares } from '../support/game-day';
import type { TestServer } from '../support/server';

// D35 + D38 (design note 030), commit-reveal: a game with new numbers at halftime. The board shows
// the commit from creation, each set with its periods and ticket, the weakness said; set 2 comes
// when Q2 is confirmed; the verify page says "verified" for both sets once the seed is out.

const harness = useBrowserHarness();
let server: TestServer;
const owners: string[] = [];

beforeAll(async () => {
  ({ server } = harness);
  for (let i = 0; i < 3; i += 1) owners.push((await insertUser(server.db.handle)).id);
});

describe('verifiable draws (D38, commit-reveal) with numbers at halftime (D35)', () => {
  test("the create form offers the number sets in the game's periods (375 px)", async () => {
    const { page } = await harness.open('/admin/games/new', { as: 'admin', width: 375, height: 812 });
    await openGameRules(page);
    const select = page.getByTestId('number-sets-field');
    await expect
      .poll(() => select.locator('option').allTextContents())
      .toEqual(['One set of numbers for the whole game', 'New numbers each quarter', 'New numbers at halftime']);
    await expect.poll(() => page.getByLabel('Numbers', { exact: true }).inputValue()).toBe('game');
    await expectNoSeriousViolations(page, 'create form with number sets, 375 px');
    await select.scrollIntoViewIfNeeded();
    await shoot(page, 'create-form-number-sets-375');
  });

  test('How to Play explains number sets and verifiable draws, in the guide and the side sheet (375 px)', async () => {
    const { page } = await harness.open('/how-to-play', { width: 375, height: 812 });
    const note = page.getByTestId('draws-note');
    await note.waitFor();
    for (const words of ['How the numbers are drawn', 'a new set at halftime', 'drand randomness beacon', 'Verify page', 'Its weakness'])
      await expect.poll(() => note.textContent()).toContain(words);
    await expectNoSeriousViolations(page, 'How to Play with the draws note, 375 px');
    await note.scrollIntoViewIfNeeded();
    await shoot(page, 'how-to-play-draws-375');
  });

  test('the ticket and commit on the board, set 2 at halftime, the verify page verifies both sets; 1280 and 375 px', async () => {
    const { page } = await harness.open('/', { as: 'admin', width: 1280, height: 900 });
    const created = await call(page, 'POST', '/api/admin/games', {
      title: 'Halftime Bowl',
      team_a: 'Eagles',
      team_b: 'Chiefs',
      price_per_square: 10,
      game_type: 'nfl',
      payout_schedule: 'even',
      number_sets: 'halftime',
    });
    expect(created.status).toBe(201);
    const id = (created.json as { game: { id: string } }).game.id;
    await sellSquares(server.db.handle, id, (x, y) => owners[(x + y) % owners.length]!);

    // Before the draw: the commit is on the board already.
    await page.goto(`${server.url}/game/${id}`);
    await page.getByRole('grid').waitFor();
    await expect.poll(() => page.getByTestId('draw-commit').textContent()).toMatch(/secret seed whose SHA-256 is [0-9a-f]{12}/);

    expect((await call(page, 'POST', `/api/admin/games/${id}/numbers/randomize`, {})).status).toBe(200);
    expect((await call(page, 'PUT', `/api/admin/games/${id}/numbers/visibility`, { revealed: true })).status).toBe(200);
    await expect
      .poll(() => page.getByTestId('digit-set-1').textContent())
      .toMatch(/^Set 1 \(Q1-Q2\): rows \d{10} · columns \d{10} \(board [0-9a-f]{12}… · draw 1/);
    await expect.poll(() => page.getByTestId('digit-set-2').count()).toBe(0);

    for (const period of [1, 2]) {
      expect((await call(page, 'PUT', `/api/admin/games/${id}/periods/${period}`, { team_a_score: period * 7, team_b_score: 3 })).status).toBe(200);
    }
    await expect.poll(() => page.getByTestId('digit-set-2').textContent()).toMatch(/^Set 2 \(Q3-Q4\): rows \d{10}/);
    // D35: once Q3 is confirmed the board shows Q3 (its latest period) with its own set: set 2.
    expect((await call(page, 'PUT', `/api/admin/games/${id}/periods/3`, { team_a_score: 24, team_b_score: 10 })).status).toBe(200);
    const set2 = (await page.getByTestId('digit-set-2').textContent())!.match(/rows (\d{10}) · columns (\d{10})/)!;
    const axisDigits = async (testId: string) =>
      (await page.getByTestId(testId).allTextContents()).map((text) => text.trim().match(/^\d/)?.[0] ?? '?').join('');
    await expect.poll(() => axisDigits('column-digit')).toBe(set2[2]);
    await expect.poll(() => axisDigits('row-digit')).toBe(set2[1]);
    await expectNoSeriousViolations(page, 'board with digit sets, 1280 px');
    await openDisclosure(page, 'draw-details');
    await page.getByTestId('digit-sets').scrollIntoViewIfNeeded();
    await shoot(page, 'digit-sets-board-1280');

    await page.getByTestId('verify-link').click();
    await openDisclosure(page, 'verify-details');
    await page.getByTestId('verify-set-2').waitFor();
    await expect.poll(() => page.getByTestId('verify-set-1').locator('p').first().textContent()).toBe('Set 1 (Q1-Q2): verified');
    await expect.poll(() => page.getByTestId('verify-set-2').locator('p').first().textContent()).toBe('Set 2 (Q3-Q4): verified');
    await expectNoSeriousViolations(page, 'verify page, 1280 px');
    await shoot(page, 'verify-1280');

    const phone = await harness.open(`/game/${id}/verify`, { width: 375, height: 812 });
    await openDisclosure(phone.page, 'verify-details');
    await phone.page.getByTestId('verify-set-2').waitFor();
    await expect.poll(() => phone.page.getByTestId('verify-set-1').locator('p').first().textContent()).toBe('Set 1 (Q1-Q2): verified');
    await expect.poll(() => phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(phone.page, 'verify-375');
    await phone.page.goto(`${server.url}/game/${id}`);
    await phone.page.getByRole('grid').waitFor();
    await openDisclosure(phone.page, 'draw-details');
    await phone.page.getByTestId('digit-set-2').waitFor();
    await expect.poll(() => phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(phone.page, 'digit-sets-board-375');
  });
});
