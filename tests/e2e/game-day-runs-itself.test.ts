import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dateInZone, instantToWallTime } from '@core/game-time';
import { formatUsd } from '@core/money';
import { UNSUBSCRIBE_TEXTS } from '@core/mail-kinds';
import {
  axisTexts,
  callFromPage,
  expectNoSeriousViolations,
  headingNamed,
  shoot,
  shootMail,
  uniqueTitle,
  useBrowserHarness,
  openGameRules,
} from '../support/e2e';
import { final, inPlay, startFakeScoreFeed, type FakeScoreFeed } from '../support/fake-score-feed';
import { insertUser } from '../support/fixtures';
import { sellSquares, storedGame, winnerRows } from '../support/game-day';
import { startSmtpServer, type CapturedMail, type SmtpCatcher } from '../support/smtp';
import { movableClock } from '../support/clock';

// Issue 26's game day that runs itself (D39-D42), end to end in Chromium with the real parts: an
// organizer makes a game whose kickoff is a minute away, with the numbers drawn at kickoff, and
// links it on game day to the real game on a fake ESPN scoreboard (127.0.0.1) with automatic
// confirmation. Mails go out through a real SMTP server (127.0.0.1). A player turns announcements
// off with one click in a mail; at kickoff (the server's clock moved, not waited for) the board
// closes, draws and shows the numbers by itself (the players are mailed their digits); the feed plays four quarters and overtime, every period is entered
// and confirmed by itself, and each winner gets a "you won" mail; the printed board is one page.

const ZONE = 'America/New_York';
const EVENT = '401772099';
const SOON = { timeout: 15_000 };
// A whole game day in one test: about a minute alone on a 2-core machine, more in a full run.
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

const clock = movableClock();
let feed: FakeScoreFeed;
let smtp: SmtpCatcher;
const env: Record<string, string> = { SCORE_FEED: 'espn', SCORE_FEED_INTERVAL_SECONDS: '3600', SCORE_FEED_TIMEOUT_SECONDS: '2', DRAW_BEACON: 'off' };
const options: { env: Record<string, string>; port?: number; deps: { clock: () => Date } } = { env, deps: { clock: clock.now } };

/** A free port of 127.0.0.1, so PUBLIC_URL (which SMTP needs for its links) is the test server's own address. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  [feed, smtp] = await Promise.all([startFakeScoreFeed(), startSmtpServer()]);
  options.port = await freePort();
  Object.assign(env, { SCORE_FEED_URL: feed.url, SMTP_URL: smtp.url, PUBLIC_URL: `http://127.0.0.1:${options.port}` });
});
afterAll(async () => {
  await feed.close();
  await smtp.close();
});
const harness = useBrowserHarness(options);

/** Mails the SMTP server got to `to` whose subject starts with `subject`. */
const mailsTo = (to: string, subject: string): CapturedMail[] =>
  smtp.messages.filter((mail) => mail.envelopeTo.includes(to) && mail.subject.startsWith(subject));

async function mailTo(to: string, subject: string): Promise<CapturedMail> {
  await expect.poll(() => mailsTo(to, subject).length, { message: `${subject} to ${to}`, ...SOON }).toBeGreaterThan(0);
  return mailsTo(to, subject)[0]!;
}

/** PDF page objects (`/Type /Page`, not `/Pages`). */
const pdfPages = (pdf: Buffer): number => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;

describe('game day runs itself and everyone hears about it (issue 26)', () => {
  test('kickoff a minute away, linked to the feed; closes and draws by itself; four quarters and overtime confirmed and mailed; one-click unsubscribe; one printed page', async () => {
    const { server } = harness;
    const poller = server.app.scoreFeedPoller!;
    const title = uniqueTitle('Thanksgiving Pool');

    // 1. The organizer's form: kickoff a minute or two away (to the minute: the form's step), in New
    // York's zone, drawn at kickoff. At least 90 s, so a slow machine reaches step 6 before it.
    const kickoff = new Date(Math.ceil((Date.now() + 90_000) / 60_000) * 60_000).toISOString();
    const { page: admin } = await harness.open('/admin/games/new', { as: 'admin', ...DESKTOP, timezoneId: ZONE });
    await openGameRules(admin);
    await admin.getByLabel('Title').fill(title);
    await admin.getByLabel('Team A').fill('Away team');
    await admin.getByLabel('Team B').fill('Home team');
    await admin.getByLabel('Kickoff (optional)').fill(instantToWallTime(kickoff, ZONE));
    await admin.getByLabel('Time zone').selectOption(ZONE);
    await admin.getByLabel('Draw the numbers at kickoff').check();
    await admin.getByRole('button', { name: 'Create Game' }).click();
    await admin.waitForURL(/\/admin\/games\/[^/]+\/share$/);
    const id = admin.url().split('/').at(-2)!;

    // 2. Game day: link it to the real game on the feed, confirming automatically.
    feed.addGame({
      id: EVENT,
      sport: 'football',
      league: 'nfl',
      // ESPN lists a game on its US Eastern day.
      day: dateInZone(kickoff, 'America/New_York').replaceAll('-', ''),
      startsAt: kickoff,
      home: { name: 'Detroit Lions', abbreviation: 'DET' },
      away: { name: 'Green Bay Packers', abbreviation: 'GB' },
    });
    await admin.goto(`${server.url}/admin/games/${id}/game-day`);
    const panel = admin.getByTestId('score-feed');
    await panel.getByRole('button', { name: 'Link to a real game' }).click();
    await panel.getByLabel('League').selectOption('nfl');
    // The date is the kickoff's in the game's zone already.
    await expect.poll(() => panel.getByLabel('Date').inputValue()).toBe(dateInZone(kickoff, ZONE));
    await panel.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => panel.getByTestId('score-feed-search-status').textContent(), SOON).toBe('1 game found.');
    await panel.getByRole('radio', { name: /Green Bay Packers at Detroit Lions/ }).check();
    await panel.getByRole('radio', { name: 'Confirm automatically' }).check();
    await panel.getByRole('button', { name: 'Link game' }).click();
    await expect.poll(() => panel.getByTestId('score-feed-linked').textContent(), SOON).toContain('Following the real game on the NFL feed');
    const linked = await storedGame(server.db.handle, id);
    expect({ team_a: linked.team_a, team_b: linked.team_b, kickoff_at: linked.kickoff_at }).toEqual({
      team_a: 'Green Bay Packers',
      team_b: 'Detroit Lions',
      kickoff_at: kickoff,
    });

    // 3. Three players hold every square (a full board).
    const players = await Promise.all(
      ['aunt_may', 'uncle_ben', 'cousin_flash'].map((name) => insertUser(server.db.handle, `${name}-${id.slice(0, 6)}@example.com`)),
    );
    await sellSquares(server.db.handle, id, (x, y) => players[(x * 10 + y) % 3]!.id);
    const [may, ben, flash] = players as [(typeof players)[0], (typeof players)[0], (typeof players)[0]];

    // 4. An announcement mailed to the players; May turns announcements off with its one click, signed out.
    const first = await callFromPage(admin, 'POST', `/api/admin/games/${id}/announcements`, { body: 'Food at 11, kickoff at noon. Bring a dish!', mail: true });
    expect(first.status).toBe(201);
    const news = await mailTo(may.email, `${title}: a message from the organizer`);
    expect(news.text).toContain('Food at 11, kickoff at noon. Bring a dish!');
    const oneClick = news.headers['list-unsubscribe']!.match(/<(http[^>]+)>/)![1]!;
    expect(news.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    await shootMail(harness, news.html!, 'runs-itself-announcement');
    const footerLink = news.text!.match(/\S+\/unsubscribe\?token=\S+/)![0];
    expect(new URL(footerLink).origin).toBe(server.url);
    const { page: signedOut } = await harness.newPage(PHONE);
    await signedOut.goto(footerLink);
    await headingNamed(signedOut, 'Unsubscribed').waitFor();
    await expect.poll(() => signedOut.getByRole('status').textContent()).toBe(UNSUBSCRIBE_TEXTS.done('Announcements from organizers'));
    // Its undo button says the whole kind on a phone (a long label wraps instead of being cut off).
    const undo = signedOut.getByRole('button', { name: `${UNSUBSCRIBE_TEXTS.turnBackOn}: "Announcements from organizers"` });
    await expect.poll(() => undo.evaluate((button) => button.scrollWidth - button.clientWidth)).toBeLessThanOrEqual(0);
    await shoot(signedOut, 'runs-itself-unsubscribed-375');
    expect(new URL(oneClick).pathname).toBe('/api/mail/unsubscribe');
    const second = await callFromPage(admin, 'POST', `/api/admin/games/${id}/announcements`, { body: 'Parking is behind the gym.', mail: true });
    expect(second.status).toBe(201);
    // Ben and Flash get it; May, unsubscribed from that kind, does not (her mail is never queued).
    await mailTo(ben.email, `${title}: a message from the organizer`);
    await expect.poll(() => mailsTo(ben.email, `${title}: a message from the organizer`).length, SOON).toBe(2);
    await expect.poll(() => mailsTo(flash.email, `${title}: a message from the organizer`).length, SOON).toBe(2);
    expect(mailsTo(may.email, `${title}: a message from the organizer`)).toHaveLength(1);

    // 5. Everyone's boards, on a desktop and a phone, before kickoff.
    const desktop = await harness.open(`/game/${id}`, { as: 'player', ...DESKTOP, timezoneId: ZONE });
    const phone = await harness.open(`/game/${id}`, { as: 'player', ...PHONE, timezoneId: ZONE, touch: true });
    const boards = [desktop.page, phone.page];
    for (const view of boards) {
      await expect.poll(() => view.getByTestId('kickoff-line').textContent(), SOON).toContain('Numbers drawn at kickoff');
      await expect.poll(() => view.locator('main').textContent(), SOON).toContain('Parking is behind the gym.');
    }

    // 6. Kickoff: the server's clock passes it; the board closes and the numbers are drawn and
    // shown by themselves (nobody presses Reveal): the digits are on every board's axes.
    clock.moveTo(kickoff, 5_000);
    void server.app.kickoffs.runSoon();
    await expect.poll(async () => (await storedGame(server.db.handle, id)).numbers_revealed, SOON).toBe(true);
    const drawnNumbers = await server.db.handle.db.selectFrom('game_grid_numbers').selectAll().where('game_id', '=', id).executeTakeFirstOrThrow();
    const rowDigits = (JSON.parse(drawnNumbers.x_axis_numbers) as number[]).map(String);
    const columnDigits = (JSON.parse(drawnNumbers.y_axis_numbers) as number[]).map(String);
    for (const view of boards) {
      await expect.poll(() => view.getByTestId('kickoff-line').textContent(), SOON).toContain('Sales closed at kickoff');
      await expect.poll(() => view.getByTestId('game-status').textContent(), SOON).toBe('Numbers revealed');
      await expect.poll(() => axisTexts(view, 'row-digit'), SOON).toEqual(rowDigits);
      await expect.poll(() => axisTexts(view, 'column-digit')).toEqual(columnDigits);
    }
    // "Numbers drawn" reaches each player, with their digits, once, with no Reveal pressed.
    for (const player of players) {
      const drawn = await mailTo(player.email, `Numbers drawn: ${title}`);
      expect(drawn.text).toMatch(/Row \d+, column \d+: /);
      expect(mailsTo(player.email, `Numbers drawn: ${title}`)).toHaveLength(1);
    }

    /** The poller's next run, at its own time (the test moves time instead of waiting). */
    const pollNow = async () => {
      const next = (await storedGame(server.db.handle, id)).feed_next_poll_at!;
      await poller.pollDue(new Date(Math.max(clock.now().getTime(), Date.parse(next)) + 1));
    };

    // 7. The feed plays the game: Packers (away, team A) and Lions (home, team B).
    feed.set(EVENT, inPlay(1, '9:12', [7], [0]));
    await pollNow();
    for (const view of boards) {
      await expect.poll(() => view.getByTestId('score-period').textContent(), SOON).toBe('Q1 9:12');
      await expect.poll(() => view.getByTestId('score-team-b').textContent(), SOON).toBe('Detroit Lions7');
    }
    await shoot(desktop.page, 'runs-itself-live-1280');
    await shoot(phone.page, 'runs-itself-live-375');
    const steps = [
      inPlay(2, '15:00', [7, 0], [3, 0]),
      inPlay(3, '15:00', [7, 3], [3, 14]),
      inPlay(4, '11:40', [7, 3, 7], [3, 14, 0]),
      inPlay(5, '8:02', [7, 3, 7, 7], [3, 14, 0, 7]),
      final([7, 3, 7, 7, 0], [3, 14, 0, 7, 3]),
    ];
    for (const step of steps) {
      feed.set(EVENT, step);
      await pollNow();
    }
    for (const view of boards) {
      await expect.poll(() => view.getByTestId('score-period').textContent(), SOON).toBe('Final/OT');
      await expect.poll(() => view.getByTestId('score-bar').textContent(), SOON).toContain('Game over');
    }

    // Every period entered and confirmed by itself; the Final includes overtime (Packers 27, Lions 24).
    const scores = await server.db.handle.db.selectFrom('period_scores').selectAll().where('game_id', '=', id).orderBy('period').execute();
    expect(scores.map((row) => [row.period, row.team_a_score, row.team_b_score])).toEqual([
      [1, 3, 7],
      [2, 17, 10],
      [3, 17, 17],
      [4, 27, 24],
    ]);
    expect((await storedGame(server.db.handle, id)).is_active).toBe(false);

    // 8. Each winner is mailed the period and the amount.
    const winners = await winnerRows(server.db.handle, id);
    expect(winners).toHaveLength(4);
    const label = { 1: '1st Quarter', 2: '2nd Quarter', 3: '3rd Quarter', 4: 'Final' } as Record<number, string>;
    let shotWin = false;
    for (const winner of winners) {
      const owner = players.find((player) => player.id === winner.user_id)!;
      const won = await mailTo(owner.email, `You won ${label[winner.period]} in ${title}`);
      expect(won.subject).toBe(`You won ${label[winner.period]} in ${title}: ${formatUsd(winner.payout_amount_cents)}`);
      expect(won.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/mail\/unsubscribe\?token=/);
      if (!shotWin) await shootMail(harness, won.html!, 'runs-itself-won');
      shotWin = true;
    }
    expect(winners.reduce((sum, winner) => sum + winner.payout_amount_cents, 0)).toBeGreaterThan(0);

    await expectNoSeriousViolations(desktop.page, 'the board after the game');
    await shoot(desktop.page, 'runs-itself-final-1280');
    await shoot(phone.page, 'runs-itself-final-375');

    // 9. The printed board: one landscape page on Letter and on A4.
    await admin.goto(`${server.url}/game/${id}/print`);
    await admin.getByTestId('print-sheet').waitFor();
    await admin.getByRole('img', { name: 'QR code of the game link' }).waitFor();
    for (const format of ['Letter', 'A4'] as const) {
      const pdf = await admin.pdf({ format, landscape: true });
      expect(pdfPages(pdf), format).toBe(1);
    }
    clock.reset();
  }, 240_000);
});
