import { drawRecordSchema, drawVerificationSchema } from '@core/api/draws';
import { idParams } from '@core/api/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inviteOf } from '../games/invite-tokens';
import { gameIdParam } from '../http/params';
import type { DrawsService } from './draws.service';

export interface DrawsRoutesOptions {
  draws: DrawsService;
}

/** GET /api/games/:id/draw-record (D38, design note 030): public as the board is, same visibility and reveal rules. */
export const drawsRoutes: FastifyPluginAsyncZod<DrawsRoutesOptions> = async (app, { draws }) => {
  app.get('/api/games/:id/draw-record', { schema: { params: idParams, response: { 200: drawRecordSchema } } }, async (request, reply) => {
    const gameId = gameIdParam(request.params.id);
    const record = await draws.record(gameId, await app.guards.currentUser(request, reply), inviteOf(request, gameId));
    reply.header('Cache-Control', 'no-cache');
    return record;
  });

  /** The verify page's answer: the same recomputation as `npm run verify-draw`, from the record alone. */
  app.get('/api/games/:id/draw-verification', { schema: { params: idParams, response: { 200: drawVerificationSchema } } }, async (request, reply) => {
    const gameId = gameIdParam(request.params.id);
    const verification = await draws.verification(gameId, await app.guards.currentUser(request, reply), inviteOf(request, gameId));
    reply.header('Cache-Control', 'no-cache');
    return verification;
  });
};
