import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { BoardChangeEvent } from '@core/board-view';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gameIdParam } from '../squares/squares.routes';
import type { GameEvents } from './events';

export interface GameEventsRoutesOptions {
  events: GameEvents;
  /** Throws the games API's 404 when the game does not exist. */
  getGame(id: string): Promise<unknown>;
  /** Spec section 9: 30 s. Tests make it short. */
  heartbeatMs?: number;
}

/** How long a browser waits before reconnecting a dropped stream (EventSource's `retry`). */
const RETRY_MS = 3000;
const HEARTBEAT = ': heartbeat\n\n';

/**
 * GET /api/games/:id/events (public, D2, D11): server-sent events for one board. `event: ready`
 * once subscribed, `event: change` with a BoardChangeEvent whenever the board changed (clients
 * re-read GET /api/games/:id/board), a comment line as heartbeat so proxies keep the connection.
 *
 * Thousands of viewers stay connected to one board (npm run bench), so once the game is found the
 * response is written directly: no stream object per viewer, and Fastify's request and reply
 * objects are not kept alive by the connection.
 */
export const gameEventsRoutes: FastifyPluginAsyncZod<GameEventsRoutesOptions> = async (app, options) => {
  const { events, getGame } = options;
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const open = new Set<ServerResponse>();
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
    heartbeat ??= setInterval(() => {
      for (const r of open) r.write(HEARTBEAT);
    }, heartbeatMs).unref();
  }
  function untrack(response: ServerResponse): void {
    open.delete(response);
    if (open.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  // Open streams never finish by themselves: end them so closing the server does not wait on them.
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
  });

  app.get(
    '/api/games/:id/events',
    { exposeHeadRoute: false, schema: { params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      const gameId = gameIdParam(request.params.id);
      await getGame(gameId);

      // From here on the response is ours; it keeps the headers set so far (security headers).
      reply.hijack();
      const response = reply.raw;
      // Gone while the game was looked up: nothing to subscribe.
      if (request.raw.socket.destroyed) return;
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
      });
      track(response);
      response.write(`retry: ${RETRY_MS}\n\nevent: ready\ndata: ${JSON.stringify({ game_id: gameId })}\n\n`);
    },
  );
};
