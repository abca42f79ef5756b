import { gameCreateRequestSchema, gameDeletedResponseSchema, gameResponseSchema, gamesResponseSchema, gameUpdateRequestSchema } from '@core/api/games';
import { idParams } from '@core/api/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../auth/session';
import { gameIdParam as gameId } from '../http/params';
import type { GamesService } from './games.service';

export interface GamesRoutesOptions {
  games: GamesService;
}

/** GET /api/games[/:id] for everyone; create, edit and delete for admins (spec section 7 "Games"). */
export const gamesRoutes: FastifyPluginAsyncZod<GamesRoutesOptions> = async (app, { games }) => {
  // The guard runs before body validation, so visitors and players get 401/403, not field messages.
  const adminOnly = { preValidation: app.guards.requireAdmin };

  app.get('/api/games', { schema: { response: { 200: gamesResponseSchema } } }, async () => ({
    games: await games.list(),
  }));

  app.get('/api/games/:id', { schema: { params: idParams, response: { 200: gameResponseSchema } } }, async (request) => ({
    game: await games.get(gameId(request.params.id)),
  }));

  app.post('/api/games', { ...adminOnly, schema: { body: gameCreateRequestSchema, response: { 201: gameResponseSchema } } }, async (request, reply) => {
    const game = await games.create(request.body, signedInUser(request).id);
    return reply.status(201).send({ game });
  });

  app.patch(
    '/api/games/:id',
    { ...adminOnly, schema: { params: idParams, body: gameUpdateRequestSchema, response: { 200: gameResponseSchema } } },
    async (request) => ({
      game: await games.update(gameId(request.params.id), request.body),
    }),
  );

  app.delete('/api/games/:id', { ...adminOnly, schema: { params: idParams, response: { 200: gameDeletedResponseSchema } } }, async (request) => ({
    deleted: await games.deleteGame(gameId(request.params.id)),
  }));
};
