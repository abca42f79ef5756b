/**
 * `npm run bench`: the budgets of ../shared/ARCHITECTURE.md on this machine, on SQLite in a temp
 * folder, everything on 127.0.0.1 and bounded in time.
 *   (a) board reads/s by visitors against a bare Fastify hello-world route (target ratio >= 0.5),
 *       by a signed-in player against visitors (target >= 0.5), and GET /api/me, in alternating rounds
 *   (b) one change delivered to 2,000 live viewers: latency p50/p99 and the server's RSS (< 250 MB)
 *   (c) checkouts/s with 200 buyers racing for overlapping squares (when POST /api/checkout exists)
 *   (d) 2,000 signed-in viewers, each with its own session, hold the new board after a change
 *       (event plus re-read with their cookie): p50/p99/max from the change (target max < 1 s)
 *   (e) 10,000 live viewers on one server process: RSS (< 600 MB) and update p99 (<= 250 ms)
 *   (f) "Super Bowl Sunday": many games with viewers each on 2, 3 and 4 instances sharing one
 *       PostgreSQL, every game's quarter confirmed at once: every viewer holds the new board < 1 s
 *   (e and f: bench/capacity.ts)
 * Options: --quick (short runs), --rounds N, --seconds S, --viewers N, --only abcdef (some parts;
 * a-d write the results only when all four ran, e and f their section only when both ran),
 * --viewers-10k N (part e's viewers), --games N, --game-viewers N (viewers per game),
 * --instances 2,3,4, --repeats N (part f), --pg-url URL (part f's PostgreSQL, default
 * BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test), --profile-servers DIR (each
 * server writes a V8 CPU profile there when it stops). Writes bench/RESULTS.md (keeping its
 * Lighthouse section: `npm run lighthouse`, bench/lighthouse.ts, measures the pages in Chromium and
 * is run on its own).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { parseSettings } from '../src/server/config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/connection';
import { migrate } from '../src/server/db/migrate';
import { insertGame, insertUser } from '../tests/support/fixtures';
import { runCheckoutRace, type CheckoutRaceResult } from './checkout-race';
import { KeptAliveReader } from './kept-alive-reader';
import { combineRuns, measureManyViewers, measureSuperBowl, type ManyViewersResult, type StartApp, type SuperBowlRound } from './capacity';
import { readSectionsOnward, RESULTS_FILE, writeResultsSection } from './results-file';
import { BENCH_SECRET, insertViewers, type BenchViewer } from './sessions';
import { startServer as startChild, type Server } from './servers';
import { openViewers, viewerAddress } from './sse-viewers';
import { fmt, inParallel, mb, median, percentile } from './stats';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    seconds: { type: 'string' },
    viewers: { type: 'string' },
    connections: { type: 'string' },
    only: { type: 'string' },
    'viewers-10k': { type: 'string' },
    games: { type: 'string' },
    'game-viewers': { type: 'string' },
    instances: { type: 'string' },
    repeats: { type: 'string' },
    'pg-url': { type: 'string' },
    'profile-servers': { type: 'string' },
  },
});
const PARTS = new Set((args.only ?? 'abcdef').split(''));
// Many short rounds rather than a few long ones: other work on a shared machine comes and goes
// within minutes, and a ratio is only as good as the two loads behind it being measured alike.
const ROUNDS = Number(args.rounds ?? (args.quick ? 2 : 7));
const SECONDS = Number(args.seconds ?? (args.quick ? 2 : 4));
const CONNECTIONS = Number(args.connections ?? 50);
const VIEWERS = Number(args.viewers ?? 2000);
const PUBLISHES = args.quick ? 3 : 5;
const CLAIMED = 60;
/** A whole number from 1 to `max` from an option, or a clear stop. */
function count(name: string, fallback: number, max = 100_000): number {
  const raw = (args as Record<string, unknown>)[name];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name} must be a whole number from 1 to ${max}`);
  return n;
}
const MANY_VIEWERS = count('viewers-10k', args.quick ? 1000 : 10_000);
const GAMES = count('games', args.quick ? 5 : 30);
const GAME_VIEWERS = count('game-viewers', args.quick ? 20 : 150);
// Part (e) claims a row of the board per run (rows 6-8 are free).
const REPEATS = count('repeats', 1, 3);
const INSTANCES = (args.instances ?? '2,3,4').split(',').map(Number);
if (INSTANCES.length > 4 || INSTANCES.some((n) => !Number.isInteger(n) || n < 1 || n > 8)) {
  throw new Error('--instances takes up to 4 counts of 1 to 8 instances, such as 2,3,4');
}
const PG_URL = args['pg-url'] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (!/^postgres(ql)?:\/\/[^/]*@?(127\.0\.0\.1|localhost)(:\d+)?\//.test(PG_URL)) throw new Error('--pg-url must be a postgres:// URL on 127.0.0.1');
/** Each capacity part stops the bench if it runs longer than this. */
const PART_TIMEOUT_MS = { e: 10 * 60_000, f: 20 * 60_000 };

const startServer = (mode: 'app' | 'hello', env: Record<string, string> = {}) => startChild(mode, { env, profileDir: args['profile-servers'] });

async function prepareDatabase(file: string): Promise<{ gameId: string; handle: DatabaseHandle; viewers: BenchViewer[] }> {
  const settings = parseSettings({ DATABASE_URL: file, NODE_ENV: 'development', LOG_LEVEL: 'silent', AUTH_SECRET: BENCH_SECRET });
  const handle = await openDatabase(settings.database);
  await migrate(handle, settings, settings.AUTH_SECRET!);
  const players = await Promise.all(Array.from({ length: 20 }, (_, i) => insertUser(handle, `bench-player-${i}@example.com`)));
  // A few other games, so the board's queries pick one game's rows out of several.
  for (let g = 0; g < 5; g++) await insertGame(handle, { title: `Other Bowl ${g}` });
  const gameId = await insertGame(handle, { title: 'Bench Bowl', squares_claimed: CLAIMED, total_pot_cents: CLAIMED * 1000 });
  const now = new Date().toISOString();
  await handle.db
    .insertInto('squares')
    .values(
      Array.from({ length: CLAIMED }, (_, i) => ({
        id: randomUUID(),
        game_id: gameId,
        x: Math.floor(i / 10),
        y: i % 10,
        user_id: players[i % players.length]!.id,
        status: 'claimed' as const,
        checkout_id: null,
        hold_expires_at: null,
        claimed_at: now,
      })),
    )
    .execute();
  // Signed-in viewers with a session each; the first 20 are the players who own the squares.
  const viewers = await insertViewers(handle, BENCH_SECRET, VIEWERS, players);
  return { gameId, handle, viewers };
}

/**
 * One load on one target; `server` reports its process's CPU time before and after, so the answer
 * also says how many microseconds of the server's CPU each request cost: steadier than req/s on a
 * shared machine, where the load generator and other work take turns with the server.
 */
async function load(
  server: Server,
  url: string,
  seconds: number,
  cookie?: string,
): Promise<{ rps: number; p50: number; p99: number; non2xx: number; errors: number; cpuMicros: number }> {
  const before = await server.request({ type: 'stats', gameId: '' }, 'stats');
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1, ...(cookie ? { headers: { cookie } } : {}) });
  const after = await server.request({ type: 'stats', gameId: '' }, 'stats');
  const cpuMicros = (after.cpuMicros - before.cpuMicros) / Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMicros,
  };
}

type Load = Awaited<ReturnType<typeof load>>;

async function measureBoardReads(hello: Server, app: Server, gameId: string, player: BenchViewer) {
  const boardUrl = `${app.url}/api/games/${gameId}/board`;
  const meUrl = `${app.url}/api/me`;
  const check = await fetch(boardUrl);
  const body = (await check.json()) as { squares: unknown[] };
  if (check.status !== 200 || body.squares.length !== CLAIMED) throw new Error(`board answered ${check.status} with ${body.squares.length} squares`);
  // A player who owns squares on this board (3 of the 60): their read marks them as theirs.
  const cookie = player.cookie;
  const me = (await (await fetch(meUrl, { headers: { cookie } })).json()) as { user: { email: string } | null };
  if (me.user?.email !== player.email) throw new Error(`the bench session is not signed in: ${JSON.stringify(me)}`);
  const own = (await (await fetch(boardUrl, { headers: { cookie } })).json()) as { squares: Array<{ mine: boolean }> };
  const mine = own.squares.filter((square) => square.mine).length;
  if (mine === 0) throw new Error('the signed-in player sees none of their squares as theirs');
  console.log(
    `(a) board reads: ${ROUNDS} round(s) of ${SECONDS} s per target, ${CONNECTIONS} connections; board with ${CLAIMED} claimed squares, ${mine} of them the signed-in player's`,
  );
  // Warm-up: JIT, SQLite page cache.
  await load(hello, `${hello.url}/`, 2);
  await load(app, boardUrl, 2);
  await load(app, boardUrl, 2, cookie);
  await load(app, meUrl, 2, cookie);
  // The app's floor: an unknown /api path runs every hook and answers a small JSON 404.
  const floorUrl = `${app.url}/api/no-such-route`;
  const rounds: Array<{ hello: Load; board: Load; signedIn: Load; me: Load; floor: Load }> = [];
  const targets = [
    ['hello', hello, `${hello.url}/`, undefined],
    ['board', app, boardUrl, undefined],
    ['signedIn', app, boardUrl, cookie],
    ['me', app, meUrl, cookie],
    ['floor', app, floorUrl, undefined],
  ] as const;
  for (let i = 0; i < ROUNDS; i++) {
    // Every other round runs the targets backwards, so a load that grows or fades during a round
    // does not always favour the same side of a ratio.
    const round = {} as Record<(typeof targets)[number][0], Load>;
    for (const [name, server, url, withCookie] of i % 2 === 0 ? targets : [...targets].reverse()) round[name] = await load(server, url, SECONDS, withCookie);
    const { hello: h, board: b, signedIn: p, me: m, floor: f } = round;
    rounds.push(round);
    console.log(
      `    round ${i + 1}: hello ${fmt(h.rps)}/s; board as visitor ${fmt(b.rps)}/s (p50 ${b.p50} ms, p99 ${b.p99} ms), ratio ${fmt(b.rps / h.rps, 2)}; ` +
        `as a signed-in player ${fmt(p.rps)}/s (p99 ${p.p99} ms), ${fmt(p.rps / b.rps, 2)} of a visitor's; GET /api/me ${fmt(m.rps)}/s; the app's JSON 404 ${fmt(f.rps)}/s; ` +
        `server CPU per request: hello ${fmt(h.cpuMicros)} µs, board ${fmt(b.cpuMicros)} µs, signed-in ${fmt(p.cpuMicros)} µs, /api/me ${fmt(m.cpuMicros)} µs, 404 ${fmt(f.cpuMicros)} µs`,
    );
  }
  const bad = rounds.reduce((n, r) => n + [r.hello, r.board, r.signedIn, r.me].reduce((m, l) => m + l.non2xx + l.errors, 0), 0);
  return {
    helloRps: median(rounds.map((r) => r.hello.rps)),
    boardRps: median(rounds.map((r) => r.board.rps)),
    ratio: median(rounds.map((r) => r.board.rps / r.hello.rps)),
    boardP50: median(rounds.map((r) => r.board.p50)),
    boardP99: median(rounds.map((r) => r.board.p99)),
    signedInRps: median(rounds.map((r) => r.signedIn.rps)),
    signedInRatio: median(rounds.map((r) => r.signedIn.rps / r.board.rps)),
    ratios: rounds.map((r) => fmt(r.board.rps / r.hello.rps, 2)).join(' '),
    signedInRatios: rounds.map((r) => fmt(r.signedIn.rps / r.board.rps, 2)).join(' '),
    signedInP50: median(rounds.map((r) => r.signedIn.p50)),
    signedInP99: median(rounds.map((r) => r.signedIn.p99)),
    meRps: median(rounds.map((r) => r.me.rps)),
    floorRps: median(rounds.map((r) => r.floor.rps)),
    floorRatio: median(rounds.map((r) => r.floor.rps / r.hello.rps)),
    cpu: {
      hello: median(rounds.map((r) => r.hello.cpuMicros)),
      board: median(rounds.map((r) => r.board.cpuMicros)),
      signedIn: median(rounds.map((r) => r.signedIn.cpuMicros)),
      me: median(rounds.map((r) => r.me.cpuMicros)),
      floor: median(rounds.map((r) => r.floor.cpuMicros)),
    },
    mine,
    bad,
  };
}

async function measureFanOut(app: Server, gameId: string) {
  console.log(`(b) live updates: ${VIEWERS} viewers of one board, ${PUBLISHES} changes`);
  const idle = await app.request({ type: 'stats', gameId }, 'stats');
  const started = performance.now();
  const viewers = await openViewers(`${app.url}/api/games/${gameId}/events`, VIEWERS);
  const connectSeconds = (performance.now() - started) / 1000;
  const connected = await app.request({ type: 'stats', gameId }, 'stats');
  if (connected.subscribers !== VIEWERS) throw new Error(`server counts ${connected.subscribers} subscribers, expected ${VIEWERS}`);
  console.log(`    ${VIEWERS} connected in ${fmt(connectSeconds, 1)} s; server RSS ${fmt(mb(idle.rss))} MB idle, ${fmt(mb(connected.rss))} MB connected`);
  const all: number[] = [];
  const perRound: Array<{ p50: number; p99: number; last: number }> = [];
  let peakRss = connected.rss;
  for (let i = 0; i < PUBLISHES; i++) {
    const since = performance.now();
    const delivered = viewers.nextChange(since, 30_000);
    await app.request({ type: 'publish', gameId }, 'published');
    const times = await delivered;
    all.push(...times);
    perRound.push({ p50: percentile(times, 50), p99: percentile(times, 99), last: Math.max(...times) });
    const stats = await app.request({ type: 'stats', gameId }, 'stats');
    peakRss = Math.max(peakRss, stats.rss);
    console.log(
      `    change ${i + 1}: p50 ${fmt(percentile(times, 50), 1)} ms, p99 ${fmt(percentile(times, 99), 1)} ms, all ${VIEWERS} in ${fmt(Math.max(...times), 1)} ms`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  viewers.close();
  return {
    viewers: VIEWERS,
    connectSeconds,
    p50: median(perRound.map((r) => r.p50)),
    p99: median(perRound.map((r) => r.p99)),
    last: median(perRound.map((r) => r.last)),
    p50All: percentile(all, 50),
    p99All: percentile(all, 99),
    idleRssMb: mb(idle.rss),
    connectedRssMb: mb(connected.rss),
    peakRssMb: mb(peakRss),
  };
}

async function measureSignedInViewers(app: Server, gameId: string, signedIn: BenchViewer[]) {
  const count = signedIn.length;
  console.log(`(d) ${count} signed-in viewers of one board, each with its own session: ${PUBLISHES} changes, each viewer re-reads the board when told`);
  const boardPath = `/api/games/${gameId}/board`;
  // Like a browser: the stream on one connection, the board's reads on another that stays open.
  const readers = signedIn.map((viewer, i) => new KeptAliveReader(new URL(app.url), viewerAddress(i), { cookie: viewer.cookie }));
  const read = (i: number) => readers[i]!.get(boardPath);
  const idle = await app.request({ type: 'stats', gameId }, 'stats');
  const started = performance.now();
  const viewers = await openViewers(`${app.url}/api/games/${gameId}/events`, count, { headersOf: (i) => ({ cookie: signedIn[i]!.cookie }) });
  try {
    // Every viewer is signed in as its own account (and has read the board once, as the page does).
    let firstReads = 0;
    await inParallel(count, 50, async (i) => {
      const me = await readers[i]!.get('/api/me');
      const email = (JSON.parse(me.body.toString()) as { user: { email: string } | null }).user?.email;
      if (email !== signedIn[i]!.email) throw new Error(`viewer ${i} is not signed in as itself: ${me.status} ${me.body.toString().slice(0, 200)}`);
      if ((await read(i)).status === 200) firstReads += 1;
    });
    if (firstReads !== count) throw new Error(`${count - firstReads} first board reads failed`);
    const connected = await app.request({ type: 'stats', gameId }, 'stats');
    console.log(`    ${count} connected and signed in in ${fmt((performance.now() - started) / 1000, 1)} s; server RSS ${fmt(mb(connected.rss))} MB`);

    const perChange: Array<{ p50: number; p99: number; last: number; heardLast: number }> = [];
    let peakRss = connected.rss;
    let stale = 0;
    for (let k = 0; k < PUBLISHES; k++) {
      // The change: a square claimed on row 9 (the prepared board uses rows 0-5); the new board has it.
      const marker = Buffer.from(`"x":9,"y":${k},"status":"claimed"`);
      const since = performance.now();
      const heard: number[] = [];
      const held = viewers.nextChange(since, 30_000, async (i) => {
        heard.push(performance.now() - since);
        const { status, body } = await read(i);
        if (status !== 200) throw new Error(`viewer ${i}: board answered ${status}`);
        if (!body.includes(marker)) stale += 1;
      });
      await app.request({ type: 'claim', gameId, x: 9, y: k, userId: signedIn[k]!.userId }, 'published');
      const published = performance.now() - since;
      const times = await held;
      perChange.push({ p50: percentile(times, 50), p99: percentile(times, 99), last: Math.max(...times), heardLast: Math.max(...heard) });
      const stats = await app.request({ type: 'stats', gameId }, 'stats');
      peakRss = Math.max(peakRss, stats.rss);
      console.log(
        `    change ${k + 1}: committed and published after ${fmt(published, 1)} ms, every viewer told after ${fmt(Math.max(...heard), 1)} ms; ` +
          `holding the new board p50 ${fmt(percentile(times, 50), 1)} ms, p99 ${fmt(percentile(times, 99), 1)} ms, all ${count} after ${fmt(Math.max(...times), 1)} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return {
      viewers: count,
      p50: median(perChange.map((c) => c.p50)),
      p99: median(perChange.map((c) => c.p99)),
      last: median(perChange.map((c) => c.last)),
      worst: Math.max(...perChange.map((c) => c.last)),
      lasts: perChange.map((c) => fmt(c.last)).join(' '),
      heardLast: median(perChange.map((c) => c.heardLast)),
      stale,
      idleRssMb: mb(idle.rss),
      peakRssMb: mb(peakRss),
    };
  } finally {
    viewers.close();
    for (const reader of readers) reader.close();
  }
}

function machineNotes(): string[] {
  const cpus = os.cpus();
  return [
    `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${fmt(os.totalmem() / 1024 ** 3, 1)} GB RAM, ${os.type()} ${os.release()}`,
    `Node ${process.versions.node}, SQLite ${process.versions.sqlite ?? '?'}; load generator, viewers and servers share these CPUs`,
  ];
}

type Row = [string, string, string, string];

/** Runs a capacity part, stopping the bench when it takes longer than the part's bound. */
async function withinTime<T>(part: keyof typeof PART_TIMEOUT_MS, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`part (${part}) ran longer than ${PART_TIMEOUT_MS[part] / 60_000} minutes: stopped`)), PART_TIMEOUT_MS[part]);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

const loadAtStart = os.loadavg()[0]!;
const dir = mkdtempSync(join(os.tmpdir(), 'squares-bench-'));
const servers: Server[] = [];
try {
  const file = join(dir, 'bench.db');
  const { gameId, handle, viewers } = await prepareDatabase(file);
  await handle.close();

  const rows: Row[] = [];
  const notes: string[] = [];
  const loadNow = () =>
    `load average ${os
      .loadavg()
      .map((l) => fmt(l, 1))
      .join(' / ')} (1 / 5 / 15 min) as it started`;

  if (PARTS.has('a')) {
    const loadA = loadNow();
    const hello = await startServer('hello');
    servers.push(hello);
    const app = await startServer('app', { BENCH_DB: file });
    servers.push(app);
    const reads = await measureBoardReads(hello, app, gameId, viewers[0]!);
    for (const server of [hello, app]) {
      await server.stop();
      servers.splice(servers.indexOf(server), 1);
    }
    rows.push(
      ['board reads/s by visitors (median)', fmt(reads.boardRps), '', ''],
      ['hello-world reads/s (median)', fmt(reads.helloRps), '', ''],
      ['visitor board / hello-world', fmt(reads.ratio, 2), '>= 0.50', reads.ratio >= 0.5 ? 'ok' : 'MISSED'],
      ['... each round', reads.ratios, '', ''],
      ['visitor board latency p50 / p99', `${reads.boardP50} / ${reads.boardP99} ms`, '', ''],
      [`board reads/s by a signed-in player (${reads.mine} squares theirs)`, fmt(reads.signedInRps), '', ''],
      ['signed-in board / visitor board', fmt(reads.signedInRatio, 2), '>= 0.50', reads.signedInRatio >= 0.5 ? 'ok' : 'MISSED'],
      ['... each round', reads.signedInRatios, '', ''],
      ['signed-in board latency p50 / p99', `${reads.signedInP50} / ${reads.signedInP99} ms`, '', ''],
      ['GET /api/me/s signed in', fmt(reads.meRps), '', ''],
      ["the app's JSON 404/s (every hook, no work) / hello-world", `${fmt(reads.floorRps)} (${fmt(reads.floorRatio, 2)})`, '', ''],
      [
        "server CPU per request (median): hello-world / app's 404 / visitor board / signed-in board / GET /api/me",
        [reads.cpu.hello, reads.cpu.floor, reads.cpu.board, reads.cpu.signedIn, reads.cpu.me].map((c) => `${fmt(c)} µs`).join(' / '),
        '',
        '',
      ],
      ['visitor board / hello-world by server CPU per request', fmt(reads.cpu.hello / reads.cpu.board, 2), '', ''],
      ['non-2xx or errors during loads', String(reads.bad), '0', reads.bad === 0 ? 'ok' : 'MISSED'],
    );
    notes.push(
      `- (a) ${loadA}; autocannon, ${CONNECTIONS} connections, ${ROUNDS} round(s) of ${SECONDS} s per target after a 2 s warm-up, the targets one after another in each round (hello-world, board as visitor, board as a signed-in player, GET /api/me, the app's 404; backwards every other round); ratios are the median of each round's ratio; a board with ${CLAIMED} claimed squares read by visitors (no cookie: the shared read, rebuilt after every change or after 1 s) and by a signed-in player who owns ${reads.mine} of them (their session read from the database on every request, then the shared read with their squares marked)`,
    );
  }

  if (PARTS.has('b') || PARTS.has('c')) {
    // A fresh server process, so its memory is the viewers' and not what the read loads left.
    const loadB = loadNow();
    const live = await startServer('app', { BENCH_DB: file });
    servers.push(live);
    if (PARTS.has('b')) {
      const fanOut = await measureFanOut(live, gameId);
      rows.push(
        [`live update to ${fanOut.viewers} viewers p50`, `${fmt(fanOut.p50, 1)} ms`, '', ''],
        [`live update to ${fanOut.viewers} viewers p99`, `${fmt(fanOut.p99, 1)} ms`, '', ''],
        ['time until the last viewer has it', `${fmt(fanOut.last, 1)} ms`, '', ''],
        [`server RSS with ${fanOut.viewers} viewers (peak)`, `${fmt(fanOut.peakRssMb)} MB`, '< 250 MB', fanOut.peakRssMb < 250 ? 'ok' : 'MISSED'],
        ['server RSS before the viewers connect', `${fmt(fanOut.idleRssMb)} MB`, '', ''],
      );
      notes.push(
        `- (b) ${loadB}; a fresh server process; ${VIEWERS} SSE connections from one client process (each from a loopback address of its own); ${PUBLISHES} changes, each published after every viewer had the previous one; latency = publish request sent -> change frame read by the viewer; RSS from the server's process.memoryUsage()`,
      );
    }
    if (PARTS.has('c')) {
      let race: CheckoutRaceResult | string;
      try {
        race = await runCheckoutRace(live.url, file);
      } catch (err) {
        race = `not measured: ${err instanceof Error ? err.message : String(err)}`;
      }
      if (typeof race !== 'string') {
        rows.push(
          ['checkouts/s under contention', fmt(race.successesPerSecond, 1), '', ''],
          [
            'buyers / successes / 409s / 5xx',
            `${race.buyers} / ${race.successes} / ${race.conflicts} / ${race.serverErrors}`,
            '5xx = 0',
            race.serverErrors === 0 ? 'ok' : 'MISSED',
          ],
          ['squares sold twice', String(race.soldTwice), '0', race.soldTwice === 0 ? 'ok' : 'MISSED'],
        );
        notes.push(
          `- (c) 200 buyers signed up through the API (each from its own 127.x address, as the per-IP limits expect), then all POST /api/checkout at once for 2 random squares each of one empty game (test provider); checkouts/s = successful checkouts / time until the last answer`,
        );
      } else {
        console.log(`(c) checkouts: ${race}`);
        rows.push(['checkouts under contention', race, '', '']);
      }
    }
    await live.stop();
    servers.splice(servers.indexOf(live), 1);
  }

  if (PARTS.has('d')) {
    // Again a fresh server process, for the signed-in viewers.
    const loadD = loadNow();
    const server = await startServer('app', { BENCH_DB: file });
    servers.push(server);
    const signedIn = await measureSignedInViewers(server, gameId, viewers);
    rows.push(
      [`${signedIn.viewers} signed-in viewers hold the new board: p50`, `${fmt(signedIn.p50, 1)} ms`, '', ''],
      [`${signedIn.viewers} signed-in viewers hold the new board: p99`, `${fmt(signedIn.p99, 1)} ms`, '', ''],
      [
        `all ${signedIn.viewers} signed-in viewers hold the new board (median of changes)`,
        `${fmt(signedIn.last, 1)} ms`,
        '< 1,000 ms',
        signedIn.last < 1000 ? 'ok' : 'MISSED',
      ],
      ['... each change (ms)', signedIn.lasts, '', ''],
      ['... the slowest change', `${fmt(signedIn.worst, 1)} ms`, '', ''],
      ['... of which until the last viewer was told (median)', `${fmt(signedIn.heardLast, 1)} ms`, '', ''],
      ['re-reads that missed the change', String(signedIn.stale), '0', signedIn.stale === 0 ? 'ok' : 'MISSED'],
      [`server RSS with ${signedIn.viewers} signed-in viewers (peak)`, `${fmt(signedIn.peakRssMb)} MB`, '', ''],
    );
    notes.push(
      `- (d) ${loadD}; a fresh server process; ${signedIn.viewers} viewers, each with a session of its own made in the database (the first 20 own the board's squares), each from a loopback address of its own with its cookie: an SSE stream, and a kept-alive connection on which it checked GET /api/me and read the board once; ${PUBLISHES} changes (a square claimed in the database, then published, as a checkout does), each viewer re-reads the board when the change event arrives; time = change asked -> that viewer has read a board with the new square; the figures are medians over the changes`,
    );
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
  }

  // The capacity parts, each in a fresh server process (or several) and bounded in time.
  const capacityRows: Row[] = [];
  const capacityNotes: string[] = [];
  const startApp: StartApp = async (env) => {
    const server = await startServer('app', env);
    servers.push(server);
    return server;
  };
  if (PARTS.has('e')) {
    const loadE = loadNow();
    const runs: ManyViewersResult[] = [];
    // Each run on a fresh server process, claiming squares of its own row (8, then 7, ...).
    for (let r = 0; r < REPEATS; r++)
      runs.push(await withinTime('e', measureManyViewers(startApp, file, gameId, MANY_VIEWERS, PUBLISHES, viewers[0]!.userId, 8 - r)));
    const e = combineRuns(runs);
    capacityRows.push(
      [`(e) live update to ${fmt(e.viewers)} viewers on one process: p50`, `${fmt(e.p50, 1)} ms`, '', ''],
      [`(e) live update to ${fmt(e.viewers)} viewers on one process: p99`, `${fmt(e.p99, 1)} ms`, '<= 250 ms', e.p99 <= 250 ? 'ok' : 'MISSED'],
      ['(e) ... until the last viewer has it (median of changes)', `${fmt(e.last, 1)} ms`, '', ''],
      [`(e) ... each change (ms)${REPEATS > 1 ? ', run by run' : ''}`, e.lasts, '', ''],
      [
        `(e) server RSS: before the viewers / ${fmt(e.viewers)} connected / after the changes`,
        `${fmt(e.idleRssMb)} / ${fmt(e.connectedRssMb)} / ${fmt(e.afterRssMb)} MB`,
        '',
        '',
      ],
      [`(e) server RSS with ${fmt(e.viewers)} viewers (peak)`, `${fmt(e.peakRssMb)} MB`, '< 600 MB', e.peakRssMb < 600 ? 'ok' : 'MISSED'],
      ['(e) server RSS per 1,000 viewers', `${fmt(((e.connectedRssMb - e.idleRssMb) / e.viewers) * 1000, 1)} MB`, '', ''],
      ['(e) server CPU per change (median)', `${fmt(e.serverCpuMsPerChange)} ms`, '', ''],
      [
        `(e) the ${fmt(e.viewers)} viewers' own cost in the bench: CPU per change / to connect; RSS`,
        `${fmt(e.clientCpuMsPerChange)} ms / ${fmt(e.clientCpuMsConnect)} ms; ${fmt(e.clientRssMb)} MB`,
        '',
        '',
      ],
      ['(e) time to connect them all', `${fmt(e.connectSeconds, 1)} s`, '', ''],
    );
    capacityNotes.push(
      `- (e) ${loadE}; a fresh server process on SQLite (LIVE_UPDATES_TOTAL raised to ${fmt(e.viewers + 100)}, open-files limit ${fmt(e.openFiles)}); ${fmt(e.viewers)} SSE streams held by the bench's own process as plain sockets (each from a loopback address of its own, 127.90.x.y); ${PUBLISHES} real changes (a square claimed in the database, then published, as a checkout does), each once every viewer had the previous one; ${REPEATS} run(s), each on a fresh server process${REPEATS > 1 ? ' (figures: the median of the runs; peak RSS and slowest change: the highest)' : ''}; latency = change asked -> change event read by the viewer (the budget's "update"; a re-read by every viewer is part d's and f's measure: here 10,000 more connections would pass this machine's open-files limit of 20,000 per process); medians over the changes`,
    );
  }
  if (PARTS.has('f')) {
    const loadF = loadNow();
    const f = await withinTime(
      'f',
      measureSuperBowl(startApp, { pgUrl: PG_URL, games: GAMES, viewersPerGame: GAME_VIEWERS, instanceCounts: INSTANCES, repeats: REPEATS }),
    );
    for (const instances of INSTANCES) {
      const mine = f.filter((round) => round.instances === instances);
      const of = (pick: (round: SuperBowlRound) => number) => median(mine.map(pick));
      const each = mine.length > 1 ? ` (each run: ${mine.map((round) => fmt(round.last)).join(', ')})` : '';
      const last = of((round) => round.last);
      capacityRows.push(
        [
          `(f) ${instances} instances, ${fmt(mine[0]!.viewers)} viewers: hold the new board p50 / p99`,
          `${fmt(of((r) => r.p50))} / ${fmt(of((r) => r.p99))} ms`,
          '',
          '',
        ],
        [`(f) ${instances} instances: every viewer holds the new board${each}`, `${fmt(last)} ms`, '< 1,000 ms', last < 1000 ? 'ok' : 'MISSED'],
        [
          `(f) ${instances} instances: ... every game's first viewer told / every viewer told / the admin's confirms answered (median, last)`,
          `${fmt(of((r) => r.firstToldLast))} / ${fmt(of((r) => r.heardLast))} ms / ${fmt(of((r) => r.confirmP50))}, ${fmt(of((r) => r.confirmLast))} ms`,
          '',
          '',
        ],
        [
          `(f) ${instances} instances: CPU from the confirms to the last viewer: instances / PostgreSQL / the bench's viewers`,
          `${fmt(of((r) => r.instancesCpuMs))} / ${fmt(of((r) => r.postgresCpuMs))} / ${fmt(of((r) => r.clientCpuMs))} ms`,
          '',
          '',
        ],
        [
          `(f) ${instances} instances: ... instances and PostgreSQL per 1,000 viewers`,
          `${fmt(of((r) => ((r.instancesCpuMs + r.postgresCpuMs) / r.viewers) * 1000))} ms`,
          '',
          '',
        ],
        [
          `(f) ${instances} instances: re-reads that missed the result / largest instance RSS`,
          `${mine.reduce((n, r) => n + r.stale, 0)} / ${fmt(of((r) => r.peakInstanceRssMb))} MB`,
          '',
          '',
        ],
      );
    }
    capacityNotes.push(
      `- (f) ${loadF}; PostgreSQL on 127.0.0.1 (a schema of its own per run, dropped after), ${GAMES} games, each a full board (100 squares sold, numbers drawn and revealed), ${GAME_VIEWERS} signed-in viewers per game (${fmt(GAMES * GAME_VIEWERS)} in all, each with a session of its own, from a loopback address of its own, with an SSE stream and a kept-alive connection for re-reads, spread so every game has viewers on every instance); the instances are app processes started afresh for each count (${INSTANCES.join(', ')}); each count confirms the next quarter of every game at once (${GAMES} PUT /api/admin/games/:id/periods/:period with an admin's session, spread over the instances); time = the confirms sent -> that viewer has re-read a board that shows the quarter's winner; ${REPEATS} run(s)${REPEATS > 1 ? ', medians over the runs' : ''}; the bench's viewers (one process) share the 2 CPUs with the instances and PostgreSQL`,
    );
  }
  rows.push(...capacityRows);

  const width = Math.max(...rows.map((r) => r[0].length));
  const valueWidth = Math.max(...rows.map((r) => r[1].length));
  console.log('\nResult (medians over rounds):');
  for (const [name, value, target, verdict] of rows) console.log(`  ${name.padEnd(width)}  ${value.padStart(valueWidth)}  ${target.padEnd(8)} ${verdict}`);

  const date = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const markdown = [
    '# Benchmark results',
    '',
    '`npm run bench` (bench/run.ts) writes this file. Budgets: ../shared/ARCHITECTURE.md "Budgets".',
    '',
    `Run ${date} UTC${args.quick ? ' (--quick)' : ''}.`,
    '',
    ...machineNotes().map((line) => `- ${line}`),
    `- load average (1 min) ${fmt(loadAtStart, 1)} at the start, ${fmt(os.loadavg()[0]!, 1)} at the end; the bench itself (load generator or viewers, and a server) adds about 2 while it runs: other work on the machine moves every figure, the ratios included`,
    `- SQLite in a temp folder; servers are child processes on 127.0.0.1 (their RSS is their own); the app runs with LOG_LEVEL=warn`,
    ...notes,
    '',
    '| measure | value | target | |',
    '|---|---:|---|---|',
    ...rows.map(([name, value, target, verdict]) => `| ${name} | ${value} | ${target} | ${verdict} |`),
    '',
  ].join('\n');
  const baseParts = [...'abcd'].every((part) => PARTS.has(part));
  const capacityParts = PARTS.has('e') && PARTS.has('f');
  if (baseParts) {
    // Both sections (capacity, Lighthouse: `npm run lighthouse`) stay as they were last written.
    const head = markdown.replace(/\| \(e\)[^\n]*\n|\| \(f\)[^\n]*\n/g, '');
    const kept = readSectionsOnward();
    writeFileSync(RESULTS_FILE, kept ? `${head}\n${kept}` : head);
  }
  if (capacityParts) {
    writeResultsSection(
      'capacity',
      [
        '## Capacity (parts e and f)',
        '',
        `\`npm run bench\` (bench/capacity.ts) writes this section. Run ${date} UTC.`,
        '',
        ...machineNotes().map((line) => `- ${line}`),
        `- load average (1 min) ${fmt(os.loadavg()[0]!, 1)} at the end`,
        ...capacityNotes,
        '',
        '| measure | value | target | |',
        '|---|---:|---|---|',
        ...capacityRows.map(([name, value, target, verdict]) => `| ${name} | ${value} | ${target} | ${verdict} |`),
      ].join('\n'),
    );
  }
  console.log(
    baseParts || capacityParts
      ? `\nWritten to bench/RESULTS.md (${[baseParts ? 'parts a-d' : '', capacityParts ? 'the capacity section' : ''].filter(Boolean).join(' and ')})`
      : '\nOnly some parts ran (--only): bench/RESULTS.md is left as it was.',
  );
} finally {
  await Promise.all(servers.map((s) => s.stop().catch(() => s.child.kill())));
  rmSync(dir, { recursive: true, force: true });
}
