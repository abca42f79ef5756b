import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Settings } from '../config';
import type { Db } from '../db/connection';
import { pingDatabase } from '../db/connection';
import { errorBody, errorSchema } from '../http/errors';

export interface SystemRoutesOptions {
  db: Db;
  settings: Settings;
}

/** Health check and the public settings the web app needs. */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, { db, settings }) => {
  app.get(
    '/api/health',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }),
          503: errorSchema,
        },
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
        response: {
          200: z.object({
            productName: z.string(),
            contactEmail: z.string().nullable(),
            mode: z.enum(['trial', 'production']),
            /** Mail is kept in the Dev Mailbox instead of being sent (trial without SMTP_URL, D9). */
            devMailbox: z.boolean(),
          }),
        },
      },
    },
    async () => ({
      productName: 'Squares Pool',
      contactEmail: settings.CONTACT_EMAIL ?? null,
      mode: settings.trialMode ? ('trial' as const) : ('production' as const),
      // The same rule that gives the app its outbox (app.ts): a trial without SMTP.
      devMailbox: settings.trialMode && !settings.SMTP_URL,
    }),
  );
};
