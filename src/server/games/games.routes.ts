import type { Game } from '@core/games';
import { GAME_ERRORS } from '@core/messages';
import { PAYOUT_SCHEDULE_IDS } from '@core/payouts';
import { gameFormSchema, gameUpdateSchema } from '@core/schemas';
import { GAME_TYPES } from '@core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../auth/session';
import { notFound } from '../http/errors';
import type { GamesService } from './games.service';

export interface GamesRoutesOptions {
  games: GamesService;
}

/** The API's game (src/core/games.ts); the serializer checks every answer against it. */
export const gameSchema = z.object({
  id: z.string(),
  title: z.string(),
  team_a: z.string(),
  team_b: z.string(),
  game_type: z.enum(GAME_TYPES),
  price_per_square: z.number(),
  price_per_square_cents: z.number().int(),
  total_pot_cents: z.number().int(),
  squares_claimed: z.number().int(),
  squares_available: z.number().int(),
  is_active: z.boolean(),
  grid_shuffled: z.boolean(),
  numbers_revealed: z.boolean(),
  manual_numbers_set: z.boolean(),
  payout_schedule: z.enum(PAYOUT_SCHEDULE_IDS),
  price_locked: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
// Compile-time guard: the schema and the shared contract must describe the same object.
const _sameShape: [z.infer<typeof gameSchema>, Game] extends [Game, z.infer<typeof gameSchema>] ? true : never = true;
void _sameShape;

const gameResponse = z.object({ game: gameSchema });
const idParams = z.object({ id: z.string() });

/** Game ids are UUIDs; anything else cannot name a game, so it is "not found" without a query. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function gameId(id: string): string {
  if (!UUID.test(id)) throw notFound(GAME_ERRORS.notFound);
  return id;
}

/** GET /api/games[/:id] for everyone; create, edit and delete for admins (spec section 7 "Games"). */
export const gamesRoutes: FastifyPluginAsyncZod<GamesRoutesOptions> = async (app, { games }) => {
  // The guard runs before body validation, so visitors and players get 401/403, not field messages.
  const adminOnly = { preValidation: app.guards.requireAdmin };

  app.get('/api/games', { schema: { response: { 200: z.object({ games: z.array(gameSchema) }) } } }, async () => ({
    games: await games.list(),
  }));

  app.get('/api/games/:id', { schema: { params: idParams, response: { 200: gameResponse } } }, async (request) => ({
    game: await games.get(gameId(request.params.id)),
  }));

  app.post(
    '/api/games',
    { ...adminOnly, schema: { body: gameFormSchema, response: { 201: gameResponse } } },
    async (request, reply) => {
      const game = await games.create(request.body, signedInUser(request).id);
      return reply.status(201).send({ game });
    },
  );

  app.patch(
    '/api/games/:id',
    { ...adminOnly, schema: { params: idParams, body: gameUpdateSchema, response: { 200: gameResponse } } },
    async (request) => ({ game: await games.update(gameId(request.params.id), request.body) }),
  );

  app.delete(
    '/api/games/:id',
    {
      ...adminOnly,
      schema: { params: idParams, response: { 200: z.object({ deleted: z.object({ id: z.string(), title: z.string() }) }) } },
    },
    async (request) => ({ deleted: await games.deleteGame(gameId(request.params.id)) }),
  );
};
