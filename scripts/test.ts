// `npm test`: typecheck, unit tests, server integration tests on SQLite and on PostgreSQL,
// a production build, browser tests in Chromium and the deploy steps (tests/deploy). Prints
// how many tests of each kind ran.
// With CI=true a missing PostgreSQL or Chromium fails the run; elsewhere that phase is skipped
// with a warning.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { CHROMIUM_PATH } from '../tests/support/browser';
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
let phaseStart = performance.now();
/** Records a phase's result with the time since the previous phase ended. */
function record(result: PhaseResult): void {
  const now = performance.now();
  results.push({ ...result, seconds: Math.round((now - phaseStart) / 1000) });
  phaseStart = now;
}

function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function vitest(name: string, project: string, env: Record<string, string> = {}): void {
  const out = join(RESULTS, `${name.replace(/\W+/g, '-')}.json`);
  rmSync(out, { force: true });
  console.log(`\n=== ${name} ===`);
  const ok = run('vitest', ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extraArgs], env);
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
  record({ name, passed, failed, skipped, ok: ok && !ranNothing, ...(ranNothing ? { note: 'no test ran' } : {}) });
}

function skipOrFail(name: string, reason: string): void {
  if (CI) {
    console.error(`\n=== ${name}: FAILED — ${reason} (CI=true: a missing part is a failure) ===`);
    record({ name, passed: 0, failed: 0, skipped: 0, ok: false, note: reason });
  } else {
    console.warn(`\n=== ${name}: SKIPPED — ${reason} ===`);
    record({ name, passed: 0, failed: 0, skipped: 0, ok: true, note: `skipped: ${reason}` });
  }
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

console.log('=== typecheck ===');
const typesOk = run('tsc', ['--noEmit', '-p', '.']);
record({ name: 'typecheck', passed: typesOk ? 1 : 0, failed: typesOk ? 0 : 1, skipped: 0, ok: typesOk });

// typescript-eslint (with the import boundaries of docs/ARCHITECTURE.md) and Prettier's format:
// an error in either fails the run (`npm run format` writes the format).
console.log('\n=== lint ===');
const lintOk = run('npm', ['run', '--silent', 'lint']);
record({ name: 'lint', passed: lintOk ? 1 : 0, failed: lintOk ? 0 : 1, skipped: 0, ok: lintOk });
console.log('\n=== format ===');
const formatOk = run('npm', ['run', '--silent', 'format:check']);
record({ name: 'format', passed: formatOk ? 1 : 0, failed: formatOk ? 0 : 1, skipped: 0, ok: formatOk });

vitest('unit', 'unit');
vitest('server on SQLite', 'server', { TEST_DB: 'sqlite' });

const pgProblem = await postgresReachable();
if (pgProblem) skipOrFail('server on PostgreSQL', pgProblem);
else vitest('server on PostgreSQL', 'server', { TEST_DB: 'postgres', TEST_DATABASE_URL });

// The web app and the compiled server, as `npm start` builds them (scripts/build.mjs).
console.log('\n=== production build ===');
const built = run('node', ['scripts/build.mjs']);
record({ name: 'build', passed: built ? 1 : 0, failed: built ? 0 : 1, skipped: 0, ok: built });

if (!built) skipOrFail('browser', 'the production build failed');
else if (!existsSync(CHROMIUM_PATH)) skipOrFail('browser', `Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
else vitest('browser', 'browser', { TEST_DB: 'sqlite' });

// docs/deploy/Dockerfile's install, build, start and stop, outside Docker (an npm ci from the
// local cache and a build: about a minute, so it runs once, after the other phases).
vitest('deploy', 'deploy');

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
