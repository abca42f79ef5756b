import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callFromPage, expectNoSeriousViolations, shoot, useBrowserHarness } from '../support/e2e';
import { final, inPlay, startFakeScoreFeed, type FakeScoreFeed } from '../support/fake-score-feed';
import { insertGame, insertUser } from '../support/fixtures';
import { sellSquares, storedGame } from '../support/game-day';

// D39's live score feed (docs/decisions/036): an organizer links a game to a real one on a fake
// ESPN scoreboard (127.0.0.1) from game day, with one-click confirmation; as the feed plays the
// game (the test drives the poller instead of waiting for it), everyone's score bar shows the
// live score and each period's end score is entered by itself, for one click each.

const env: Record<string, string> = { SCORE_FEED: 'espn', SCORE_FEED_INTERVAL_SECONDS: '3600', SCORE_FEED_TIMEOUT_SECONDS: '2' };
let feed: FakeScoreFeed;
beforeAll(async () => {
  feed = await startFakeScoreFeed();
  env.SCORE_FEED_URL = feed.url;
});
afterAll(() => feed.close());
const harness = useBrowserHarness({ env });

const EVENT = '401772001';
/** Live updates reach the boards over their event streams: a busy machine may take a few seconds. */
const SOON = { timeout: 15_000 };

describe('live score feed (D39)', () => {
  test('an admin links a game to the real one; the feed plays it; the score bar is live; periods are entered and confirmed; 1280 and 375 px', async () => {
    const { server } = harness;
    const poller = server.app.scoreFeedPoller!;
    const title = `Feed Bowl ${randomUUID().slice(0, 6)}`;
    const id = await insertGame(server.db.handle, { title, team_a: 'Team A', team_b: 'Team B', price_per_square_cents: 1000 });
    const owners = await Promise.all(
      ['feed_fan', 'feed_coach', 'feed_aunt'].map((name) => insertUser(server.db.handle, `${name}-${randomUUID().slice(0, 4)}@example.com`)),
    );
    await sellSquares(server.db.handle, id, (x, y) => owners[(x + y) % owners.length]!.id);
    feed.addGame({
      id: EVENT,
      sport: 'football',
      league: 'nfl',
      day: '20261206',
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      home: { name: 'Philadelphia Eagles', abbreviation: 'PHI' },
      away: { name: 'Kansas City Chiefs', abbreviation: 'KC' },
    });

    // Game day: Link to a real game, by keyboard-reachable controls.
    const admin = await harness.open(`/admin/games/${id}/game-day`, { as: 'admin', width: 1280, height: 1000 });
    const page = admin.page;
    const panel = page.getByTestId('score-feed');
    await panel.getByRole('button', { name: 'Link to a real game' }).click();
    await panel.getByLabel('League').selectOption('nfl');
    await panel.getByLabel('Date').fill('2026-12-06');
    await panel.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => panel.getByTestId('score-feed-search-status').textContent(), SOON).toBe('1 game found.');
    await panel.getByRole('radio', { name: /Kansas City Chiefs at Philadelphia Eagles/ }).check();
    await expect.poll(() => panel.getByRole('radio', { name: "Confirm each period's score myself (one click)" }).isChecked()).toBe(true);
    await expectNoSeriousViolations(page, 'link form');
    await panel.scrollIntoViewIfNeeded();
    await shoot(page, 'score-feed-link-form-1280', false);
    await panel.getByRole('button', { name: 'Link game' }).click();
    await expect.poll(() => panel.getByTestId('score-feed-linked').textContent(), SOON).toContain('Following the real game on the NFL feed');
    // Teams filled in from the feed: team A the visitors.
    await expect.poll(() => page.locator('main').textContent(), SOON).toContain('Kansas City Chiefs vs Philadelphia Eagles');
    await poller.runSoon();

    // The numbers are drawn and shown (by the admin's API, as Randomize does).
    expect((await callFromPage(page, 'POST', `/api/admin/games/${id}/numbers/randomize`, { confirm_not_full: true })).status).toBe(200);
    expect((await callFromPage(page, 'PUT', `/api/admin/games/${id}/numbers/visibility`, { revealed: true })).status).toBe(200);

    const desktop = await harness.open(`/game/${id}`, { as: 'player', width: 1280, height: 900 });
    const phone = await harness.open(`/game/${id}`, { as: 'player', width: 375, height: 812, touch: true });
    const boards = [desktop.page, phone.page];

    /** The poller's next run, at its own time (the test moves time instead of waiting). */
    const pollNow = async () => {
      const next = (await storedGame(server.db.handle, id)).feed_next_poll_at!;
      await poller.pollDue(new Date(Math.max(Date.now(), Date.parse(next)) + 1));
    };

    // Q1 ends 7-3 for the Eagles (home, team B); Q2 is under way.
    feed.set(EVENT, inPlay(2, '12:00', [7, 0], [3, 0]));
    await pollNow();
    for (const view of boards) {
      await expect.poll(() => view.getByTestId('score-period').textContent(), SOON).toBe('Q2 12:00');
      await expect.poll(() => view.getByTestId('score-team-a').textContent(), SOON).toBe('Kansas City Chiefs3');
      await expect.poll(() => view.getByTestId('score-team-b').textContent()).toBe('Philadelphia Eagles7');
    }
    await shoot(desktop.page, 'score-feed-board-live-1280');
    await shoot(phone.page, 'score-feed-board-live-375');

    // Game day: Q1 entered by the feed, confirmed with one click.
    const entries = panel.getByTestId('score-feed-entries');
    await expect.poll(() => entries.textContent(), SOON).toContain('1st Quarter: Kansas City Chiefs 3, Philadelphia Eagles 7 · entered by the feed');
    await shoot(page, 'score-feed-entered-1280', false);
    await entries.getByRole('button', { name: 'Confirm 1st Quarter score 3-7' }).click();
    await expect.poll(() => entries.textContent(), SOON).toContain('Philadelphia Eagles 7 · confirmed');
    for (const view of boards) await expect.poll(() => view.getByTestId('quarter-chooser').textContent(), SOON).toContain('3-7');

    // A delay, then the game goes to overtime and ends 17-20.
    feed.set(EVENT, inPlay(3, '4:31', [7, 0, 7], [3, 7, 0], 'STATUS_DELAYED'));
    await pollNow();
    for (const view of boards) await expect.poll(() => view.getByTestId('score-period').textContent(), SOON).toBe('Delayed');
    feed.set(EVENT, final([7, 0, 7, 3, 3], [3, 7, 0, 7, 0]));
    await pollNow();
    for (const view of boards) {
      await expect.poll(() => view.getByTestId('score-period').textContent(), SOON).toBe('Final/OT');
      await expect.poll(() => view.getByTestId('score-team-b').textContent(), SOON).toBe('Philadelphia Eagles20');
    }
    for (const [quarter, label] of [
      [2, 'Confirm 2nd Quarter score 10-7'],
      [3, 'Confirm 3rd Quarter score 10-14'],
      [4, 'Confirm Final score 17-20'],
    ] as const) {
      const button = entries.getByRole('button', { name: label });
      await expect.poll(() => button.isEnabled(), { message: `Q${quarter}`, ...SOON }).toBe(true);
      await button.click();
      await expect.poll(() => button.count(), SOON).toBe(0);
    }
    expect((await storedGame(server.db.handle, id)).is_active).toBe(false);
    for (const view of boards) {
      await expect.poll(() => view.getByTestId('quarter-chooser').textContent(), SOON).toContain('17-20');
      await expect.poll(() => view.getByTestId('score-bar').textContent(), SOON).toContain('Game over');
    }
    await expectNoSeriousViolations(desktop.page, 'board with the live score');
    await shoot(desktop.page, 'score-feed-board-final-1280');
    await shoot(phone.page, 'score-feed-board-final-375');
    await shoot(page, 'score-feed-game-day-final-1280', false);

    // Game day on a phone.
    const phoneAdmin = await harness.open(`/admin/games/${id}/game-day`, { as: 'admin', width: 375, height: 812, touch: true });
    await phoneAdmin.page.getByTestId('score-feed').scrollIntoViewIfNeeded();
    await expect.poll(() => phoneAdmin.page.getByTestId('score-feed-entries').textContent(), SOON).toContain('Final');
    await shoot(phoneAdmin.page, 'score-feed-game-day-375', false);
  });
});
