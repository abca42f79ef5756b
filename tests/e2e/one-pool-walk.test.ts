import { createServer, type AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dateInZone, wallTimeToInstant } from '@core/game-time';
import type { GameDayView } from '../../src/core/api/game-day';
import type { Game } from '../../src/core/api/games';
import type { Coordinate } from '../../src/core/grid';
import { testAccount } from '../support/accounts';
import { cell, expectNoSeriousViolations, horizontalOverflow, openAdminSection, shoot, shootMail, toast, uniqueTitle, useBrowserHarness } from '../support/e2e';
import { final, inPlay, startFakeScoreFeed, type FakeGameState, type FakeScoreFeed } from '../support/fake-score-feed';
import { storedGame } from '../support/game-day';
import { startSmtpServer, type CapturedMail, type SmtpCatcher } from '../support/smtp';
import { movableClock } from '../support/clock';

// Issue 33: one pool walked across every feature it touches, as its organizer and players live it,
// and every page, mail and export of it telling the same story. A 50-square invite-only pool whose
// players pay the organizer by Venmo, with new numbers at halftime, custom shares with 10% to a food
// bank, and a quarter nobody bought rolling forward. Players read it in Tokyo's zone, the game is in
// Chicago's: every time shows in Chicago's. Squares sell (one reserved on a phone and marked paid by
// the organizer, one named person without an account who still owes), then the organizer links the
// real game on the live feed from the admin page's Game day section: the feed lists the Eagles at
// home, and the board's rows stay the Eagles. The feed plays four quarters; the organizer confirms
// each with the one Confirm the feed fills; the winners and the food bank are marked paid. The pot,
// the times and the winners then read the same on the board, the game-day results, Payments, the
// print, My Winnings, the mails and the CSV files.

const ZONE = 'America/Chicago';
const READER_ZONE = 'Asia/Tokyo';
const EVENT = '401800033';
const SOON = { timeout: 15_000 };
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const PRICE = 20;
const INSTRUCTIONS = 'Venmo @eagles-pool, note your squares';

const clock = movableClock();
let feed: FakeScoreFeed;
let smtp: SmtpCatcher;
const env: Record<string, string> = { SCORE_FEED: 'espn', SCORE_FEED_INTERVAL_SECONDS: '3600', SCORE_FEED_TIMEOUT_SECONDS: '2', DRAW_BEACON: 'off' };
const options: { env: Record<string, string>; port?: number; deps: { clock: () => Date } } = { env, deps: { clock: clock.now } };

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

const mailsTo = (to: string, subject: string): CapturedMail[] =>
  smtp.messages.filter((mail) => mail.envelopeTo.includes(to) && mail.subject.startsWith(subject));
async function mailTo(to: string, subject: string): Promise<CapturedMail> {
  await expect.poll(() => mailsTo(to, subject).length, { message: `${subject} to ${to}`, ...SOON }).toBeGreaterThan(0);
  return mailsTo(to, subject)[0]!;
}

/** A page's visible text on one line. */
const pageText = async (page: Page) => (await page.locator('body').innerText()).replace(/\s+/g, ' ');

/** "7:30 PM CST": an instant's time of day in a zone, with the zone's abbreviation, read with Intl here (not with the app's code). */
function clockIn(iso: string, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.hour}:${parts.minute} ${parts.dayPeriod} ${parts.timeZoneName}`;
}

/** Sums of the cents in a CSV column of amounts like "98.00". */
const csvRows = (csv: string) =>
  csv
    .trim()
    .split(/\r?\n/)
    .map((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((field) => field.replace(/,$/, '').replace(/^"|"$/g, '').replaceAll('""', '"')));

describe('one pool, one story (issue 33)', () => {
  test(
    'a 50-square invite-only Venmo pool with halftime numbers, shares to a food bank and roll-forward, linked to the feed after sales and paid out: every page, mail and export agrees',
    { timeout: 420_000 },
    async () => {
      const { server } = harness;
      const db = server.db.handle.db;
      const title = uniqueTitle('Eagles Pool');
      const [organizer, alice, bob] = await Promise.all([
        testAccount(server, { admin: true }),
        testAccount(server, { prefix: 'alice' }),
        testAccount(server, { prefix: 'bob' }),
      ]);
      const api = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> => {
        const res = await server.app.inject({ method, url, headers: { origin: env.PUBLIC_URL!, cookie: organizer.cookie }, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
        return (res.headers['content-type']?.includes('json') ? res.json() : res.body) as T;
      };
      const gameDay = () => api<GameDayView>('GET', `/api/admin/games/${id}/game-day`);

      // Kickoff two days on at 7:30 PM in Chicago; pay by the day before at 6 PM.
      const day = (offsetDays: number) => dateInZone(new Date(Date.now() + offsetDays * 86_400_000).toISOString(), ZONE);
      const kickoff = wallTimeToInstant(`${day(2)}T19:30`, ZONE)!;
      const payBy = wallTimeToInstant(`${day(1)}T18:00`, ZONE)!;
      const { game } = await api<{ game: Game }>('POST', '/api/admin/games', {
        title,
        team_a: 'Eagles',
        team_b: 'Chiefs',
        price_per_square: PRICE,
        board_size: 50,
        visibility: 'invite',
        payment_method: 'organizer',
        payment_instructions: INSTRUCTIONS,
        pay_by: payBy,
        number_sets: 'halftime',
        payout_schedule: 'custom',
        payout_shares: [10, 20, 30, 30],
        organizer_percent: 10,
        organizer_label: 'Food Bank',
        unbought_rule: 'roll',
        kickoff_at: kickoff,
        time_zone: ZONE,
      });
      const id = game.id;

      // 1. Alice opens the invite link on her phone (Tokyo's zone) and reserves three squares.
      const { invite } = await api<{ invite: { url: string } }>('GET', `/api/admin/games/${id}/invite`);
      const { page: phone } = await harness.open(`${new URL(invite.url).pathname}${new URL(invite.url).search}`, {
        as: alice,
        ...PHONE,
        timezoneId: READER_ZONE,
        touch: true,
      });
      for (const [x, y] of [
        [0, 0],
        [0, 1],
        [0, 2],
      ] as const) {
        await cell(phone, x, y).click();
        await expect.poll(() => cell(phone, x, y).getAttribute('data-state')).toBe('in-cart');
      }
      await phone.goto(`${server.url}/payment`);
      await phone.getByRole('button', { name: 'Reserve 3 squares' }).click();
      await phone.getByRole('heading', { level: 1, name: 'Squares Reserved!' }).waitFor();
      const payByShown = `${clockIn(payBy, ZONE)}`;
      await expect.poll(() => phone.getByTestId('pay-by').textContent()).toContain(payByShown);
      const reservedPayBy = (await phone.getByTestId('pay-by').textContent())!;
      await expect.poll(() => phone.getByTestId('payment-instructions').textContent()).toBe(INSTRUCTIONS);
      await shoot(phone, 'one-pool-reserved-375');
      const reserved = await mailTo(alice.email, `Your squares are reserved: ${title}`);
      expect(reserved.text).toContain('$60.00');

      // 2. The organizer puts Bob on 44 squares (paid) and Uncle Bob, who has no account, on two he still owes for; (4, 9) stays unsold.
      const unsold = { x: 4, y: 9 };
      const uncles: Coordinate[] = [
        { x: 2, y: 5 },
        { x: 2, y: 6 },
      ];
      const bobs: Coordinate[] = [];
      for (let x = 0; x < 5; x++)
        for (let y = 0; y < 10; y++) {
          const square = { x, y };
          const taken = (list: Coordinate[]) => list.some((c) => c.x === x && c.y === y);
          if (x === 0 && y <= 2) continue;
          if (taken(uncles) || (x === unsold.x && y === unsold.y)) continue;
          bobs.push(square);
        }
      expect(bobs).toHaveLength(44);
      await api('POST', `/api/admin/games/${id}/squares/assign`, {
        squares: bobs,
        to: { account: bob.email, email: null },
        paid: true,
        paid_cents: 44 * PRICE * 100,
      });
      await api('POST', `/api/admin/games/${id}/squares/assign`, { squares: uncles, to: { name: 'Uncle Bob', email: null } });

      // 3. The organizer marks Alice paid on Payments; she gets a receipt saying so.
      const { page: admin } = await harness.open(`/admin/game/${id}#payments`, { as: organizer, ...DESKTOP, timezoneId: READER_ZONE });
      const payments = admin.getByTestId('game-payments');
      const aliceRow = payments.getByTestId('payment-player').filter({ hasText: alice.username });
      await aliceRow.getByRole('button', { name: 'Mark paid' }).click();
      await toast(admin, 'Marked paid: 3 squares').waitFor();
      const receipt = await mailTo(alice.email, `Payment received: ${title}`);
      expect(receipt.text).toContain('Your payment for 3 squares in');
      expect(receipt.text).toContain('paid $60.00');
      // The pot is every sold square (49 x $20), paid or not; $940 of it is collected.
      await expect.poll(() => payments.getByTestId('payment-totals').textContent()).toContain('$980.00');
      await expect.poll(() => payments.getByTestId('payment-totals').textContent()).toContain('$940.00');
      await shoot(admin, 'one-pool-payments-1280');

      // 4. After the sales, the organizer links the real game from the admin page's Game day section.
      // The feed lists the Eagles at home; the rows stay the Eagles.
      feed.addGame({
        id: EVENT,
        sport: 'football',
        league: 'nfl',
        day: dateInZone(kickoff, 'America/New_York').replaceAll('-', ''),
        startsAt: kickoff,
        home: { name: 'Philadelphia Eagles', abbreviation: 'PHI' },
        away: { name: 'Kansas City Chiefs', abbreviation: 'KC' },
      });
      await openAdminSection(admin, 'Game day');
      const section = admin.getByTestId('admin-game-day');
      const panel = section.getByTestId('score-feed');
      await expect.poll(() => panel.getByRole('heading', { level: 3 }).textContent()).toBe('Live score feed');
      await expect.poll(() => section.getByTestId('announcements-panel').getByRole('heading', { level: 3 }).textContent()).toBe('Announcements');
      await panel.getByRole('button', { name: 'Link to a real game' }).click();
      await panel.getByLabel('League').selectOption('nfl');
      await expect.poll(() => panel.getByLabel('Date').inputValue()).toBe(day(2));
      await panel.getByRole('button', { name: 'Search' }).click();
      await expect.poll(() => panel.getByTestId('score-feed-search-status').textContent(), SOON).toBe('1 game found.');
      await panel.getByRole('radio', { name: /Kansas City Chiefs at Philadelphia Eagles/ }).check();
      await panel.getByRole('radio', { name: "Confirm each period's score myself (one click)" }).check();
      await panel.getByRole('button', { name: 'Link game' }).click();
      await expect.poll(() => panel.getByTestId('score-feed-linked').textContent(), SOON).toContain('Following the real game on the NFL feed');
      const linked = await storedGame(server.db.handle, id);
      expect(linked.team_a).toMatch(/Eagles/);
      expect(linked.team_b).toMatch(/Chiefs/);

      // An announcement from the same section reaches the board.
      await section.getByTestId('announcements-panel').getByLabel('New announcement').fill('Wings at halftime. Bring cash for the food bank jar.');
      await section.getByTestId('announcements-panel').getByRole('button', { name: 'Post', exact: true }).click();
      await expect.poll(() => section.getByTestId('announcements-posted').textContent(), SOON).toContain('Wings at halftime.');
      await expectNoSeriousViolations(admin, 'the admin page game day section, linked');
      await shoot(admin, 'one-pool-admin-game-day-1280');

      // 5. Numbers from the same section: 49 of 50 sold, Uncle Bob's 2 unpaid; drawn and revealed.
      await section.getByRole('button', { name: 'Randomize Numbers' }).click();
      const dialog = admin.getByTestId('numbers-dialog');
      await expect.poll(() => dialog.textContent()).toContain('49 of 50 squares are sold.');
      await expect.poll(() => dialog.textContent()).toContain('rolls forward');
      await shoot(admin, 'one-pool-not-full-dialog-1280');
      await dialog.getByRole('button', { name: 'Randomize anyway' }).click();
      await expect.poll(() => dialog.textContent()).toContain('2 squares are not paid yet.');
      await dialog.getByRole('button', { name: 'Draw anyway' }).click();
      await toast(admin, 'Numbers randomized and saved successfully!').waitFor();
      await section.getByRole('button', { name: 'Reveal Numbers' }).click();
      await toast(admin, 'Numbers revealed successfully!').waitFor();
      const drawnMail = await mailTo(alice.email, 'Numbers drawn');
      expect(drawnMail.subject).toContain('Q1-Q2');

      // The board's rows are still the Eagles after the link and the draw.
      await phone.goto(`${server.url}/game/${id}`);
      await expect.poll(() => phone.getByRole('grid').getAttribute('aria-label'), SOON).toMatch(/rows [^,]*Eagles, columns [^,]*Chiefs/);
      await expect.poll(() => pageText(phone)).toContain(clockIn(kickoff, ZONE));
      await expect.poll(() => phone.getByTestId('board-announcements').textContent()).toContain('Wings at halftime.');
      await expect.poll(() => phone.getByTestId('pay-by').textContent()).toBe(reservedPayBy);

      // 6. Kickoff passes; the feed plays; the organizer confirms each period with its one Confirm.
      clock.moveTo(kickoff, 60_000);
      const poller = server.app.scoreFeedPoller!;
      const pollNow = async () => {
        const next = (await storedGame(server.db.handle, id)).feed_next_poll_at;
        await poller.pollDue(new Date(Math.max(clock.now().getTime(), next ? Date.parse(next) : 0) + 1));
      };
      const setOf = async (set: number) => (await gameDay()).digit_sets.find((candidate) => candidate.set === set)!;
      const set1 = await setOf(1);
      const rowDigit = (digits: readonly number[] | null, x: number) => digits![2 * x]!;
      const columnDigit = (digits: readonly number[] | null, y: number) => digits![y]!;
      const home: number[] = [];
      const away: number[] = [];
      const totals = { a: 0, b: 0 };
      const play = async (period: number, target: { a: number; b: number }, state: (home: number[], away: number[]) => FakeGameState) => {
        home.push(target.a - totals.a);
        away.push(target.b - totals.b);
        Object.assign(totals, target);
        feed.set(EVENT, state([...home], [...away]));
        await pollNow();
        const label = `Q${period}`;
        // The feed's score waits for the organizer's Confirm (manual mode), kept beside the game.
        const entered = async () => {
          const entries = JSON.parse((await storedGame(server.db.handle, id)).feed_entries ?? '{}') as Record<
            string,
            { team_a_score: number; team_b_score: number }
          >;
          const entry = entries[period];
          return entry ? { a: entry.team_a_score, b: entry.team_b_score } : null;
        };
        await expect.poll(entered, SOON).toEqual(target);
        const confirm = section.getByRole('button', { name: `Confirm ${label}` });
        await expect.poll(() => confirm.count(), SOON).toBe(1);
        await confirm.click();
        await expect.poll(async () => (await gameDay()).results.some((result) => result.period === period), SOON).toBe(true);
      };
      await play(1, { a: rowDigit(set1.x_axis_numbers, 0), b: columnDigit(set1.y_axis_numbers, 0) }, (h, a) => inPlay(2, '15:00', [...h, 0], [...a, 0]));
      await toast(admin, `Q1 winner processed: ${alice.username}`).waitFor();
      await play(2, { a: 10 + rowDigit(set1.x_axis_numbers, unsold.x), b: 10 + columnDigit(set1.y_axis_numbers, unsold.y) }, (h, a) =>
        inPlay(3, '15:00', [...h, 0], [...a, 0]),
      );
      await expect.poll(async () => (await setOf(2)).x_axis_numbers, SOON).not.toBeNull();
      const set2 = await setOf(2);
      await play(3, { a: 20 + rowDigit(set2.x_axis_numbers, 2), b: 20 + columnDigit(set2.y_axis_numbers, 5) }, (h, a) =>
        inPlay(4, '15:00', [...h, 0], [...a, 0]),
      );
      await play(4, { a: 30 + rowDigit(set2.x_axis_numbers, 3), b: 30 + columnDigit(set2.y_axis_numbers, 3) }, (h, a) => final(h, a));

      // $980 pot: Q1 10% $98 (Alice); Q2's 20% ($196) nobody bought, rolls to Q3; Q3 30% + $196 = $490
      // (Uncle Bob, who owes $40); the Final 30% $294 (Bob); the food bank 10% $98.
      const results = (await gameDay()).results.toSorted((a, b) => a.period - b.period);
      expect(results.map((r) => [r.period, r.square_x, r.square_y, r.payout_amount_cents])).toEqual([
        [1, 0, 0, 9_800],
        [2, unsold.x, unsold.y, 0],
        [3, 2, 5, 49_000],
        [4, 3, 3, 29_400],
      ]);
      expect(results[0]!.winner_id).toBe(alice.id);
      expect(results[3]!.winner_id).toBe(bob.id);

      // 7. Paying out: each winner, then the food bank, marked paid on Results & Payouts.
      await section.getByRole('tab', { name: 'Results & Payouts' }).click();
      for (const period of [1, 3, 4]) {
        const row = admin.locator(`[data-testid="result-row"][data-period="${period}"]`);
        await row.getByRole('button', { name: /Mark Paid/ }).click();
        const markDialog = admin.getByTestId('mark-paid-dialog');
        await markDialog.getByLabel('Reference (optional)').fill(`Venmo ${period}`);
        await markDialog.getByRole('button', { name: 'Mark Paid' }).click();
        await expect.poll(() => row.getByTestId('payout-status').textContent(), SOON).toBe('Paid');
      }
      const share = admin.getByTestId('share-payout');
      await expect.poll(() => share.getByTestId('share-payout-amount').textContent()).toBe('$98.00');
      await share.getByRole('button', { name: 'Mark Paid Food Bank share' }).click();
      const shareDialog = admin.getByRole('dialog');
      await expect.poll(() => shareDialog.textContent()).toContain('Record that you paid Food Bank $98.00 outside the app.');
      await shareDialog.getByLabel('Reference (optional)').fill('Check 1042');
      await shareDialog.getByRole('button', { name: 'Mark Paid' }).click();
      await expect.poll(() => share.getByTestId('share-payout-status').textContent(), SOON).toBe('Paid');
      await expectNoSeriousViolations(admin, 'results and payouts, paid out');
      await shoot(admin, 'one-pool-paid-out-1280');

      // 8. The same story everywhere. The board (Alice's phone and a desktop, Tokyo's zone):
      for (const size of [PHONE, DESKTOP]) {
        const { page: board } = await harness.open(`/game/${id}`, { as: alice, ...size, timezoneId: READER_ZONE });
        await board.getByRole('grid').waitFor();
        // Waits for the whole story, not only the grid: the results panel may still be reading.
        for (const said of ['$980.00', '$98.00', '$490.00', '$294.00', 'Food Bank', 'rolls forward to Q3', clockIn(kickoff, ZONE)])
          await expect.poll(() => pageText(board), { message: `${size.width}: ${said}` }).toContain(said);
        expect(await pageText(board)).not.toContain('GMT+9');
        await expect.poll(() => board.getByRole('grid').getAttribute('aria-label')).toMatch(/rows [^,]*Eagles, columns [^,]*Chiefs/);
        await expect.poll(() => horizontalOverflow(board)).toBeLessThanOrEqual(0);
        await expectNoSeriousViolations(board, `the played-out board at ${size.width}`);
        await shoot(board, `one-pool-board-${size.width}`);
      }

      // The print: the same pot and shares.
      const { page: print } = await harness.open(`/game/${id}/print`, { as: organizer, ...DESKTOP, timezoneId: READER_ZONE });
      await print.getByTestId('print-sheet').waitFor();
      await expect.poll(() => print.getByTestId('print-facts').textContent()).toContain('Pot $980.00');
      const printText = await pageText(print);
      for (const said of ['$98.00', '$294.00', 'Food Bank']) expect(printText).toContain(said);
      expect(printText).not.toContain('GMT+9');

      // Alice's My Winnings and her "you won" mail: $98.00, paid.
      const { page: winnings } = await harness.open('/my-winnings', { as: alice, ...PHONE, timezoneId: READER_ZONE });
      await expect.poll(() => winnings.getByTestId('total-winnings-amount').textContent()).toBe('$98.00');
      const won = await mailTo(alice.email, `You won 1st Quarter in ${title}`);
      expect(won.subject).toBe(`You won 1st Quarter in ${title}: $98.00`);
      await shootMail(harness, won.html!, 'one-pool-won');
      expect((await mailTo(bob.email, `You won Final in ${title}`)).subject).toBe(`You won Final in ${title}: $294.00`);
      await mailTo(alice.email, `Your 1st Quarter winnings in ${title} were paid`);

      // The payouts CSV: every winner's amount, the roll-forward, the food bank's share last; the amounts add up to the pot.
      const payoutsCsv = await api<string>('GET', `/api/admin/games/${id}/export/payouts.csv`);
      const rows = csvRows(payoutsCsv);
      const header = rows[0]!;
      const column = (name: string) => {
        const index = header.indexOf(name);
        expect(index, name).toBeGreaterThanOrEqual(0);
        return (row: string[]) => row[index]!;
      };
      const [period, payout, status, winner, owes, net] = ['Quarter', 'Payout (USD)', 'Status', 'Winner', 'Owes (USD)', 'Net (USD)'].map(column) as [
        (row: string[]) => string,
        (row: string[]) => string,
        (row: string[]) => string,
        (row: string[]) => string,
        (row: string[]) => string,
        (row: string[]) => string,
      ];
      expect(rows.slice(1).map((row) => [period(row), winner(row), payout(row), status(row)])).toEqual([
        ['1st Quarter', alice.username, '98.00', 'Paid'],
        ['2nd Quarter', 'Not sold', '0.00', expect.any(String)],
        ['3rd Quarter', 'Uncle Bob (no account)', '490.00', 'Paid'],
        ['Final', bob.username, '294.00', 'Paid'],
        ['Food Bank share', 'Food Bank', '98.00', 'Paid'],
      ]);
      // Uncle Bob still owes for his two squares: the organizer sees the net, as on Results & Payouts.
      expect([owes(rows[3]!), net(rows[3]!)]).toEqual(['40.00', '450.00']);
      const paidOut = rows.slice(1).reduce((sum, row) => sum + Math.round(Number(payout(row)) * 100), 0);
      expect(paidOut).toBe(98_000);

      // The squares CSV: 49 squares sold, Uncle Bob's two unpaid.
      const squaresCsv = csvRows(await api<string>('GET', `/api/admin/games/${id}/export/squares.csv`));
      expect(squaresCsv.slice(1)).toHaveLength(49);
      expect(squaresCsv.filter((row) => row.join(',').includes('Uncle Bob') && row.includes('Unpaid'))).toHaveLength(2);

      // Payments and the game-day screen, in the game's zone.
      await admin.goto(`${server.url}/admin/game/${id}#payments`);
      await expect.poll(() => admin.getByTestId('payment-totals').textContent()).toContain('$980.00');
      await openAdminSection(admin, 'Activity');
      await expect.poll(async () => (await pageText(admin)).includes(' CST')).toBe(true);
      expect(await pageText(admin)).not.toContain('GMT+9');
      expect(await db.selectFrom('games').select('total_pot_cents').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ total_pot_cents: 98_000 });
      clock.reset();
    },
  );
});
