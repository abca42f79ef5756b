import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, expectCountersMatch, PAYS, sessionIdOf } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { seeded } from '../../../tests/support/random';
import { insertGame } from '../../../tests/support/fixtures';

const BUYERS = 24;
const OPERATIONS = 160;

type Answer = { kind: string; status: number; body: any };

/**
 * Issue 13's race: card checkouts and their payments, organizer-collects reservations, the
 * organizer's assignments, releases (card sales refunded), moves and payment marks, all at once
 * over real HTTP on a 4x4 corner of two boards. Whatever wins, a square has one owner, the games'
 * counters equal the squares owned, the pot every owned one and collected the paid ones (D47), a released card square is refunded
 * exactly once, and nothing answers 5xx.
 */
describe(`checkouts, reservations and the organizer's tools at once (issue 13, ${testDbKind})`, () => {
  let t: TestApp;
  let base: string;
  let admin: TestAccount;
  let buyers: TestAccount[];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    admin = await testAccount(t, { admin: true });
    buyers = await Promise.all(Array.from({ length: BUYERS }, () => testAccount(t, { prefix: 'mixer' })));
  }, 120_000);
  afterAll(() => t.close());

  async function http(kind: string, method: 'POST', path: string, cookie: string, body: unknown): Promise<Answer> {
    const res = await fetch(`${base}${path}`, { method, headers: { origin: base, cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { kind, status: res.status, body: await res.json() };
  }

  it(`${OPERATIONS} mixed operations: one owner per square, counters equal the squares, refunds once`, async () => {
    const card = await insertGame(t.db.handle, { title: 'Card Race', price_per_square_cents: 1000 });
    const cash = await insertGame(t.db.handle, { title: 'Cash Race', price_per_square_cents: 500 });
    await t.db.handle.db.updateTable('games').set({ payment_method: 'organizer' }).where('id', '=', cash).execute();
    const random = seeded(1313);
    const pick = (n: number) => Math.floor(random() * n);
    const cellOf = () => ({ x: pick(4), y: pick(4) });
    const cells = (n: number) => {
      const out = new Map<string, { x: number; y: number }>();
      while (out.size < n) {
        const c = cellOf();
        out.set(`${c.x},${c.y}`, c);
      }
      return [...out.values()];
    };
    const tool = (path: string, gameId: string, body: unknown) => http(path, 'POST', `/api/admin/games/${gameId}/squares/${path}`, admin.cookie, body);

    const operation = (i: number): Promise<Answer> => {
      const game = random() < 0.5 ? card : cash;
      const buyer = buyers[i % BUYERS]!;
      switch (pick(6)) {
        case 0:
        case 1:
          // A checkout: card game → card page (held), organizer game → reserved at once.
          return http('checkout', 'POST', '/api/checkout', buyer.cookie, { cart: [cartOf(game, cells(1 + pick(2)), 1)] });
        case 2: {
          const squares = cells(1 + pick(2));
          return tool('assign', game, {
            squares,
            to: random() < 0.5 ? { name: `Guest ${pick(3)}` } : { account: buyers[pick(BUYERS)]!.username },
            ...(random() < 0.5 ? { paid: true, paid_cents: squares.length * (game === card ? 1000 : 500) } : {}),
          });
        }
        case 3:
          return tool('release', game, { squares: cells(1 + pick(3)), include_paid: true });
        case 4:
          return tool('move', game, { from: cellOf(), to: cellOf() });
        default:
          return tool(random() < 0.5 ? 'mark-paid' : 'mark-unpaid', game, { squares: cells(1 + pick(3)) });
      }
    };

    // Round one: everything at once. Round two: the open card checkouts are paid while the tools go on.
    const first = await Promise.all(Array.from({ length: OPERATIONS }, (_, i) => operation(i)));
    const open = await t.db.handle.db.selectFrom('checkouts').select(['id', 'user_id']).where('status', '=', 'open').execute();
    const second = await Promise.all([
      ...open.map(async (checkout) => {
        const buyer = buyers.find((b) => b.id === checkout.user_id)!;
        const sessionId = await sessionIdOf(t.db.handle, checkout.id);
        return http('pay', 'POST', `/api/checkout/test/${sessionId}/pay`, buyer.cookie, { card_number: PAYS, expiry: '12/39', cvc: '123', name: 'Mixer' });
      }),
      ...Array.from({ length: OPERATIONS / 2 }, (_, i) => operation(i)),
    ]);
    const answers = [...first, ...second];

    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    // Every refusal is one of the expected ones, with its own code (a payment is refused when the
    // buyer's newer checkout in round two replaced the one being paid).
    const codes = new Set(answers.filter((a) => a.status >= 400).map((a) => `${a.kind} ${a.status} ${a.body.error?.code}`));
    for (const code of codes) {
      expect([
        'checkout 409 SQUARES_UNAVAILABLE',
        'assign 409 SQUARES_TAKEN',
        'move 409 SQUARES_TAKEN',
        'move 409 NOTHING_TO_MOVE',
        'move 400 SAME_SQUARE',
        'pay 409 CHECKOUT_CLOSED',
      ]).toContain(code);
    }
    const kinds = new Set(answers.filter((a) => a.status === 200 || a.status === 201).map((a) => a.kind));
    expect([...kinds].sort()).toEqual(['assign', 'checkout', 'mark-paid', 'mark-unpaid', 'move', 'pay', 'release']);

    // Let the refunds decided inside the releases finish (they run after commit).
    await t.app.checkoutSweeper.sweepExpired();
    for (const gameId of [card, cash]) {
      const rows = await t.db.handle.db.selectFrom('squares').select(['x', 'y', 'status']).where('game_id', '=', gameId).execute();
      expect(new Set(rows.map((r) => `${r.x},${r.y}`)).size).toBe(rows.length);
      await expectCountersMatch(t.db.handle, gameId);
    }
    // Each released card square was refunded at most once (one refund row per key), never more than its payment.
    const refunds = await t.db.handle.db
      .selectFrom('payment_refunds')
      .select(['refund_key', 'checkout_id', 'amount_cents'])
      .where('game_id', '=', card)
      .execute();
    expect(new Set(refunds.map((r) => r.refund_key)).size).toBe(refunds.length);
    for (const checkoutId of new Set(refunds.map((r) => r.checkout_id))) {
      const paid = await t.db.handle.db.selectFrom('checkouts').select('amount_cents').where('id', '=', checkoutId).executeTakeFirstOrThrow();
      expect(refunds.filter((r) => r.checkout_id === checkoutId).reduce((sum, r) => sum + r.amount_cents, 0)).toBeLessThanOrEqual(paid.amount_cents);
    }
    // The organizer game never took a card payment, so it has no refunds.
    expect(await t.db.handle.db.selectFrom('payment_refunds').select('id').where('game_id', '=', cash).execute()).toEqual([]);
  }, 180_000);
});
