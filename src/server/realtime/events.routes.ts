import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { BoardChangeEvent } from '@core/api/board';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@core/api/params';
import { AppError } from '../http/errors';
import { gameIdParam } from '../http/params';
import type { GameEvents } from './events';

export interface GameEventsRoutesOptions {
  events: GameEvents;
  /** Throws the games API's 404 when the game does not exist or the request may not see it (D30). */
  visibleGame(request: FastifyRequest, reply: FastifyReply, id: string): Promise<unknown>;
  /** Spec section 9: 30 s. Tests make it short. */
  heartbeatMs?: number;
  /** Streams open at once from one client address (LIVE_UPDATES_PER_ADDRESS) and in all (LIVE_UPDATES_TOTAL). */
  limits: StreamLimits;
  /** Hears how many streams are open whenever one opens or closes (the live viewers metric). */
  onOpenStreams?: (open: number) => void;
}

interface StreamLimits {
  perAddress: number;
  total: number;
}

/** Seconds a refused viewer is asked to wait (Retry-After); the web client backs off on its own too. */
const RETRY_AFTER_SECONDS = 30;

/**
 * How long a browser waits before reconnecting a dropped stream (EventSource's `retry`): 3 s plus
 * up to 3 s more, different per viewer, so that after a restart they do not all return at once.
 */
const RETRY_MS = 3000;
const retryMs = () => RETRY_MS + Math.floor(Math.random() * RETRY_MS);
const HEARTBEAT = ': heartbeat\n\n';

/**
 * GET /api/games/:id/events (public, D2, D11; an invite-only game's for those who may see it, D30): server-sent events for one board. `event: ready`
 * once subscribed, `event: change` with a BoardChangeEvent whenever the board changed (clients
 * re-read GET /api/games/:id/board), a comment line as heartbeat so proxies keep the connection.
 *
 * Thousands of viewers stay connected to one board (npm run bench), so once the game is found the
 * response is written directly: no stream object per viewer, and Fastify's request and reply
 * objects are not kept alive by the connection.
 */
export const gameEventsRoutes: FastifyPluginAsyncZod<GameEventsRoutesOptions> = async (app, options) => {
  const { events, visibleGame } = options;
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const open = new Set<ServerResponse>();
  const places = streamPlaces(options.limits);
  let heartbeat: NodeJS.Timeout | null = null;

  // Every event goes to every viewer of its game: format it once.
  let lastEvent: BoardChangeEvent | null = null;
  let lastFrame = '';
  function frameOf(event: BoardChangeEvent): string {
    if (event !== lastEvent) {
      lastEvent = event;
      lastFrame = `event: change\ndata: ${JSON.stringify({ game_id: event.game_id, reason: event.reason })}\n\n`;
    }
    return lastFrame;
  }

  // One timer for every open stream rather than one per viewer.
  function track(response: ServerResponse): void {
    open.add(response);
    options.onOpenStreams?.(open.size);
    heartbeat ??= setInterval(() => {
      for (const r of open) r.write(HEARTBEAT);
    }, heartbeatMs).unref();
  }
  function untrack(response: ServerResponse): void {
    open.delete(response);
    options.onOpenStreams?.(open.size);
    if (open.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  // Open streams never finish by themselves: end them so closing the server does not wait on them.
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
  });

  app.get('/api/games/:id/events', { exposeHeadRoute: false, schema: { params: idParams } }, async (request, reply) => {
    const gameId = gameIdParam(request.params.id);
    // A place is taken before the lookup, so a burst cannot overshoot the limits while it waits.
    const release = places.take(request.ip);
    if (typeof release === 'string') {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw release === 'address'
        ? new AppError(429, 'TOO_MANY_STREAMS', 'Too many live updates are open from your address. Close some tabs and try again.')
        : new AppError(503, 'LIVE_UPDATES_BUSY', 'Live updates are busy right now. Please try again in a moment.');
    }
    try {
      await visibleGame(request, reply, gameId);
    } catch (err) {
      release();
      throw err;
    }

    // From here on the response is ours; it keeps the headers set so far (security headers).
    reply.hijack();
    const response = reply.raw;
    // Gone while the game was looked up: nothing to subscribe.
    if (request.raw.socket.destroyed) {
      release();
      return;
    }
    // A stream is quiet between heartbeats for as long as the viewer stays: the idle timeout
    // (IDLE_TIMEOUT_SECONDS) is for requests, not for it. A dead viewer shows when a write fails.
    request.raw.socket.setTimeout(0);
    response.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies buffer responses unless told not to.
      'x-accel-buffering': 'no',
    });
    const unsubscribe = events.subscribe(gameId, (event) => {
      response.write(frameOf(event));
      // A deleted game has no board left: end the stream (the browser's retry then gets a 404).
      if (event.reason === 'deleted') response.end();
    });
    response.once('close', () => {
      unsubscribe();
      untrack(response);
      release();
    });
    track(response);
    response.write(`retry: ${retryMs()}\n\nevent: ready\ndata: ${JSON.stringify({ game_id: gameId })}\n\n`);
  });
};

/**
 * Places for open streams: at most `perAddress` from one client address (request.ip: the proxy's
 * X-Forwarded-For entry when TRUST_PROXY is on) and `total` on this instance. `take` answers a
 * release function, or which limit refused.
 */
function streamPlaces(limits: StreamLimits) {
  const byAddress = new Map<string, number>();
  let total = 0;
  return {
    take(address: string): (() => void) | 'address' | 'total' {
      const mine = byAddress.get(address) ?? 0;
      if (mine >= limits.perAddress) return 'address';
      if (total >= limits.total) return 'total';
      byAddress.set(address, mine + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      };
    },
    get total() {
      return total;
    },
  };
}
