import { describe, expect, test } from 'vitest';
import type { Game } from '@core/api/games';
import { formatGameTime, instantToWallTime } from '@core/game-time';
import { axisTexts, callFromPage, expectNoSeriousViolations, shoot, uniqueTitle, useBrowserHarness, openGameRules } from '../support/e2e';
import { movableClock } from '../support/clock';

// D39 kickoff (docs/decisions/035): an organizer in Chicago creates a game whose kickoff is a few
// minutes away in New York's zone, choosing "Draw the numbers at kickoff". The board says the
// kickoff in New York's time with its zone; when the server's clock passes the kickoff (moved by
// the test rather than waited for), the board closes and the numbers are drawn and shown by
// themselves: the digits appear on the axes with nobody pressing Reveal.

const clock = movableClock();
const harness = useBrowserHarness({ deps: { clock: clock.now } });
const ZONE = 'America/New_York';

describe('kickoff (D39)', () => {
  test('an organizer sets a kickoff in a zone; at kickoff the board closes and draws by itself; 1280 and 375 px', async () => {
    const title = uniqueTitle('Kickoff Bowl');
    const { page } = await harness.open('/admin/games/new', { as: 'admin', width: 1280, height: 900, timezoneId: 'America/Chicago' });
    await openGameRules(page);
    // The zone defaults to the browser's.
    const zone = page.getByLabel('Time zone');
    await expect.poll(() => zone.inputValue()).toBe('America/Chicago');

    // Three minutes ahead, to the minute, as typed in New York's zone.
    const kickoff = new Date(Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000).toISOString();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Team A').fill('Eagles');
    await page.getByLabel('Team B').fill('Chiefs');
    await page.getByLabel('Kickoff (optional)').fill(instantToWallTime(kickoff, ZONE));
    await zone.selectOption(ZONE);
    const draw = page.getByLabel('Draw the numbers at kickoff');
    await draw.check();
    const hint = page.getByTestId('kickoff-fields');
    await expect.poll(() => hint.textContent()).toContain('drawn and shown to players at kickoff');
    await expect.poll(() => hint.textContent()).toContain('even if the grid is not full');
    await expectNoSeriousViolations(page, 'create form with kickoff');
    await page.getByTestId('kickoff-fields').scrollIntoViewIfNeeded();
    await shoot(page, 'kickoff-form-1280', false);
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.waitForURL(/\/admin\/games\/[^/]+\/share$/);
    const id = page.url().split('/').at(-2)!;
    const shown = formatGameTime(kickoff, ZONE, { near: new Date() });
    expect(shown).toMatch(/^\w{3} \d{1,2}:\d{2} (AM|PM) E[SD]T$/);
    await expect.poll(() => page.getByTestId('kickoff-line').textContent()).toContain(`Kickoff ${shown}`);

    const stored = await callFromPage<{ game: Game }>(page, 'GET', `/api/games/${id}`);
    expect(stored.json.game).toMatchObject({ kickoff_at: kickoff, time_zone: ZONE, draw_at_kickoff: true, sales_closed_at: null });

    // A player's board, on a desktop and a phone, in Chicago: the kickoff in New York's time.
    const desktop = await harness.open(`/game/${id}`, { as: 'player', width: 1280, height: 900, timezoneId: 'America/Chicago' });
    const phone = await harness.open(`/game/${id}`, { as: 'player', width: 375, height: 812, timezoneId: 'America/Chicago', touch: true });
    for (const view of [desktop.page, phone.page]) {
      await expect.poll(() => view.getByTestId('kickoff-line').textContent()).toBe(`Kickoff ${shown}· Sales close at kickoff· Numbers drawn at kickoff`);
      await expect.poll(() => view.getByTestId('game-status').textContent()).toBe('Numbers not drawn yet');
    }
    // The game's card says it too.
    const list = await harness.open('/all-games', { width: 375, height: 812, timezoneId: 'America/Chicago' });
    const card = list.page.getByTestId('game-card').filter({ hasText: title });
    await expect.poll(() => card.getByTestId('kickoff-line').textContent()).toBe(`Kickoff ${shown}· Sales close at kickoff· Numbers drawn at kickoff`);
    await card.scrollIntoViewIfNeeded();
    await shoot(list.page, 'kickoff-card-375', false);
    await expectNoSeriousViolations(desktop.page, 'board with a kickoff');
    await shoot(desktop.page, 'kickoff-board-before-1280');
    await shoot(phone.page, 'kickoff-board-before-375');

    // The server's clock passes the kickoff; its run (every 10 s) closes and draws; boards hear it live.
    clock.moveTo(kickoff, 5_000);
    void harness.server.app.kickoffs.runSoon();
    // Nobody presses Reveal: the kickoff draw shows the numbers, and the digits reach the axes live.
    type Day = { numbers: { x_axis_numbers: number[]; y_axis_numbers: number[] } | null };
    const drawnNumbers = async () => (await callFromPage<Day>(page, 'GET', `/api/admin/games/${id}/game-day`)).json.numbers;
    await expect.poll(drawnNumbers, { timeout: 15_000 }).not.toBeNull();
    const numbers = (await drawnNumbers())!;
    for (const view of [desktop.page, phone.page]) {
      await expect.poll(() => view.getByTestId('kickoff-line').textContent(), { timeout: 15_000 }).toBe(`Kickoff ${shown}· Sales closed at kickoff`);
      await expect.poll(() => view.getByTestId('game-status').textContent()).toBe('Numbers revealed');
      await expect.poll(() => axisTexts(view, 'row-digit')).toEqual(numbers.x_axis_numbers.map(String));
      await expect.poll(() => axisTexts(view, 'column-digit')).toEqual(numbers.y_axis_numbers.map(String));
    }
    await expect.poll(() => desktop.page.getByTestId('pick-hint').count()).toBe(0);
    await list.page.reload();
    await expect.poll(() => card.getByTestId('kickoff-line').textContent()).toBe(`Kickoff ${shown}· Sales closed at kickoff`);
    await shoot(desktop.page, 'kickoff-board-after-1280');
    await shoot(phone.page, 'kickoff-board-after-375');

    const after = await callFromPage<{ game: Game }>(page, 'GET', `/api/games/${id}`);
    expect(after.json.game).toMatchObject({ grid_shuffled: true, numbers_revealed: true });
    expect(after.json.game.sales_closed_at).not.toBeNull();
    expect(numbers.x_axis_numbers).toHaveLength(10);
    clock.reset();
  });
});
