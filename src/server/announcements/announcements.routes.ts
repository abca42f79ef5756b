import { announcementDeletedSchema, announcementParams, announcementPostedSchema, announcementRequestSchema } from '@core/api/announcements';
import { ANNOUNCEMENT_TEXTS } from '@core/announcements';
import { idParams } from '@core/api/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../auth/session';
import type { Settings } from '../config';
import { notFound } from '../http/errors';
import { gameIdParam, isUuid } from '../http/params';
import { mailLinkOrigin } from '../mail/link-origin';
import type { AnnouncementsService } from './announcements.service';

export interface AnnouncementsRoutesOptions {
  announcements: AnnouncementsService;
  settings: Pick<Settings, 'PUBLIC_URL' | 'HOST' | 'PORT'>;
}

/**
 * D40 announcements (src/core/api/announcements.ts), admins only: the guard answers 401 / 403
 * before the body is read. Everyone reads them with the board.
 */
export const announcementsRoutes: FastifyPluginAsyncZod<AnnouncementsRoutesOptions> = async (app, { announcements, settings }) => {
  app.post(
    '/api/admin/games/:id/announcements',
    { ...app.guards.admin, schema: { params: idParams, body: announcementRequestSchema, response: { 201: announcementPostedSchema } } },
    async (request, reply) => {
      const gameId = gameIdParam(request.params.id);
      const origin = mailLinkOrigin(`${request.protocol}://${request.host}`, settings);
      const posted = await announcements.post(gameId, signedInUser(request).id, { body: request.body.body, mail: request.body.mail === true }, origin);
      return reply.code(201).send(posted);
    },
  );

  app.delete(
    '/api/admin/games/:id/announcements/:announcementId',
    { ...app.guards.admin, schema: { params: announcementParams, response: { 200: announcementDeletedSchema } } },
    async (request) => {
      const gameId = gameIdParam(request.params.id);
      if (!isUuid(request.params.announcementId)) throw notFound(ANNOUNCEMENT_TEXTS.notFound);
      return announcements.remove(gameId, signedInUser(request).id, request.params.announcementId);
    },
  );
};
