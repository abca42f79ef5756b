import { drawRecordSchema, drawVerificationSchema, type DrawRecord } from '@core/api/draws';
import { idParams } from '@core/api/params';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../db/executor';
import { inviteOf } from '../games/game-access';
import { gameIdParam } from '../http/params';
import type { SquaresService, Viewer } from '../squares/squares.service';
import { drawBoardOf } from './digit-sets';
import type { ChainInfo } from './beacon';
import { checkDrawRecord } from './draw-record';

export interface DrawsRoutesOptions {
  squares: Pick<SquaresService, 'board'>;
  db: Executor;
  /** The beacon chain beacon sets are checked against (quicknet, pinned; a test's fake node). */
  chain: ChainInfo;
}

/** GET /api/games/:id/draw-record (D38, design note 030): public as the board is, same visibility and reveal rules. */
export const drawsRoutes: FastifyPluginAsyncZod<DrawsRoutesOptions> = async (app, { squares, db, chain }) => {
  async function viewerOf(request: FastifyRequest, reply: FastifyReply): Promise<Viewer | null> {
    if (!request.headers.cookie) return null;
    const user = await app.guards.currentUser(request, reply);
    return user ? { id: user.id, isAdmin: user.isAdmin } : null;
  }

  async function record(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): Promise<DrawRecord> {
    const gameId = gameIdParam(request.params.id);
    // The board's read decides who may see the game and which digits they may see.
    const board = await squares.board(gameId, await viewerOf(request, reply), inviteOf(request, gameId));
    reply.header('Cache-Control', 'no-cache');
    return { game_id: gameId, board: await drawBoardOf(db, gameId), commit_hash: board.draw_commit_hash, sets: [...board.digit_sets] };
  }

  app.get('/api/games/:id/draw-record', { schema: { params: idParams, response: { 200: drawRecordSchema } } }, (request, reply) => record(request, reply));

  /** The verify page's answer: the same recomputation as `npm run verify-draw`, from the record alone. */
  app.get('/api/games/:id/draw-verification', { schema: { params: idParams, response: { 200: drawVerificationSchema } } }, async (request, reply) => {
    const published = await record(request, reply);
    return { record: published, sets: checkDrawRecord(published, chain).map((verdict) => ({ ...verdict, problems: [...verdict.problems] })) };
  });
};
