import { paymentTrackingSchema, squareSelectionSchema, squaresChangedSchema, type SquareSelection } from '@core/api/organizer';
import { idParams } from '@core/api/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Settings } from '../config';
import { gameIdParam } from '../http/params';
import { mailLinkOrigin } from '../mail/link-origin';
import type { Selection } from './organizer.repository';
import type { OrganizerService } from './organizer.service';

export interface OrganizerRoutesOptions {
  organizer: OrganizerService;
  settings: Pick<Settings, 'PUBLIC_URL' | 'HOST' | 'PORT'>;
}

const toSelection = (body: SquareSelection): Selection =>
  body.squares ? { squares: body.squares } : body.user_id !== undefined ? { userId: body.user_id } : { all: true };

/**
 * The organizer's payment tools (D28), admins only: the guard answers 401 / 403 before the body
 * is read, so a refused request changes nothing and learns nothing.
 */
export const organizerRoutes: FastifyPluginAsyncZod<OrganizerRoutesOptions> = async (app, { organizer, settings }) => {
  const admin = { preValidation: app.guards.requireAdmin };
  const tool = { ...admin, schema: { params: idParams, body: squareSelectionSchema, response: { 200: squaresChangedSchema } } };

  app.post('/api/games/:id/squares/mark-paid', tool, async (request) => organizer.markPaid(gameIdParam(request.params.id), toSelection(request.body)));
  app.post('/api/games/:id/squares/mark-unpaid', tool, async (request) => organizer.markUnpaid(gameIdParam(request.params.id), toSelection(request.body)));
  app.post('/api/games/:id/squares/release', tool, async (request) =>
    organizer.releaseUnpaid(gameIdParam(request.params.id), toSelection(request.body), mailLinkOrigin(`${request.protocol}://${request.host}`, settings)),
  );

  app.get('/api/games/:id/payments', { ...admin, schema: { params: idParams, response: { 200: paymentTrackingSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return organizer.payments(gameIdParam(request.params.id));
  });
};
