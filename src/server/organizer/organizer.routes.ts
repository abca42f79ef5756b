import {
  activityResponseSchema,
  assignedSchema,
  assignRequestSchema,
  moveRequestSchema,
  paymentTrackingSchema,
  releaseRequestSchema,
  squareSelectionSchema,
  squaresChangedSchema,
  type SquareSelection,
} from '@core/api/organizer';
import { idParams } from '@core/api/params';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ActivityService } from '../activity/activity.service';
import type { GameAccess } from '../games/game-access';
import { signedInUser } from '../auth/session';
import type { Settings } from '../config';
import { gameIdParam } from '../http/params';
import { mailLinkOrigin } from '../mail/link-origin';
import type { Selection } from './organizer.repository';
import type { OrganizerService } from './organizer.service';

export interface OrganizerRoutesOptions {
  organizer: OrganizerService;
  activity: ActivityService;
  access: Pick<GameAccess, 'visibleGame'>;
  settings: Pick<Settings, 'PUBLIC_URL' | 'HOST' | 'PORT'>;
}

const toSelection = (body: Pick<SquareSelection, 'squares' | 'user_id'>): Selection =>
  body.squares ? { squares: body.squares } : body.user_id !== undefined ? { userId: body.user_id } : { all: true };

/**
 * The organizer's payment tools (D28), admins only: the guard answers 401 / 403 before the body
 * is read, so a refused request changes nothing and learns nothing.
 */
export const organizerRoutes: FastifyPluginAsyncZod<OrganizerRoutesOptions> = async (app, { organizer, activity, access, settings }) => {
  const changed = { 200: squaresChangedSchema };
  const tool = { ...app.guards.admin, schema: { params: idParams, body: squareSelectionSchema, response: changed } };
  const actor = (request: FastifyRequest) => signedInUser(request).id;
  const origin = (request: FastifyRequest) => mailLinkOrigin(`${request.protocol}://${request.host}`, settings);

  app.post('/api/admin/games/:id/squares/mark-paid', tool, async (request) =>
    organizer.markPaid(gameIdParam(request.params.id), actor(request), toSelection(request.body), origin(request)),
  );
  app.post('/api/admin/games/:id/squares/mark-unpaid', tool, async (request) =>
    organizer.markUnpaid(gameIdParam(request.params.id), actor(request), toSelection(request.body)),
  );
  app.post(
    '/api/admin/games/:id/squares/release',
    { ...app.guards.admin, schema: { params: idParams, body: releaseRequestSchema, response: changed } },
    async (request) =>
      organizer.release(gameIdParam(request.params.id), actor(request), toSelection(request.body), {
        origin: origin(request),
        includePaid: request.body.include_paid === true,
      }),
  );
  app.post(
    '/api/admin/games/:id/squares/assign',
    { ...app.guards.admin, schema: { params: idParams, body: assignRequestSchema, response: { 200: assignedSchema } } },
    async (request) => {
      const { squares, to, paid, paid_cents } = request.body;
      const target = to.account !== undefined ? { account: to.account } : { name: to.name as string, email: to.email };
      // The schema requires paid_cents with paid: true.
      return organizer.assign(gameIdParam(request.params.id), actor(request), squares, target, paid === true ? { cents: paid_cents as number } : null, {
        origin: origin(request),
      });
    },
  );
  app.post(
    '/api/admin/games/:id/squares/move',
    { ...app.guards.admin, schema: { params: idParams, body: moveRequestSchema, response: changed } },
    async (request) => organizer.move(gameIdParam(request.params.id), actor(request), request.body.from, request.body.to),
  );

  app.get('/api/admin/games/:id/payments', { ...app.guards.admin, schema: { params: idParams, response: { 200: paymentTrackingSchema } } }, async (request) => {
    return organizer.payments(gameIdParam(request.params.id));
  });

  // D32: admins read the whole log; a signed-in player the entries about their own squares.
  app.get(
    '/api/games/:id/activity',
    { ...app.guards.signedIn, schema: { params: idParams, response: { 200: activityResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const user = signedInUser(request);
      // D30: a player reads the log of a game they may see (an invite-only one needs its invite or a square in it).
      if (!user.isAdmin) await access.visibleGame(request, reply, gameIdParam(request.params.id));
      return activity.read(gameIdParam(request.params.id), user.isAdmin ? null : user.id);
    },
  );
};
