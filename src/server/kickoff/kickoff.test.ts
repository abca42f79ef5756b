import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardResponse } from '@core/api/board';
import type { Game } from '@core/api/games';
import { checkItem, noLongerSells } from '@core/cart-check';
import { KICKOFF_ERRORS } from '@core/messages';
import { SALES_CLOSED_MESSAGES, salesClosedMessage, salesOpen } from '@core/sales';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { movableClock } from '../../../tests/support/clock';
import { cartOf, checkoutRow, squareRows, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { startInstance } from '../../../tests/support/instances';
import { send } from '../../../tests/support/request';

const HOUR = 3_600_000;
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

/** D39 kickoff (docs/decisions/035): the form's rules, and the run that closes sales (and draws) at kickoff. */
describe(`kickoff (D39, ${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let alice: TestAccount;

  const clock = movableClock();
  beforeAll(async () => {
    t = await createTestApp({ deps: { clock: clock.now } });
    [admin, alice] = await Promise.all([testAccount(t, { admin: true }), testAccount(t, { prefix: 'alice' })]);
  });
  afterAll(() => t.close());

  const db = () => t.db.handle.db;
  const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) => send(t.app, method, url, { cookie: admin.cookie, payload });

  async function kickoffGame(values: Record<string, unknown> = {}): Promise<Game> {
    const res = await asAdmin('POST', '/api/admin/games', {
      title: `Kickoff ${Math.random().toString(36).slice(2, 7)}`,
      team_a: 'Eagles',
      team_b: 'Chiefs',
      price_per_square: 10,
      kickoff_at: ahead(HOUR),
      time_zone: 'America/New_York',
      ...values,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { game: Game }).game;
  }

  const activity = (gameId: string) =>
    db().selectFrom('game_activity').select(['action', 'actor_user_id', 'detail']).where('game_id', '=', gameId).orderBy('created_at').orderBy('seq').execute();
  const draws = (gameId: string) => db().selectFrom('grid_draws').select(['action', 'admin_user_id', 'method']).where('game_id', '=', gameId).execute();
  const row = (gameId: string) => db().selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirstOrThrow();

  describe('the forms', () => {
    it('stores kickoff, zone and the draw choice; refuses a kickoff in the past and an unknown zone', async () => {
      const kickoff = ahead(2 * HOUR);
      const game = await kickoffGame({ kickoff_at: kickoff, draw_at_kickoff: true });
      expect(game).toMatchObject({ kickoff_at: kickoff, time_zone: 'America/New_York', draw_at_kickoff: true, sales_closed_at: null });

      const past = await asAdmin('POST', '/api/admin/games', {
        title: 'Too Late Bowl',
        team_a: 'A',
        team_b: 'B',
        price_per_square: 5,
        kickoff_at: ahead(-60_000),
        time_zone: 'UTC',
      });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toMatchObject({ error: { message: KICKOFF_ERRORS.past } });

      for (const zone of ['Mars/Olympus', 'EST5EDT; drop table games', '']) {
        const res = await asAdmin('POST', '/api/admin/games', {
          title: 'Zone Bowl',
          team_a: 'A',
          team_b: 'B',
          price_per_square: 5,
          kickoff_at: ahead(HOUR),
          time_zone: zone,
        });
        expect(res.statusCode, zone).toBe(400);
        expect(res.body, zone).toContain(zone === '' ? KICKOFF_ERRORS.timeZoneRequired : KICKOFF_ERRORS.timeZoneInvalid);
      }
      const noKickoff = await asAdmin('POST', '/api/admin/games', { title: 'Draw Bowl', team_a: 'A', team_b: 'B', price_per_square: 5, draw_at_kickoff: true });
      expect(noKickoff.statusCode).toBe(400);
      expect(noKickoff.body).toContain(KICKOFF_ERRORS.drawNeedsKickoff);
    });

    it('lets the kickoff move (not into the past) while sales are open, squares sold or not; fixed once sales closed at kickoff', async () => {
      const game = await kickoffGame();
      await startCheckout(t.app, alice, [cartOf(game.id, [{ x: 0, y: 0 }], 10, game.title)]);
      const later = ahead(3 * HOUR);
      const moved = await asAdmin('PATCH', `/api/admin/games/${game.id}`, { kickoff_at: later, time_zone: 'America/Los_Angeles', draw_at_kickoff: true });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((moved.json() as { game: Game }).game).toMatchObject({ kickoff_at: later, time_zone: 'America/Los_Angeles', draw_at_kickoff: true });
      // Removing the kickoff drops the draw at kickoff; setting it again keeps it off.
      const removed = await asAdmin('PATCH', `/api/admin/games/${game.id}`, { kickoff_at: null });
      expect((removed.json() as { game: Game }).game).toMatchObject({ kickoff_at: null, draw_at_kickoff: false });
      expect((await asAdmin('PATCH', `/api/admin/games/${game.id}`, { kickoff_at: later })).statusCode).toBe(200);
      const past = await asAdmin('PATCH', `/api/admin/games/${game.id}`, { kickoff_at: ahead(-HOUR) });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toMatchObject({ error: { message: KICKOFF_ERRORS.past } });
      const badZone = await asAdmin('PATCH', `/api/admin/games/${game.id}`, { time_zone: 'Nowhere/Land' });
      expect(badZone.statusCode).toBe(400);

      expect(await t.app.kickoffs.closeDue(new Date(Date.now() + 4 * HOUR))).toBeGreaterThanOrEqual(1);
      const locked = await asAdmin('PATCH', `/api/admin/games/${game.id}`, { kickoff_at: ahead(5 * HOUR) });
      expect(locked.statusCode).toBe(409);
      expect(locked.json()).toMatchObject({ error: { code: 'KICKOFF_LOCKED', message: KICKOFF_ERRORS.locked } });
      // The zone (how times are shown) and the title may still change.
      expect((await asAdmin('PATCH', `/api/admin/games/${game.id}`, { time_zone: 'Europe/Berlin', title: 'Renamed Bowl' })).statusCode).toBe(200);
    });
  });

  describe('the kickoff run', () => {
    it('closes sales at kickoff: holds released, open checkouts ended, new sales refused, logged as the app', async () => {
      const game = await kickoffGame();
      const started = await startCheckout(t.app, alice, [cartOf(game.id, [{ x: 1, y: 1 }], 10, game.title)]);
      expect(started.statusCode, started.body).toBe(201);
      const checkoutId = (started.json() as { checkout_id: string }).checkout_id;
      expect(await squareRows(t.db.handle, game.id)).toHaveLength(1);

      // Before kickoff nothing happens.
      expect(await t.app.kickoffs.closeDue(new Date())).toBe(0);
      const kickoffPassed = new Date(Date.parse(game.kickoff_at!) + 1000);
      expect(await t.app.kickoffs.closeDue(kickoffPassed)).toBeGreaterThanOrEqual(1);

      expect((await row(game.id)).sales_closed_at).toBe(kickoffPassed.toISOString());
      expect((await checkoutRow(t.db.handle, checkoutId))?.status).not.toBe('open');
      expect(await squareRows(t.db.handle, game.id)).toEqual([]);
      expect((await row(game.id)).grid_shuffled).toBe(false);
      expect(await activity(game.id)).toEqual([{ action: 'sales_closed', actor_user_id: null, detail: JSON.stringify({ kickoff: true }) }]);

      const refused = await startCheckout(t.app, alice, [cartOf(game.id, [{ x: 2, y: 2 }], 10, game.title)]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error: { code: 'GAME_CLOSED', message: `Sales for "${game.title}" closed at kickoff. Remove it from your cart and try again.` },
      });
      const board = await send(t.app, 'GET', `/api/games/${game.id}`);
      expect((board.json() as { game: Game }).game.sales_closed_at).toBe(kickoffPassed.toISOString());
      const log = await asAdmin('GET', `/api/games/${game.id}/activity`);
      expect(log.body).toContain('Kickoff: sales closed');
      // Runs again: nothing more.
      expect(await t.app.kickoffs.closeDue(new Date(kickoffPassed.getTime() + HOUR))).toBe(0);
    });

    it('refuses sales from the kickoff on even before the run has run', async () => {
      const kickoff = ahead(HOUR);
      const game = await kickoffGame({ kickoff_at: kickoff });
      // The app's clock passes the kickoff; the run that closes sales has not run.
      clock.moveTo(kickoff, 1);
      try {
        const refused = await startCheckout(t.app, alice, [cartOf(game.id, [{ x: 2, y: 2 }], 10, game.title)]);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ error: { code: 'GAME_CLOSED' } });
      } finally {
        clock.reset();
      }
    });

    it('counts a kickoff passed a second ago before its run: the board, random pick, the cart and checkout all say closed at kickoff', async () => {
      const game = await kickoffGame();
      // The run has not come yet: the kickoff is in the past, sales_closed_at still empty.
      await db()
        .updateTable('games')
        .set({ kickoff_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', game.id)
        .execute();
      const answer = (await send(t.app, 'GET', `/api/games/${game.id}/board`, { cookie: alice.cookie })).json() as BoardResponse;
      expect(answer.game.sales_closed_at).toBeNull();
      const now = new Date();
      expect(salesOpen(answer.game, now)).toBe(false);
      expect(salesClosedMessage(answer.game, answer.digit_sets, now)).toBe(SALES_CLOSED_MESSAGES.kickoff);
      const cartAnswer = { board: answer, missing: false, checking: false };
      expect(noLongerSells(cartAnswer, now)).toBe(SALES_CLOSED_MESSAGES.kickoff);
      expect(checkItem(cartOf(game.id, [{ x: 2, y: 2 }], 10, game.title), cartAnswer, now).gameProblem).toBe(SALES_CLOSED_MESSAGES.kickoff);

      const picked = await send(t.app, 'POST', `/api/games/${game.id}/squares/random`, { cookie: alice.cookie, payload: { count: 1, exclude: [] } });
      expect(picked.statusCode).toBe(409);
      expect(picked.json()).toMatchObject({ error: { code: 'GAME_CLOSED', message: SALES_CLOSED_MESSAGES.kickoff } });

      const refused = await startCheckout(t.app, alice, [cartOf(game.id, [{ x: 2, y: 2 }], 10, game.title)]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error: { code: 'GAME_CLOSED', message: `Sales for "${game.title}" closed at kickoff. Remove it from your cart and try again.` },
      });
    });

    it("draws and shows the numbers at kickoff when chosen (commit-reveal), on a grid not full, by Randomize's path", async () => {
      const game = await kickoffGame({ draw_at_kickoff: true });
      const started = await startCheckout(t.app, alice, [cartOf(game.id, [{ x: 3, y: 3 }], 10, game.title)]);
      expect(started.statusCode).toBe(201);
      expect(await t.app.kickoffs.closeDue(new Date(Date.parse(game.kickoff_at!) + 1000))).toBeGreaterThanOrEqual(1);

      const stored = await row(game.id);
      expect(stored.grid_shuffled).toBe(true);
      // Nobody is there to press Reveal: the kickoff draw shows the numbers in its transaction.
      expect(stored.numbers_revealed).toBe(true);
      expect(stored.sales_closed_at).not.toBeNull();
      expect(await draws(game.id)).toEqual([{ action: 'drawn', admin_user_id: null, method: 'commit-reveal' }]);
      expect((await activity(game.id)).map((entry) => [entry.action, entry.actor_user_id])).toEqual([
        ['sales_closed', null],
        ['drawn', null],
      ]);
      expect(await squareRows(t.db.handle, game.id)).toEqual([]);
      const board = (await send(t.app, 'GET', `/api/games/${game.id}`)).json() as { game: Game };
      expect(board.game).toMatchObject({ grid_shuffled: true, numbers_revealed: true });
      // A player (and a visitor) sees the digits on the axes.
      for (const cookie of [alice.cookie, undefined]) {
        const seen = (await send(t.app, 'GET', `/api/games/${game.id}/board`, { cookie })).json() as BoardResponse;
        expect(seen.numbers?.x_axis_numbers).toHaveLength(10);
        expect([...seen.numbers!.y_axis_numbers].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      }
      const log = await asAdmin('GET', `/api/games/${game.id}/activity`);
      expect(log.body).toContain('Kickoff: the app drew and showed the numbers');

      // The admin can still hide them afterwards; the board then shows no digits to players.
      expect((await asAdmin('PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: false })).statusCode).toBe(200);
      expect((await row(game.id)).numbers_revealed).toBe(false);
      expect(((await send(t.app, 'GET', `/api/games/${game.id}/board`, { cookie: alice.cookie })).json() as BoardResponse).numbers).toBeNull();
    });

    it('leaves numbers the organizer drew before kickoff alone', async () => {
      const game = await kickoffGame({ draw_at_kickoff: true });
      const drawn = await asAdmin('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true });
      expect(drawn.statusCode, drawn.body).toBe(200);
      expect(await t.app.kickoffs.closeDue(new Date(Date.parse(game.kickoff_at!) + 1000))).toBeGreaterThanOrEqual(1);
      expect((await row(game.id)).sales_closed_at).not.toBeNull();
      expect(await draws(game.id)).toHaveLength(1);
      expect((await activity(game.id)).map((entry) => entry.action)).toEqual(['drawn']);
    });

    it('runs once with two app instances, and catches up at start after a kickoff passed while down', async () => {
      const games = await Promise.all([kickoffGame({ draw_at_kickoff: true }), kickoffGame({ draw_at_kickoff: true })]);
      const [one, two] = await Promise.all([startInstance(t.db), startInstance(t.db)]);
      try {
        const now = new Date(Date.now() + 2 * HOUR);
        const instances = [one.app, two.app, t.app];
        // PostgreSQL: the three runs at once, as three processes would. SQLite: one after another,
        // as its file lock makes them; at once inside this one process, a run waiting for the lock
        // would block the event loop the holder needs for its busy timeout (5 s), then retry.
        const runs =
          testDbKind === 'postgres'
            ? await Promise.all(instances.map((app) => app.kickoffs.closeDue(now)))
            : await instances.reduce<Promise<number[]>>(async (done, app) => [...(await done), await app.kickoffs.closeDue(now)], Promise.resolve([]));
        expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
        for (const game of games) {
          expect(await draws(game.id)).toHaveLength(1);
          expect((await activity(game.id)).map((entry) => entry.action)).toEqual(['sales_closed', 'drawn']);
        }
      } finally {
        await Promise.all([one.close(), two.close()]);
      }

      // A kickoff that passed while no instance ran: the next one to start closes it at once.
      const missed = await kickoffGame({ draw_at_kickoff: true });
      await db()
        .updateTable('games')
        .set({ kickoff_at: ahead(-HOUR) })
        .where('id', '=', missed.id)
        .execute();
      const restarted = await startInstance(t.db, { logLines: true });
      try {
        // Its run at start: the log line is this instance's.
        await expect
          .poll(() => restarted.lines.some((line) => line.includes(missed.id) && line.includes('kickoff: sales closed')), { timeout: 5000 })
          .toBe(true);
        expect((await row(missed.id)).sales_closed_at).not.toBeNull();
        expect((await row(missed.id)).grid_shuffled).toBe(true);
        expect(await draws(missed.id)).toHaveLength(1);
      } finally {
        await restarted.close();
      }
    });
  });
});
