import { feedLinkRequestSchema, feedSearchQuery, feedSearchResponseSchema, feedStatusSchema } from '@core/api/score-feed';
import { idParams } from '@core/api/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gameIdParam } from '../http/params';
import type { ScoreFeedService } from './score-feed.service';

export interface ScoreFeedRoutesOptions {
  scoreFeed: ScoreFeedService;
}

/** D39's live score feed (core/api/score-feed.ts): admins only. */
export const scoreFeedRoutes: FastifyPluginAsyncZod<ScoreFeedRoutesOptions> = async (app, { scoreFeed }) => {
  const statusResponse = { 200: feedStatusSchema };

  app.get(
    '/api/admin/score-feed/games',
    { ...app.guards.admin, schema: { querystring: feedSearchQuery, response: { 200: feedSearchResponseSchema } } },
    async (request) => ({ games: await scoreFeed.search(request.query.league, request.query.date, request.query.time_zone) }),
  );

  app.get('/api/admin/games/:id/score-feed', { ...app.guards.admin, schema: { params: idParams, response: statusResponse } }, async (request) =>
    scoreFeed.status(gameIdParam(request.params.id)),
  );

  app.put(
    '/api/admin/games/:id/score-feed',
    { ...app.guards.admin, schema: { params: idParams, body: feedLinkRequestSchema, response: statusResponse } },
    async (request) => scoreFeed.link(gameIdParam(request.params.id), request.body),
  );

  app.delete('/api/admin/games/:id/score-feed', { ...app.guards.admin, schema: { params: idParams, response: statusResponse } }, async (request) =>
    scoreFeed.unlink(gameIdParam(request.params.id)),
  );
};
