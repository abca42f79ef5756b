import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardResponse } from '@core/api/board';
import type { GameDayView } from '@core/api/game-day';
import type { Game } from '@core/api/games';
import type { ActivityResponse, Assigned, PaymentTracking, SquaresChanged } from '@core/api/organizer';
import { type Coordinate } from '@core/grid';
import { personLabel } from '@core/person';
import { ledgerTotals, resultsLedger } from '@core/results-ledger';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, expectCountersMatch, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { send } from '../../../tests/support/request';

/**
 * Issue 23 on both databases, through real HTTP: a cash pool (organizer collects) with unpaid
 * squares, whose Q1 and Q2 are won by a named person (D29) who still owes for some squares.
 * D47: the pot is every sold square, fixed at the draw; each quarter pays its share of it; the
 * winner's debt is said where the organizer pays out. D48: the winner reads "Aunt May (no
 * account)" in every answer and CSV that shows them, and no answer carries a placeholder address.
 */
describe(`a named person wins a cash pool with unpaid squares (D47, D48, ${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let alice: TestAccount;
  const MAY = 'Aunt May';
  const MAY_EMAIL = 'may@example.com';
  const SHOWN = 'Aunt May (no account)';

  beforeAll(async () => {
    t = await createTestApp();
    [admin, alice] = await Promise.all([testAccount(t, { admin: true }), testAccount(t, { prefix: 'alice' })]);
  });
  afterAll(() => t.close());

  /** Every answer read here, to check that none carries a placeholder address. */
  const bodies: string[] = [];
  async function call<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookie: string | null = admin.cookie): Promise<T> {
    const res = await send(t.app, method, url, { ...(cookie === null ? {} : { cookie }), payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    bodies.push(res.body);
    return (res.headers['content-type']?.toString().startsWith('text/csv') ? res.body : res.json()) as T;
  }
  const all = (): Coordinate[] => Array.from({ length: 100 }, (_, i) => ({ x: Math.floor(i / 10), y: i % 10 }));

  it('counts every sold square in one pot fixed at the draw, pays each quarter its share, says what the winner owes, and names them one way everywhere', async () => {
    const created = await call<{ game: Game }>('POST', '/api/admin/games', {
      title: 'Office Cash Pool',
      team_a: 'Lions',
      team_b: 'Bears',
      price_per_square: 10,
      payment_method: 'organizer',
      payment_instructions: 'Cash to Coach K',
    });
    const gameId = created.game.id;
    const alices = [0, 1, 2].map((y) => ({ x: 9, y }));
    // Alice reserves 3 squares (unpaid); Aunt May is put on the other 97, 10 of them still unpaid.
    const reserved = await startCheckout(t.app, alice, [cartOf(gameId, alices, 10, 'Office Cash Pool')]);
    expect(reserved.statusCode, reserved.body).toBe(201);
    const mays = all().filter((cell) => !(cell.x === 9 && cell.y <= 2));
    const assigned = await call<Assigned>('POST', `/api/admin/games/${gameId}/squares/assign`, { squares: mays, to: { name: MAY, email: MAY_EMAIL } });
    const mayId = assigned.user_id;
    await call<SquaresChanged>('POST', `/api/admin/games/${gameId}/squares/mark-paid`, { user_id: mayId });
    const unpaidOfMay = mays.slice(-10);
    const marked = await call<SquaresChanged>('POST', `/api/admin/games/${gameId}/squares/mark-unpaid`, { squares: unpaidOfMay });
    // D47: the pot is all 100 sold squares at $10, reserved and unpaid ones too; $870 of it collected.
    expect(marked.game).toMatchObject({ total_pot_cents: 100_000, collected_cents: 87_000, squares_claimed: 100 });
    await expectCountersMatch(t.db.handle, gameId);

    const drawn = await call<GameDayView>('POST', `/api/admin/games/${gameId}/numbers/randomize`, { confirm_unpaid: 13 });
    const numbers = drawn.numbers!;
    const scoreFor = (cell: Coordinate) => ({ team_a_score: numbers.x_axis_numbers[cell.x]!, team_b_score: 10 + numbers.y_axis_numbers[cell.y]! });
    // Aunt May owns (0, 0) and (0, 1): Q1 and Q2 land there.
    const q1 = await call<GameDayView>('PUT', `/api/admin/games/${gameId}/periods/1`, scoreFor({ x: 0, y: 0 }));
    expect(q1.results[0]).toMatchObject({ winner_id: mayId, payout_amount_cents: 25_000, winner_owes_cents: 10_000 });

    // After the draw: five more of her squares paid. What was collected moves; the pot does not.
    const later = await call<SquaresChanged>('POST', `/api/admin/games/${gameId}/squares/mark-paid`, { squares: unpaidOfMay.slice(0, 5) });
    expect(later.game).toMatchObject({ total_pot_cents: 100_000, collected_cents: 92_000 });
    // Sales are closed: an unpaid square cannot be released any more, so the pot cannot shrink.
    const release = await send(t.app, 'POST', `/api/admin/games/${gameId}/squares/release`, { cookie: admin.cookie, payload: { user_id: alice.id } });
    expect(release.statusCode).toBe(409);

    const q2 = await call<GameDayView>('PUT', `/api/admin/games/${gameId}/periods/2`, scoreFor({ x: 0, y: 1 }));
    expect(q2.game.total_pot_cents).toBe(100_000);
    // Every quarter pays its share of the one pot: Q2 as Q1; what she owes is what she owes now.
    expect(q2.results.map((r) => [r.period, r.payout_amount_cents, r.winner_owes_cents])).toEqual([
      [1, 25_000, 5_000],
      [2, 25_000, 5_000],
    ]);
    const ledger = resultsLedger(
      q2.game.total_pot_cents,
      q2.game,
      q2.results.map((r) => ({ period: r.period, winner: r.winner_name, payoutCents: r.payout_amount_cents })),
    );
    expect(ledgerTotals(ledger, 'Paid out or owed').map((total) => [total.key, total.cents])).toEqual([
      ['won', 50_000],
      ['to-play', 50_000],
    ]);
    await call('PUT', `/api/admin/games/${gameId}/numbers/visibility`, { revealed: true });

    // D48: the same person in every answer and CSV that shows the winner.
    const view = await call<GameDayView>('GET', `/api/admin/games/${gameId}/game-day`);
    for (const result of view.results) {
      expect(result).toMatchObject({ winner_name: MAY, winner_no_account: true, winner_email: MAY_EMAIL });
      expect(personLabel({ name: result.winner_name, noAccount: result.winner_no_account, email: result.winner_email })).toBe(SHOWN);
    }
    for (const cookie of [admin.cookie, alice.cookie, null]) {
      const board = await call<BoardResponse>('GET', `/api/games/${gameId}/board`, undefined, cookie);
      expect(board.winners.map((w) => personLabel({ name: w.winner_username, noAccount: w.winner_no_account }))).toEqual([SHOWN, SHOWN]);
      const square = board.squares.find((s) => s.x === 0 && s.y === 0)!;
      expect(personLabel({ name: square.owner_username, noAccount: square.owner_no_account })).toBe(SHOWN);
      expect(square.owner_email, `as ${cookie === admin.cookie ? 'admin' : cookie === alice.cookie ? 'alice' : 'visitor'}`).toBe(
        cookie === admin.cookie ? MAY_EMAIL : null,
      );
    }
    const payments = await call<PaymentTracking>('GET', `/api/admin/games/${gameId}/payments`);
    const may = payments.players.find((p) => p.user_id === mayId)!;
    expect(personLabel({ name: may.username, noAccount: may.no_account, email: may.email })).toBe(SHOWN);
    expect(may).toMatchObject({ email: MAY_EMAIL, unpaid_cents: 5_000 });
    const log = await call<ActivityResponse>('GET', `/api/games/${gameId}/activity`);
    expect(log.entries.filter((e) => e.action === 'confirmed').map((e) => e.message)).toEqual([
      `${admin.username} confirmed the 2nd Quarter: ${SHOWN} wins $250.00 with Row 1, column 2`,
      `${admin.username} confirmed the 1st Quarter: ${SHOWN} wins $250.00 with Row 1, column 1`,
    ]);
    expect(log.entries.find((e) => e.action === 'assigned')?.message).toBe(
      `${admin.username} put ${SHOWN} on 97 squares: ${mays.map((c) => `Row ${c.x + 1}, column ${c.y + 1}`).join('; ')}`,
    );
    const payoutsCsv = (await call<string>('GET', `/api/admin/games/${gameId}/export/payouts.csv`)).trim().split(/\r?\n/);
    expect(payoutsCsv.slice(1).map((line) => line.includes(`,${SHOWN},${MAY_EMAIL},250.00,Pending,`))).toEqual([true, true]);
    // D47 in the payouts list: what she owes and the payout net of it.
    expect(payoutsCsv.slice(1).map((line) => line.split(',').slice(-2).join(','))).toEqual(['50.00,200.00', '50.00,200.00']);
    const squaresCsv = await call<string>('GET', `/api/admin/games/${gameId}/export/squares.csv`);
    expect(squaresCsv).toContain(`"Row 1, column 1",${SHOWN},${MAY_EMAIL},Paid,`);

    for (const body of bodies) expect(body).not.toMatch(/named\.invalid/i);
  });
});
