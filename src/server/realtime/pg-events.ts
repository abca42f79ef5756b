import { createHash } from 'node:crypto';
import { boardChangeEventSchema, type BoardChangeEvent } from '@core/api/board';
import pg from 'pg';
import { localSubscribers, type GameEventsHub } from './memory-events';

/** What this module logs through (the app's logger). */
export interface EventsLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PgGameEventsOptions {
  /** First wait before reconnecting a dropped LISTEN connection; doubles up to `maxRetryMs`. */
  minRetryMs?: number;
  maxRetryMs?: number;
}

/** The reasons the contract lists (core/api/board.ts): a notification with any other is ignored. */
const REASONS: ReadonlySet<string> = new Set<BoardChangeEvent['reason']>(boardChangeEventSchema.shape.reason.options);
const CHANNEL_PREFIX = 'squares_events_';
/** PostgreSQL identifiers (channel names included) are at most 63 bytes. */
const MAX_CHANNEL_BYTES = 63;

/**
 * The channel of one app's data. NOTIFY channels are database-wide, so the name carries the schema
 * the connections work in: apps (or tests) on separate schemas of one database do not hear each
 * other.
 */
export function channelFor(schema: string): string {
  const plain = `${CHANNEL_PREFIX}${schema}`;
  if (Buffer.byteLength(plain) <= MAX_CHANNEL_BYTES) return plain;
  return `${CHANNEL_PREFIX}${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`;
}

/**
 * Board changes across app instances on one PostgreSQL database (D3). Publishing sends NOTIFY
 * through the pool; one dedicated connection LISTENs, and a game's subscribers hear a change only
 * from that notification, so a change made here and one made by another instance take the same
 * path (subscribeAll listeners also hear this instance's changes at once, see GameEventsHub).
 * A dropped LISTEN connection is reopened with backoff; after a reconnect every game with viewers
 * gets a change, since notifications sent meanwhile are lost.
 */
export function pgGameEvents(pool: pg.Pool, log: EventsLog, options: PgGameEventsOptions = {}): GameEventsHub {
  const minRetry = options.minRetryMs ?? 250;
  const maxRetry = options.maxRetryMs ?? 10_000;
  const local = localSubscribers();
  let closed = false;
  let listener: pg.Client | null = null;
  /** The listener once it listens: changes are sent on it too (see publish). */
  let sender: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryDelay = minRetry;
  let connectedOnce = false;
  let channel: Promise<string> | null = null;

  let settleReady: { resolve: () => void; reject: (err: unknown) => void } | null = null;
  const ready = new Promise<void>((resolve, reject) => (settleReady = { resolve, reject }));
  // Nobody may ever ask; a first failed attempt must not become an unhandled rejection.
  ready.catch(() => {});

  /** The channel, from the schema the pool's connections use (search_path, from options or URL). */
  function channelName(): Promise<string> {
    channel ??= pool.query<{ schema: string | null }>('select current_schema() as schema').then(
      (result) => channelFor(result.rows[0]?.schema ?? ''),
      (err: unknown) => {
        channel = null;
        throw err;
      },
    );
    return channel;
  }

  function deliver(payload: string | undefined): void {
    let event: unknown;
    try {
      event = JSON.parse(payload ?? '');
    } catch {
      log.warn({ payload }, 'ignored a board change that is not JSON');
      return;
    }
    const { game_id: gameId, reason } = (event ?? {}) as Partial<Record<keyof BoardChangeEvent, unknown>>;
    if (typeof gameId !== 'string' || typeof reason !== 'string' || !REASONS.has(reason)) {
      log.warn({ payload }, 'ignored a board change of unknown shape');
      return;
    }
    try {
      local.emit({ game_id: gameId, reason: reason as BoardChangeEvent['reason'] });
    } catch (err) {
      log.error({ err, payload }, 'a board change subscriber failed');
    }
  }

  function scheduleReconnect(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, maxRetry);
  }

  async function connect(): Promise<void> {
    if (closed) return;
    // Same server, database, credentials and search_path as the pool, but not one of its clients:
    // a LISTEN lives as long as its connection.
    const client = new pg.Client({ ...pool.options, application_name: 'squares-pool events' });
    listener = client;
    let listening: string | null = null;
    let dropped = false;
    const drop = (err?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (listener === client) listener = null;
      if (sender === client) sender = null;
      client.end().catch(() => {});
      if (closed) return;
      log.warn({ err, retryInMs: retryDelay }, 'board change listener lost its database connection; reconnecting');
      if (!connectedOnce) settleReady?.reject(err);
      scheduleReconnect();
    };
    client.on('error', drop);
    client.on('end', () => drop(new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === listening) deliver(message.payload);
    });
    try {
      await client.connect();
      const name = await channelName();
      await client.query(`LISTEN ${client.escapeIdentifier(name)}`);
      listening = name;
    } catch (err) {
      drop(err);
      return;
    }
    if (dropped || closed) return;
    sender = client;
    retryDelay = minRetry;
    if (connectedOnce) {
      log.info({}, 'board change listener reconnected');
      // Changes made while nobody listened are gone: let every viewer re-read its board.
      for (const gameId of local.games()) local.emit({ game_id: gameId, reason: 'game' });
    }
    connectedOnce = true;
    settleReady?.resolve();
  }

  void connect();

  let sending: Promise<unknown> = Promise.resolve();
  return {
    publish(event: BoardChangeEvent) {
      if (closed) return;
      const payload = JSON.stringify({ game_id: event.game_id, reason: event.reason });
      // Caches here drop the change now; viewers hear it from the notification, like everyone's.
      local.emitToAll(event);
      // One NOTIFY after another (two in flight at once could reach the listeners in either
      // order), on the listening connection: through the pool, each would wait behind every
      // request's queries, and when a period is confirmed on many games at once while their
      // viewers re-read, the last game's viewers heard of it seconds late (npm run bench, part f).
      // The pool only while the listener reconnects.
      sending = sending
        .then(() => channelName())
        .then((name) => (sender ?? pool).query('select pg_notify($1, $2)', [name, payload]))
        .catch((err: unknown) => log.error({ err, event }, 'could not publish a board change'));
    },
    subscribe: local.subscribe,
    subscribeAll: local.subscribeAll,
    subscriberCount: local.count,
    ready: () => ready,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      local.clear();
      const client = listener;
      listener = null;
      sender = null;
      if (client) await client.end().catch(() => {});
    },
  };
}
