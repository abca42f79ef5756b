import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { signedInUser } from '../auth/session';
import { gameIdParam } from '../http/params';
import type { GameDayService } from './game-day.service';
import {
  confirmAllBody,
  confirmAllResultSchema,
  gameDayViewSchema,
  idParams,
  myWinningsResponseSchema,
  quarterBody,
  quarterParams,
  randomizeBody,
  visibilityBody,
} from './game-day.schemas';

export interface GameDayRoutesOptions {
  gameDay: GameDayService;
}

// The contracts are deeply readonly, the schemas' types are not (game-day.schemas.ts checks they match).
type ViewBody = z.infer<typeof gameDayViewSchema>;
type ConfirmAllBody = z.infer<typeof confirmAllResultSchema>;
type WinningsBody = z.infer<typeof myWinningsResponseSchema>;

/**
 * Game day (src/core/game-day.ts): admins only, except GET /api/me/winnings. The guards run
 * before validation, so visitors and players get 401/403, never field messages.
 */
export const gameDayRoutes: FastifyPluginAsyncZod<GameDayRoutesOptions> = async (app, { gameDay }) => {
  const adminOnly = { preValidation: app.guards.requireAdmin };
  const viewResponse = { 200: gameDayViewSchema };

  app.get('/api/games/:id/game-day', { ...adminOnly, schema: { params: idParams, response: viewResponse } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-cache');
    return (await gameDay.view(gameIdParam(request.params.id))) as ViewBody;
  });

  app.post('/api/games/:id/numbers/randomize', { ...adminOnly, schema: { params: idParams, body: randomizeBody, response: viewResponse } }, async (request) => {
    const gameId = gameIdParam(request.params.id);
    return (await gameDay.randomize(gameId, signedInUser(request).id, request.body?.confirm_not_full === true)) as ViewBody;
  });

  app.delete('/api/games/:id/numbers', { ...adminOnly, schema: { params: idParams, response: viewResponse } }, async (request) => {
    const gameId = gameIdParam(request.params.id);
    return (await gameDay.clear(gameId, signedInUser(request).id)) as ViewBody;
  });

  app.put(
    '/api/games/:id/numbers/visibility',
    { ...adminOnly, schema: { params: idParams, body: visibilityBody, response: viewResponse } },
    async (request) => (await gameDay.setVisibility(gameIdParam(request.params.id), request.body.revealed)) as ViewBody,
  );

  app.post(
    '/api/games/:id/quarters/confirm-all',
    { ...adminOnly, schema: { params: idParams, body: confirmAllBody, response: { 200: confirmAllResultSchema } } },
    async (request) => {
      const gameId = gameIdParam(request.params.id);
      const result = await gameDay.confirmAll(gameId, request.body.scores, signedInUser(request).id);
      return result as ConfirmAllBody;
    },
  );

  app.put(
    '/api/games/:id/quarters/:quarter',
    { ...adminOnly, schema: { params: quarterParams, body: quarterBody, response: viewResponse } },
    async (request) => {
      const gameId = gameIdParam(request.params.id);
      return (await gameDay.confirm(gameId, request.params.quarter, request.body, signedInUser(request).id)) as ViewBody;
    },
  );

  app.get('/api/me/winnings', { preValidation: app.guards.requireUser, schema: { response: { 200: myWinningsResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-cache');
    return (await gameDay.myWinnings(signedInUser(request).id)) as WinningsBody;
  });
};
