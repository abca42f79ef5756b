import { devMailboxResponseSchema } from '@core/api/dev-mailbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../http/errors';
import type { outboxRepository } from './outbox.repository';

export interface MailRoutesOptions {
  /** Present only in trial mode without SMTP (D9). */
  outbox: ReturnType<typeof outboxRepository> | null;
}

/** The Dev Mailbox's data: the outbox, newest first. Gone in production and with SMTP. */
export const mailRoutes: FastifyPluginAsyncZod<MailRoutesOptions> = async (app, { outbox }) => {
  app.get(
    '/api/dev/mailbox',
    {
      schema: { response: { 200: devMailboxResponseSchema } },
    },
    async (request, reply) => {
      if (!outbox) throw notFound('The Dev Mailbox is available only in trial mode without SMTP.', 'MAILBOX_DISABLED');
      // Reset links are in there: only someone at this machine may read them.
      if (!isLoopback(request.ip)) throw forbidden('The Dev Mailbox can only be opened on the machine that runs the app.');
      reply.header('Cache-Control', 'no-store');
      return { mails: await outbox.list() };
    },
  );
};

const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
