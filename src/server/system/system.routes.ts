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
  /** D8: whether any account is an admin yet. */
  hasAdmin: () => Promise<boolean>;
}

/** Health check and the public settings the web app needs. */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, { db, settings, paymentMethods, hasAdmin }) => {
  // D8: an install without an admin (and without ADMIN_EMAILS) is run by its first confirmed
  // account. Once an admin exists the answer stays no (revoking the last admin is an operator's act).
  let adminSeen = settings.ADMIN_EMAILS.length > 0;
  const firstAccountRunsPool = async () => {
    if (!adminSeen) adminSeen = await hasAdmin();
    return !adminSeen;
  };

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
    async (_request, reply) => ({
      productName: 'Squares Pool',
      contactEmail: settings.CONTACT_EMAIL ?? null,
      mode: settings.trialMode ? ('trial' as const) : ('production' as const),
      // The same rule that gives the app its outbox (app.ts): a trial without SMTP.
      devMailbox: settings.trialMode && !settings.SMTP_URL,
      paymentMethods,
      firstAccountRunsPool: await firstAccountRunsPool().then((first) => {
        // Changes once, when the first account is confirmed: no cache keeps the empty install's answer.
        if (first) reply.header('Cache-Control', 'no-store');
        return first;
      }),
    }),
  );
};
