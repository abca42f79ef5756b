/**
 * The crash test (issue 10): the real server runs as a child process on this run's database; it
 * is killed with SIGKILL in the middle of bursts of checkouts, test-card payments, draws, game
 * deletions and Mark Paids (the kill point counted in answered requests, drawn from a seed that
 * is printed), started again on the same database, and the database is checked:
 *   - no square has two owners, and a game's counters equal its owned squares;
 *   - every payment the test provider took is fulfilled or refunded (a refund the provider has
 *     not accepted yet is retried by the sweep until it has);
 *   - nothing is left where no action leads out: holds of ended checkouts, checkouts open past
 *     their hold, payouts in processing past their lease;
 * and a person can finish every payout a crash interrupted.
 * CRASH_SEED=<n> replays a run's plan; CRASH_ROUNDS=<n> sets the kill points per scenario.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_SECRET } from '../support/app';
import { createTestDatabase, type TestDatabase, testDbKind } from '../support/db';
import { insertGame } from '../support/fixtures';
import { freezeWrites } from '../support/freeze';
import { databaseUrlOf, type ServerProcess, spawnServer } from '../support/server-process';
import { type TestAccount, testAccount } from '../support/accounts';

const SEED = process.env.CRASH_SEED ? Number(process.env.CRASH_SEED) : randomInt(2 ** 31);
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 2);
const PLAYERS = 6;
const LEASE_SECONDS = 1;
const PAYS = '4242424242424242';
const INTERRUPTED = 'Interrupted: the server stopped while this payout was being processed. Check whether it was paid, then retry.';

/** A small seeded generator (mulberry32): the same seed gives the same plan. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    /** `count` distinct cells of the given rows. */
    cells(rows: readonly number[], count: number): Cell[] {
      const all = rows.flatMap((x) => Array.from({ length: 10 }, (_, y) => ({ x, y })));
      for (let i = all.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [all[i], all[j]] = [all[j]!, all[i]!];
      }
      return all.slice(0, count);
    },
  };
}

interface Cell {
  x: number;
  y: number;
}
interface Answer {
  status: number;
  body: any;
}
type Scenario = 'checkout' | 'payment' | 'draw' | 'delete' | 'mark-paid';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request to the server; status 0 when the connection was lost (the server died). */
async function call(server: ServerProcess, method: string, path: string, options: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
  try {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        origin: server.url,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body };
  } catch (err) {
    return { status: 0, body: err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? '')}` : String(err) };
  }
}

/**
 * A burst's requests: counted, and the server is killed when the `killAt`-th answer arrives,
 * at once or (with `freeze`) after the database's writes were stopped for `holdMs`, so the work
 * in flight dies between two of its steps.
 */
class Burst {
  answered = 0;
  killing: Promise<void> | null = null;
  readonly tally = { ok: 0, refused: 0, serverErrors: [] as string[], lostBeforeKill: [] as string[], lostToKill: 0 };

  constructor(
    readonly server: ServerProcess,
    readonly killAt: number,
    readonly freeze: (() => Promise<() => Promise<void>>) | null = null,
    readonly holdMs = 0,
  ) {}

  private kill(): Promise<void> {
    const { freeze, server, holdMs } = this;
    if (!freeze) return server.kill();
    return (async () => {
      // A freeze that fails is a test problem, not the server's: it must not hide the kill.
      const release = await freeze().catch((err: unknown) => {
        console.error('freezing the database failed; killing at once', err);
        return async () => {};
      });
      try {
        await sleep(holdMs);
        await server.kill();
      } finally {
        await release();
      }
    })();
  }

  get killed(): boolean {
    return this.killing !== null;
  }

  async send(method: string, path: string, options: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
    if (this.killing) return { status: 0, body: 'killed' };
    const answer = await call(this.server, method, path, options);
    if (answer.status === 0) {
      if (this.killing) this.tally.lostToKill += 1;
      else this.tally.lostBeforeKill.push(`${method} ${path}: ${answer.body}`);
      return answer;
    }
    if (answer.status >= 500) this.tally.serverErrors.push(`${method} ${path} ${answer.status}: ${JSON.stringify(answer.body)}`);
    else if (answer.status >= 400) this.tally.refused += 1;
    else this.tally.ok += 1;
    this.answered += 1;
    if (this.answered >= this.killAt && !this.killing) this.killing = this.kill();
    return answer;
  }

  /** The kill, if the burst ended before its kill point. */
  async end(): Promise<void> {
    this.killing ??= this.kill();
    await this.killing;
  }
}

interface Player extends TestAccount {
  index: number;
}

describe(`crash test: kill -9 in the middle of money-moving bursts (${testDbKind})`, () => {
  const rng = generator(SEED);
  let database: TestDatabase;
  let server: ServerProcess;
  let admin: TestAccount;
  const players: Player[] = [];
  /** Games whose payouts a person finishes after a crash (the mark-paid scenario). */
  const payoutGames: string[] = [];
  /** A game where players come back after each restart and buy one square each. */
  let lobby = { gameId: '', used: 0 };
  const log = (line: string) => console.log(`[crash ${testDbKind} seed ${SEED}] ${line}`);
  /** Violations already reported by a round. */
  const reported = new Set<string>();
  const db = () => database.handle.db;

  const env = () => ({
    DATABASE_URL: databaseUrlOf(database),
    AUTH_SECRET: TEST_SECRET,
    SWEEP_INTERVAL_SECONDS: '0.2',
    PAYOUT_LEASE_SECONDS: String(LEASE_SECONDS),
  });

  async function start(): Promise<void> {
    const began = Date.now();
    server = await spawnServer(env());
    log(`server pid ${server.pid} listening at ${server.url} after ${Date.now() - began} ms`);
  }

  /** A request outside a burst that must succeed. */
  async function must(method: string, path: string, cookie: string, body?: unknown, status = 200): Promise<any> {
    const answer = await call(server, method, path, { cookie, ...(body !== undefined ? { body } : {}) });
    if (answer.status !== status) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}\n${server.tail()}`);
    return answer.body;
  }

  const cart = (gameId: string, cells: readonly Cell[]) => ({ cart: [{ game_id: gameId, game_title: 'Crash Bowl', price_per_square: 10, squares: cells }] });
  const sessionOf = (created: { url: string }) => new URL(created.url).pathname.split('/').pop()!;
  const card = { card_number: PAYS, expiry: '12/39', cvc: '123', name: 'Crash Tester' };

  /** Checkout then (optionally) pay, through a burst. */
  async function buy(burst: Burst, player: Player, gameId: string, cells: readonly Cell[], pay = true): Promise<void> {
    const created = await burst.send('POST', '/api/checkout', { cookie: player.cookie, body: cart(gameId, cells) });
    if (created.status !== 201 || !pay) return;
    await burst.send('POST', `/api/checkout/test/${sessionOf(created.body)}/pay`, { cookie: player.cookie, body: card });
  }

  /** Checkout and pay outside a burst; both must succeed. */
  async function bought(player: Player, gameId: string, cells: readonly Cell[]): Promise<void> {
    const created = await must('POST', '/api/checkout', player.cookie, cart(gameId, cells), 201);
    await must('POST', `/api/checkout/test/${sessionOf(created)}/pay`, player.cookie, card);
  }

  const newGame = (title: string) => insertGame(database.handle, { title, created_by: admin.id, price_per_square_cents: 1000 });

  // ---- the scenarios: what is prepared (not killed), then the burst's workers -----------------

  async function scenario(kind: Scenario): Promise<{ planned: number; workers: ((burst: Burst) => Promise<void>)[] }> {
    switch (kind) {
      case 'checkout': {
        // Everyone wants the same 30 squares of two games; half the checkouts are paid at once.
        const games = [await newGame('Crash Checkout A'), await newGame('Crash Checkout B')];
        const plans = players.map((p) =>
          Array.from({ length: 5 }, () => ({ player: p, gameId: games[rng.int(0, 1)]!, cells: rng.cells([0, 1, 2], rng.int(2, 5)), pay: rng.next() < 0.5 })),
        );
        return {
          planned: 45,
          workers: plans.map((plan) => async (burst) => {
            for (const step of plan) if (!burst.killed) await buy(burst, step.player, step.gameId, step.cells, step.pay);
          }),
        };
      }
      case 'payment': {
        // Each player has an open checkout; the burst pays it, then buys and pays again, twice.
        const gameId = await newGame('Crash Payment');
        const sessions = new Map<number, string>();
        for (const p of players) {
          const created = await must(
            'POST',
            '/api/checkout',
            p.cookie,
            cart(gameId, [
              { x: p.index, y: 0 },
              { x: p.index, y: 1 },
            ]),
            201,
          );
          sessions.set(p.index, sessionOf(created));
        }
        const plans = players.map((p) => {
          const row = rng.cells([p.index], 10).filter((c) => c.y > 1);
          return { player: p, next: [row.slice(0, 3), row.slice(3, 6)] };
        });
        return {
          planned: 30,
          workers: plans.map(({ player, next }) => async (burst) => {
            await burst.send('POST', `/api/checkout/test/${sessions.get(player.index)}/pay`, { cookie: player.cookie, body: card });
            for (const cells of next) if (!burst.killed) await buy(burst, player, gameId, cells);
          }),
        };
      }
      case 'draw': {
        // Players buy in two games while the admin draws, clears and draws again (D17, D18).
        const games = [await newGame('Crash Draw A'), await newGame('Crash Draw B')];
        for (const p of players.slice(0, 3)) await bought(p, games[0]!, [{ x: p.index, y: 9 }]);
        const plans = players.map(() =>
          Array.from({ length: 3 }, () => ({ gameId: games[rng.int(0, 1)]!, cells: rng.cells([3, 4, 5, 6, 7, 8, 9], rng.int(1, 3)), pay: rng.next() < 0.7 })),
        );
        const steps: [string, string, unknown?][] = [
          ['POST', `/api/admin/games/${games[0]}/numbers/randomize`, { confirm_not_full: true }],
          ['DELETE', `/api/admin/games/${games[0]}/numbers`],
          ['POST', `/api/admin/games/${games[1]}/numbers/randomize`, { confirm_not_full: true }],
          ['DELETE', `/api/admin/games/${games[1]}/numbers`],
          ['POST', `/api/admin/games/${games[0]}/numbers/randomize`, { confirm_not_full: true }],
          ['POST', `/api/admin/games/${games[1]}/numbers/randomize`, { confirm_not_full: true }],
        ];
        const pauses = steps.map(() => rng.int(0, 30));
        return {
          planned: 36,
          workers: [
            ...plans.map((plan, i) => async (burst: Burst) => {
              for (const step of plan) if (!burst.killed) await buy(burst, players[i]!, step.gameId, step.cells, step.pay);
            }),
            async (burst: Burst) => {
              for (const [i, [method, path, body]] of steps.entries()) {
                if (burst.killed) return;
                await sleep(pauses[i]!);
                await burst.send(method, path, { cookie: admin.cookie, ...(body !== undefined ? { body } : {}) });
              }
            },
          ],
        };
      }
      case 'delete': {
        // Sold squares and open checkouts in two games; players pay while the admin deletes both (D13).
        const games = [await newGame('Crash Delete A'), await newGame('Crash Delete B')];
        const open = new Map<number, string>();
        for (const p of players) {
          await bought(p, games[0]!, [{ x: p.index, y: 0 }]);
          const created = await must(
            'POST',
            '/api/checkout',
            p.cookie,
            cart(games[1]!, [
              { x: p.index, y: 1 },
              { x: p.index, y: 2 },
            ]),
            201,
          );
          open.set(p.index, sessionOf(created));
        }
        const plans = players.map((p) => ({
          player: p,
          more: {
            gameId: games[rng.int(0, 1)]!,
            cells: rng
              .cells([p.index], 10)
              .filter((c) => c.y > 2)
              .slice(0, 2),
          },
        }));
        const pauses = [rng.int(0, 40), rng.int(0, 40)];
        return {
          planned: 16,
          workers: [
            ...plans.map(({ player, more }) => async (burst: Burst) => {
              await burst.send('POST', `/api/checkout/test/${open.get(player.index)}/pay`, { cookie: player.cookie, body: card });
              if (!burst.killed) await buy(burst, player, more.gameId, more.cells);
            }),
            async (burst: Burst) => {
              for (const [i, gameId] of [games[1]!, games[0]!].entries()) {
                if (burst.killed) return;
                await sleep(pauses[i]!);
                await burst.send('DELETE', `/api/admin/games/${gameId}`, { cookie: admin.cookie });
              }
            },
          ],
        };
      }
      case 'mark-paid': {
        // Two full games (four buyers of 25 squares each), drawn and confirmed: 8 pending payouts,
        // all marked paid at once.
        const games = [await newGame('Crash Payout A'), await newGame('Crash Payout B')];
        for (const gameId of games) {
          for (let part = 0; part < 4; part += 1) {
            const cells = Array.from({ length: 25 }, (_, i) => ({ x: Math.floor((part * 25 + i) / 10), y: (part * 25 + i) % 10 }));
            await bought(players[part]!, gameId, cells);
          }
          await must('POST', `/api/admin/games/${gameId}/numbers/randomize`, admin.cookie, { confirm_not_full: false });
          const scores = {
            1: { team_a_score: 7, team_b_score: 3 },
            2: { team_a_score: 14, team_b_score: 10 },
            3: { team_a_score: 21, team_b_score: 17 },
            4: { team_a_score: 28, team_b_score: 24 },
          };
          const confirmed = await must('POST', `/api/admin/games/${gameId}/periods/confirm-all`, admin.cookie, { scores });
          expect(confirmed.failure).toBeNull();
          payoutGames.push(gameId);
        }
        return {
          planned: 8,
          workers: games.flatMap((gameId) =>
            [1, 2, 3, 4].map((period) => async (burst: Burst) => {
              await burst.send('POST', `/api/admin/games/${gameId}/periods/${period}/payout/mark-paid`, {
                cookie: admin.cookie,
                body: { reference: `Venmo ${period}` },
              });
            }),
          ),
        };
      }
    }
  }

  // ---- what the database must say ------------------------------------------------------------

  /**
   * Every table as of one moment. The restarted server's sweeps go on while it is read, so the
   * reads share one transaction (REPEATABLE READ on PostgreSQL: one snapshot); reads on separate
   * connections could see a checkout fulfilled and its squares from before, still held.
   */
  async function snapshot() {
    let transaction = db().transaction();
    if (database.handle.kind === 'postgres') transaction = transaction.setIsolationLevel('repeatable read');
    return transaction.execute(async (trx) => ({
      games: await trx.selectFrom('games').selectAll().execute(),
      squares: await trx.selectFrom('squares').selectAll().execute(),
      checkouts: await trx.selectFrom('checkouts').selectAll().execute(),
      items: await trx.selectFrom('checkout_items').selectAll().execute(),
      sessions: await trx.selectFrom('test_payment_sessions').selectAll().execute(),
      refunds: await trx.selectFrom('payment_refunds').selectAll().execute(),
      winners: await trx.selectFrom('game_winners').selectAll().execute(),
    }));
  }
  type Snapshot = Awaited<ReturnType<typeof snapshot>>;

  /**
   * The invariants. `settled`: the sweeps have had their time (no refund left pending, no payout
   * processing). `final`: time has also passed every hold, so nothing may be open any more.
   */
  function violations(s: Snapshot, phase: 'restarted' | 'settled' | 'final'): string[] {
    const found: string[] = [];
    const now = new Date().toISOString();
    const games = new Map(s.games.map((g) => [g.id, g]));
    const checkouts = new Map(s.checkouts.map((c) => [c.id, c]));
    const sessionByCheckout = new Map(s.sessions.map((x) => [x.checkout_id, x]));
    const refunded = new Set(s.refunds.map((r) => r.checkout_id));
    const key = (gameId: string, x: number, y: number) => `${gameId}:${x},${y}`;
    const itemPrice = new Map(s.items.map((i) => [`${i.checkout_id}/${key(i.game_id, i.x, i.y)}`, i.price_cents]));

    const owners = new Map<string, number>();
    for (const sq of s.squares) owners.set(key(sq.game_id, sq.x, sq.y), (owners.get(key(sq.game_id, sq.x, sq.y)) ?? 0) + 1);
    for (const [cell, count] of owners) if (count > 1) found.push(`square ${cell} has ${count} rows (held or owned twice)`);

    for (const game of s.games) {
      const owned = s.squares.filter((sq) => sq.game_id === game.id && sq.status === 'claimed');
      let pot = 0;
      for (const sq of owned) {
        const price = itemPrice.get(`${sq.checkout_id}/${key(sq.game_id, sq.x, sq.y)}`);
        if (price === undefined) found.push(`square ${key(sq.game_id, sq.x, sq.y)} is owned without a checkout item`);
        pot += price ?? 0;
      }
      if (game.squares_claimed !== owned.length || game.total_pot_cents !== pot) {
        found.push(`game ${game.title} ${game.id}: counters ${game.squares_claimed} squares / ${game.total_pot_cents} cents, owned ${owned.length} / ${pot}`);
      }
    }

    for (const sq of s.squares) {
      const checkout = sq.checkout_id ? checkouts.get(sq.checkout_id) : undefined;
      const game = games.get(sq.game_id);
      if (sq.status === 'claimed' && checkout?.status !== 'fulfilled')
        found.push(`square ${key(sq.game_id, sq.x, sq.y)} is owned through checkout ${sq.checkout_id} in state ${checkout?.status}`);
      if (sq.status === 'held') {
        if (checkout?.status !== 'open') found.push(`square ${key(sq.game_id, sq.x, sq.y)} is held by checkout ${sq.checkout_id} in state ${checkout?.status}`);
        // A draw or delete a crash cut off before its follow-up leaves open checkouts in a game
        // that no longer sells; the sweep ends them (as their provider says).
        if (phase !== 'restarted' && (!game?.is_active || game.grid_shuffled)) {
          found.push(`square ${key(sq.game_id, sq.x, sq.y)} is held in a game that does not sell (${game ? 'drawn or completed' : 'deleted'})`);
        }
        if (phase === 'final' && sq.hold_expires_at! <= now) found.push(`square ${key(sq.game_id, sq.x, sq.y)} is held past its hold (${sq.hold_expires_at})`);
      }
    }

    for (const checkout of s.checkouts) {
      const session = sessionByCheckout.get(checkout.id);
      const paid = session?.status === 'paid';
      const id = `checkout ${checkout.id}`;
      if (paid) {
        const settledFine = checkout.status === 'fulfilled' || checkout.status === 'refunded';
        const pendingFine = phase === 'restarted' && checkout.status === 'refund_pending';
        // Paid but not yet confirmed (the process died in between): the buyer's return or the
        // expiry sweep asks the provider, until the payment page has expired.
        const awaitingFine = phase !== 'final' && checkout.status === 'open' && checkout.expires_at > now;
        if (!settledFine && !pendingFine && !awaitingFine)
          found.push(`${id}: paid (session ${session!.id}) but ${checkout.status}: neither fulfilled nor refunded`);
      }
      if (checkout.status === 'fulfilled') {
        if (!paid || checkout.provider_payment_id !== session!.payment_id) found.push(`${id}: fulfilled without a payment the provider took`);
        for (const item of s.items.filter((i) => i.checkout_id === checkout.id)) {
          const owned = s.squares.some(
            (sq) => sq.checkout_id === checkout.id && sq.status === 'claimed' && sq.game_id === item.game_id && sq.x === item.x && sq.y === item.y,
          );
          // A deleted game's part of a fulfilled checkout is refunded on its own (D13).
          if (!games.has(item.game_id)) {
            if (!refunded.has(checkout.id)) found.push(`${id}: fulfilled, with a square of the deleted game ${item.game_title} and no refund`);
          } else if (!owned) found.push(`${id}: fulfilled, but square ${key(item.game_id, item.x, item.y)} is not its own`);
        }
      }
      if (checkout.status === 'refunded' && !refunded.has(checkout.id)) found.push(`${id}: refunded without a refund the provider made`);
      if (checkout.status === 'refund_pending' && phase !== 'restarted') found.push(`${id}: refund still pending after the sweeps had their time`);
      if (checkout.status === 'open' && phase === 'final') found.push(`${id}: still open past its hold (${checkout.hold_until})`);
    }

    // A refund decided on its own (a deleted game's part of a checkout) that the provider has not made yet.
    for (const r of s.refunds as { checkout_id: string; status?: string }[]) {
      if (r.status === 'pending' && phase !== 'restarted') found.push(`checkout ${r.checkout_id}: a part refund still pending after the sweeps had their time`);
    }

    for (const w of s.winners) {
      if (w.payout_status === 'processing' && phase !== 'restarted')
        found.push(`payout ${w.game_id} Q${w.period}: still processing (since ${w.processing_started_at})`);
    }
    return found;
  }

  /**
   * Waits (up to 20 s) until the sweeps have finished what a crash left: no refund pending, no
   * hold in a game that stopped selling, no payout processing.
   */
  async function settle(extra?: (s: Snapshot) => boolean): Promise<Snapshot> {
    const until = Date.now() + 20_000;
    for (;;) {
      const s = await snapshot();
      const selling = new Set(s.games.filter((g) => g.is_active && !g.grid_shuffled).map((g) => g.id));
      const busy =
        s.checkouts.some((c) => c.status === 'refund_pending') ||
        s.squares.some((sq) => sq.status === 'held' && !selling.has(sq.game_id)) ||
        (s.refunds as { status?: string }[]).some((r) => r.status === 'pending') ||
        s.winners.some((w) => w.payout_status === 'processing') ||
        (extra?.(s) ?? false);
      if (!busy || Date.now() > until) return s;
      await sleep(100);
    }
  }

  /** After a restart, every player comes back and buys a square in the lobby (a new checkout cancels their old open one, D21). */
  async function playersReturn(): Promise<void> {
    if (lobby.used + PLAYERS > 100) lobby = { gameId: await newGame('Crash Lobby'), used: 0 };
    await Promise.all(
      players.map(async (p) => {
        const n = lobby.used + p.index;
        await bought(p, lobby.gameId, [{ x: Math.floor(n / 10), y: n % 10 }]);
      }),
    );
    lobby.used += PLAYERS;
  }

  /** The organizer finishes every payout: Retry for failed ones (a crash's), Mark Paid for pending ones. */
  async function finishPayouts(): Promise<{ retried: number; marked: number; interrupted: number }> {
    const counts = { retried: 0, marked: 0, interrupted: 0 };
    for (const gameId of payoutGames) {
      for (const w of await db().selectFrom('game_winners').selectAll().where('game_id', '=', gameId).orderBy('period').execute()) {
        if (w.payout_status === 'failed') {
          if (w.failure_reason === INTERRUPTED) counts.interrupted += 1;
          await must('POST', `/api/admin/games/${gameId}/periods/${w.period}/payout/retry`, admin.cookie);
          counts.retried += 1;
        } else if (w.payout_status === 'pending') {
          await must('POST', `/api/admin/games/${gameId}/periods/${w.period}/payout/mark-paid`, admin.cookie, { reference: 'after restart' });
          counts.marked += 1;
        }
      }
    }
    const left = await db()
      .selectFrom('game_winners')
      .select(['game_id', 'period', 'payout_status'])
      .where('game_id', 'in', payoutGames)
      .where('payout_status', '!=', 'completed')
      .execute();
    expect(left, 'payouts a person could not finish').toEqual([]);
    return counts;
  }

  /** A line about what the crash left and what recovery found. */
  function leftovers(s: Snapshot): string {
    const open = s.checkouts.filter((c) => c.status === 'open');
    const paidOpen = open.filter((c) => s.sessions.some((x) => x.checkout_id === c.id && x.status === 'paid'));
    return `${open.length} open checkouts (${paidOpen.length} already paid), ${s.checkouts.filter((c) => c.status === 'refund_pending').length} refunds pending, ${s.winners.filter((w) => w.payout_status === 'processing').length} payouts processing, ${s.winners.filter((w) => w.failure_reason === INTERRUPTED && w.payout_status === 'failed').length} payouts handed back as interrupted`;
  }

  beforeAll(async () => {
    log(`CRASH_SEED=${SEED} CRASH_ROUNDS=${ROUNDS} replays this run's plan`);
    database = await createTestDatabase();
    // Accounts written on the same database (tests/support/accounts.ts), then the child takes over.
    const setup = await createTestApp({ database });
    try {
      admin = await testAccount({ app: setup.app, db: database }, { prefix: 'crashadmin', admin: true });
      for (let i = 0; i < PLAYERS; i += 1) players.push({ ...(await testAccount({ app: setup.app, db: database }, { prefix: `crash${i}` })), index: i });
    } finally {
      await setup.close();
    }
    await start();
    lobby = { gameId: await newGame('Crash Lobby'), used: 0 };
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await database?.cleanup();
  });

  // Odd rounds freeze the database's writes before the kill (work dies between its steps), even rounds kill at once.
  const plan: { kind: Scenario; round: number; mode: 'frozen' | 'at once' }[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const kind of ['checkout', 'payment', 'draw', 'delete', 'mark-paid'] as const)
      plan.push({ kind, round, mode: round % 2 === 1 ? 'frozen' : 'at once' });
  }

  it.each(plan)(
    'kill -9 in the middle of a $kind burst (round $round, $mode), restart, recover',
    async ({ kind, round, mode }) => {
      const began = Date.now();
      const { planned, workers } = await scenario(kind);
      const killAt = rng.int(Math.max(1, Math.floor(planned * 0.15)), Math.max(1, Math.floor(planned * 0.85)));
      const holdMs = rng.int(150, 400);
      const burst = new Burst(server, killAt, mode === 'frozen' ? () => freezeWrites(database) : null, holdMs);
      await Promise.all(workers.map((work) => work(burst)));
      await burst.end();
      const { tally } = burst;
      log(
        `${kind} round ${round}: killed ${mode === 'frozen' ? `after ${holdMs} ms of frozen writes ` : ''}at answer ${killAt} of ~${planned}; ` +
          `${tally.ok} ok, ${tally.refused} refused, ${tally.serverErrors.length} 5xx, ${tally.lostToKill} lost to the kill`,
      );
      for (const line of tally.serverErrors.slice(0, 5)) log(`  5xx: ${line}`);
      if (tally.serverErrors.length > 0)
        for (const line of burst.server.warnings.filter((l) => l.includes('"level":50')).slice(0, 5)) log(`  server error: ${line.slice(0, 1500)}`);
      for (const line of tally.lostBeforeKill.slice(0, 5)) log(`  lost before the kill: ${line}`);

      const found: string[] = [];
      const atCrash = await snapshot();
      log(`  left by the crash: ${leftovers(atCrash)}`);
      await start();
      const restarted = await snapshot();
      log(`  after restart (start-up sweeps done): ${leftovers(restarted)}`);
      found.push(...violations(restarted, 'restarted').map((v) => `after restart: ${v}`));

      // People carry on: players buy again (cancelling their own open checkouts), the organizer
      // finishes the payouts.
      await playersReturn();
      if (kind === 'mark-paid') {
        await settle();
        const counts = await finishPayouts();
        log(`  organizer finished the payouts: ${counts.retried} retried (${counts.interrupted} interrupted by the crash), ${counts.marked} marked paid`);
      }
      const settled = await settle();
      found.push(...violations(settled, 'settled').map((v) => `after the sweeps: ${v}`));
      // A round answers for what it broke: what an earlier round reported stays in the database and
      // is not counted again (the final check lists everything left).
      const fresh = [...new Set(found.filter((v) => !reported.has(v.replace(/^[^:]+: /, ''))))];
      for (const v of found) reported.add(v.replace(/^[^:]+: /, ''));
      log(
        `  round done in ${Date.now() - began} ms; ${fresh.length} new violations${found.length > fresh.length ? ` (${found.length - fresh.length} seen before)` : ''}`,
      );
      if (fresh.length > 0) log(`  server log tail:\n${server.tail(20)}`);
      expect(fresh).toEqual([]);
      // A request the server lost while it was alive would be a hang or a crash of its own.
      expect(tally.lostBeforeKill).toEqual([]);
    },
    90_000,
  );

  it('after time passes every hold, the sweeps leave nothing open, pending or processing', async () => {
    await server.kill();
    const past = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    // As if the server stayed down for 40 minutes: every payment page and hold has run out.
    await db()
      .updateTable('checkouts')
      .set({ expires_at: past(10), hold_until: past(5) })
      .where('status', '=', 'open')
      .execute();
    await db()
      .updateTable('squares')
      .set({ hold_expires_at: past(5) })
      .where('status', '=', 'held')
      .execute();
    await db()
      .updateTable('test_payment_sessions')
      .set({ expires_at: past(10) })
      .where('status', '=', 'open')
      .execute();
    const before = await snapshot();
    log(`final: before the restart: ${leftovers(before)}`);
    await start();
    const s = await settle((x) => x.checkouts.some((c) => c.status === 'open') || x.squares.some((sq) => sq.status === 'held'));
    log(
      `final: after the sweeps: ${leftovers(s)}; ${s.checkouts.filter((c) => c.status === 'fulfilled').length} fulfilled, ${s.checkouts.filter((c) => c.status === 'refunded').length} refunded checkouts; ${server.warnings.length} warnings logged`,
    );
    expect(violations(s, 'final')).toEqual([]);
  }, 60_000);
});
