import { errorBodySchema } from '@core/api/errors';
import { appConfigSchema, healthResponseSchema } from '@core/api/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentMethod } from '@core/payment-methods';
import type { Settings } from '../config';
import type { Db } from '../db/connection';
import { pingDatabase } from '../db/connection';
import { errorBody } from '../http/errors';

export interface SystemRoutesOptions {
  db: Db;
  settings: Settings;
  /** D28: the payment methods a new game may use here. */
  paymentMethods: readonly PaymentMethod[];
}

/** Health check and the public settings the web app needs. */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, { db, settings, paymentMethods }) => {
  app.get(
    '/api/health',
    {
      schema: {
        response: { 200: healthResponseSchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(db);
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send(errorBody('DATABASE_UNAVAILABLE', 'The database is not reachable.'));
      }
      return { status: 'ok' as const, database: settings.database.kind };
    },
  );

  app.get(
    '/api/config',
    {
      schema: {
        response: { 200: appConfigSchema },
      },
    },
    async () => ({
      productName: 'Squares Pool',
      contactEmail: settings.CONTACT_EMAIL ?? null,
      mode: settings.trialMode ? ('trial' as const) : ('production' as const),
      // The same rule that gives the app its outbox (app.ts): a trial without SMTP.
      devMailbox: settings.trialMode && !settings.SMTP_URL,
      paymentMethods,
    }),
  );
};
