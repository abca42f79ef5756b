import { devMailboxResponseSchema } from '@core/api/dev-mailbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../http/errors';
import type { DevMailboxRepository } from './dev-mailbox.repository';

export interface MailRoutesOptions {
  /** Present only in trial mode without SMTP (D9). */
  mailbox: DevMailboxRepository | null;
  /** Runs the mail queue's sender and waits for it (mail-queue.service.ts flush). */
  flush: () => Promise<void>;
}

/** The Dev Mailbox's data, newest first. Gone in production and with SMTP. */
export const mailRoutes: FastifyPluginAsyncZod<MailRoutesOptions> = async (app, { mailbox, flush }) => {
  app.get(
    '/api/dev/mailbox',
    {
      schema: { response: { 200: devMailboxResponseSchema } },
    },
    async (request, reply) => {
      if (!mailbox) throw notFound('The Dev Mailbox is available only in trial mode without SMTP.', 'MAILBOX_DISABLED');
      // Reset links are in there: only someone at this machine may read them.
      if (!isLoopback(request.ip)) throw forbidden('The Dev Mailbox can only be opened on the machine that runs the app.');
      reply.header('Cache-Control', 'no-store');
      // Mails are sent by the queue's job after their change commits: what was committed before
      // this request is delivered first, so the mailbox never lags behind the page that sent it.
      await flush();
      return { mails: await mailbox.list() };
    },
  );
};

const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
