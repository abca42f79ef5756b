import { idParams } from '@core/api/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gameIdParam } from '../http/params';
import type { ExportsService } from './exports.service';

export interface ExportsRoutesOptions {
  exports: ExportsService;
}

const fileParams = idParams.extend({ kind: z.enum(['squares', 'orders', 'payouts'], { error: 'Unknown export: choose squares, orders or payouts' }) });

/** GET /api/admin/games/:id/export/:kind.csv (D33), admins only: the guard answers 401 / 403 first; no-store as every admin answer (auth/session.ts). */
export const exportsRoutes: FastifyPluginAsyncZod<ExportsRoutesOptions> = async (app, { exports }) => {
  app.get('/api/admin/games/:id/export/:kind.csv', { ...app.guards.admin, schema: { params: fileParams } }, async (request, reply) => {
    const { name, text } = await exports.file(gameIdParam(request.params.id), request.params.kind);
    return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${name}"`).send(text);
  });
};
