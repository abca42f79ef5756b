import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, type ActivityAction } from '@core/activity';
import type { CheckoutCreated } from '@core/api/checkout';
import type { GameDayView } from '@core/api/game-day';
import type { Game } from '@core/api/games';
import type { ActivityResponse } from '@core/api/organizer';
import type { Coordinate } from '@core/grid';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, payWith, sessionIdOf, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { inPlay, startFakeScoreFeed, type FakeScoreFeed } from '../../../tests/support/fake-score-feed';
import { send } from '../../../tests/support/request';

/**
 * D32: every kind of activity entry core/activity.ts lists is written by the real service it
 * belongs to, through HTTP, in the words an admin reads. A kind added to ACTIVITY_ACTIONS
 * without a case here fails the first test (and the type of EXPECTED).
 */
describe(`every activity entry kind is written, in its words (D32, ${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let feed: FakeScoreFeed;

  beforeAll(async () => {
    feed = await startFakeScoreFeed();
    t = await createTestApp({ env: { SCORE_FEED: 'espn', SCORE_FEED_URL: feed.url, SCORE_FEED_INTERVAL_SECONDS: '3600' } });
    [admin, alice, bob] = await Promise.all([testAccount(t, { admin: true }), testAccount(t, { prefix: 'alice' }), testAccount(t, { prefix: 'bob' })]);
  });
  afterAll(async () => {
    await t.close();
    await feed.close();
  });

  /** What each kind says in this test's story (the names known once the accounts exist). */
  const EXPECTED: Record<ActivityAction, () => string> = {
    bought: () => `${alice.username} bought 2 squares for $20.00: Row 1, column 1; Row 1, column 2`,
    released: () => `${admin.username} released 1 square of ${alice.username}: Row 1, column 1`,
    refunded: () => `$10.00 refunded to ${alice.username} through the card payment, for 1 square: Row 1, column 1`,
    drawn: () => `${admin.username} drew the numbers`,
    cleared: () => `${admin.username} cleared the numbers`,
    confirmed: () => `${admin.username} confirmed the 1st Quarter: ${alice.username} wins $2.50 with Row 1, column 2`,
    reserved: () => `${bob.username} reserved 1 square for $10.00, to pay the organizer: Row 5, column 5`,
    assigned: () => `${admin.username} put Aunt May (no account) on 1 square: Row 6, column 6`,
    marked_paid: () => `${admin.username} marked 1 square of ${bob.username} paid: Row 5, column 5`,
    marked_unpaid: () => `${admin.username} marked 1 square of ${bob.username} unpaid: Row 5, column 5`,
    moved: () => `${admin.username} moved ${bob.username}'s square from Row 5, column 5 to Row 5, column 6`,
    sales_closed: () => 'Kickoff: sales closed',
    announced: () => `${admin.username} posted an announcement, mailed to 1 player: "Kickoff moved to 7 pm"`,
    announcement_deleted: () => `${admin.username} deleted an announcement: "Kickoff moved to 7 pm"`,
    score_entered: () => 'The live score feed entered the 1st Quarter score: 3-7',
    share_paid: () => `${admin.username} marked the Food Bank share paid: $1.00 (Check 1021)`,
  };

  it("covers exactly core's list of kinds", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ACTIVITY_ACTIONS].sort());
  });

  const ok = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin.cookie): Promise<T> => {
    const res = await send(t.app, method, url, { cookie, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as T;
  };
  async function newGame(values: Record<string, unknown>): Promise<Game> {
    const title = `Activity ${Math.random().toString(36).slice(2, 7)}`;
    return (await ok<{ game: Game }>('POST', '/api/admin/games', { title, team_a: 'Lions', team_b: 'Bears', price_per_square: 10, ...values })).game;
  }
  async function buy(buyer: TestAccount, game: Game, squares: Coordinate[]): Promise<CheckoutCreated> {
    const res = await startCheckout(t.app, buyer, [cartOf(game.id, squares, 10, game.title)]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CheckoutCreated;
  }
  const log = async (gameId: string) => (await ok<ActivityResponse>('GET', `/api/games/${gameId}/activity`)).entries.toReversed();

  it('writes each kind from the service that does it, in the words an admin reads', async () => {
    // A card game: bought, released with its refund, drawn, cleared, drawn again, a quarter confirmed.
    const card = await newGame({});
    const checkout = await buy(alice, card, [
      { x: 0, y: 0 },
      { x: 0, y: 1 },
    ]);
    const paid = await payWith(t.app, alice, await sessionIdOf(t.db.handle, checkout.checkout_id as string));
    expect(paid.statusCode, paid.body).toBe(200);
    await ok('POST', `/api/admin/games/${card.id}/squares/release`, { squares: [{ x: 0, y: 0 }], include_paid: true });
    await ok('POST', `/api/admin/games/${card.id}/numbers/randomize`, { confirm_not_full: true });
    await ok('DELETE', `/api/admin/games/${card.id}/numbers`);
    const drawn = await ok<GameDayView>('POST', `/api/admin/games/${card.id}/numbers/randomize`, { confirm_not_full: true });
    const numbers = drawn.numbers!;
    await ok('PUT', `/api/admin/games/${card.id}/periods/1`, { team_a_score: numbers.x_axis_numbers[0], team_b_score: numbers.y_axis_numbers[1] });

    // An organizer-collects game: reserved, assigned to a named person, marked paid and unpaid, moved.
    const cash = await newGame({ payment_method: 'organizer', payment_instructions: 'Cash to Coach K' });
    await buy(bob, cash, [{ x: 4, y: 4 }]);
    await ok('POST', `/api/admin/games/${cash.id}/squares/assign`, { squares: [{ x: 5, y: 5 }], to: { name: 'Aunt May' } });
    await ok('POST', `/api/admin/games/${cash.id}/squares/mark-paid`, { squares: [{ x: 4, y: 4 }] });
    await ok('POST', `/api/admin/games/${cash.id}/squares/mark-unpaid`, { squares: [{ x: 4, y: 4 }] });
    await ok('POST', `/api/admin/games/${cash.id}/squares/move`, { from: { x: 4, y: 4 }, to: { x: 4, y: 5 } });

    // D39: a game whose kickoff passes (the kickoff run, as the app).
    const kickoff = await newGame({ kickoff_at: new Date(Date.now() + 3_600_000).toISOString(), time_zone: 'America/Chicago' });
    expect(await t.app.kickoffs.closeDue(new Date(Date.now() + 2 * 3_600_000))).toBeGreaterThanOrEqual(1);

    // D40: an announcement mailed to the card game's one player, then deleted.
    const posted = await ok<{ announcement: { id: string } }>('POST', `/api/admin/games/${card.id}/announcements`, {
      body: 'Kickoff moved to 7 pm',
      mail: true,
    });
    await ok('DELETE', `/api/admin/games/${card.id}/announcements/${posted.announcement.id}`);

    // D39: a game linked to the live score feed, whose first quarter ends (the feed, as the app).
    const followed = await newGame({});
    feed.addGame({
      id: '401000001',
      sport: 'football',
      league: 'nfl',
      day: '20260208',
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      home: { name: 'Philadelphia Eagles', abbreviation: 'PHI' },
      away: { name: 'Kansas City Chiefs', abbreviation: 'KC' },
    });
    feed.set('401000001', inPlay(2, '12:00', [7, 0], [3, 0]));
    await ok('PUT', `/api/admin/games/${followed.id}/score-feed`, { league: 'nfl', date: '2026-02-08', event_id: '401000001', auto_confirm: false });
    await t.app.scoreFeedPoller!.runSoon();

    // D34: a game with a charity share, paid out once the pot is final.
    const charity = await newGame({ payout_schedule: 'custom', payout_shares: [20, 20, 20, 30], organizer_percent: 10, organizer_label: 'Food Bank' });
    await ok('POST', `/api/admin/games/${charity.id}/squares/assign`, { squares: [{ x: 2, y: 2 }], to: { name: 'Uncle Bo' }, paid: true, paid_cents: 1000 });
    await ok('POST', `/api/admin/games/${charity.id}/numbers/randomize`, { confirm_not_full: true });
    await ok('POST', `/api/admin/games/${charity.id}/share/mark-paid`, { reference: 'Check 1021' });

    const charityLog = (await log(charity.id)).filter((entry) => entry.action === 'share_paid');
    const entries = [...(await log(card.id)), ...(await log(cash.id)), ...(await log(kickoff.id)), ...(await log(followed.id)), ...charityLog];
    expect(entries.map((entry) => [entry.action, entry.message])).toEqual(
      (
        [
          'bought',
          'released',
          'refunded',
          'drawn',
          'cleared',
          'drawn',
          'confirmed',
          'announced',
          'announcement_deleted',
          'reserved',
          'assigned',
          'marked_paid',
          'marked_unpaid',
          'moved',
          'sales_closed',
          'score_entered',
          'share_paid',
        ] as const
      ).map((action) => [action, EXPECTED[action]()]),
    );
    expect(new Set(entries.map((entry) => entry.action))).toEqual(new Set(ACTIVITY_ACTIONS));
  });
});
