import type { GameOrdersResponse } from '@core/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gameIdParam } from '../http/params';
import type { OrdersService } from './orders.service';

export interface OrdersRoutesOptions {
  orders: OrdersService;
}

/** GET /api/games/:id/orders (src/core/orders.ts). */
export const gameOrdersResponseSchema = z.object({
  orders: z.array(
    z.object({
      checkout_id: z.string(),
      status: z.enum(['paid', 'open', 'refunded']),
      buyer_username: z.string().nullable(),
      buyer_email: z.string(),
      squares: z.array(z.object({ x: z.number().int(), y: z.number().int() })),
      amount_cents: z.number().int(),
      notes: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

// Compile-time guard: the schema and the shared contract describe the same object.
type DeepMutable<T> = T extends readonly (infer U)[] ? DeepMutable<U>[] : T extends object ? { -readonly [K in keyof T]: DeepMutable<T[K]> } : T;
type OrdersBody = z.infer<typeof gameOrdersResponseSchema>;
const _orders: [OrdersBody, DeepMutable<GameOrdersResponse>] extends [DeepMutable<GameOrdersResponse>, OrdersBody] ? true : never = true;
void _orders;

/**
 * A game's orders (D33), admins only: the guard answers 401 / 403 before the id is looked at.
 * Buyers' e-mail addresses and notes are for admins only (D11).
 */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { orders }) => {
  app.get(
    '/api/games/:id/orders',
    {
      preValidation: app.guards.requireAdmin,
      schema: { params: z.object({ id: z.string() }), response: { 200: gameOrdersResponseSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return (await orders.ofGame(gameIdParam(request.params.id))) as OrdersBody;
    },
  );
};
