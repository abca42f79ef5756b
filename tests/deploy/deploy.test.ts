import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { dockerignore, execForm, parseDockerfile, parseEnv, type Stage } from './dockerfile';

/**
 * docs/deploy/Dockerfile, run without Docker (no engine where this is developed): its own
 * COPY, ENV and RUN lines, stage by stage, in folders that stand for each stage's /app, from a
 * context copied as .dockerignore lets it through, with NODE_ENV=production as the image sets it;
 * then its CMD and HEALTHCHECK. Not covered: the base images, USER (the account is made by a RUN
 * that needs the image) and VOLUME (see README "Running in production").
 * The builder stage is also a checkout prepared for production, where `npm start` (the README's
 * command) runs with NODE_ENV=production and stops on SIGTERM to the npm process.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCKERFILE = join(ROOT, 'docs/deploy/Dockerfile');
/** RUN lines that only make sense inside the image (its system account and /data's owner). */
const IMAGE_ONLY = ['useradd --system --uid 10001 --home-dir /app squares && mkdir -p /data && chown squares:squares /data'];
/** Test and benchmark tools: none may be in a production install. */
const DEV_ONLY = ['typescript', 'playwright-core', '@axe-core/playwright', 'lighthouse', 'autocannon', 'smtp-server', 'fast-check', 'csv-parse'];

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  ports?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: unknown;
  healthcheck?: { test: string[] };
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

let work: string;
const dirs: Record<string, string> = {};
const stages = parseDockerfile(readFileSync(DOCKERFILE, 'utf8'));
const runtime = stages.at(-1)!;

/** This machine's PATH without any node_modules/.bin: the stages find only what they installed. */
const hostPath = (process.env.PATH ?? '')
  .split(':')
  .filter((entry) => !entry.includes('node_modules'))
  .join(':');
/** How this machine reaches the npm registry (or its cache), passed on to the stages' npm. */
const NETWORK = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy', 'NODE_EXTRA_CA_CERTS'];
const NPM = ['npm_config_cache', 'npm_config_registry', 'npm_config_cafile'];
/** What a process in the image sees, minus the image's own paths (mapped below). */
const baseEnv: Record<string, string> = {
  ...Object.fromEntries([...NETWORK, ...NPM].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : []))),
  PATH: hostPath,
  HOME: process.env.HOME ?? os.homedir(),
  npm_config_prefer_offline: 'true',
  npm_config_update_notifier: 'false',
};

/** /app is the stage's folder, /data the test's data folder. */
const mapPaths = (text: string, stageDir: string) =>
  text.replace(/(?<![\w./-])\/app(?=\/|\s|$|:)/g, stageDir).replace(/(?<![\w./-])\/data(?=\/|\s|$|:)/g, join(work, 'data'));

function run(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

function copyContext(to: string): void {
  const ignored = dockerignore(ROOT);
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(ROOT, relative), { withFileTypes: true })) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (ignored(path)) continue;
      if (entry.isDirectory()) walk(path);
      else {
        mkdirSync(dirname(join(to, path)), { recursive: true });
        cpSync(join(ROOT, path), join(to, path));
      }
    }
  };
  walk('');
}

/** COPY [--from=stage] src... dest: a folder's contents into dest, a file into dest/ or as dest. */
function copy(args: string, stageDir: string): void {
  const parts = args.split(/\s+/);
  const from = parts[0]!.startsWith('--from=') ? parts.shift()!.slice('--from='.length) : null;
  const dest = parts.pop()!;
  const sourceRoot = from ? dirs[from] : join(work, 'context');
  if (!sourceRoot) throw new Error(`COPY --from=${from}: no such stage before this one`);
  const target = dest.startsWith('/') ? mapPaths(dest, stageDir) : join(stageDir, dest);
  for (const source of parts) {
    const path = join(sourceRoot, from ? source.replace(/^\/app\/?/, '') : source);
    const intoFolder = !statSync(path).isDirectory() && (dest.endsWith('/') || dest === '.' || parts.length > 1);
    cpSync(path, intoFolder ? join(target, basename(path)) : target, { recursive: true, verbatimSymlinks: true });
  }
}

/** Runs one stage's lines in its own folder; returns the environment its ENV lines built. */
async function runStage(stage: Stage): Promise<Record<string, string>> {
  const stageDir = join(work, stage.name);
  mkdirSync(stageDir, { recursive: true });
  dirs[stage.name] = stageDir;
  const env: Record<string, string> = { ...baseEnv };
  for (const { op, args } of stage.instructions) {
    if (op === 'WORKDIR') expect(args, 'every stage works in /app').toBe('/app');
    else if (op === 'ENV') for (const [name, value] of parseEnv(args, env)) env[name] = mapPaths(value, stageDir);
    else if (op === 'COPY') copy(args, stageDir);
    else if (op === 'RUN' && !IMAGE_ONLY.includes(args)) {
      const { code, output } = await run('sh', ['-c', mapPaths(args, stageDir)], stageDir, env);
      expect(code, `RUN ${args} in stage ${stage.name}:\n${output.slice(-4000)}`).toBe(0);
    }
  }
  return env;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether something could listen on the port now (the server that held it is gone). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Every process below `pid`, from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Launched {
  child: ChildProcess;
  log: () => string;
  /** Resolves once the log has a line matching `pattern`. */
  logged(pattern: RegExp): Promise<void>;
  exit: Promise<number | null>;
}

/** Every process a test started, so a failing run kills what is left of them. */
const launched: ChildProcess[] = [];

function launch(command: string, args: string[], cwd: string, env: Record<string, string>): Launched {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  launched.push(child);
  let log = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    log += chunk.toString();
    for (const waiter of [...waiters]) {
      if (waiter.pattern.test(log)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    log: () => log,
    logged: (pattern) =>
      pattern.test(log)
        ? Promise.resolve()
        : Promise.race([
            new Promise<void>((resolve) => waiters.push({ pattern, resolve })),
            exit.then(() => {
              throw new Error(`exited before logging ${pattern}:\n${log.slice(-4000)}`);
            }),
          ]),
    exit,
  };
}

/** Settings a production start requires, for a server on `port` (mail is never sent here). */
const productionSettings = (port: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  SMTP_URL: 'smtp://127.0.0.1:9',
  AUTH_SECRET: randomBytes(32).toString('hex'),
});

/**
 * Sends a sign-in's headers and half its body, signals `pid`, and once the server logs that it
 * is shutting down sends the rest: the request already under way must get its whole answer.
 */
async function stopWithRequestInFlight(server: Launched, pid: number, port: number): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), origin: `http://127.0.0.1:${port}` },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    req.flushHeaders();
    void server.logged(/sign-in\/email[^\n]*"msg":"incoming request"/).then(async () => {
      process.kill(pid, 'SIGTERM');
      await server.logged(/shutting down/);
      req.end(body.slice(10));
    }, reject);
  });
  return answer;
}

describe('docs/deploy/Dockerfile, run step by step outside Docker', () => {
  beforeAll(async () => {
    work = mkdtempSync(join(os.tmpdir(), 'squares-deploy-'));
    mkdirSync(join(work, 'data'));
    copyContext(join(work, 'context'));
  });
  afterAll(() => {
    for (const child of launched.filter((c) => c.exitCode === null && c.signalCode === null)) {
      for (const pid of [...descendants(child.pid!), child.pid!].filter(alive)) process.kill(pid, 'SIGKILL');
    }
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('has a builder and a runtime stage, non-root, with a data volume, a health check and the port it serves', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['builder', 'runtime']);
    const ops = (op: string) => runtime.instructions.filter((instruction) => instruction.op === op).map((instruction) => instruction.args);
    expect(ops('USER')).toEqual(['squares']);
    expect(ops('VOLUME')).toEqual(['/data']);
    expect(ops('EXPOSE')).toEqual(['3000']);
    expect(ops('HEALTHCHECK')).toHaveLength(1);
    const env = Object.fromEntries(ops('ENV').flatMap((args) => parseEnv(args, {})));
    expect(env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '3000', DATABASE_URL: '/data/squares.db', BACKUP_DIR: '/data/backups' });
    // Nothing of the sources in the runtime image: only what the builder made.
    expect(runtime.instructions.filter((i) => i.op === 'COPY').every((i) => i.args.startsWith('--from=builder '))).toBe(true);
  });

  it('has compose files that build this Dockerfile and keep the data in named volumes', () => {
    const compose = (name: string) => parseYaml(readFileSync(join(ROOT, 'docs/deploy', name), 'utf8')) as ComposeFile;
    const sqlite = compose('compose.yaml');
    const postgres = compose('compose.postgres.yaml');
    for (const file of [sqlite, postgres]) {
      const app = file.services.app!;
      expect(join(ROOT, 'docs/deploy', app.build!.context, app.build!.dockerfile)).toBe(DOCKERFILE);
      expect(app.ports).toEqual(['127.0.0.1:3000:3000']);
      expect(app.environment).toMatchObject({ TRUST_PROXY: 'true', PUBLIC_URL: expect.stringContaining('${PUBLIC_URL:?') });
      expect(app.environment?.AUTH_SECRET).toContain('${AUTH_SECRET:?');
    }
    expect(sqlite.services.app!.volumes).toEqual(['data:/data']);
    expect(Object.keys(sqlite.volumes ?? {})).toEqual(['data']);
    const db = postgres.services.db!;
    expect(db.image).toBe('postgres:16');
    expect(db.volumes).toEqual(['postgres:/var/lib/postgresql/data']);
    expect(db.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(postgres.services.app!.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    expect(postgres.services.app!.environment?.DATABASE_URL).toMatch(/^postgres:\/\/squares:\$\{POSTGRES_PASSWORD\}@db:5432\/squares$/);
  });

  it('keeps tests, local data, secrets and installs out of the build context', () => {
    const ignored = dockerignore(ROOT);
    for (const path of [
      'node_modules/vite/package.json',
      'tools/lint/node_modules/x',
      'data/squares.db',
      '.env',
      'dist/web/index.html',
      'tests/e2e/shell.test.ts',
      '.git/HEAD',
    ])
      expect(ignored(path), path).toBe(true);
    for (const path of ['package.json', 'package-lock.json', 'src/server/main.ts', 'scripts/build.mjs', 'vite.config.ts', 'tsconfig.json', '.env.example'])
      expect(ignored(path), path).toBe(false);
  });

  it('builds with production dependencies only, serves, answers its health check and stops on SIGTERM; npm start in the builder does too', async () => {
    let runtimeEnv: Record<string, string> = {};
    for (const stage of stages) runtimeEnv = await runStage(stage);
    const builder = dirs.builder!;
    const app = dirs.runtime!;

    // The production install: the build's tools, none of the test tools, the Node it pins.
    for (const name of DEV_ONLY) expect(existsSync(join(builder, 'node_modules', name)), `${name} in a production install`).toBe(false);
    expect(existsSync(join(app, 'dist/web/index.html'))).toBe(true);
    expect(existsSync(join(app, 'dist/server/main.js'))).toBe(true);
    expect(existsSync(join(app, 'src')), 'sources in the runtime image').toBe(false);

    // The image's CMD, on its own Node (node_modules/.bin first in the image's PATH).
    const port = await freePort();
    const env = { ...runtimeEnv, ...productionSettings(port) };
    const [command, ...args] = execForm(runtime.instructions.find((i) => i.op === 'CMD')!.args);
    const server = launch(command!, args, app, env);
    await server.logged(/is serving [^\n]*\(production mode, sqlite\)/);
    expect(existsSync(join(work, 'data/squares.db')), 'the database in the volume').toBe(true);

    const [checkCommand, ...checkArgs] = execForm(runtime.instructions.find((i) => i.op === 'HEALTHCHECK')!.args);
    const check = await run(checkCommand!, checkArgs, app, env);
    expect(check.code, `HEALTHCHECK:\n${check.output}`).toBe(0);

    const inFlight = await stopWithRequestInFlight(server, server.child.pid!, port);
    expect(inFlight.status).toBe(401);
    expect(await server.exit).toBe(0);
    expect(await portIsFree(port)).toBe(true);

    // `npm start` with NODE_ENV=production in a checkout built for production (the builder
    // stage): one Node process under npm, and npm's SIGTERM reaches it.
    const startPort = await freePort();
    const startEnv = { ...baseEnv, NODE_ENV: 'production', DATABASE_URL: join(work, 'data/started.db'), ...productionSettings(startPort) };
    const started = launch('npm', ['start'], builder, startEnv);
    await started.logged(/is serving [^\n]*\(production mode, sqlite\)/);
    expect(started.log()).not.toMatch(/Installing|Building/);
    const below = descendants(started.child.pid!);
    expect(below.map(commandOf), 'npm runs one process: node scripts/start.mjs').toEqual([expect.stringMatching(/(^|\/)node scripts\/start\.mjs$/)]);
    const answered = await stopWithRequestInFlight(started, started.child.pid!, startPort);
    expect(answered.status).toBe(401);
    expect(await started.exit).toBe(0);
    expect(await portIsFree(startPort)).toBe(true);
    expect(below.filter(alive), 'processes left behind').toEqual([]);

    // Stopped while it installs (its stamp says the install is stale): the install stops too.
    writeFileSync(join(builder, 'node_modules/.squares-install-stamp'), 'stale production\n');
    const installing = launch('npm', ['start'], builder, startEnv);
    const installBelow = () => descendants(installing.child.pid!);
    // npm names its process by its command only: `npm ci`.
    await vi.waitFor(() => expect(installBelow().map(commandOf)).toContainEqual(expect.stringMatching(/^npm ci\b/)), { timeout: 60_000, interval: 100 });
    const installers = installBelow();
    process.kill(installing.child.pid!, 'SIGTERM');
    expect(await installing.exit).not.toBe(0);
    await vi.waitFor(() => expect(installers.filter(alive), 'install processes left behind').toEqual([]), { timeout: 30_000, interval: 100 });
    // An install left running would have finished and stamped itself.
    expect(readFileSync(join(builder, 'node_modules/.squares-install-stamp'), 'utf8')).toBe('stale production\n');
  }, 600_000);
});
