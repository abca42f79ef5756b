import {
  gameCreateRequestSchema,
  gameDeletedResponseSchema,
  gameInviteResponseSchema,
  gameLinkResponseSchema,
  gameResponseSchema,
  gamesResponseSchema,
  gameUpdateRequestSchema,
  gameMembersResponseSchema,
  gameShareResponseSchema,
  inviteRedeemedSchema,
  inviteRedeemRequestSchema,
  memberParams,
} from '@core/api/games';
import { idParams } from '@core/api/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../auth/session';
import type { Settings } from '../config';
import { gameIdParam as gameId } from '../http/params';
import { mailLinkOrigin } from '../mail/link-origin';
import type { GameAccess } from './game-access';
import { INVITE_COOKIE_MAX_AGE_SECONDS, inviteCookieName } from './invite-tokens';
import { toGame, type GamesService } from './games.service';
import type { MembersService } from './members.service';

export interface GamesRoutesOptions {
  games: GamesService;
  access: GameAccess;
  members: MembersService;
  settings: Pick<Settings, 'PUBLIC_URL' | 'HOST' | 'PORT'>;
}

/**
 * GET /api/games (the listed, public games) and GET /api/games/:id for everyone who may see the
 * game (D30); POST /api/games/:id/invite for whoever opened an invite link. For admins, under
 * /api/admin/ as every admin route (design note 032): create, edit and delete, every game's
 * list, the invite and share links and the members (spec section 7 "Games").
 */
export const gamesRoutes: FastifyPluginAsyncZod<GamesRoutesOptions> = async (app, { games, access, members, settings }) => {
  // The guard runs before body validation, so visitors and players get 401/403, not field messages.
  // D30's admin routes answer 401/403 before the body is even parsed.
  // D30: the invite cookie is sent over HTTPS only when the app is served over HTTPS.
  const secure = settings.PUBLIC_URL?.startsWith('https://') ?? false;

  app.get('/api/games', { schema: { response: { 200: gamesResponseSchema } } }, async () => ({
    games: await games.list(),
  }));

  app.get('/api/admin/games', { ...app.guards.admin, schema: { response: { 200: gamesResponseSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-cache');
    return { games: await games.listAll() };
  });

  app.get('/api/games/:id', { schema: { params: idParams, response: { 200: gameResponseSchema } } }, async (request, reply) => {
    const row = await access.visibleGame(request, reply, gameId(request.params.id));
    // An invite-only game's answer depends on who asks.
    if (row.visibility === 'invite') reply.header('Cache-Control', 'private, no-cache');
    // D46: an account reading the game by its invite (opened before signing in) becomes a member.
    await access.joinByCookie(request, reply, row);
    return { game: toGame(row) };
  });

  // D30: the game page opened with ?invite= sends the token here; the right one sets the game's
  // invite cookie, which every read of the game checks from then on. A wrong one, or a game that
  // does not exist, is the same 404, so the answer never tells that an invite-only game exists.
  app.post(
    '/api/games/:id/invite',
    { schema: { params: idParams, body: inviteRedeemRequestSchema, response: { 200: inviteRedeemedSchema } } },
    async (request, reply) => {
      const id = gameId(request.params.id);
      const { token } = request.body;
      if ((await games.redeemInvite(id, token)) === 'accepted') {
        // D46: an account that opens the invite link becomes a member of the game.
        const user = await app.guards.currentUser(request, reply);
        if (user && !user.isAdmin) await members.joinByInvite(id, user.id);
        reply.setCookie(inviteCookieName(id), token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: INVITE_COOKIE_MAX_AGE_SECONDS,
        });
      }
      reply.header('Cache-Control', 'no-store');
      return { game_id: id };
    },
  );

  const origin = (request: { protocol: string; host: string }) => mailLinkOrigin(`${request.protocol}://${request.host}`, settings);

  app.get(
    '/api/admin/games/:id/invite',
    { ...app.guards.admin, schema: { params: idParams, response: { 200: gameInviteResponseSchema } } },
    async (request) => {
      return games.invite(gameId(request.params.id), origin(request));
    },
  );

  app.get('/api/admin/games/:id/share', { ...app.guards.admin, schema: { params: idParams, response: { 200: gameShareResponseSchema } } }, async (request) => {
    return games.share(gameId(request.params.id), origin(request));
  });

  // D42: the printed board's QR code, under the board's access rule (a hidden game is 404).
  app.get('/api/games/:id/link', { schema: { params: idParams, response: { 200: gameLinkResponseSchema } } }, async (request, reply) => {
    const row = await access.visibleGame(request, reply, gameId(request.params.id));
    const user = await access.askerOf(request, reply).user();
    // The answer depends on who asks (an admin gets the invite link).
    reply.header('Cache-Control', 'private, no-cache');
    return games.printLink(row, origin(request), user?.isAdmin === true);
  });

  app.post(
    '/api/admin/games/:id/invite/rotate',
    { ...app.guards.admin, schema: { params: idParams, response: { 200: gameInviteResponseSchema } } },
    async (request) => {
      return games.rotateInvite(gameId(request.params.id), origin(request));
    },
  );

  // D46: the organizer's list of members, and removing one.
  app.get(
    '/api/admin/games/:id/members',
    { ...app.guards.admin, schema: { params: idParams, response: { 200: gameMembersResponseSchema } } },
    async (request) => {
      return { members: await members.list(gameId(request.params.id)) };
    },
  );

  app.delete('/api/admin/games/:id/members/:userId', { ...app.guards.admin, schema: { params: memberParams } }, async (request, reply) => {
    await members.remove(gameId(request.params.id), request.params.userId);
    return reply.status(204).send();
  });

  app.post(
    '/api/admin/games',
    { ...app.guards.admin, schema: { body: gameCreateRequestSchema, response: { 201: gameResponseSchema } } },
    async (request, reply) => {
      const game = await games.create(request.body, signedInUser(request).id);
      return reply.status(201).send({ game });
    },
  );

  app.patch(
    '/api/admin/games/:id',
    { ...app.guards.admin, schema: { params: idParams, body: gameUpdateRequestSchema, response: { 200: gameResponseSchema } } },
    async (request) => ({
      game: await games.update(gameId(request.params.id), request.body),
    }),
  );

  app.delete('/api/admin/games/:id', { ...app.guards.admin, schema: { params: idParams, response: { 200: gameDeletedResponseSchema } } }, async (request) => ({
    deleted: await games.deleteGame(gameId(request.params.id), {
      actorId: signedInUser(request).id,
      origin: mailLinkOrigin(`${request.protocol}://${request.host}`, settings),
    }),
  }));
};
