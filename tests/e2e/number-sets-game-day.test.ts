import { describe, expect, test } from 'vitest';
import { SALES_CLOSED_MESSAGES } from '../../src/core/sales';
import { TICKET_LEAD_SECONDS } from '../../src/server/draws/digit-sets';
import { createGame, useBeaconHarness } from '../support/draw-e2e';
import { axisTexts, callFromPage as call, expectNoSeriousViolations, shoot } from '../support/e2e';
import { fakeNodeBeacon } from '../support/fake-drand';
import { insertUser } from '../support/fixtures';
import { sellSquares } from '../support/game-day';

// D35/D38 on game day, with the app pointed at a fake drand node on 127.0.0.1: a waiting set's
// last failed attempt on the admin's page (players read only "being drawn"), the admin's early
// draw of the next set ("Draw set 2 now", keyboard, 375 px), and the board showing the set of the
// period in play (Q3 of a game with a new set at halftime shows set 2).

const { harness, drand } = useBeaconHarness();

interface Sets {
  digit_sets: { set: number; round: number | null; drawn_at: string | null; x_axis_numbers: number[] | null; y_axis_numbers: number[] | null }[];
}

describe('number sets on game day (D35, D38)', () => {
  test('a waiting set says its last failed attempt to the admin only; the admin draws set 2 early; the board shows the set in play', async () => {
    const { server } = harness;
    const owners = [(await insertUser(server.db.handle)).id, (await insertUser(server.db.handle)).id];
    const { page } = await harness.open('/', { as: 'admin', width: 1280, height: 900 });
    const id = await createGame(page, { title: 'Halftime Bowl', number_sets: 'halftime' });
    const node = drand();
    await sellSquares(server.db.handle, id, (x, y) => owners[(x + y) % owners.length]!);

    // Set 1's round comes out forged: refused, the set waits with the reason.
    const drawn = await call<Sets>(page, 'POST', `/api/admin/games/${id}/numbers/randomize`, {});
    expect(drawn.status).toBe(200);
    const forged = drawn.json.digit_sets[0]!.round!;
    node.forge(forged);
    node.release(forged);
    await page.goto(`${server.url}/admin/games/${id}/game-day`);
    const waiting = page.getByTestId('digit-set-1-waiting');
    await expect
      .poll(() => waiting.textContent(), { timeout: 15_000 })
      .toMatch(new RegExp(`^waiting for drand round ${forged} — last attempt failed at [^:]*\\d{1,2}:\\d{2} [AP]M \\S+: .*does not verify.*; retrying$`));
    await expect.poll(() => page.getByTestId('draw-next-set').count()).toBe(0);
    await expect.poll(() => page.getByTestId('game-day-numbers-state').textContent()).toBe('being drawn');
    // Game day says the draw waits, not "Randomize first", and the admin may still Clear.
    const waitingText = `The numbers are being drawn: waiting for drand round ${forged}.`;
    await expect.poll(() => page.getByTestId('numbers-hint').textContent()).toContain(waitingText);
    await expect.poll(() => page.getByTestId('scores-need-numbers').textContent()).toContain(waitingText);
    await expect.poll(() => page.getByRole('button', { name: 'Clear Numbers' }).isEnabled()).toBe(true);
    // Nothing to press while the round is awaited: Randomize is not the next step, and asks first.
    await expect.poll(() => page.getByRole('button', { name: 'Randomize Numbers' }).getAttribute('data-primary')).toBe('false');
    await page.getByRole('button', { name: 'Randomize Numbers' }).click();
    const redraw = page.getByRole('alertdialog');
    await expect.poll(() => redraw.textContent()).toContain(`The numbers are being drawn from drand round ${forged}.`);
    await redraw.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    await expectNoSeriousViolations(page, 'game day, a set waiting after a failed attempt, 1280 px');
    await shoot(page, 'number-sets-waiting-error-1280');
    const adminPhone = await harness.open(`/admin/games/${id}/game-day`, { as: 'admin', width: 375, height: 812 });
    await adminPhone.page.getByTestId('digit-set-1-waiting').waitFor();
    await expect.poll(() => adminPhone.page.getByTestId('digit-set-1-waiting').textContent()).toContain('last attempt failed at');
    await expect.poll(() => adminPhone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await adminPhone.page.getByTestId('game-day-number-sets').scrollIntoViewIfNeeded();
    await shoot(adminPhone.page, 'number-sets-waiting-error-375');

    // A player reads only that the numbers are being drawn.
    const player = await harness.open(`/game/${id}`, { as: 'player', width: 375, height: 812 });
    await player.page.getByTestId('sales-closed').waitFor();
    await expect.poll(() => player.page.getByTestId('sales-closed').textContent()).toBe(SALES_CLOSED_MESSAGES.drawing);
    await expect.poll(() => player.page.getByTestId('digit-set-1').textContent()).toContain(`waiting for drand round ${forged}`);
    await expect.poll(() => player.page.locator('body').textContent()).not.toContain('last attempt failed');
    await shoot(player.page, 'number-sets-being-drawn-player-375');

    // The admin clears and draws again; the new round is genuine: drawn, the error gone.
    expect((await call(page, 'DELETE', `/api/admin/games/${id}/numbers`)).status).toBe(200);
    // The new ticket must name a later round than the forged one: the clock has to pass that round's time first.
    const beacon = fakeNodeBeacon(node);
    await expect.poll(() => beacon.nextRoundAfter(new Date(), TICKET_LEAD_SECONDS)).toBeGreaterThan(forged);
    const again = await call<Sets>(page, 'POST', `/api/admin/games/${id}/numbers/randomize`, {});
    const round = again.json.digit_sets[0]!.round!;
    node.release(round);
    await expect.poll(() => page.getByTestId('digit-set-1').textContent(), { timeout: 15_000 }).toMatch(/^Set 1 \(Q1-Q2\): rows \d{10} · columns \d{10}/);
    await expect.poll(() => page.getByText('last attempt failed').count()).toBe(0);
    expect((await call(page, 'PUT', `/api/admin/games/${id}/numbers/visibility`, { revealed: true })).status).toBe(200);

    // "Draw set 2 now", by keyboard at 375 px, behind a confirm step.
    const phone = adminPhone.page;
    const button = phone.getByTestId('draw-next-set');
    await expect.poll(() => button.textContent(), { timeout: 10_000 }).toBe('Draw set 2 now');
    await button.focus();
    await phone.keyboard.press('Enter');
    const dialog = phone.getByTestId('draw-set-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Draw set 2 now?');
    await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousViolations(phone, 'draw set 2 confirm, 375 px');
    await shoot(phone, 'number-sets-draw-confirm-375');
    // Cancel first: nothing drawn.
    await phone.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await call<Sets>(page, 'GET', `/api/admin/games/${id}/game-day`)).json.digit_sets).toHaveLength(1);
    await button.focus();
    await phone.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Draw set 2' }).focus();
    await phone.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await call<Sets>(page, 'GET', `/api/admin/games/${id}/game-day`)).json.digit_sets.length).toBe(2);
    const set2 = (await call<Sets>(page, 'GET', `/api/admin/games/${id}/game-day`)).json.digit_sets[1]!;
    await expect.poll(() => phone.getByTestId('digit-set-2').textContent()).toContain(`waiting for drand round ${set2.round}`);
    node.release(set2.round!);
    await expect.poll(() => phone.getByTestId('digit-set-2').textContent(), { timeout: 15_000 }).toMatch(/^Set 2 \(Q3-Q4\): rows \d{10} · columns \d{10}/);
    await expect.poll(() => phone.getByTestId('draw-next-set').count()).toBe(0);
    await phone.getByTestId('game-day-number-sets').scrollIntoViewIfNeeded();
    await shoot(phone, 'number-sets-drawn-375');
    await page.reload();
    await page.getByTestId('digit-set-2').waitFor();
    await page.getByTestId('game-day-number-sets').scrollIntoViewIfNeeded();
    await shoot(page, 'number-sets-drawn-1280');

    // Q1 and Q2 confirmed: Q3 is in play and counts with set 2.
    for (const [period, a, b] of [
      [1, 7, 3],
      [2, 14, 10],
    ] as const) {
      expect((await call(page, 'PUT', `/api/admin/games/${id}/periods/${period}`, { team_a_score: a, team_b_score: b })).status).toBe(200);
    }
    const sets = (await call<Sets>(page, 'GET', `/api/admin/games/${id}/game-day`)).json.digit_sets;
    const [one, two] = [sets[0]!, sets[1]!];
    for (const width of [1280, 375]) {
      const board = await harness.open(`/game/${id}`, { as: 'player', width, height: width < 500 ? 812 : 900 });
      const chooser = board.page.getByTestId('quarter-chooser');
      await expect.poll(() => board.page.getByTestId('score-period').textContent()).toBe('Q3 in play');
      await expect.poll(() => chooser.getByRole('button', { name: /Q3/ }).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => chooser.getByRole('button', { name: /Q3/ }).textContent()).toBe('Q3in play');
      await expect.poll(() => chooser.getByRole('button', { name: /Q4/ }).isDisabled()).toBe(true);
      await expect.poll(() => board.page.getByTestId('score-team-a').textContent()).toContain('14');
      // Set 2's digits on the axes, nothing lit.
      await expect.poll(() => axisTexts(board.page, 'row-digit')).toEqual(two.x_axis_numbers!.map(String));
      await expect.poll(() => axisTexts(board.page, 'column-digit')).toEqual(two.y_axis_numbers!.map(String));
      await expect.poll(() => board.page.locator('[data-lit]').count()).toBe(0);
      await expectNoSeriousViolations(board.page, `board with Q3 in play, ${width} px`);
      await shoot(board.page, `number-sets-q3-in-play-${width}`);
      // Q2 shows set 1 and its winner; Q3 again by keyboard.
      await chooser.getByRole('button', { name: /Q2/ }).click();
      await expect.poll(() => board.page.getByTestId('score-period').textContent()).toBe('Halftime');
      await expect.poll(() => axisTexts(board.page, 'row-digit')).toEqual(one.x_axis_numbers!.map(String));
      await chooser.getByRole('button', { name: /Q3/ }).focus();
      await board.page.keyboard.press('Enter');
      await expect.poll(() => axisTexts(board.page, 'row-digit')).toEqual(two.x_axis_numbers!.map(String));
    }

    // The admin's Grid Selection starts on Q3 with set 2's digits too.
    await page.goto(`${server.url}/admin/games/${id}/game-day`);
    await page.getByRole('tab', { name: 'Grid Selection' }).click();
    const periods = page.getByTestId('grid-quarters');
    await expect.poll(() => periods.getByRole('button', { name: /Q3/ }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('[data-testid="grid-row-digit"] span[aria-hidden]').allTextContents()).toEqual(two.x_axis_numbers!.map(String));
    await shoot(page, 'number-sets-grid-q3-1280');
  });
});
