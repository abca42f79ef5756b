import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dateInZone } from '@core/game-time';
import { callFromPage, expectNoSeriousViolations, shoot, useBrowserHarness } from '../support/e2e';
import { final, inPlay, startFakeScoreFeed, type FakeScoreFeed } from '../support/fake-score-feed';
import { insertGame, insertUser } from '../support/fixtures';
import { sellSquares, storedGame } from '../support/game-day';

// D39's live score feed (docs/decisions/036): an organizer links a game to a real one on a fake
// ESPN scoreboard (127.0.0.1) from game day, with one-click confirmation; as the feed plays the
// game (the test drives the poller instead of waiting for it), everyone's score bar shows the
// live score and each period's end score is entered by itself, for one click each.

const env: Record<string, string> = { SCORE_FEED: 'espn', SCORE_FEED_INTERVAL_SECONDS: '3600', SCORE_FEED_TIMEOUT_SECONDS: '15' };
let feed: FakeScoreFeed;
beforeAll(async () => {
  feed = await startFakeScoreFeed();
  env.SCORE_FEED_URL = feed.url;
});
afterAll(() => feed.close());
const harness = useBrowserHarness({ env });

const EVENT = '401772001';
/** The game's own zone, not the browser's: the search's date is the kickoff's date there. */
const ZONE = 'America/Los_Angeles';
/** Live updates reach the boards over their event streams: a busy machine may take a few seconds. */
const SOON = { timeout: 15_000 };

describe('live score feed (D39)', () => {
  test("an admin links a sold game to the real one: rows and columns stay; the feed plays it; the score bar is live; one Confirm per period confirms the feed's score; 1280 and 375 px", async () => {
    const { server } = harness;
    const poller = server.app.scoreFeedPoller!;
    const title = `Feed Bowl ${randomUUID().slice(0, 6)}`;
    // The Eagles are team A (the rows), the Chiefs team B (the columns); squares are sold.
    const id = await insertGame(server.db.handle, { title, team_a: 'Eagles', team_b: 'Chiefs', price_per_square_cents: 1000 });
    // Kickoff 5:30 PM in Los Angeles, a day or two ahead: 01:30 UTC the next day there, so its local date is not its UTC date.
    const utcDay = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const kickoff = `${utcDay}T01:30:00.000Z`;
    const localDay = dateInZone(kickoff, ZONE);
    expect(localDay).not.toBe(utcDay);
    await server.db.handle.db.updateTable('games').set({ kickoff_at: kickoff, time_zone: ZONE }).where('id', '=', id).execute();
    const owners = await Promise.all(
      ['feed_fan', 'feed_coach', 'feed_aunt'].map((name) => insertUser(server.db.handle, `${name}-${randomUUID().slice(0, 4)}@example.com`)),
    );
    await sellSquares(server.db.handle, id, (x, y) => owners[(x + y) % owners.length]!.id);
    // The real game: the Eagles at home; ESPN lists it on its US Eastern day (8:30 PM there, the same date as in LA).
    feed.addGame({
      id: EVENT,
      sport: 'football',
      league: 'nfl',
      day: localDay.replaceAll('-', ''),
      startsAt: kickoff,
      home: { name: 'Philadelphia Eagles', abbreviation: 'PHI' },
      away: { name: 'Kansas City Chiefs', abbreviation: 'KC' },
    });

    // Game day: Link to a real game, by keyboard-reachable controls; the date is the kickoff's in the game's zone.
    const admin = await harness.open(`/admin/games/${id}/game-day`, { as: 'admin', width: 1280, height: 1000 });
    const page = admin.page;
    const panel = page.getByTestId('score-feed');
    await panel.getByRole('button', { name: 'Link to a real game' }).click();
    await panel.getByLabel('League').selectOption('nfl');
    await expect.poll(() => panel.getByLabel('Date').inputValue()).toBe(localDay);
    // A failed search says why, and that scores can still be entered by hand.
    feed.failNext(1, 500);
    await panel.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => panel.getByTestId('score-feed-search-status').textContent(), SOON)
      .toBe('The feed could not be searched: the feed answered with an error (HTTP 500). You can still enter scores by hand.');
    await panel.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => panel.getByTestId('score-feed-search-status').textContent(), SOON).toBe('1 game found.');
    await panel.getByRole('radio', { name: /Kansas City Chiefs at Philadelphia Eagles/ }).check();
    await expect.poll(() => panel.getByRole('radio', { name: "Confirm each period's score myself (one click)" }).isChecked()).toBe(true);
    await expectNoSeriousViolations(page, 'link form');
    await panel.scrollIntoViewIfNeeded();
    await shoot(page, 'score-feed-link-form-1280', false);
    await panel.getByRole('button', { name: 'Link game' }).click();
    await expect.poll(() => panel.getByTestId('score-feed-linked').textContent(), SOON).toContain('Following the real game on the NFL feed');
    // D50: the rows stay the Eagles (the feed's home team), and the admin is told.
    await expect
      .poll(() => page.locator('body').textContent(), SOON)
      .toContain("Squares are sold, so the rows and columns stay as they are: Eagles (rows) follows the feed's home team, Chiefs (columns) the other.");
    await expect
      .poll(() => panel.getByTestId('score-feed-sides').textContent(), SOON)
      .toBe("Eagles (rows) is the feed's home team, Chiefs (columns) its away team.");
    expect(await storedGame(server.db.handle, id)).toMatchObject({ team_a: 'Eagles', team_b: 'Chiefs', feed_event_day: localDay.replaceAll('-', '') });
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
      // The poll read the feed (on a loaded machine a read can take seconds: the timeout is 15 s).
      expect((await storedGame(server.db.handle, id)).feed_error).toBeNull();
    };

    // Q1 ends 7-3 for the Eagles (home, team A); Q2 is under way.
    feed.set(EVENT, inPlay(2, '12:00', [7, 0], [3, 0]));
    await pollNow();
    for (const view of boards) {
      await expect.poll(() => view.getByTestId('score-period').textContent(), SOON).toBe('Q2 12:00');
      await expect.poll(() => view.getByTestId('score-team-a').textContent(), SOON).toBe('Eagles7');
      await expect.poll(() => view.getByTestId('score-team-b').textContent()).toBe('Chiefs3');
    }
    await shoot(desktop.page, 'score-feed-board-live-1280');
    await shoot(phone.page, 'score-feed-board-live-375');

    // Game day: Q1 entered by the feed shows in its boxes; one Confirm Q1, and it confirms that score.
    const entries = panel.getByTestId('score-feed-entries');
    await expect.poll(() => entries.textContent(), SOON).toContain('1st Quarter: Eagles 7, Chiefs 3 · entered by the feed');
    await expect.poll(() => page.getByTestId('score-q1-a').inputValue(), SOON).toBe('7');
    await expect.poll(() => page.getByTestId('score-q1-b').inputValue()).toBe('3');
    await expect.poll(() => page.getByTestId('feed-entered-q1').count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: /Confirm (Q1|1st Quarter)/ }).count()).toBe(1);
    await page.getByTestId('feed-entered-q1').scrollIntoViewIfNeeded();
    await shoot(page, 'score-feed-entered-1280', false);
    await page.getByRole('button', { name: 'Confirm Q1', exact: true }).click();
    await expect.poll(() => entries.textContent(), SOON).toContain('Chiefs 3 · confirmed');
    for (const view of boards) await expect.poll(() => view.getByTestId('quarter-chooser').textContent(), SOON).toContain('7-3');

    // A delay, then the game goes to overtime and ends 20-17.
    feed.set(EVENT, inPlay(3, '4:31', [7, 0, 7], [3, 7, 0], 'STATUS_DELAYED'));
    await pollNow();
    for (const view of boards) await expect.poll(() => view.getByTestId('score-period').textContent(), SOON).toBe('Delayed');
    feed.set(EVENT, final([7, 0, 7, 3, 3], [3, 7, 0, 7, 0]));
    await pollNow();
    for (const view of boards) {
      await expect.poll(() => view.getByTestId('score-period').textContent(), SOON).toBe('Final/OT');
      await expect.poll(() => view.getByTestId('score-team-a').textContent(), SOON).toBe('Eagles20');
    }
    for (const [period, a, b] of [
      [2, '7', '10'],
      [3, '14', '10'],
      [4, '20', '17'],
    ] as const) {
      await expect.poll(() => page.getByTestId(`score-q${period}-a`).inputValue(), { message: `Q${period}`, ...SOON }).toBe(a);
      await expect.poll(() => page.getByTestId(`score-q${period}-b`).inputValue()).toBe(b);
      const button = page.getByTestId(`confirm-q${period}`);
      await expect.poll(() => button.isEnabled(), { message: `Q${period}`, ...SOON }).toBe(true);
      await button.click();
      await expect.poll(() => page.getByTestId(`feed-entered-q${period}`).count(), SOON).toBe(0);
    }
    await expect.poll(async () => (await storedGame(server.db.handle, id)).is_active, SOON).toBe(false);
    for (const view of boards) {
      await expect.poll(() => view.getByTestId('quarter-chooser').textContent(), SOON).toContain('20-17');
      await expect.poll(() => view.getByTestId('score-bar').textContent(), SOON).toContain('Game over');
    }
    await expectNoSeriousViolations(desktop.page, 'board with the live score');
    await shoot(desktop.page, 'score-feed-board-final-1280');
    await shoot(phone.page, 'score-feed-board-final-375');
    await shoot(page, 'score-feed-game-day-final-1280', false);

    // Game day on a phone: the feed's entries, and one Confirm per period in Score Entry.
    const phoneAdmin = await harness.open(`/admin/games/${id}/game-day`, { as: 'admin', width: 375, height: 812, touch: true });
    await phoneAdmin.page.getByTestId('score-feed').scrollIntoViewIfNeeded();
    await expect.poll(() => phoneAdmin.page.getByTestId('score-feed-entries').textContent(), SOON).toContain('Final');
    await expect.poll(() => phoneAdmin.page.getByRole('button', { name: /Confirm (Q1|1st Quarter)/ }).count(), SOON).toBe(1);
    await shoot(phoneAdmin.page, 'score-feed-game-day-375', false);
  });

  test('a phone: a fresh period the feed entered is confirmed with the one Confirm in Score Entry; a sold board of other teams is refused', async () => {
    const { server } = harness;
    const poller = server.app.scoreFeedPoller!;
    const id = await insertGame(server.db.handle, { title: `Feed Phone ${randomUUID().slice(0, 6)}`, team_a: 'Chiefs', team_b: 'Eagles' });
    const owner = await insertUser(server.db.handle, `feed_phone-${randomUUID().slice(0, 4)}@example.com`);
    await sellSquares(server.db.handle, id, () => owner.id);
    const event = String(Number(EVENT) + 1);
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    feed.addGame({
      id: event,
      sport: 'football',
      league: 'nfl',
      day: day.replaceAll('-', ''),
      startsAt: `${day}T18:00:00.000Z`,
      home: { name: 'Philadelphia Eagles', abbreviation: 'PHI' },
      away: { name: 'Kansas City Chiefs', abbreviation: 'KC' },
    });
    const { page } = await harness.open(`/admin/games/${id}/game-day`, { as: 'admin', width: 375, height: 812, touch: true });
    // A sold board of other teams is refused, naming both pairs.
    const other = await insertGame(server.db.handle, { title: `Feed Other ${randomUUID().slice(0, 6)}`, team_a: 'Cowboys', team_b: 'Giants' });
    await sellSquares(server.db.handle, other, () => owner.id);
    const refused = await callFromPage<{ error: { message: string } }>(page, 'PUT', `/api/admin/games/${other}/score-feed`, {
      league: 'nfl',
      date: day,
      event_id: event,
      auto_confirm: false,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toContain(
      "The feed's game is Kansas City Chiefs at Philadelphia Eagles, but this game's teams are Cowboys (rows) and Giants (columns).",
    );

    expect(
      (await callFromPage(page, 'PUT', `/api/admin/games/${id}/score-feed`, { league: 'nfl', date: day, event_id: event, auto_confirm: false })).status,
    ).toBe(200);
    expect((await callFromPage(page, 'POST', `/api/admin/games/${id}/numbers/randomize`, { confirm_not_full: true })).status).toBe(200);
    await poller.runSoon();
    feed.set(event, inPlay(2, '10:00', [3, 0], [14, 0]));
    const next = (await storedGame(server.db.handle, id)).feed_next_poll_at!;
    await poller.pollDue(new Date(Math.max(Date.now(), Date.parse(next)) + 1));
    // Chiefs (away, team A) 14, Eagles 3.
    await expect.poll(() => page.getByTestId('score-q1-a').inputValue(), SOON).toBe('14');
    await expect.poll(() => page.getByTestId('score-q1-b').inputValue()).toBe('3');
    await expect.poll(() => page.getByRole('button', { name: /Confirm (Q1|1st Quarter)/ }).count()).toBe(1);
    await page.getByTestId('confirm-q1').scrollIntoViewIfNeeded();
    await shoot(page, 'score-feed-entered-375', false);
    await page.getByTestId('confirm-q1').click();
    await expect
      .poll(
        async () =>
          (await server.db.handle.db.selectFrom('period_scores').selectAll().where('game_id', '=', id).execute()).map((row) => [
            row.period,
            row.team_a_score,
            row.team_b_score,
          ]),
        SOON,
      )
      .toEqual([[1, 14, 3]]);
  });
});
