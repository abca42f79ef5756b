import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDayView } from '@core/api/game-day';
import type { Game } from '@core/api/games';
import type { Assigned } from '@core/api/organizer';
import type { Coordinate } from '@core/grid';
import { GAME_PRICE_LOCKED } from '@core/messages';
import { planPayouts, rulesOfGame } from '@core/payout-plan';
import { ledgerTotals, resultsLedger } from '@core/results-ledger';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { send } from '../../../tests/support/request';

/**
 * D34 payout rules on both databases, through real HTTP: custom shares and an organizer (charity)
 * share created and refused, fixed once a square is sold (D13); roll-forward at confirmation (an
 * unbought Q2 into Q3, an unbought Final into the organizer's share); a D19 correction that
 * re-prices a later unpaid payout, and is refused once that payout is paid; results and the
 * payouts CSV agree with the one plan.
 */
describe(`payout rules (D34, ${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await testAccount(t, { admin: true });
  });
  afterAll(() => t.close());

  const BASE = {
    title: 'Charity Pool',
    team_a: 'Lions',
    team_b: 'Bears',
    price_per_square: 10,
    payment_method: 'organizer',
    payment_instructions: 'Cash to Coach K',
  };
  const CUSTOM = { payout_schedule: 'custom', payout_shares: [10, 20, 30, 30], organizer_percent: 10, organizer_label: ' Food   Bank ', unbought_rule: 'roll' };

  function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) {
    return send(t.app, method, url, { cookie: admin.cookie, payload });
  }
  async function ok<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown): Promise<T> {
    const res = await call(method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return (res.headers['content-type']?.toString().startsWith('text/csv') ? res.body : res.json()) as T;
  }
  async function refused(method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown, status: number, message: string, code?: string) {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ error: { message, ...(code ? { code } : {}) } });
  }

  it('creates a game with custom shares, a charity share and roll-forward; refuses shares that are not whole percents adding up to 100', async () => {
    const { game } = await ok<{ game: Game }>('POST', '/api/admin/games', { ...BASE, ...CUSTOM });
    expect(game).toMatchObject({
      payout_schedule: 'custom',
      payout_shares: [10, 20, 30, 30],
      organizer_percent: 10,
      organizer_label: 'Food Bank',
      unbought_rule: 'roll',
    });
    expect((await ok<{ game: Game }>('GET', `/api/games/${game.id}`)).game).toMatchObject({ payout_shares: [10, 20, 30, 30], unbought_rule: 'roll' });

    // A schedule game keeps the house rule and no shares.
    const plain = await ok<{ game: Game }>('POST', '/api/admin/games', BASE);
    expect(plain.game).toMatchObject({
      payout_schedule: 'even',
      payout_shares: null,
      organizer_percent: null,
      organizer_label: 'Organizer',
      unbought_rule: 'house',
    });

    const create = (changes: object, message: string) => refused('POST', '/api/admin/games', { ...BASE, ...CUSTOM, ...changes }, 400, message);
    await create({ organizer_percent: 0 }, 'Payout shares must add up to 100%: Q1 10% + Q2 20% + Q3 30% + Q4 30% + Organizer 0% = 90%');
    await create({ payout_shares: [10, 20.5, 30, 29.5] }, 'Q2 share must be a whole percent from 0 to 100');
    await create({ payout_shares: [-10, 40, 30, 30] }, 'Q1 share must be a whole percent from 0 to 100');
    await create({ payout_shares: [10, 20, 30] }, 'Custom shares need one share for each quarter (4)');
    await create({ game_type: 'college-basketball' }, 'Custom shares need one share for each half (2)');
    await create({ unbought_rule: 'charity' }, 'Choose what happens to a winning square nobody bought: the house keeps it or it rolls forward');
    await create({ organizer_label: 'x'.repeat(41) }, "The organizer share's name must be at most 40 characters");
    const halves = await ok<{ game: Game }>('POST', '/api/admin/games', { ...BASE, ...CUSTOM, game_type: 'college-basketball', payout_shares: [45, 45] });
    expect(halves.game).toMatchObject({ payout_shares: [45, 45], organizer_percent: 10 });
  });

  it('fixes the rules with the price once a square is sold (D13): the server refuses a change with the lock’s message', async () => {
    const { game } = await ok<{ game: Game }>('POST', '/api/admin/games', { ...BASE, ...CUSTOM });
    // Before any sale the rules may change, checked whole.
    const edited = await ok<{ game: Game }>('PATCH', `/api/admin/games/${game.id}`, { payout_shares: [20, 20, 20, 30], unbought_rule: 'house' });
    expect(edited.game).toMatchObject({ payout_shares: [20, 20, 20, 30], organizer_percent: 10, unbought_rule: 'house' });
    await refused(
      'PATCH',
      `/api/admin/games/${game.id}`,
      { payout_shares: [20, 20, 20, 20] },
      400,
      'Payout shares must add up to 100%: Q1 20% + Q2 20% + Q3 20% + Q4 20% + Organizer 10% = 90%',
    );
    // A type played in halves does not fit four shares.
    await refused('PATCH', `/api/admin/games/${game.id}`, { game_type: 'college-basketball' }, 400, 'Custom shares need one share for each half (2)');

    await ok<Assigned>('POST', `/api/admin/games/${game.id}/squares/assign`, { squares: [{ x: 0, y: 0 }], to: { name: 'Aunt May' } });
    const locked = { code: 'PRICE_LOCKED' } as const;
    await refused('PATCH', `/api/admin/games/${game.id}`, { payout_shares: [10, 20, 30, 30] }, 409, GAME_PRICE_LOCKED, locked.code);
    await refused('PATCH', `/api/admin/games/${game.id}`, { unbought_rule: 'roll' }, 409, GAME_PRICE_LOCKED, locked.code);
    await refused('PATCH', `/api/admin/games/${game.id}`, { payout_schedule: 'even' }, 409, GAME_PRICE_LOCKED, locked.code);
    await refused('PATCH', `/api/admin/games/${game.id}`, { organizer_label: 'Someone else' }, 409, GAME_PRICE_LOCKED, locked.code);
    // The same rules sent again are not a change; the title still is.
    const same = await ok<{ game: Game }>('PATCH', `/api/admin/games/${game.id}`, {
      title: 'Renamed',
      payout_shares: [20, 20, 20, 30],
      unbought_rule: 'house',
    });
    expect(same.game).toMatchObject({ title: 'Renamed', payout_shares: [20, 20, 20, 30] });
  });

  it('rolls an unbought Q2 into Q3 and an unbought Final into the organizer’s share; a correction re-prices Q3 while unpaid and is refused once it is paid', async () => {
    const { game } = await ok<{ game: Game }>('POST', '/api/admin/games', { ...BASE, ...CUSTOM });
    // Rows 0-8 go to Aunt May (paid); row 9 stays unsold: a winning square there is unbought.
    const sold: Coordinate[] = Array.from({ length: 90 }, (_, i) => ({ x: Math.floor(i / 10), y: i % 10 }));
    await ok<Assigned>('POST', `/api/admin/games/${game.id}/squares/assign`, { squares: sold, to: { name: 'Aunt May' }, paid: true, paid_cents: 90_000 });
    const drawn = await ok<GameDayView>('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true });
    expect(drawn.game.total_pot_cents).toBe(90_000);
    const numbers = drawn.numbers!;
    const scoreFor = (cell: Coordinate, plus = 0) => ({
      team_a_score: numbers.x_axis_numbers[cell.x]! + plus,
      team_b_score: numbers.y_axis_numbers[cell.y]! + plus,
    });
    const confirm = (period: number, cell: Coordinate, plus = 0) =>
      ok<GameDayView>('PUT', `/api/admin/games/${game.id}/periods/${period}`, scoreFor(cell, plus));
    const amounts = (view: GameDayView) => view.results.map((r) => [r.period, r.payout_amount_cents, r.payout_status]);

    await confirm(1, { x: 0, y: 0 });
    await confirm(2, { x: 9, y: 0 }, 10);
    let view = await confirm(3, { x: 0, y: 1 }, 20);
    // Q1 10% of $900; Q2 unbought (0, completed); Q3 its 30% plus Q2's 20% rolled forward.
    expect(amounts(view)).toEqual([
      [1, 9_000, 'pending'],
      [2, 0, 'completed'],
      [3, 45_000, 'pending'],
    ]);

    // D19: Q2 corrected to a sold square: Q2 pays its own share and Q3 goes back to its 30%.
    view = await confirm(2, { x: 0, y: 2 }, 10);
    expect(amounts(view)).toEqual([
      [1, 9_000, 'pending'],
      [2, 18_000, 'pending'],
      [3, 27_000, 'pending'],
    ]);
    // And back: Q2 unbought again, Q3 re-priced again.
    view = await confirm(2, { x: 9, y: 0 }, 10);
    expect(amounts(view)).toEqual([
      [1, 9_000, 'pending'],
      [2, 0, 'completed'],
      [3, 45_000, 'pending'],
    ]);

    // Q3 paid: a Q2 correction that would change it is refused, nothing written.
    await ok('POST', `/api/admin/games/${game.id}/periods/3/payout/mark-paid`, { reference: 'Cash' });
    await refused(
      'PUT',
      `/api/admin/games/${game.id}/periods/2`,
      scoreFor({ x: 0, y: 2 }, 10),
      409,
      'Correcting Q2 would change the Q3 payout from $450.00 to $270.00, and the Q3 payout is already paid or being paid: Q2 can no longer be corrected.',
      'CORRECTION_REPRICES_SETTLED',
    );
    view = await ok<GameDayView>('GET', `/api/admin/games/${game.id}/game-day`);
    expect(amounts(view)).toEqual([
      [1, 9_000, 'pending'],
      [2, 0, 'completed'],
      [3, 45_000, 'completed'],
    ]);
    // A Q2 correction to another unbought square re-prices nothing and goes through.
    await confirm(2, { x: 9, y: 1 }, 10);

    // The Final unbought: its 30% goes to the Food Bank's share (10% + 30%).
    view = await confirm(4, { x: 9, y: 2 }, 30);
    expect(amounts(view).at(-1)).toEqual([4, 0, 'completed']);
    expect(view.game.is_active).toBe(false);

    // Results read the plan: the parts add up to the pot.
    const ledger = resultsLedger(
      view.game.total_pot_cents,
      view.game,
      view.results.map((r) => ({ period: r.period, winner: r.winner_id, payoutCents: r.payout_amount_cents })),
    );
    expect(ledgerTotals(ledger, 'Paid out or owed').map((total) => [total.key, total.cents])).toEqual([
      ['won', 54_000],
      ['organizer', 36_000],
    ]);
    const plan = planPayouts({
      potCents: 90_000,
      rules: rulesOfGame(view.game),
      outcomes: view.results.map((r) => (r.winner_id ? { period: r.period, result: 'won', winner: r.winner_id } : { period: r.period, result: 'unbought' })),
    });
    expect(view.results.map((r) => r.payout_amount_cents)).toEqual(plan.periods.map((p) => p.payableCents));
    expect(plan.organizer).toMatchObject({ baseCents: 9_000, rolledInCents: 27_000, cents: 36_000 });

    // The payouts CSV says the same amounts, the organizer's share (with the rolled-in Final) last.
    const csv = await ok<string>('GET', `/api/admin/games/${game.id}/export/payouts.csv`);
    const paid = csv
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.match(/,(\d+\.\d\d),(?:Pending|Paid|Completed|[A-Za-z ]+),/)?.[1]);
    expect(paid).toEqual(['90.00', '0.00', '450.00', '0.00', '360.00']);
  });

  it('under the house rule an unbought quarter rolls nothing: the next quarter pays its own share', async () => {
    const { game } = await ok<{ game: Game }>('POST', '/api/admin/games', { ...BASE, ...CUSTOM, unbought_rule: 'house' });
    const sold: Coordinate[] = Array.from({ length: 90 }, (_, i) => ({ x: Math.floor(i / 10), y: i % 10 }));
    await ok<Assigned>('POST', `/api/admin/games/${game.id}/squares/assign`, { squares: sold, to: { name: 'Aunt May' }, paid: true, paid_cents: 90_000 });
    const { numbers } = await ok<GameDayView>('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true });
    const score = (x: number, y: number, plus: number) => ({
      team_a_score: numbers!.x_axis_numbers[x]! + plus,
      team_b_score: numbers!.y_axis_numbers[y]! + plus,
    });
    await ok('PUT', `/api/admin/games/${game.id}/periods/1`, score(9, 0, 0));
    const view = await ok<GameDayView>('PUT', `/api/admin/games/${game.id}/periods/2`, score(0, 0, 10));
    expect(view.results.map((r) => r.payout_amount_cents)).toEqual([0, 18_000]);
  });
});
