import {
  confirmAllRequestSchema,
  confirmAllResultSchema,
  gameDayViewSchema,
  myWinningsResponseSchema,
  numberSetParams,
  periodParams,
  periodScoreRequestSchema,
  randomizeRequestSchema,
  visibilityRequestSchema,
} from '@core/api/game-day';
import { idParams } from '@core/api/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../auth/session';
import { gameIdParam } from '../http/params';
import type { GameDayService } from './game-day.service';

export interface GameDayRoutesOptions {
  gameDay: GameDayService;
}

/**
 * Game day (src/core/api/game-day.ts): admins only, except GET /api/me/winnings. The guards run
 * before validation, so visitors and players get 401/403, never field messages.
 */
export const gameDayRoutes: FastifyPluginAsyncZod<GameDayRoutesOptions> = async (app, { gameDay }) => {
  const viewResponse = { 200: gameDayViewSchema };

  app.get('/api/admin/games/:id/game-day', { ...app.guards.admin, schema: { params: idParams, response: viewResponse } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-cache');
    return gameDay.view(gameIdParam(request.params.id));
  });

  app.post(
    '/api/admin/games/:id/numbers/randomize',
    { ...app.guards.admin, schema: { params: idParams, body: randomizeRequestSchema, response: viewResponse } },
    async (request) => {
      const gameId = gameIdParam(request.params.id);
      return gameDay.randomize(gameId, signedInUser(request).id, request.body?.confirm_not_full === true, request.body?.confirm_unpaid ?? undefined);
    },
  );

  // D35: the admin draws the next number set before its period's confirmation would.
  app.post(
    '/api/admin/games/:id/number-sets/:set/draw',
    { ...app.guards.admin, schema: { params: numberSetParams, response: viewResponse } },
    async (request) => gameDay.drawSetNow(gameIdParam(request.params.id), request.params.set, signedInUser(request).id),
  );

  app.delete('/api/admin/games/:id/numbers', { ...app.guards.admin, schema: { params: idParams, response: viewResponse } }, async (request) => {
    const gameId = gameIdParam(request.params.id);
    return gameDay.clear(gameId, signedInUser(request).id);
  });

  app.put(
    '/api/admin/games/:id/numbers/visibility',
    { ...app.guards.admin, schema: { params: idParams, body: visibilityRequestSchema, response: viewResponse } },
    async (request) => gameDay.setVisibility(gameIdParam(request.params.id), request.body.revealed),
  );

  app.post(
    '/api/admin/games/:id/periods/confirm-all',
    { ...app.guards.admin, schema: { params: idParams, body: confirmAllRequestSchema, response: { 200: confirmAllResultSchema } } },
    async (request) => {
      const gameId = gameIdParam(request.params.id);
      return gameDay.confirmAll(gameId, request.body.scores, signedInUser(request).id);
    },
  );

  app.put(
    '/api/admin/games/:id/periods/:period',
    { ...app.guards.admin, schema: { params: periodParams, body: periodScoreRequestSchema, response: viewResponse } },
    async (request) => {
      const gameId = gameIdParam(request.params.id);
      return gameDay.confirm(gameId, request.params.period, request.body, signedInUser(request).id);
    },
  );

  app.get('/api/me/winnings', { ...app.guards.signedIn, schema: { response: { 200: myWinningsResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-cache');
    return gameDay.myWinnings(signedInUser(request).id);
  });
};
