/**
 * The capacity parts of `npm run bench` (bench/run.ts):
 *   (e) ten thousand live viewers of one board on one server process: its RSS and the update
 *       latency (change -> event read by each viewer), and what the viewers cost the bench
 *   (f) "Super Bowl Sunday": many games with viewers each, on 2-4 instances sharing one PostgreSQL
 *       (a schema of its own, dropped after), every game's quarter confirmed at once through the
 *       admin API: time from the confirms to every viewer holding the new board (event + re-read)
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseSettings } from '../src/server/config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/connection';
import { migrate } from '../src/server/db/migrate';
import { dropSchema } from '../tests/support/db';
import { insertGame, insertNumbers, insertUser } from '../tests/support/fixtures';
import { sellSquares } from '../tests/support/game-day';
import { sessionRow, userRow } from '../tests/support/session-rows';
import { KeptAliveReader } from './kept-alive-reader';
import { ensureOpenFiles, type Server } from './servers';
import { BENCH_SECRET, insertViewers, type BenchViewer } from './sessions';
import { openViewers, viewerAddress } from './sse-viewers';
import { fmt, inParallel, mb, median, percentile } from './stats';

/** Starts an app server child with this environment; the runner stops whatever is still running at the end. */
export type StartApp = (env: Record<string, string>) => Promise<Server>;

/** The most instances part (f) starts at once. */
const MAX_INSTANCES = 8;
/** Open files a process needs beside its sockets (modules, the database, pipes). */
const SPARE_FILES = 200;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

export interface ManyViewersResult {
  viewers: number;
  connectSeconds: number;
  idleRssMb: number;
  connectedRssMb: number;
  peakRssMb: number;
  afterRssMb: number;
  p50: number;
  p99: number;
  last: number;
  worst: number;
  lasts: string;
  serverCpuMsPerChange: number;
  clientCpuMsPerChange: number;
  clientCpuMsConnect: number;
  clientRssMb: number;
  openFiles: number;
}

/**
 * (e) `count` viewers of one board (SQLite `file`, game `gameId`) on one fresh server process;
 * `changes` real changes (a square of row `row` claimed by `userId`, then published, as a checkout
 * does), each once every viewer had the previous one.
 */
export async function measureManyViewers(
  start: StartApp,
  file: string,
  gameId: string,
  count: number,
  changes: number,
  userId: string,
  row: number,
): Promise<ManyViewersResult> {
  console.log(`(e) ${count} live viewers of one board on one server process, ${changes} changes`);
  const needed = count + SPARE_FILES;
  ensureOpenFiles(process.pid, needed, 'the bench (it holds the viewers)');
  const server = await start({ BENCH_DB: file, LIVE_UPDATES_TOTAL: String(count + 100) });
  const openFiles = ensureOpenFiles(server.child.pid!, needed, 'the server');
  const idle = await server.request({ type: 'stats', gameId }, 'stats');
  const clientRssBefore = process.memoryUsage().rss;
  const connectCpu = process.cpuUsage();
  const started = performance.now();
  const viewers = await openViewers(`${server.url}/api/games/${gameId}/events`, count, { concurrency: 200 });
  try {
    const connectSeconds = (performance.now() - started) / 1000;
    const clientCpuMsConnect = cpuMs(connectCpu);
    const clientRssMb = mb(process.memoryUsage().rss - clientRssBefore);
    const connected = await server.request({ type: 'stats', gameId }, 'stats');
    if (connected.subscribers !== count) throw new Error(`the server counts ${connected.subscribers} viewers, expected ${count}`);
    console.log(
      `    ${count} connected in ${fmt(connectSeconds, 1)} s (open-files limit ${openFiles}); server RSS ${fmt(mb(idle.rss))} MB before, ${fmt(mb(connected.rss))} MB connected; ` +
        `the viewers cost the bench ${fmt(clientRssMb)} MB and ${fmt(clientCpuMsConnect)} ms CPU to connect`,
    );
    const perChange: Array<{ p50: number; p99: number; last: number; serverCpuMs: number; clientCpuMs: number }> = [];
    let peakRss = connected.rss;
    for (let k = 0; k < changes; k++) {
      const before = await server.request({ type: 'stats', gameId }, 'stats');
      const clientCpu = process.cpuUsage();
      const since = performance.now();
      const delivered = viewers.nextChange(since, 30_000);
      await server.request({ type: 'claim', gameId, x: row, y: k, userId }, 'published');
      const times = await delivered;
      const clientCpuMs = cpuMs(clientCpu);
      const after = await server.request({ type: 'stats', gameId }, 'stats');
      peakRss = Math.max(peakRss, after.rss);
      const change = {
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        last: Math.max(...times),
        serverCpuMs: (after.cpuMicros - before.cpuMicros) / 1000,
        clientCpuMs,
      };
      perChange.push(change);
      console.log(
        `    change ${k + 1}: p50 ${fmt(change.p50, 1)} ms, p99 ${fmt(change.p99, 1)} ms, all ${count} in ${fmt(change.last, 1)} ms; ` +
          `server CPU ${fmt(change.serverCpuMs)} ms, the viewers' CPU ${fmt(clientCpuMs)} ms; server RSS ${fmt(mb(after.rss))} MB`,
      );
      await pause(300);
    }
    const after = await server.request({ type: 'stats', gameId }, 'stats');
    return {
      viewers: count,
      connectSeconds,
      idleRssMb: mb(idle.rss),
      connectedRssMb: mb(connected.rss),
      peakRssMb: mb(Math.max(peakRss, after.rss)),
      afterRssMb: mb(after.rss),
      p50: median(perChange.map((c) => c.p50)),
      p99: median(perChange.map((c) => c.p99)),
      last: median(perChange.map((c) => c.last)),
      worst: Math.max(...perChange.map((c) => c.last)),
      lasts: perChange.map((c) => fmt(c.last)).join(' '),
      serverCpuMsPerChange: median(perChange.map((c) => c.serverCpuMs)),
      clientCpuMsPerChange: median(perChange.map((c) => c.clientCpuMs)),
      clientCpuMsConnect,
      clientRssMb,
      openFiles,
    };
  } finally {
    viewers.close();
    await server.stop();
  }
}

/** Several runs of (e) as one: each figure the median of the runs', the peak RSS the highest, every change kept. */
export function combineRuns(runs: readonly ManyViewersResult[]): ManyViewersResult {
  const of = (pick: (run: ManyViewersResult) => number) => median(runs.map(pick));
  return {
    viewers: runs[0]!.viewers,
    openFiles: runs[0]!.openFiles,
    connectSeconds: of((r) => r.connectSeconds),
    idleRssMb: of((r) => r.idleRssMb),
    connectedRssMb: of((r) => r.connectedRssMb),
    peakRssMb: Math.max(...runs.map((r) => r.peakRssMb)),
    afterRssMb: of((r) => r.afterRssMb),
    p50: of((r) => r.p50),
    p99: of((r) => r.p99),
    last: of((r) => r.last),
    worst: Math.max(...runs.map((r) => r.worst)),
    lasts: runs.map((r) => r.lasts).join('; '),
    serverCpuMsPerChange: of((r) => r.serverCpuMsPerChange),
    clientCpuMsPerChange: of((r) => r.clientCpuMsPerChange),
    clientCpuMsConnect: of((r) => r.clientCpuMsConnect),
    clientRssMb: of((r) => r.clientRssMb),
  };
}

export interface SuperBowlOptions {
  pgUrl: string;
  games: number;
  viewersPerGame: number;
  /** Instance counts to measure, in order; each confirms the next quarter of every game (so at most 4). */
  instanceCounts: number[];
  /** Fresh schemas, each measured at every instance count. */
  repeats: number;
}

export interface SuperBowlRound {
  instances: number;
  period: number;
  viewers: number;
  p50: number;
  p99: number;
  last: number;
  heardLast: number;
  /** The last game whose first viewer was told: how long after the confirms were sent. */
  firstToldLast: number;
  /** CPU time from the confirms to the last viewer holding the new board: the instances', PostgreSQL's (all of it), the bench's viewers'. */
  instancesCpuMs: number;
  postgresCpuMs: number;
  confirmP50: number;
  confirmLast: number;
  stale: number;
  peakInstanceRssMb: number;
  clientCpuMs: number;
}

/** (f) The Super Bowl: rounds in the order run (each repeat, each instance count). */
export async function measureSuperBowl(start: StartApp, options: SuperBowlOptions): Promise<SuperBowlRound[]> {
  const { games, viewersPerGame, instanceCounts, repeats } = options;
  const total = games * viewersPerGame;
  if (instanceCounts.some((n) => n > MAX_INSTANCES)) throw new Error(`at most ${MAX_INSTANCES} instances`);
  if (instanceCounts.length > 4) throw new Error('at most 4 instance counts: each confirms the next of the 4 quarters');
  console.log(
    `(f) Super Bowl Sunday: ${games} games with ${viewersPerGame} signed-in viewers each (${total} in all), on ${instanceCounts.join(', ')} instances sharing one PostgreSQL; ${repeats} time(s)`,
  );
  // Each viewer holds its stream and a kept-alive connection for its re-reads.
  ensureOpenFiles(process.pid, 2 * total + SPARE_FILES, 'the bench (it holds the viewers)');
  const rounds: SuperBowlRound[] = [];
  for (let r = 0; r < repeats; r++) {
    const schema = `bench_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const settings = parseSettings({ DATABASE_URL: options.pgUrl, NODE_ENV: 'development', LOG_LEVEL: 'silent', AUTH_SECRET: BENCH_SECRET });
    const handle = await openDatabase(settings.database, { schema, maxConnections: 5 });
    try {
      await migrate(handle, settings, BENCH_SECRET);
      const prepared = await prepareSuperBowl(handle, games, total);
      for (const [i, instances] of instanceCounts.entries()) {
        rounds.push(await superBowlRound(start, options, schema, prepared, instances, i + 1));
        await pause(500);
      }
    } finally {
      await handle.close();
      await dropSchema(options.pgUrl, schema);
    }
  }
  return rounds;
}

interface SuperBowlData {
  gameIds: string[];
  adminCookie: string;
  viewers: BenchViewer[];
  /** One game per instance that nobody watches, for the warm-up, and the quarters confirmed on each so far. */
  warmUp: Array<{ gameId: string; confirmed: number }>;
}

/** The admin's "confirm": PUT the quarter's two scores (they differ per game `g`), which must be taken. */
async function confirmPeriod(server: Server, adminCookie: string, gameId: string, period: number, g: number): Promise<void> {
  const response = await fetch(`${server.url}/api/admin/games/${gameId}/periods/${period}`, {
    method: 'PUT',
    headers: { cookie: adminCookie, 'content-type': 'application/json' },
    body: JSON.stringify({ team_a_score: 7 * period + (g % 10), team_b_score: 3 * period + (g % 7) }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`confirming quarter ${period} of game ${gameId} answered ${response.status}: ${text.slice(0, 200)}`);
}

/** Full boards with revealed numbers (the winners show on the board), an admin, and the viewers' sessions. */
async function prepareSuperBowl(handle: DatabaseHandle, games: number, viewerCount: number): Promise<SuperBowlData> {
  const adminId = randomUUID();
  await handle.raw
    .insertInto('user')
    .values(userRow(handle.kind, { id: adminId, email: 'bench-admin@example.com', username: 'bench_admin', isAdmin: true }))
    .execute();
  const { row, cookie: adminCookie } = sessionRow(handle.kind, adminId, BENCH_SECRET);
  await handle.raw.insertInto('session').values(row).execute();
  const owners: Array<{ id: string; email: string }> = [];
  for (let i = 0; i < 25; i++) owners.push(await insertUser(handle, `bench-owner-${i}@example.com`));
  const gameIds: string[] = [];
  const warmUp: SuperBowlData['warmUp'] = [];
  // A known draw per game (the draw itself is not what is measured), shifted so the games differ.
  const draw = [3, 1, 4, 0, 5, 9, 2, 6, 8, 7];
  const axis = (shift: number) => draw.map((_, i) => draw[(i + shift) % 10]!);
  for (let g = 0; g < games + MAX_INSTANCES; g++) {
    const gameId = await insertGame(handle, { title: g < games ? `Super Bowl party ${g + 1}` : `Warm-up ${g - games + 1}`, created_by: adminId });
    await sellSquares(handle, gameId, (x, y) => owners[(x * 10 + y + g) % owners.length]!.id);
    await insertNumbers(handle, gameId, axis(g), axis(g + 3), { by: adminId, revealed: true, logDraw: true });
    if (g < games) gameIds.push(gameId);
    else warmUp.push({ gameId, confirmed: 0 });
  }
  const viewers = await insertViewers(handle, BENCH_SECRET, viewerCount, owners);
  return { gameIds, adminCookie, viewers, warmUp };
}

/**
 * One instance count: the instances started afresh, every viewer connected to its game on its
 * instance, then quarter `quarter` of every game confirmed at once through the admin API.
 */
async function superBowlRound(
  start: StartApp,
  options: SuperBowlOptions,
  schema: string,
  { gameIds, adminCookie, viewers: accounts, warmUp }: SuperBowlData,
  instances: number,
  period: number,
): Promise<SuperBowlRound> {
  const count = accounts.length;
  const games = gameIds.length;
  const env = { BENCH_DB: options.pgUrl, BENCH_SCHEMA: schema, LIVE_UPDATES_TOTAL: String(count + 100) };
  const servers = await Promise.all(Array.from({ length: instances }, () => start(env)));
  for (const server of servers) ensureOpenFiles(server.child.pid!, 2 * count + SPARE_FILES, 'a server');
  // Viewer i watches game i % games, on instance floor(i / games) % instances: every game has
  // viewers on every instance, so a confirm on one reaches the others through PostgreSQL.
  const gameOf = (i: number) => gameIds[i % games]!;
  const serverOf = (i: number) => servers[Math.floor(i / games) % instances]!;
  const readers = accounts.map((viewer, i) => new KeptAliveReader(new URL(serverOf(i).url), viewerAddress(i), { cookie: viewer.cookie }));
  const boardPath = (i: number) => `/api/games/${gameOf(i)}/board`;
  const streams = await openViewers('', count, {
    urlOf: (i) => `${serverOf(i).url}/api/games/${gameOf(i)}/events`,
    headersOf: (i) => ({ cookie: accounts[i]!.cookie }),
  });
  try {
    // Every viewer has read its board once, as the page does.
    await inParallel(count, 50, async (i) => {
      const { status } = await readers[i]!.get(boardPath(i));
      if (status !== 200) throw new Error(`viewer ${i}: the first board read answered ${status}`);
    });
    // Instances on game day have run for hours: each confirms on a game nobody watches first, so
    // the measured confirms do not pay for a fresh process's first run of that code.
    await Promise.all(
      servers.map(async (server, i) => {
        const game = warmUp[i]!;
        for (; game.confirmed < period; game.confirmed++) await confirmPeriod(server, adminCookie, game.gameId, game.confirmed + 1, i);
        // The same scores again change nothing but run the confirm's reads and transaction.
        for (let again = 0; again < 5; again++) await confirmPeriod(server, adminCookie, game.gameId, period, i);
      }),
    );
    console.log(`    ${instances} instances: ${count} viewers connected and have read their boards; quarter ${period} of all ${games} games confirmed at once`);
    // The board shows the quarter's winner once it is confirmed (numbers revealed).
    const marker = Buffer.from(`{"quarter":${period},"square_x"`);
    let stale = 0;
    const heard: number[] = [];
    const firstTold = new Map<number, number>();
    const instancesCpu = await instancesCpuMicros(servers);
    const postgresCpu = postgresCpuMs();
    const clientCpu = process.cpuUsage();
    const since = performance.now();
    const held = streams.nextChange(since, 20_000, async (i) => {
      const at = performance.now() - since;
      heard.push(at);
      if (!firstTold.has(i % games)) firstTold.set(i % games, at);
      const { status, body } = await readers[i]!.get(boardPath(i));
      if (status !== 200) throw new Error(`viewer ${i}: board answered ${status}`);
      if (!body.includes(marker)) stale += 1;
    });
    const confirms = await Promise.all(
      gameIds.map(async (gameId, g) => {
        await confirmPeriod(servers[g % instances]!, adminCookie, gameId, period, g);
        return performance.now() - since;
      }),
    );
    const times = await held;
    const clientCpuMs = cpuMs(clientCpu);
    const postgresCpuUsed = postgresCpuMs() - postgresCpu;
    const instancesCpuUsed = ((await instancesCpuMicros(servers)) - instancesCpu) / 1000;
    const rss = await Promise.all(servers.map((s) => s.request({ type: 'stats', gameId: '' }, 'stats')));
    const round: SuperBowlRound = {
      instances,
      period,
      viewers: count,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      last: Math.max(...times),
      heardLast: Math.max(...heard),
      firstToldLast: Math.max(...firstTold.values()),
      instancesCpuMs: instancesCpuUsed,
      postgresCpuMs: postgresCpuUsed,
      confirmP50: percentile(confirms, 50),
      confirmLast: Math.max(...confirms),
      stale,
      peakInstanceRssMb: mb(Math.max(...rss.map((s) => s.rss))),
      clientCpuMs,
    };
    console.log(
      `    ${instances} instances: the admin's ${games} confirms answered after ${fmt(round.confirmP50)} ms (median), the last after ${fmt(round.confirmLast)} ms; ` +
        `every game's first viewer told after ${fmt(round.firstToldLast)} ms, every viewer after ${fmt(round.heardLast)} ms; holding the new board p50 ${fmt(round.p50)} ms, p99 ${fmt(round.p99)} ms, all ${count} after ${fmt(round.last)} ms; ` +
        `${stale} stale re-reads; largest instance RSS ${fmt(round.peakInstanceRssMb)} MB; CPU: the instances ${fmt(instancesCpuUsed)} ms, PostgreSQL ${fmt(postgresCpuUsed)} ms, the viewers ${fmt(clientCpuMs)} ms`,
    );
    return round;
  } finally {
    streams.close();
    for (const reader of readers) reader.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

async function instancesCpuMicros(servers: readonly Server[]): Promise<number> {
  const stats = await Promise.all(servers.map((s) => s.request({ type: 'stats', gameId: '' }, 'stats')));
  return stats.reduce((sum, s) => sum + s.cpuMicros, 0);
}

/**
 * CPU time of every PostgreSQL process so far (Linux /proc), in ms: the live ones' own and what
 * the postmaster collected from the backends that ended (their connections closed). Other work
 * on the same PostgreSQL counts too.
 */
function postgresCpuMs(): number {
  const tick = 10; // ms per clock tick (USER_HZ is 100 on Linux)
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    // Fields after the name: state is the 3rd field of stat; utime, stime, cutime, cstime the 14th to 17th.
    const fields = stat.slice(close + 2).split(' ');
    total += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return total * tick;
}
