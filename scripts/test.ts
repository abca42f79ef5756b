// `npm test`: typecheck, unit tests, server integration tests on SQLite and on PostgreSQL,
// a production build, browser tests in Chromium and the deploy steps (tests/deploy). Prints
// how many tests of each kind ran.
// With CI=true a missing PostgreSQL or Chromium fails the run; elsewhere that phase is skipped
// with a warning.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { TEST_BROWSER_PATH } from '../tests/support/browser';
import { TEST_DATABASE_URL } from '../tests/support/db';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const RESULTS = '.tmp/test-results';
const extraArgs = process.argv.slice(2);

interface PhaseResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  note?: string;
  ok: boolean;
  /** How long the phase took, in seconds. */
  seconds?: number;
}
const results: PhaseResult[] = [];
const runStart = performance.now();

/** A command's exit and its output, held (stdout and stderr as they came) to be printed when it ends. */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

/**
 * Runs a phase and records its result and time. Phases run beside each other, so each one's
 * output is held and printed whole when it ends, under its name and time; its start is one line.
 */
async function phase(name: string, body: () => Promise<Omit<PhaseResult, 'name' | 'seconds'> & { output?: string }>): Promise<PhaseResult> {
  const started = performance.now();
  console.log(`--- ${name} started at ${Math.round((started - runStart) / 1000)} s`);
  const { output, ...result } = await body();
  const recorded = { name, ...result, seconds: Math.round((performance.now() - started) / 1000) };
  console.log(`\n=== ${name} (${recorded.seconds} s) ===`);
  if (output) process.stdout.write(output);
  results.push(recorded);
  return recorded;
}

function check(name: string, command: string, args: string[]): Promise<PhaseResult> {
  return phase(name, async () => {
    const { ok, output } = await run(command, args);
    return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, ok, output };
  });
}

function vitest(name: string, project: string, env: Record<string, string> = {}): Promise<PhaseResult> {
  return phase(name, async () => {
    const out = join(RESULTS, `${name.replace(/\W+/g, '-')}.json`);
    rmSync(out, { force: true });
    const { ok, output } = await run(
      'vitest',
      ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extraArgs],
      env,
    );
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    if (existsSync(out)) {
      const report = JSON.parse(readFileSync(out, 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
      };
      passed = report.numPassedTests;
      failed = report.numFailedTests;
      skipped = report.numPendingTests + report.numTodoTests;
    }
    // A phase that ran nothing is a failure: it would hide a broken setup.
    const ranNothing = passed + failed === 0;
    return { passed, failed, skipped, ok: ok && !ranNothing, output, ...(ranNothing ? { note: 'no test ran' } : {}) };
  });
}

function skipOrFail(name: string, reason: string): Promise<PhaseResult> {
  return phase(name, async () => {
    if (CI) {
      console.error(`\n=== ${name}: FAILED — ${reason} (CI=true: a missing part is a failure) ===`);
      return { passed: 0, failed: 0, skipped: 0, ok: false, note: reason };
    }
    console.warn(`\n=== ${name}: SKIPPED — ${reason} ===`);
    return { passed: 0, failed: 0, skipped: 0, ok: true, note: `skipped: ${reason}` };
  });
}

async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return `PostgreSQL is not reachable at ${TEST_DATABASE_URL} (${err instanceof Error ? err.message : String(err)})`;
  } finally {
    await client.end().catch(() => {});
  }
}

mkdirSync(RESULTS, { recursive: true });

// Each phase starts as soon as what it needs has ended (design note 002): on 2 cores the run is
// bound by CPU, so a core left idle is time lost.
// - At once: the checks (typecheck, typescript-eslint with the import boundaries of
//   docs/ARCHITECTURE.md, Prettier's format), the unit tests, and the production build as
//   `npm start` makes it (scripts/build.mjs).
// - Once the build is there (the app serves it, and some server tests read it): the server's
//   tests on both databases, each with its own databases and ports.
// - The browser tests, against the build, when the first server run ends.
// - docs/deploy/Dockerfile's install, build, start and stop, outside Docker (an npm ci from the
//   local cache and a build), when both server runs have ended, beside the browser tests.
const pgProblem = await postgresReachable();
const checks = [
  check('typecheck', 'tsc', ['--noEmit', '-p', '.']),
  check('lint', 'npm', ['run', '--silent', 'lint']),
  check('format', 'npm', ['run', '--silent', 'format:check']),
  vitest('unit', 'unit'),
];
const build = check('build', 'node', ['scripts/build.mjs']);
// The servers the tests start as processes of their own run the build just made (serverEntry).
const serverBuild: Record<string, string> = (await build).ok ? { TEST_SERVER_BUILD: 'dist' } : {};
const servers = [
  vitest('server on SQLite', 'server', { TEST_DB: 'sqlite', ...serverBuild }),
  pgProblem
    ? skipOrFail('server on PostgreSQL', pgProblem)
    : vitest('server on PostgreSQL', 'server', { TEST_DB: 'postgres', TEST_DATABASE_URL, ...serverBuild }),
];
const browser = Promise.race(servers).then(async () => {
  if (!(await build).ok) return skipOrFail('browser', 'the production build failed');
  if (!existsSync(TEST_BROWSER_PATH)) return skipOrFail('browser', `Chromium not found at ${TEST_BROWSER_PATH} (apt-get install -y chromium-headless-shell)`);
  return vitest('browser', 'browser', { TEST_DB: 'sqlite' });
});
const deploy = Promise.all(servers).then(() => vitest('deploy', 'deploy'));
await Promise.all([...checks, ...servers, browser, deploy]);

const CHECKS = new Set(['typecheck', 'lint', 'format', 'build']);
const testPhases = results.filter((r) => !CHECKS.has(r.name));
const passed = testPhases.reduce((n, r) => n + r.passed, 0);
const failed = testPhases.reduce((n, r) => n + r.failed, 0) + results.filter((r) => !r.ok && r.failed === 0).length;
const skipped = testPhases.reduce((n, r) => n + r.skipped, 0);

console.log('\n=== summary ===');
for (const r of results) {
  const counts = CHECKS.has(r.name) ? (r.ok ? 'ok' : 'FAILED') : `${r.passed} passed, ${r.failed} failed`;
  const time = `${r.seconds ?? 0} s`.padStart(7);
  console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(22)} ${time}  ${counts}${r.note ? `  (${r.note})` : ''}`);
}
const total = Math.round((performance.now() - runStart) / 1000);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} in ${Math.floor(total / 60)} min ${total % 60} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
