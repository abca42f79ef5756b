import { gameOrdersResponseSchema } from '@core/api/orders';
import { idParams } from '@core/api/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gameIdParam } from '../http/params';
import type { OrdersService } from './orders.service';

export interface OrdersRoutesOptions {
  orders: OrdersService;
}

/**
 * A game's orders (D33), admins only: the guard answers 401 / 403 before the id is looked at.
 * Buyers' e-mail addresses and notes are for admins only (D11).
 */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { orders }) => {
  app.get(
    '/api/admin/games/:id/orders',
    {
      ...app.guards.admin,
      schema: { params: idParams, response: { 200: gameOrdersResponseSchema } },
    },
    async (request) => {
      return orders.ofGame(gameIdParam(request.params.id));
    },
  );
};
