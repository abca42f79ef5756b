import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Game } from '@core/api/games';
import { send } from './request';

/**
 * An organizer-collects game made through the API by an admin (cookie): "Office Pool …", Lions vs
 * Bears, $10 a square, cash to Coach K; `values` change any field of the create call.
 */
export async function organizerGame(app: FastifyInstance, adminCookie: string, values: Record<string, unknown> = {}): Promise<Game> {
  const res = await send(app, 'POST', '/api/admin/games', {
    cookie: adminCookie,
    payload: {
      title: `Office Pool ${crypto.randomUUID().slice(0, 6)}`,
      team_a: 'Lions',
      team_b: 'Bears',
      price_per_square: 10,
      payment_method: 'organizer',
      payment_instructions: 'Cash to Coach K',
      ...values,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { game: Game }).game;
}

/** Puts free squares on an account (by username) or a named person, as the organizer's board tool does (D32). */
export async function assignSquares(
  app: FastifyInstance,
  adminCookie: string,
  gameId: string,
  squares: { x: number; y: number }[],
  to: Record<string, string>,
): Promise<void> {
  const res = await send(app, 'POST', `/api/admin/games/${gameId}/squares/assign`, { cookie: adminCookie, payload: { squares, to } });
  expect(res.statusCode, res.body).toBe(200);
}
