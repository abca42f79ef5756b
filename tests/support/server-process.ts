import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TEST_DATABASE_URL, type TestDatabase } from './db';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * How a child runs one of the server's entry points (`src/server/.../<name>.ts`) from any folder.
 * Under `npm test`, once its build has ended, TEST_SERVER_BUILD=dist: the child runs the compiled
 * `dist/server/<name>.js`, the server as `npm start` and production run it (tsx's loader costs each
 * start about 1.1 CPU-seconds more, and the crash, backup and start-up tests start dozens). Run
 * alone, a test runs the source through tsx by its absolute address, with the project's tsconfig
 * (its path aliases), which tsx otherwise looks for in the working directory: no build needed.
 */
export function serverEntry(script: string): { args: string[]; env: Record<string, string> } {
  const built = join(ROOT, 'dist/server', `${basename(script, '.ts')}.js`);
  if (process.env.TEST_SERVER_BUILD === 'dist' && script.startsWith('src/server/') && existsSync(built)) return { args: [built], env: {} };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { args: ['--import', tsx, join(ROOT, script)], env: { TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json') } };
}

/** The real server (src/server/main.ts) as a child process of its own, listening on 127.0.0.1. */
export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** The last log lines (JSON), for a failure message. */
  tail(lines?: number): string;
  /** Log lines at warn level or above since start. */
  readonly warnings: string[];
  /** kill -9, then waits until the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop), then waits until the process is gone. */
  stop(): Promise<void>;
}

/** DATABASE_URL for a child process on the test database (its own PostgreSQL schema, by search_path). */
export function databaseUrlOf(database: TestDatabase): string {
  if (database.settings.kind === 'sqlite') return database.settings.file;
  if (!database.schema) throw new Error('a PostgreSQL test database without a schema');
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${database.schema}`);
  return url.toString();
}

/**
 * Starts the server, src/server/main.ts (serverEntry: one process, so kill -9 reaches the server
 * itself, not a wrapper) with the node running the tests (Node 24: node:sqlite), PORT=0 and
 * the given settings; resolves with its address once it listens. `cwd`: the folder it runs in
 * (its ./data, where a trial keeps its auth secret; the repository by default).
 */
export async function spawnServer(env: Record<string, string>, timeoutMs = 60_000, cwd = ROOT): Promise<ServerProcess> {
  const entry = serverEntry('src/server/main.ts');
  const child: ChildProcess = spawn(process.execPath, entry.args, {
    cwd,
    env: {
      ...entry.env,
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // Nothing of a developer's environment or .env decides what this server does.
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PUBLIC_URL: '',
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      ADMIN_EMAILS: '',
      TRUST_PROXY: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const warnings: string[] = [];
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });
  let listening: (url: string) => void;
  const address = new Promise<string>((resolve) => (listening = resolve));
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > 400) lines.splice(0, lines.length - 400);
    const level = /"level":(\d+)/.exec(line);
    if (level && Number(level[1]) >= 40 && warnings.length < 2000) warnings.push(line);
    const at = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
    if (at) listening(at[1]!);
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf('\n')) !== -1) {
        keep(buffered.slice(0, newline));
        buffered = buffered.slice(newline + 1);
      }
    });
  }
  const tail = (count = 40) => lines.slice(-count).join('\n');
  const gone = async (signal: NodeJS.Signals) => {
    if (exited) return;
    child.kill(signal);
    await exit;
  };

  let timer: NodeJS.Timeout | undefined;
  let started = false;
  try {
    const url = await Promise.race([
      address,
      // An exit once it listens is the test's doing (kill, stop), not a failure to start.
      exit.then(() => {
        if (!started) throw new Error(`the server exited (${JSON.stringify(exited)}) before listening:\n${tail()}`);
        return new Promise<never>(() => {});
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the server did not listen within ${timeoutMs} ms:\n${tail()}`)), timeoutMs);
      }),
    ]);
    started = true;
    return {
      url,
      pid: child.pid!,
      tail,
      warnings,
      kill: () => gone('SIGKILL'),
      stop: () => gone('SIGTERM'),
    };
  } catch (err) {
    await gone('SIGKILL');
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
