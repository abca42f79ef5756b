/**
 * The server side of `npm run bench`, in a process of its own so its memory is its own:
 * `app` is the real app on a prepared SQLite file (BENCH_DB) or PostgreSQL schema (BENCH_DB a
 * postgres:// URL, BENCH_SCHEMA), `hello` a bare Fastify hello-world route.
 * It listens on 127.0.0.1, reports its port over IPC and answers the runner's requests
 * (publish a board change, report memory and viewers).
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { parseSettings } from '../src/server/config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/connection';
import { BENCH_SECRET } from './sessions';

export type ToServer =
  | { type: 'publish'; gameId: string }
  /** A real change: square (x, y) claimed by `userId`, then published, as a checkout does after its commit. */
  | { type: 'claim'; gameId: string; x: number; y: number; userId: string }
  | { type: 'stats'; gameId: string }
  | { type: 'mem' }
  | { type: 'stop' };
export type FromServer =
  { type: 'listening'; port: number } | { type: 'published' } | { type: 'stats'; rss: number; heapUsed: number; subscribers: number; cpuMicros: number };

const mode = process.env.BENCH_MODE ?? 'app';

let database: DatabaseHandle | undefined;

async function start(): Promise<FastifyInstance> {
  if (mode === 'hello') {
    const app = Fastify();
    app.get('/', async () => ({ hello: 'world' }));
    return app;
  }
  const file = process.env.BENCH_DB;
  if (!file) throw new Error('BENCH_DB is not set');
  const settings = parseSettings({
    DATABASE_URL: file,
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    AUTH_SECRET: BENCH_SECRET,
    // The capacity parts (e, f) hold more streams than an instance takes by default.
    ...(process.env.LIVE_UPDATES_TOTAL ? { LIVE_UPDATES_TOTAL: process.env.LIVE_UPDATES_TOTAL } : {}),
  });
  const schema = process.env.BENCH_SCHEMA;
  database = await openDatabase(settings.database, schema ? { schema } : {});
  return buildApp({ settings, database, secret: settings.AUTH_SECRET!, webRoot: '/nonexistent' });
}

const app = await start();
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const send = (message: FromServer) => process.send?.(message);
send({ type: 'listening', port: address.port });

process.on('message', (message: ToServer) => {
  if (message.type === 'publish') {
    app.gameEvents.publish({ game_id: message.gameId, reason: 'squares' });
    send({ type: 'published' });
  } else if (message.type === 'claim') {
    const { gameId, x, y, userId } = message;
    const at = new Date().toISOString();
    void database!.db
      .insertInto('squares')
      .values({ id: randomUUID(), game_id: gameId, x, y, user_id: userId, status: 'claimed', checkout_id: null, hold_expires_at: null, claimed_at: at })
      .execute()
      .then(() => {
        app.gameEvents.publish({ game_id: gameId, reason: 'squares' });
        send({ type: 'published' });
      });
  } else if (message.type === 'stats') {
    const memory = process.memoryUsage();
    const subscribers = mode === 'app' ? app.gameEvents.subscriberCount(message.gameId) : 0;
    const cpu = process.cpuUsage();
    send({ type: 'stats', rss: memory.rss, heapUsed: memory.heapUsed, subscribers, cpuMicros: cpu.user + cpu.system });
  } else if (message.type === 'mem') {
    process.send?.({ type: 'mem', ...process.memoryUsage() });
  } else if (message.type === 'stop') {
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    void app.close().then(() => {
      clearTimeout(force);
      process.exit(0);
    });
  }
});
process.on('disconnect', () => process.exit(0));
