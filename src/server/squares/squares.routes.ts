import { boardResponseSchema, type BoardResponse, randomPickRequestSchema, randomPickResponseSchema } from '@core/api/board';
import { mySquaresResponseSchema } from '@core/api/my-squares';
import { idParams } from '@core/api/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../auth/session';
import type { GameAccess } from '../games/game-access';
import { inviteOf } from '../games/invite-tokens';
import { AppError } from '../http/errors';
import { gameIdParam } from '../http/params';
import { boardJson } from './board-json';
import type { SquaresService } from './squares.service';

export interface SquaresRoutesOptions {
  squares: SquaresService;
  /** Issue 23: a deleted game's board answers its former owners 410 GAME_CANCELLED. */
  access: Pick<GameAccess, 'askerOf' | 'missingGame'>;
}

/**
 * The board's JSON from board-json.ts: the shared board's bytes are encoded once until it changes,
 * a player's copy re-encodes only their own squares. Fastify sends a Buffer from a serializer as it
 * is (its types only name strings).
 */
function boardBytes(data: unknown): string {
  if (typeof data !== 'object' || data === null || !('squares' in data)) return JSON.stringify(data);
  return boardJson(data as BoardResponse) as unknown as string;
}

/** GET /api/games/:id/board (public, D11) and GET /api/me/squares (signed in). */
export const squaresRoutes: FastifyPluginAsyncZod<SquaresRoutesOptions> = async (app, { squares, access }) => {
  app.get(
    '/api/games/:id/board',
    {
      schema: { params: idParams, response: { 200: boardResponseSchema } },
      // The most read route (benchmarked): the service builds every field itself, typed by the
      // contract (core/api/board.ts), so the answer skips zod's check.
      serializerCompiler: () => boardBytes,
    },
    async (request, reply) => {
      const gameId = gameIdParam(request.params.id);
      const board = await squares.board(gameId, await app.guards.currentUser(request, reply), inviteOf(request, gameId)).catch(async (error: unknown) => {
        // A missing game may be a deleted one this viewer owned squares in.
        throw error instanceof AppError && error.statusCode === 404 ? await access.missingGame(gameId, access.askerOf(request, reply)) : error;
      });
      // What a viewer sees depends on their session (mine, e-mails): never cache it for others.
      reply.header('Cache-Control', 'private, no-cache');
      return board;
    },
  );

  // D44 Pick N at random: the server chooses (node:crypto), the cart keeps them, the checkout checks them again.
  app.post(
    '/api/games/:id/squares/random',
    {
      ...app.guards.signedIn,
      schema: { params: idParams, body: randomPickRequestSchema, response: { 200: randomPickResponseSchema } },
    },
    async (request, reply) => {
      const gameId = gameIdParam(request.params.id);
      const user = signedInUser(request);
      reply.header('Cache-Control', 'no-store');
      return squares.randomPick(gameId, { id: user.id, isAdmin: user.isAdmin }, inviteOf(request, gameId), request.body);
    },
  );

  app.get('/api/me/squares', { ...app.guards.signedIn, schema: { response: { 200: mySquaresResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-cache');
    return squares.mySquares(signedInUser(request).id);
  });
};
