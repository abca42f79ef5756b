/**
 * `npm run bench`: the budgets of ../shared/ARCHITECTURE.md on this machine, on SQLite in a temp
 * folder, everything on 127.0.0.1 and bounded in time.
 *   (a) board reads/s against a bare Fastify hello-world route (target ratio >= 0.5)
 *   (b) one change delivered to 2,000 live viewers: latency p50/p99 and the server's RSS (< 250 MB)
 *   (c) checkouts/s with 200 buyers racing for overlapping squares (when POST /api/checkout exists)
 * Options: --quick (short runs), --rounds N, --seconds S, --viewers N. Writes bench/RESULTS.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { parseSettings } from '../src/server/config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/connection';
import { migrate } from '../src/server/db/migrate';
import { insertGame, insertUser } from '../tests/support/fixtures';
import type { FromServer, ToServer } from './app-server';
import { runCheckoutRace, signedInBuyer, type CheckoutRaceResult } from './checkout-race';
import { openViewers } from './sse-viewers';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    seconds: { type: 'string' },
    viewers: { type: 'string' },
    connections: { type: 'string' },
  },
});
const ROUNDS = Number(args.rounds ?? (args.quick ? 1 : 3));
const SECONDS = Number(args.seconds ?? (args.quick ? 3 : 10));
const CONNECTIONS = Number(args.connections ?? 50);
const VIEWERS = Number(args.viewers ?? 2000);
const PUBLISHES = args.quick ? 3 : 5;
const CLAIMED = 60;

const here = fileURLToPath(new URL('.', import.meta.url));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const mb = (bytes: number) => bytes / (1024 * 1024);
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** A server child process (bench/app-server.ts) and its IPC. */
interface Server {
  url: string;
  child: ChildProcess;
  request<T extends FromServer['type']>(message: ToServer, answer: T): Promise<Extract<FromServer, { type: T }>>;
  stop(): Promise<void>;
}

async function startServer(mode: 'app' | 'hello', env: Record<string, string> = {}): Promise<Server> {
  const child = fork(join(here, 'app-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_MODE: mode, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiters: Array<(message: FromServer) => boolean> = [];
  child.on('message', (message: FromServer) => {
    const i = waiters.findIndex((w) => w(message));
    if (i !== -1) waiters.splice(i, 1);
  });
  const wait = <T extends FromServer['type']>(type: T) =>
    new Promise<Extract<FromServer, { type: T }>>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${mode} server exited (${code}) before answering ${type}`));
      child.once('exit', onExit);
      waiters.push((message) => {
        if (message.type !== type) return false;
        child.off('exit', onExit);
        resolve(message as Extract<FromServer, { type: T }>);
        return true;
      });
    });
  const { port } = await wait('listening');
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    request(message, answer) {
      const reply = wait(answer);
      child.send(message);
      return reply;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' } satisfies ToServer);
      await exited;
    },
  };
}

async function prepareDatabase(file: string): Promise<{ gameId: string; handle: DatabaseHandle }> {
  const settings = parseSettings({ DATABASE_URL: file, NODE_ENV: 'development', LOG_LEVEL: 'silent', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123' });
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
  return { gameId, handle };
}

async function load(url: string, seconds: number, cookie?: string): Promise<{ rps: number; p50: number; p99: number; non2xx: number; errors: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1, ...(cookie ? { headers: { cookie } } : {}) });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

type Load = Awaited<ReturnType<typeof load>>;

async function measureBoardReads(hello: Server, app: Server, gameId: string) {
  const boardUrl = `${app.url}/api/games/${gameId}/board`;
  const check = await fetch(boardUrl);
  const body = (await check.json()) as { squares: unknown[] };
  if (check.status !== 200 || body.squares.length !== CLAIMED) throw new Error(`board answered ${check.status} with ${body.squares.length} squares`);
  // A signed-in player reads the board fresh each time (their own squares, no shared copy).
  const agent = new http.Agent({ keepAlive: false });
  const cookie = await signedInBuyer(app.url, `reader${Date.now().toString(36)}`, '127.89.0.1', agent);
  agent.destroy();
  console.log(`(a) board reads: ${ROUNDS} round(s) of ${SECONDS} s per target, ${CONNECTIONS} connections; board with ${CLAIMED} claimed squares`);
  // Warm-up: JIT, SQLite page cache.
  await load(`${hello.url}/`, 2);
  await load(boardUrl, 2);
  await load(boardUrl, 2, cookie);
  // The app's floor: an unknown /api path runs every hook and answers a small JSON 404.
  const floorUrl = `${app.url}/api/no-such-route`;
  const rounds: Array<{ hello: Load; board: Load; signedIn: Load; floor: Load }> = [];
  for (let i = 0; i < ROUNDS; i++) {
    const h = await load(`${hello.url}/`, SECONDS);
    const b = await load(boardUrl, SECONDS);
    const p = await load(boardUrl, SECONDS, cookie);
    const f = await load(floorUrl, SECONDS);
    rounds.push({ hello: h, board: b, signedIn: p, floor: f });
    console.log(
      `    round ${i + 1}: hello ${fmt(h.rps)}/s; board as visitor ${fmt(b.rps)}/s (p50 ${b.p50} ms, p99 ${b.p99} ms), ratio ${fmt(b.rps / h.rps, 2)}; ` +
        `as a signed-in player ${fmt(p.rps)}/s (p99 ${p.p99} ms); the app's JSON 404 ${fmt(f.rps)}/s`,
    );
  }
  const bad = rounds.reduce((n, r) => n + [r.hello, r.board, r.signedIn].reduce((m, l) => m + l.non2xx + l.errors, 0), 0);
  return {
    helloRps: median(rounds.map((r) => r.hello.rps)),
    boardRps: median(rounds.map((r) => r.board.rps)),
    ratio: median(rounds.map((r) => r.board.rps / r.hello.rps)),
    boardP50: median(rounds.map((r) => r.board.p50)),
    boardP99: median(rounds.map((r) => r.board.p99)),
    signedInRps: median(rounds.map((r) => r.signedIn.rps)),
    floorRps: median(rounds.map((r) => r.floor.rps)),
    floorRatio: median(rounds.map((r) => r.floor.rps / r.hello.rps)),
    signedInP99: median(rounds.map((r) => r.signedIn.p99)),
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
    console.log(`    change ${i + 1}: p50 ${fmt(percentile(times, 50), 1)} ms, p99 ${fmt(percentile(times, 99), 1)} ms, all ${VIEWERS} in ${fmt(Math.max(...times), 1)} ms`);
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

function machineNotes(): string[] {
  const cpus = os.cpus();
  return [
    `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${fmt(os.totalmem() / 1024 ** 3, 1)} GB RAM, ${os.type()} ${os.release()}`,
    `Node ${process.versions.node}, SQLite ${process.versions.sqlite ?? '?'}; load generator, viewers and servers share these CPUs`,
  ];
}

const loadAtStart = os.loadavg()[0]!;
const dir = mkdtempSync(join(os.tmpdir(), 'squares-bench-'));
const servers: Server[] = [];
try {
  const file = join(dir, 'bench.db');
  const { gameId, handle } = await prepareDatabase(file);
  await handle.close();

  const hello = await startServer('hello');
  servers.push(hello);
  const app = await startServer('app', { BENCH_DB: file });
  servers.push(app);

  const reads = await measureBoardReads(hello, app, gameId);
  for (const server of [hello, app]) {
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
  }

  // A fresh server process, so its memory is the viewers' and not what the read loads left.
  const live = await startServer('app', { BENCH_DB: file });
  servers.push(live);
  const fanOut = await measureFanOut(live, gameId);

  let race: CheckoutRaceResult | string;
  try {
    race = await runCheckoutRace(live.url, file);
  } catch (err) {
    race = `not measured: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (typeof race === 'string') console.log(`(c) checkouts: ${race}`);

  const rows: Array<[string, string, string, string]> = [
    ['board reads/s (median)', fmt(reads.boardRps), '', ''],
    ['hello-world reads/s (median)', fmt(reads.helloRps), '', ''],
    ['board / hello-world', fmt(reads.ratio, 2), '>= 0.50', reads.ratio >= 0.5 ? 'ok' : 'MISSED'],
    ['board latency p50 / p99', `${reads.boardP50} / ${reads.boardP99} ms`, '', ''],
    ['board reads/s as a signed-in player (no shared copy)', fmt(reads.signedInRps), '', ''],
    ["the app's JSON 404/s (every hook, no work) / hello-world", `${fmt(reads.floorRps)} (${fmt(reads.floorRatio, 2)})`, '', ''],
    ['non-2xx or errors during loads', String(reads.bad), '0', reads.bad === 0 ? 'ok' : 'MISSED'],
    [`live update to ${fanOut.viewers} viewers p50`, `${fmt(fanOut.p50, 1)} ms`, '', ''],
    [`live update to ${fanOut.viewers} viewers p99`, `${fmt(fanOut.p99, 1)} ms`, '', ''],
    ['time until the last viewer has it', `${fmt(fanOut.last, 1)} ms`, '', ''],
    [`server RSS with ${fanOut.viewers} viewers (peak)`, `${fmt(fanOut.peakRssMb)} MB`, '< 250 MB', fanOut.peakRssMb < 250 ? 'ok' : 'MISSED'],
    ['server RSS before the viewers connect', `${fmt(fanOut.idleRssMb)} MB`, '', ''],
  ];
  if (typeof race !== 'string') {
    rows.push(
      ['checkouts/s under contention', fmt(race.successesPerSecond, 1), '', ''],
      ['buyers / successes / 409s / 5xx', `${race.buyers} / ${race.successes} / ${race.conflicts} / ${race.serverErrors}`, '5xx = 0', race.serverErrors === 0 ? 'ok' : 'MISSED'],
      ['squares sold twice', String(race.soldTwice), '0', race.soldTwice === 0 ? 'ok' : 'MISSED'],
    );
  } else {
    rows.push(['checkouts under contention', race, '', '']);
  }

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
    `- load average (1 min) ${fmt(loadAtStart, 1)} at the start, ${fmt(os.loadavg()[0]!, 1)} at the end: other work on the machine moves every figure, the ratio included`,
    `- SQLite in a temp folder; servers are child processes on 127.0.0.1 (their RSS is their own); the app runs with LOG_LEVEL=warn`,
    `- (a) autocannon, ${CONNECTIONS} connections, ${ROUNDS} round(s) of ${SECONDS} s per target after a 2 s warm-up, hello-world and board alternating; a board with ${CLAIMED} claimed squares read by visitors (no cookie: the shared copy, rebuilt after every change or after 1 s) and by a signed-in player (session lookup and a fresh read every time)`,
    `- (b) a fresh server process; ${VIEWERS} SSE connections from one client process; ${PUBLISHES} changes, each published after every viewer had the previous one; latency = publish request sent -> change frame read by the viewer; RSS from the server's process.memoryUsage()`,
    ...(typeof race === 'string'
      ? []
      : [
          `- (c) 200 buyers signed up through the API (each from its own 127.x address, as the per-IP limits expect), then all POST /api/checkout at once for 2 random squares each of one empty game (test provider); checkouts/s = successful checkouts / time until the last answer`,
        ]),
    '',
    '| measure | value | target | |',
    '|---|---:|---|---|',
    ...rows.map(([name, value, target, verdict]) => `| ${name} | ${value} | ${target} | ${verdict} |`),
    '',
  ].join('\n');
  writeFileSync(join(here, 'RESULTS.md'), markdown);
  console.log('\nWritten to bench/RESULTS.md');
} finally {
  await Promise.all(servers.map((s) => s.stop().catch(() => s.child.kill())));
  rmSync(dir, { recursive: true, force: true });
}
