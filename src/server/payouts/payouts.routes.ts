import { gameDayViewSchema, markPaidRequestSchema, periodParams } from '@core/api/game-day';
import { idParams } from '@core/api/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../auth/session';
import type { GameDayService } from '../game-day/game-day.service';
import { gameIdParam } from '../http/params';
import type { PayoutsService } from './payouts.service';

export interface PayoutsRoutesOptions {
  payouts: PayoutsService;
  /** Both routes answer with the game-day view. */
  gameDay: Pick<GameDayService, 'view'>;
}

/**
 * D23: Mark Paid and Retry Payout (admins only). A payout the provider refuses answers
 * 502 PAYOUT_FAILED with the reason; the record is then `failed`, ready for Retry.
 */
export const payoutsRoutes: FastifyPluginAsyncZod<PayoutsRoutesOptions> = async (app, { payouts, gameDay }) => {
  app.post(
    '/api/admin/games/:id/periods/:period/payout/mark-paid',
    { ...app.guards.admin, schema: { params: periodParams, body: markPaidRequestSchema, response: { 200: gameDayViewSchema } } },
    async (request) => {
      const gameId = gameIdParam(request.params.id);
      const reference = request.body?.reference || null;
      await payouts.markPaid(gameId, request.params.period, signedInUser(request).id, reference);
      return gameDay.view(gameId);
    },
  );

  // D34: the organizer's (or charity's) share, paid outside the app and recorded here.
  app.post(
    '/api/admin/games/:id/share/mark-paid',
    { ...app.guards.admin, schema: { params: idParams, body: markPaidRequestSchema, response: { 200: gameDayViewSchema } } },
    async (request) => {
      const gameId = gameIdParam(request.params.id);
      await payouts.markSharePaid(gameId, signedInUser(request).id, request.body?.reference || null);
      return gameDay.view(gameId);
    },
  );

  app.post(
    '/api/admin/games/:id/periods/:period/payout/retry',
    { ...app.guards.admin, schema: { params: periodParams, response: { 200: gameDayViewSchema } } },
    async (request) => {
      const gameId = gameIdParam(request.params.id);
      await payouts.retry(gameId, request.params.period, signedInUser(request).id);
      return gameDay.view(gameId);
    },
  );
};
