import { errorBodySchema } from '@core/api/errors';
import { appConfigSchema, healthResponseSchema, livenessResponseSchema, readinessResponseSchema, type ReadinessResponse } from '@core/api/system';
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
  /** Runs the readiness checks (readiness.ts). */
  ready: () => Promise<ReadinessResponse>;
}

/** Health checks and the public settings the web app needs. */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, { db, settings, paymentMethods, hasAdmin, ready }) => {
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

  // Liveness: the process runs and answers; a failing database does not make restarting it help.
  app.get('/api/health/live', { schema: { response: { 200: livenessResponseSchema } } }, async () => ({ status: 'ok' as const }));

  // Readiness: this instance can serve (database writable, migrations applied, ...): 503 with each cause when not.
  app.get('/api/health/ready', { schema: { response: { 200: readinessResponseSchema, 503: readinessResponseSchema } } }, async (_request, reply) => {
    const answer = await ready();
    return reply.status(answer.status === 'ready' ? 200 : 503).send(answer);
  });

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
