import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BoardResponse } from '@core/api/board';
import type { DrawRecord, DrawVerification } from '@core/api/draws';
import type { GameDayView } from '@core/api/game-day';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { movableClock, type MovableClock } from '../../../tests/support/clock';
import { createTestDatabase, testDbKind, type TestDatabase } from '../../../tests/support/db';
import { fakeNodeBeacon, startFakeDrand, type FakeDrand } from '../../../tests/support/fake-drand';
import { insertUser } from '../../../tests/support/fixtures';
import { sellSquares } from '../../../tests/support/game-day';
import { ok, send } from '../../../tests/support/request';
import { type TestAccount, testAccount } from '../../../tests/support/accounts';
import { SALES_CLOSED_MESSAGES } from '@core/sales';
import { cartOf, startCheckout } from '../../../tests/support/checkout';
import { CHECKOUT_TEXTS } from '../checkout/checkout.messages';
import { GAME_DAY_TEXTS } from '../game-day/game-day.messages';
import { CompiledQuery, sql } from 'kysely';
import { dueSetsQuery } from './draws.repository';
import { TICKET_LEAD_SECONDS } from './digit-sets';
import { verifyDrawCommand } from './verify-draw';

/** Polls `check` until it holds (a background job's work), or fails after `ms`. */
async function eventually<T>(check: () => Promise<T | undefined | null | false>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe(`beacon draws (D38, design note 030) (${testDbKind})`, () => {
  let node: FakeDrand;
  /** The instances' clock: a test that needs a later round moves it on instead of waiting for one. */
  let clock: MovableClock;
  let db: TestDatabase;
  let dir: string;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = await mkdtemp(join(tmpdir(), 'beacon-draws-'));
  });
  beforeEach(async () => {
    // A node (a chain) per test: rounds are out only when the test releases them; one round a second.
    node = await startFakeDrand({ periodSeconds: 1, released: 0 });
    clock = movableClock();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await node.close();
  });
  afterAll(async () => {
    await db.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  /** An instance of the app on the shared database, drawing from the fake node. */
  async function instance(env: Record<string, string> = { DRAW_BEACON: 'on' }, beaconNode: Pick<FakeDrand, 'url' | 'chain'> = node): Promise<TestApp> {
    const t = await createTestApp({ database: db, env, deps: { beacon: fakeNodeBeacon(beaconNode, { now: clock.now }), clock: clock.now } });
    apps.push(t);
    return t;
  }

  const rows = () => db.handle.db;
  const url = (gameId: string, path = '') => `/api/games/${gameId}${path}`;
  const adminUrl = (gameId: string, path = '') => `/api/admin/games/${gameId}${path}`;

  async function newGame(t: TestApp, admin: TestAccount, numberSets: 'game' | 'period' = 'game'): Promise<string> {
    const res = await send(t.app, 'POST', '/api/admin/games', {
      cookie: admin.cookie,
      payload: {
        title: 'Beacon Bowl',
        team_a: 'Eagles',
        team_b: 'Chiefs',
        price_per_square: 10,
        game_type: 'nfl',
        payout_schedule: 'even',
        number_sets: numberSets,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const gameId = (res.json() as { game: { id: string } }).game.id;
    const owners = [(await insertUser(db.handle)).id, (await insertUser(db.handle)).id, (await insertUser(db.handle)).id];
    await sellSquares(db.handle, gameId, (x, y) => owners[(x + 2 * y) % owners.length]!);
    return gameId;
  }

  const setRow = (gameId: string, set = 1) =>
    rows().selectFrom('digit_sets').selectAll().where('game_id', '=', gameId).where('set_number', '=', set).executeTakeFirstOrThrow();
  const drawnLog = (gameId: string) => rows().selectFrom('grid_draws').selectAll().where('game_id', '=', gameId).where('action', '=', 'drawn').execute();
  const drawn = (gameId: string, set = 1) => eventually(async () => ((await setRow(gameId, set)).drawn_at ? setRow(gameId, set) : undefined));

  /** Creates a beacon game, draws it (Randomize): the ticket, with no digits. */
  async function ticketed(
    t: TestApp,
    admin: TestAccount,
    numberSets: 'game' | 'period' = 'game',
  ): Promise<{ gameId: string; round: number; view: GameDayView }> {
    const gameId = await newGame(t, admin, numberSets);
    expect((await rows().selectFrom('games').select('draw_method').where('id', '=', gameId).executeTakeFirstOrThrow()).draw_method).toBe('beacon');
    const before = Date.now();
    const view = await ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), admin.cookie, {});
    const round = view.digit_sets[0]!.round!;
    // The first round due at least 10 s after the ticket was written (the node's clock is the real one).
    const due = (n: number) => (node.chain.genesisTime + (n - 1) * node.chain.periodSeconds) * 1000;
    expect(due(round)).toBeGreaterThanOrEqual(before + TICKET_LEAD_SECONDS * 1000 - 1000);
    expect(due(round - 1)).toBeLessThan(Date.now() + TICKET_LEAD_SECONDS * 1000);
    return { gameId, round, view };
  }

  it('writes the ticket before its round exists; the digits appear once the round is out, and verify', async () => {
    const t = await instance();
    const admin = await testAccount(t, { prefix: 'admin', admin: true });
    const { gameId, round, view } = await ticketed(t, admin);
    expect(view.digit_sets[0]).toMatchObject({ set: 1, method: 'beacon', chain_hash: node.chain.chainHash, round, x_axis_numbers: null, drawn_at: null });
    expect(view.numbers).toBeNull();
    const board = await ok<BoardResponse>(t.app, 'GET', url(gameId, '/board'), undefined);
    expect(board.draw_commit_hash).toBeNull();
    expect(board.game.grid_shuffled).toBe(true);

    // The job asks for the round (it is "due" by the test's clock) and gets nothing: it waits.
    await node.whenAsked(round, 2);
    expect((await setRow(gameId)).x_axis_numbers).toBeNull();
    expect(await drawnLog(gameId)).toEqual([]);
    // Until set 1 is drawn, scores are refused with the round it waits for.
    const refused = await send(t.app, 'PUT', adminUrl(gameId, '/periods/1'), { cookie: admin.cookie, payload: { team_a_score: 7, team_b_score: 3 } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: expect.objectContaining({ code: 'NO_NUMBERS', message: GAME_DAY_TEXTS.drawWaiting(round) }) });
    // Sales are closed, and every refusal says the numbers are being drawn, not that they have been.
    const buyer = await testAccount(t, { prefix: 'buyer' });
    const pick = await send(t.app, 'POST', url(gameId, '/squares/random'), { cookie: buyer.cookie, payload: { count: 1 } });
    expect(pick.statusCode).toBe(409);
    expect(pick.json().error).toEqual({ code: 'GAME_CLOSED', message: SALES_CLOSED_MESSAGES.drawing });
    const checkout = await startCheckout(t.app, buyer, [cartOf(gameId, [{ x: 0, y: 0 }], 10, 'Beacon Bowl')]);
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().error).toEqual({ code: 'GAME_CLOSED', message: CHECKOUT_TEXTS.salesClosedDrawing('Beacon Bowl') });

    node.release(round);
    const set = await drawn(gameId);
    // Drawn: the refusals say so.
    const pickAfter = await send(t.app, 'POST', url(gameId, '/squares/random'), { cookie: buyer.cookie, payload: { count: 1 } });
    expect(pickAfter.json().error).toEqual({ code: 'GAME_CLOSED', message: SALES_CLOSED_MESSAGES.drawn });
    const checkoutAfter = await startCheckout(t.app, buyer, [cartOf(gameId, [{ x: 0, y: 0 }], 10, 'Beacon Bowl')]);
    expect(checkoutAfter.json().error).toEqual({ code: 'GAME_CLOSED', message: CHECKOUT_TEXTS.salesClosed('Beacon Bowl') });
    expect(set).toMatchObject({
      method: 'beacon',
      round,
      beacon_signature: node.signed(round).signature,
      beacon_randomness: node.signed(round).randomness,
      lease_owner: null,
    });
    const log = await drawnLog(gameId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ method: 'beacon', round, x_axis_numbers: set.x_axis_numbers, beacon_signature: set.beacon_signature });
    const mirror = await rows().selectFrom('game_grid_numbers').selectAll().where('game_id', '=', gameId).executeTakeFirstOrThrow();
    expect(mirror.x_axis_numbers).toBe(set.x_axis_numbers);

    // Scores are taken now; the verify page and npm run verify-draw check the beacon set.
    await ok(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: true });
    const verification = await ok<DrawVerification>(t.app, 'GET', url(gameId, '/draw-verification'), undefined);
    expect(verification.sets).toEqual([{ set: 1, status: 'verified', problems: [] }]);
    const record = await ok<DrawRecord>(t.app, 'GET', url(gameId, '/draw-record'), undefined);
    const file = join(dir, 'record.json');
    await writeFile(file, JSON.stringify(record));
    expect(await verifyDrawCommand(file, fetch, node.chain)).toEqual({ ok: true, lines: [`Game ${gameId}: 1 set(s)`, 'Set 1: verified'] });

    // A tampered record is refused: a forged signature, a changed board, a changed round, swapped digits.
    const [published] = record.sets;
    const forger = await startFakeDrand({ periodSeconds: 1 });
    try {
      const forged = forger.signed(round);
      const tampered: DrawRecord[] = [
        { ...record, sets: [{ ...published!, beacon_signature: forged.signature, beacon_randomness: forged.randomness }] },
        { ...record, board: { ...record.board, owners: record.board.owners.map((owner, i) => (i === 0 ? null : owner)) } },
        { ...record, sets: [{ ...published!, round: round + 1 }] },
        { ...record, sets: [{ ...published!, x_axis_numbers: published!.y_axis_numbers, y_axis_numbers: published!.x_axis_numbers }] },
      ];
      for (const [i, value] of tampered.entries()) {
        const path = join(dir, `tampered-${i}.json`);
        await writeFile(path, JSON.stringify(value));
        const result = await verifyDrawCommand(path, fetch, node.chain);
        expect(result.ok, JSON.stringify(result.lines)).toBe(false);
        expect(result.lines[1]).toBe('Set 1: DOES NOT MATCH');
      }
    } finally {
      await forger.close();
    }
    const scored = await send(t.app, 'PUT', adminUrl(gameId, '/periods/1'), { cookie: admin.cookie, payload: { team_a_score: 7, team_b_score: 3 } });
    expect(scored.statusCode, scored.body).toBe(200);
  });

  it('a late round: the draw waits, never takes another round, and completes when its round appears', async () => {
    const t = await instance();
    const admin = await testAccount(t, { prefix: 'admin', admin: true });
    const { gameId, round } = await ticketed(t, admin);
    // The round is late: asked again and again, nothing drawn.
    await node.whenAsked(round, 5);
    expect((await setRow(gameId)).x_axis_numbers).toBeNull();
    expect(await drawnLog(gameId)).toEqual([]);
    // Later rounds are out and the relay answers with one of them: refused, still nothing drawn.
    node.answerWith(round, round + 5);
    node.release(round + 5);
    const refused = await eventually(async () => ((await setRow(gameId)).last_error?.includes(`answered round ${round + 5}`) ? setRow(gameId) : undefined));
    expect(refused.x_axis_numbers).toBeNull();
    expect(await drawnLog(gameId)).toEqual([]);
    expect(refused.last_error_at).not.toBeNull();
    // The ticket's own round appears: drawn, the error and its time cleared.
    node.answerWith(round, round);
    const set = await drawn(gameId);
    expect(set.beacon_signature).toBe(node.signed(round).signature);
    expect(set).toMatchObject({ last_error: null, last_error_at: null });
    expect(await drawnLog(gameId)).toHaveLength(1);
    const view = await ok<GameDayView>(t.app, 'GET', adminUrl(gameId, '/game-day'), admin.cookie);
    expect(view.digit_sets[0]).toMatchObject({ last_error: null, last_error_at: null });
  });

  it('the admin draws the next set early: a beacon ticket by the same path, logged; the confirmation then draws nothing again', async () => {
    const t = await instance();
    const admin = await testAccount(t, { prefix: 'admin', admin: true });
    const { gameId, round } = await ticketed(t, admin, 'period');
    const early = (set: number) => send(t.app, 'POST', `/api/admin/games/${gameId}/number-sets/${set}/draw`, { cookie: admin.cookie });
    // Set 1 still waits: refused with the round it waits for.
    const waiting = await early(2);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error).toEqual({ code: 'SET_NOT_NEXT', message: GAME_DAY_TEXTS.setWaiting(1, round) });
    node.release(round);
    await drawn(gameId);
    clock.advance(1100);
    expect((await early(3)).json().error).toEqual({ code: 'SET_NOT_NEXT', message: GAME_DAY_TEXTS.setNotNext(3, 2) });

    const res = await early(2);
    expect(res.statusCode, res.body).toBe(200);
    const second = (res.json() as GameDayView).digit_sets[1]!;
    expect(second).toMatchObject({ set: 2, method: 'beacon', chain_hash: node.chain.chainHash, x_axis_numbers: null, drawn_at: null, last_error: null });
    expect(second.round!).toBeGreaterThan(round);
    expect((await setRow(gameId, 2)).ticketed_by).toBe(admin.id);
    const activity = await rows().selectFrom('game_activity').select('detail').where('game_id', '=', gameId).where('action', '=', 'drawn').execute();
    expect(activity.map((entry) => entry.detail)).toContain(JSON.stringify({ set: 2 }));
    // Asked again, or set 3 while set 2 waits: refused.
    expect((await early(2)).json().error).toEqual({ code: 'SET_NOT_NEXT', message: GAME_DAY_TEXTS.setWaiting(2, second.round) });
    expect((await early(3)).json().error).toEqual({ code: 'SET_NOT_NEXT', message: GAME_DAY_TEXTS.setWaiting(2, second.round) });
    // Q1's confirmation leaves the ticket as it is.
    const q1 = await send(t.app, 'PUT', adminUrl(gameId, '/periods/1'), { cookie: admin.cookie, payload: { team_a_score: 7, team_b_score: 3 } });
    expect(q1.statusCode, q1.body).toBe(200);
    expect((await setRow(gameId, 2)).round).toBe(second.round);
    node.release(second.round!);
    const set2 = await drawn(gameId, 2);
    expect(set2.beacon_signature).toBe(node.signed(second.round!).signature);
    expect((await drawnLog(gameId)).map((entry) => entry.set_number).sort()).toEqual([1, 2]);
    expect((await early(2)).json().error).toEqual({ code: 'SET_NOT_NEXT', message: GAME_DAY_TEXTS.setAlreadyDrawn(2) });
  });

  it('a pass reads only the partial index of waiting beacon sets (migration 019), empty while nothing waits', async () => {
    await instance();
    const compiled = dueSetsQuery(rows(), node.chain.chainHash, 1_000_000, new Date()).compile();
    const plan = await rows()
      .transaction()
      .execute(async (trx) => {
        if (db.handle.kind === 'sqlite') return trx.executeQuery(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
        // The test tables are tiny: the planner would scan them whatever the indexes.
        await sql`set local enable_seqscan = off`.execute(trx);
        return trx.executeQuery(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
      });
    expect(JSON.stringify(plan.rows)).toContain('digit_sets_waiting');
  });

  it('a forged round is refused and never used: the set waits with the reason', async () => {
    const t = await instance();
    const admin = await testAccount(t, { prefix: 'admin', admin: true });
    const { gameId, round } = await ticketed(t, admin);
    node.forge(round);
    node.release(round);
    await node.whenAsked(round, 2);
    const row = await eventually(async () => ((await setRow(gameId)).last_error ? setRow(gameId) : undefined));
    expect(row.last_error).toMatch(/does not verify/);
    expect(row.x_axis_numbers).toBeNull();
    expect(await drawnLog(gameId)).toEqual([]);
    // The admin's game day shows the last failed attempt and when; the public board does not.
    const view = await ok<GameDayView>(t.app, 'GET', adminUrl(gameId, '/game-day'), admin.cookie);
    expect(view.digit_sets[0]).toMatchObject({ set: 1, drawn_at: null, last_error: expect.stringMatching(/does not verify/) });
    expect(Date.parse(view.digit_sets[0]!.last_error_at!)).toBeGreaterThan(Date.now() - 60_000);
    const board = await ok<BoardResponse>(t.app, 'GET', url(gameId, '/board'), admin.cookie);
    expect(board.digit_sets[0]).not.toHaveProperty('last_error');
    expect(JSON.stringify(board)).not.toContain('does not verify');
  });

  it('a restart mid-wait finishes the draw once; two instances at once draw once', async () => {
    const first = await instance();
    const admin = await testAccount(first, { prefix: 'admin', admin: true });
    const { gameId, round } = await ticketed(first, admin);
    await node.whenAsked(round, 1);
    expect((await setRow(gameId)).lease_owner).not.toBeNull();
    // The instance stops while it waits: its claim is handed back.
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    expect((await setRow(gameId)).lease_owner).toBeNull();
    expect((await setRow(gameId)).x_axis_numbers).toBeNull();

    // Two instances start on the same database; the round comes out; the set is drawn once.
    const [a, b] = [await instance(), await instance()];
    node.release(round);
    const counts = await Promise.all([a.app.beaconDraws.drawDue(), b.app.beaconDraws.drawDue(), a.app.beaconDraws.drawDue()]);
    const set = await drawn(gameId);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(1);
    expect(set.beacon_signature).toBe(node.signed(round).signature);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await drawnLog(gameId)).toHaveLength(1);
    // Drawn again by nobody: the next passes find nothing due.
    expect(await Promise.all([a.app.beaconDraws.drawDue(), b.app.beaconDraws.drawDue()])).toEqual([0, 0]);
  });

  it('the next set is ticketed by the confirmation ending the previous one; its period waits for it', async () => {
    const t = await instance();
    const admin = await testAccount(t, { prefix: 'admin', admin: true });
    const { gameId, round } = await ticketed(t, admin, 'period');
    node.release(round);
    await drawn(gameId);
    // The node released round 1 early (the test's drand clock runs ahead): move the app's clock past
    // it, as time would have, so set 2's round (10 s from now) is a later one and not out yet.
    clock.advance(1100);
    const q1 = await send(t.app, 'PUT', adminUrl(gameId, '/periods/1'), { cookie: admin.cookie, payload: { team_a_score: 7, team_b_score: 3 } });
    expect(q1.statusCode, q1.body).toBe(200);
    const second = await setRow(gameId, 2);
    expect(second).toMatchObject({ method: 'beacon', chain_hash: node.chain.chainHash, x_axis_numbers: null, drawn_at: null });
    expect(second.round!).toBeGreaterThan(round);
    const q2 = await send(t.app, 'PUT', adminUrl(gameId, '/periods/2'), { cookie: admin.cookie, payload: { team_a_score: 14, team_b_score: 3 } });
    expect(q2.statusCode).toBe(409);
    expect(q2.json()).toEqual({ error: expect.objectContaining({ code: 'NO_NUMBERS', message: GAME_DAY_TEXTS.drawWaiting(second.round!) }) });
    node.release(second.round!);
    const set2 = await drawn(gameId, 2);
    expect(set2.beacon_signature).toBe(node.signed(second.round!).signature);
    const again = await send(t.app, 'PUT', adminUrl(gameId, '/periods/2'), { cookie: admin.cookie, payload: { team_a_score: 14, team_b_score: 3 } });
    expect(again.statusCode, again.body).toBe(200);
    await ok(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: true });
    const verification = await ok<DrawVerification>(t.app, 'GET', url(gameId, '/draw-verification'), undefined);
    // Q2's confirmation ticketed set 3 (Q3); sets 1 and 2 verify.
    expect(verification.sets).toHaveLength(3);
    expect(verification.sets.slice(0, 2).map((set) => set.status)).toEqual(['verified', 'verified']);
  });

  it('D40: a set the job draws while the numbers are shown is mailed to its owners in the draw transaction, once', async () => {
    const t = await instance();
    const admin = await testAccount(t, { prefix: 'admin', admin: true });
    const { gameId, round } = await ticketed(t, admin, 'period');
    const numbersMails = () =>
      rows()
        .selectFrom('mail_queue')
        .select(['recipient', 'subject'])
        .where('kind', '=', 'numbers-drawn')
        .where('subject', 'like', '%Beacon Bowl')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    const before = (await numbersMails()).length;
    node.release(round);
    await drawn(gameId);
    // Drawn while hidden (D16): nothing told until the Reveal, which tells set 1's three owners.
    expect((await numbersMails()).length).toBe(before);
    await ok(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: true });
    expect((await numbersMails()).length).toBe(before + 3);
    clock.advance(1100);
    const q1 = await send(t.app, 'PUT', adminUrl(gameId, '/periods/1'), { cookie: admin.cookie, payload: { team_a_score: 7, team_b_score: 3 } });
    expect(q1.statusCode, q1.body).toBe(200);
    const second = await setRow(gameId, 2);
    // Other tests' games share the title: count this game's set 2 mails as the ones added now.
    const set2Mails = async () => (await numbersMails()).filter((mail) => mail.subject === 'Numbers drawn for set 2 (Q2): Beacon Bowl');
    const earlier = await set2Mails();
    node.release(second.round!);
    const set2 = await drawn(gameId, 2);
    // The job's draw transaction queued set 2's mails with its stamp.
    expect(set2.numbers_mailed_at).not.toBeNull();
    const added = (await set2Mails()).slice(earlier.length);
    expect(added).toHaveLength(3);
    expect(new Set(added.map((mail) => mail.recipient)).size).toBe(3);
  });

  it('D39/D40: a kickoff draw shows the numbers at once; the job lands the digits and mails each owner, once', async () => {
    const t = await instance();
    const admin = await testAccount(t, { prefix: 'admin', admin: true });
    const gameId = await newGame(t, admin);
    const kickoff = new Date(Date.now() + 3_600_000).toISOString();
    await ok(t.app, 'PATCH', adminUrl(gameId), admin.cookie, { kickoff_at: kickoff, time_zone: 'America/New_York', draw_at_kickoff: true });
    // The kickoff passed (moved back in the database; the ticket's round follows the real clock).
    await rows()
      .updateTable('games')
      .set({ kickoff_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', gameId)
      .execute();
    const owners = await rows()
      .selectFrom('squares')
      .innerJoin('user', 'user.id', 'squares.user_id')
      .select('user.email')
      .distinct()
      .where('squares.game_id', '=', gameId)
      .execute();
    const mailsTo = () =>
      rows()
        .selectFrom('mail_queue')
        .select(['recipient', 'subject'])
        .where('kind', '=', 'numbers-drawn')
        .where(
          'recipient',
          'in',
          owners.map((owner) => owner.email),
        )
        .execute();
    expect(await t.app.kickoffs.closeDue()).toBeGreaterThanOrEqual(1);

    // Shown at kickoff, with the digits still to come from the ticket's round: nothing to mail yet.
    const game = await rows().selectFrom('games').select(['grid_shuffled', 'numbers_revealed']).where('id', '=', gameId).executeTakeFirstOrThrow();
    expect(game).toEqual({ grid_shuffled: true, numbers_revealed: true });
    const set = await setRow(gameId);
    expect(set).toMatchObject({ method: 'beacon', x_axis_numbers: null, drawn_at: null });
    expect(await mailsTo()).toEqual([]);

    node.release(set.round!);
    const landed = await drawn(gameId);
    expect(landed.numbers_mailed_at).not.toBeNull();
    // The job's draw transaction told each of the three owners, once.
    const told = await mailsTo();
    expect(told).toHaveLength(3);
    expect(new Set(told.map((mail) => mail.recipient)).size).toBe(3);
    const board = await ok<BoardResponse>(t.app, 'GET', url(gameId, '/board'), undefined);
    expect(board.numbers?.x_axis_numbers).toHaveLength(10);
    // Later runs, and hiding and showing again, tell nobody twice.
    await t.app.beaconDraws.drawDue();
    await ok(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: false });
    await ok(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: true });
    expect(await mailsTo()).toHaveLength(3);
  });

  it('a Clear while a set waits logs its ticket; the new ticket alone is drawn', async () => {
    const t = await instance();
    const admin = await testAccount(t, { prefix: 'admin', admin: true });
    const { gameId, round } = await ticketed(t, admin);
    await node.whenAsked(round, 1);
    await ok(t.app, 'DELETE', adminUrl(gameId, '/numbers'), admin.cookie);
    const cleared = await rows().selectFrom('grid_draws').selectAll().where('game_id', '=', gameId).where('action', '=', 'cleared').execute();
    expect(cleared).toEqual([expect.objectContaining({ method: 'beacon', round, x_axis_numbers: null, chain_hash: node.chain.chainHash })]);
    clock.advance(1100);
    const redrawn = await ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), admin.cookie, {});
    const next = redrawn.digit_sets[0]!.round!;
    expect(next).toBeGreaterThan(round);
    // The old round comes out: it draws nothing. Then the new one.
    node.release(round);
    await node.whenAsked(next, 1);
    expect((await setRow(gameId)).x_axis_numbers).toBeNull();
    node.release(next);
    const set = await drawn(gameId);
    expect(set.round).toBe(next);
    expect(await drawnLog(gameId)).toEqual([expect.objectContaining({ round: next, beacon_signature: node.signed(next).signature })]);
  });

  it('drand unreachable at creation, or DRAW_BEACON=off: the game draws by commit-reveal at once', async () => {
    const gone = await startFakeDrand({ periodSeconds: 1 });
    await gone.close();
    const unreachable = await instance({ DRAW_BEACON: 'on' }, gone);
    const admin = await testAccount(unreachable, { prefix: 'admin', admin: true });
    for (const t of [unreachable, await instance({ DRAW_BEACON: 'off' })]) {
      const gameId = await newGame(t, admin);
      const game = await rows().selectFrom('games').select(['draw_method', 'draw_seed_hash']).where('id', '=', gameId).executeTakeFirstOrThrow();
      expect(game.draw_method).toBe('commit-reveal');
      expect(game.draw_seed_hash).toMatch(/^[0-9a-f]{64}$/);
      const view = await ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), admin.cookie, {});
      expect(view.digit_sets[0]).toMatchObject({ method: 'commit-reveal' });
      expect(view.numbers).not.toBeNull();
    }
  });
});
