/**
 * `npm run lighthouse`: the Lighthouse budgets of ../shared/ARCHITECTURE.md on this machine.
 * Builds the web app when stale, starts the production server (src/server/main.ts,
 * NODE_ENV=production) on 127.0.0.1 with a fresh SQLite file holding a pool on game day
 * (lighthouse-seed.ts), and runs Lighthouse from npm, driving Debian's Chromium, on home and on
 * the game-day board with the mobile (default, simulated throttling) and desktop presets, each
 * several times; figures are per-measure medians. Legible text on the phone board is measured
 * separately (Lighthouse 13 has no font-size audit any more; see legibleText). Prints PASS/FAIL
 * per goal and writes the Lighthouse section of bench/RESULTS.md (the rest is `npm run bench`'s).
 * Options: --runs N (default 3), --presets mobile,desktop and --pages home,board (the defaults),
 * --reports DIR (keep Lighthouse's JSON reports and traces there), --no-write (print only),
 * --cpu-slowdown N (the mobile preset's CPU slowdown instead of 4x: the margin on a slower host).
 * Run it alone: `flock /tmp/squares-browser.lock npm run lighthouse` on a shared machine.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../tests/support/browser';
import { seedGameDay, SOLD } from './lighthouse-seed';
import { writeResultsSection } from './results-file';
import { BENCH_SECRET } from './sessions';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    presets: { type: 'string', default: 'mobile,desktop' },
    pages: { type: 'string', default: 'home,board' },
    reports: { type: 'string' },
    'cpu-slowdown': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const PRESETS = args.presets.split(',') as Preset[];
const CPU_SLOWDOWN = args['cpu-slowdown'] === undefined ? undefined : Number(args['cpu-slowdown']);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a whole number of 1 or more, not "${args.runs}"`);
if (CPU_SLOWDOWN !== undefined && !(CPU_SLOWDOWN >= 1)) throw new Error(`--cpu-slowdown must be a number of 1 or more, not "${args['cpu-slowdown']}"`);

/** The flags of ../shared/ARCHITECTURE.md's browser tests that keep Chromium off the network. */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
const LIGHTHOUSE_CLI = fileURLToPath(import.meta.resolve('lighthouse/cli/index.js'));

type Preset = 'mobile' | 'desktop';
interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  bytes: number;
  /** Lighthouse's measure of the host's speed (higher is faster; a busy machine scores low). */
  benchmarkIndex: number;
  /** Audits that lost points, for reading what to improve (from every run, deduplicated). */
  failing: string[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** `npm start`'s server in production mode on its own port and database; resolves once it answers. */
async function startServer(file: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      // Production needs a mail server; nothing here sends mail.
      SMTP_URL: 'smtp://127.0.0.1:9',
      AUTH_SECRET: BENCH_SECRET,
      DATABASE_URL: file,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited (${code}) before answering`))));
  const ready = (async () => {
    for (let i = 0; i < 300; i++) {
      const ok = await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the server did not answer within 30 s');
  })();
  await Promise.race([ready, exited]);
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** One Lighthouse run (a fresh Chromium profile each time) as its JSON report. */
function lighthouse(url: string, preset: Preset, outFile: string): Run {
  const result = spawnSync(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      '--output=json',
      `--output-path=${outFile}`,
      '--only-categories=performance,accessibility,best-practices',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      '--disable-full-page-screenshot',
      '--no-enable-error-reporting',
      '--quiet',
      // With --reports, Lighthouse's trace and page assets are kept beside each report, for reading where time went.
      ...(args.reports ? ['--save-assets'] : []),
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
      // A slower phone (or this host's speed made up for): the mobile preset's 4x, raised.
      ...(preset === 'mobile' && CPU_SLOWDOWN ? [`--throttling.cpuSlowdownMultiplier=${CPU_SLOWDOWN}`] : []),
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ['ignore', 'inherit', 'inherit'], timeout: 180_000 },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url} (${preset}): exit ${result.status ?? result.signal}`);
  const report = JSON.parse(readFileSync(outFile, 'utf8')) as LighthouseReport;
  if (report.runtimeError) throw new Error(`lighthouse on ${url}: ${report.runtimeError.message}`);
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const failing: string[] = [];
  for (const [category, { auditRefs }] of Object.entries(report.categories)) {
    for (const ref of auditRefs) {
      const a = report.audits[ref.id];
      // Weighted audits, and the performance insights that estimate savings.
      if (!a || a.score === null || a.score >= 1 || (ref.weight === 0 && a.scoreDisplayMode !== 'metricSavings')) continue;
      failing.push(`${category}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    }
  }
  return {
    performance: report.categories.performance!.score * 100,
    accessibility: report.categories.accessibility!.score * 100,
    bestPractices: report.categories['best-practices']!.score * 100,
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndex: audit('speed-index'),
    bytes: audit('total-byte-weight'),
    benchmarkIndex: report.environment.benchmarkIndex,
    failing,
  };
}

/** Lighthouse sometimes loses its trace on a busy machine (NO_NAVSTART): such a run is made again, twice at most. */
function lighthouseRetried(url: string, preset: Preset, outFile: string): Run {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouse(url, preset, outFile);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`${error instanceof Error ? error.message : String(error)}; running it again`);
    }
  }
}

interface LighthouseReport {
  runtimeError?: { message: string };
  environment: { benchmarkIndex: number };
  categories: Record<string, { score: number; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { title: string; score: number | null; scoreDisplayMode: string; numericValue?: number; displayValue?: string }>;
}

interface Legibility {
  share: number;
  smallest: number;
  characters: number;
}

/**
 * Run in the page (a string: tsx's helpers must not leak into it): the share of visible text
 * characters at 12 px or more and the smallest size, on the page and on the board's grid.
 */
const LEGIBILITY = `(() => {
  function tally(root) {
    let all = 0, legible = 0, smallest = Infinity;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent || '').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('.sr-only, script, style, noscript')) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const size = parseFloat(getComputedStyle(parent).fontSize);
      all += text.length;
      if (size >= 12) legible += text.length;
      smallest = Math.min(smallest, size);
    }
    return { share: all ? legible / all : 1, smallest: Number.isFinite(smallest) ? smallest : 0, characters: all };
  }
  const grid = document.querySelector('[role="grid"]');
  return { page: tally(document.body), squares: grid ? tally(grid) : null };
})()`;

/**
 * Legible text on a phone, as Lighthouse's former font-size audit judged it (it left Lighthouse in
 * version 13): the share of visible text, by characters, set at 12 px or more; it passed at 60 %.
 * Measured at 375 px on the whole page and on the board's squares alone (D44).
 */
async function legibleText(url: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')), headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(url);
    await page.locator('[role="gridcell"]').first().waitFor();
    return (await page.evaluate(LEGIBILITY)) as { page: Legibility; squares: Legibility | null };
  } finally {
    await browser.close();
  }
}

const dir = mkdtempSync(join(os.tmpdir(), 'squares-lighthouse-'));
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  if (spawnSync('node', ['scripts/build.mjs', '--if-stale', 'web'], { stdio: 'inherit' }).status !== 0) throw new Error('The web build failed.');
  const file = join(dir, 'lighthouse.db');
  const { boardId } = await seedGameDay(file, BENCH_SECRET);
  server = await startServer(file);
  const pages = (
    [
      ['home', '/'],
      ['board', `/game/${boardId}`],
    ] as const
  ).filter(([name]) => args.pages.split(',').includes(name));
  const reports = args.reports ?? dir;
  mkdirSync(reports, { recursive: true });
  const results: Array<{ preset: Preset; page: string; runs: Run[] }> = [];
  for (const preset of PRESETS) {
    for (const [name, path] of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const run = lighthouseRetried(server.url + path, preset, join(reports, `${preset}-${name}-${i + 1}.json`));
        runs.push(run);
        console.log(
          `${preset} ${name} run ${i + 1}: performance ${Math.round(run.performance)}, accessibility ${Math.round(run.accessibility)}, best practices ${Math.round(run.bestPractices)}, ` +
            `FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}, ${Math.round(run.bytes / 1024)} KiB; host benchmark index ${Math.round(run.benchmarkIndex)}`,
        );
      }
      results.push({ preset, page: name, runs });
    }
  }
  const legible = await legibleText(`${server.url}/game/${boardId}`);

  const m = (runs: Run[], key: Exclude<keyof Run, 'failing'>) => median(runs.map((r) => r[key]));
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const rows = results.map(({ preset, page, runs }) => [
    `${preset} ${page}`,
    String(Math.round(m(runs, 'performance'))),
    String(Math.round(m(runs, 'accessibility'))),
    String(Math.round(m(runs, 'bestPractices'))),
    seconds(m(runs, 'fcp')),
    seconds(m(runs, 'lcp')),
    `${Math.round(m(runs, 'tbt'))} ms`,
    m(runs, 'cls').toFixed(3),
    seconds(m(runs, 'speedIndex')),
    `${Math.round(m(runs, 'bytes') / 1024)} KiB`,
  ]);

  const goals: Array<[string, string, boolean]> = [];
  for (const { preset, page, runs } of results) {
    const label = `${preset} ${page}`;
    if (preset === 'mobile') goals.push([`${label}: performance >= 90`, String(Math.round(m(runs, 'performance'))), m(runs, 'performance') >= 90]);
    goals.push(
      [`${label}: accessibility 100`, String(Math.round(m(runs, 'accessibility'))), m(runs, 'accessibility') === 100],
      [`${label}: best practices 100`, String(Math.round(m(runs, 'bestPractices'))), m(runs, 'bestPractices') === 100],
      [`${label}: layout shift < 0.1`, m(runs, 'cls').toFixed(3), m(runs, 'cls') < 0.1],
    );
  }
  const percent = (share: number) => `${Math.round(share * 100)} %`;
  goals.push([
    'phone board (375 px): text at 12 px or more >= 60 % of the page',
    `${percent(legible.page.share)} (smallest ${legible.page.smallest} px)`,
    legible.page.share >= 0.6,
  ]);
  goals.push([
    "phone board (375 px): the squares' text at 12 px or more >= 60 %",
    legible.squares ? `${percent(legible.squares.share)} (smallest ${legible.squares.smallest} px)` : 'no board found',
    legible.squares !== null && legible.squares.share >= 0.6,
  ]);

  const lost = new Map<string, Set<string>>();
  for (const { preset, page, runs } of results) lost.set(`${preset} ${page}`, new Set(runs.flatMap((r) => r.failing)));

  console.log('\nLighthouse (medians of %d runs):', RUNS);
  for (const row of rows) console.log(`  ${row.join(' | ')}`);
  console.log('\nGoals:');
  for (const [goal, value, ok] of goals) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${goal}: ${value}`);
  console.log('\nAudits that lost points (any run):');
  for (const [label, audits] of lost) for (const audit of audits) console.log(`  ${label}: ${audit}`);

  const indexes = results.flatMap(({ runs }) => runs.map((r) => r.benchmarkIndex));
  const version = (JSON.parse(readFileSync(fileURLToPath(import.meta.resolve('lighthouse/package.json')), 'utf8')) as { version: string }).version;
  const chromeVersion = spawnSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const date = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const cpus = os.cpus();
  const markdown = [
    '## Lighthouse',
    '',
    `\`npm run lighthouse\` (bench/lighthouse.ts) writes this section. Run ${date} UTC: Lighthouse ${version}, ${chromeVersion}, ` +
      `${cpus.length} x ${cpus[0]?.model.trim() ?? 'CPU'}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} at the end.`,
    '',
    `- The production server (\`NODE_ENV=production\`, the build in dist/web) on 127.0.0.1 with a fresh SQLite file: home lists 4 active games and 1 completed; the board is a game on game day (${SOLD} of 100 squares sold to 24 players, numbers drawn, the first quarter scored), seen by a visitor.`,
    `- Lighthouse's presets: mobile (the default: simulated throttling, a mid-range phone on slow 4G) and desktop; Chromium ${CHROME_FLAGS.join(' ')}. Each figure is the median of ${RUNS} runs, each in a fresh profile. Bytes: total-byte-weight (what went over the wire).`,
    `- The simulated phone's CPU time is this machine's times 4: on a shared, busy machine TBT (and with it the score) rises. Lighthouse's host benchmark index (higher is faster) over the runs: ${Math.round(Math.min(...indexes))} to ${Math.round(Math.max(...indexes))}, median ${Math.round(median(indexes))} (on this machine about 1,100 while other test suites ran, 2,200 to 2,900 when quieter).`,
    '- Before issue 14 part 5 (nothing compressed, the stylesheet and theme script blocking, the sign-in state shifting home): mobile home 60, mobile board 57, desktop 96 and 96; the whole table is in docs/decisions/014-fast-first-paint.md.',
    '- Legible text: Lighthouse 13 dropped its font-size audit, so the bench applies its rule itself (at least 60 % of the visible text, by characters, at 12 px or more) with Playwright at 375 px on the board page, and again on the board squares alone.',
    '',
    '| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | speed index | bytes |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    '| goal | value | |',
    '|---|---|---|',
    ...goals.map(([goal, value, ok]) => `| ${goal} | ${value} | ${ok ? 'PASS' : 'FAIL'} |`),
    '',
  ].join('\n');
  if (args['no-write']) console.log('\n--no-write: bench/RESULTS.md is left as it was.');
  else {
    writeResultsSection('lighthouse', markdown);
    console.log('\nWritten to bench/RESULTS.md');
  }
  process.exitCode = goals.every(([, , ok]) => ok) ? 0 : 1;
} finally {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
}
