import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDayView } from '@core/api/game-day';
import type { Game } from '@core/api/games';
import type { Coordinate } from '@core/grid';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { send } from '../../../tests/support/request';
import { GAME_DAY_TEXTS } from '../game-day/game-day.messages';

/**
 * D23 with D34: the organizer's (or a charity's) share is a payout of its own once the pot is
 * final: listed with its amount, marked paid with a reference (who, when), logged, in the payouts
 * CSV, never a player's winnings; an unbought Final rolled into it later is due again.
 */
describe(`the organizer's share as a payout (D23, D34, ${testDbKind})`, () => {
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
  const CUSTOM = { payout_schedule: 'custom', payout_shares: [10, 20, 30, 30], organizer_percent: 10, organizer_label: 'Food Bank', unbought_rule: 'roll' };

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => send(t.app, method, url, { cookie: admin.cookie, payload });
  async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<T> {
    const res = await call(method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as T;
  }
  async function refused(url: string, status: number, code: string, message: string) {
    const res = await call('POST', url, {});
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ error: { code, message } });
  }

  it('lists the share once the pot is final, records its Mark Paid, logs it, exports it; a rolled-in Final is due again', async () => {
    const { game } = await ok<{ game: Game }>('POST', '/api/admin/games', { ...BASE, ...CUSTOM });
    const markShare = `/api/admin/games/${game.id}/share/mark-paid`;
    // Rows 0-8 go to Aunt May (paid); row 9 stays unsold.
    const sold: Coordinate[] = Array.from({ length: 90 }, (_, i) => ({ x: Math.floor(i / 10), y: i % 10 }));
    await ok('POST', `/api/admin/games/${game.id}/squares/assign`, { squares: sold, to: { name: 'Aunt May' }, paid: true, paid_cents: 90_000 });

    // Before the draw the pot can still grow: no share to pay yet.
    expect((await ok<GameDayView>('GET', `/api/admin/games/${game.id}/game-day`)).share_payout).toBeNull();
    await refused(markShare, 409, 'SHARE_NOT_FINAL', GAME_DAY_TEXTS.shareNotFinal);

    const drawn = await ok<GameDayView>('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true });
    expect(drawn.share_payout).toEqual({ name: 'Food Bank share', label: 'Food Bank', cents: 9_000, paid_cents: 0, due_cents: 9_000, payments: [] });

    const paid = await ok<GameDayView>('POST', markShare, { reference: '  Check   1021 ' });
    expect(paid.share_payout).toMatchObject({ cents: 9_000, paid_cents: 9_000, due_cents: 0 });
    expect(paid.share_payout!.payments).toEqual([{ amount_cents: 9_000, reference: 'Check 1021', paid_by: admin.username, paid_at: expect.any(String) }]);
    await refused(markShare, 409, 'PAYOUT_COMPLETED', GAME_DAY_TEXTS.shareAlreadyPaid('Food Bank share'));

    // Logged, in the admin's words.
    const log = await ok<{ entries: { action: string; message: string }[] }>('GET', `/api/games/${game.id}/activity`);
    expect(log.entries.filter((entry) => entry.action === 'share_paid').map((entry) => entry.message)).toEqual([
      `${admin.username} marked the Food Bank share paid: $90.00 (Check 1021)`,
    ]);

    // Never a player's winnings: the admin's My Winnings stays empty.
    expect((await ok<{ total_cents: number }>('GET', '/api/me/winnings')).total_cents).toBe(0);

    // Q1-Q3 won, the Final unbought: its 30% rolls into the share, due again.
    const numbers = drawn.numbers!;
    const scoreFor = (cell: Coordinate, plus: number) => ({
      team_a_score: numbers.x_axis_numbers[cell.x]! + plus,
      team_b_score: numbers.y_axis_numbers[cell.y]! + plus,
    });
    await ok('PUT', `/api/admin/games/${game.id}/periods/1`, scoreFor({ x: 0, y: 0 }, 0));
    await ok('PUT', `/api/admin/games/${game.id}/periods/2`, scoreFor({ x: 0, y: 1 }, 10));
    await ok('PUT', `/api/admin/games/${game.id}/periods/3`, scoreFor({ x: 0, y: 2 }, 20));
    const final = await ok<GameDayView>('PUT', `/api/admin/games/${game.id}/periods/4`, scoreFor({ x: 9, y: 3 }, 30));
    expect(final.share_payout).toMatchObject({ cents: 36_000, paid_cents: 9_000, due_cents: 27_000 });
    const again = await ok<GameDayView>('POST', markShare, {});
    expect(again.share_payout).toMatchObject({ cents: 36_000, paid_cents: 36_000, due_cents: 0 });
    expect(again.share_payout!.payments.map((payment) => [payment.amount_cents, payment.reference])).toEqual([
      [9_000, 'Check 1021'],
      [27_000, null],
    ]);

    // The payouts CSV: the periods' rows, then the share's.
    const csv = (await call('GET', `/api/admin/games/${game.id}/export/payouts.csv`)).body.trim().split(/\r?\n/);
    expect(csv).toHaveLength(1 + 4 + 1);
    expect(csv.at(-1)).toMatch(/^Food Bank share,,,,Food Bank,,360\.00,Paid,Check 1021,[^,]+,,$/);
  });

  it('refuses a game whose rules give no organizer share, and players', async () => {
    const { game } = await ok<{ game: Game }>('POST', '/api/admin/games', BASE);
    await ok('POST', `/api/admin/games/${game.id}/squares/assign`, { squares: [{ x: 0, y: 0 }], to: { name: 'Aunt May' }, paid: true, paid_cents: 1_000 });
    const drawn = await ok<GameDayView>('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true });
    expect(drawn.share_payout).toBeNull();
    await refused(`/api/admin/games/${game.id}/share/mark-paid`, 409, 'NO_SHARE', GAME_DAY_TEXTS.noShare);
    const player = await testAccount(t, { prefix: 'player' });
    expect((await send(t.app, 'POST', `/api/admin/games/${game.id}/share/mark-paid`, { cookie: player.cookie, payload: {} })).statusCode).toBe(403);
  });
});
