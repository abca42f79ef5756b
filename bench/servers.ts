/** The bench's server child processes (bench/app-server.ts), their IPC, and their open-files limit. */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FromServer, ToServer } from './app-server';

const here = fileURLToPath(new URL('.', import.meta.url));

/** A server child process (bench/app-server.ts) and its IPC. */
export interface Server {
  url: string;
  child: ChildProcess;
  request<T extends FromServer['type']>(message: ToServer, answer: T): Promise<Extract<FromServer, { type: T }>>;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Each server writes a V8 CPU profile in this folder when it stops. */
  profileDir?: string | undefined;
}

export async function startServer(mode: 'app' | 'hello', options: StartOptions = {}): Promise<Server> {
  const child = fork(join(here, 'app-server.ts'), [], {
    execArgv: ['--import', 'tsx', ...(options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [])],
    env: { ...process.env, BENCH_MODE: mode, ...options.env },
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
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' } satisfies ToServer);
      await exited;
    },
  };
}

/** A process's open-files limit (soft and hard), from /proc (Linux). */
function openFilesLimit(pid: number): { soft: number; hard: number } {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const [soft, hard] = (line ?? '').split(/\s{2,}/).slice(1, 3);
  const parse = (v: string | undefined) => (v === 'unlimited' ? Infinity : Number(v));
  return { soft: parse(soft), hard: parse(hard) };
}

/**
 * Makes sure process `pid` may hold `needed` open files: raises its soft limit up to the hard one
 * with prlimit(1) when it is lower (any process may), and says so when even the hard limit is too
 * low (raising that takes privileges the bench does not ask for). Answers the limit in force.
 */
export function ensureOpenFiles(pid: number, needed: number, who: string): number {
  const { soft, hard } = openFilesLimit(pid);
  if (soft >= needed) return soft;
  if (hard < needed)
    throw new Error(`${who} needs ${needed} open files but may hold at most ${hard} (ulimit -Hn): raise the hard limit or ask for fewer viewers`);
  execFileSync('prlimit', ['--pid', String(pid), `--nofile=${hard}:${hard}`]);
  return openFilesLimit(pid).soft;
}
