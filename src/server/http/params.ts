import { GAME_ERRORS } from '@core/messages';
import { z } from 'zod';
import { notFound } from './errors';

/** The `:id` of a route's path. */
export const idParams = z.object({ id: z.string() });

/** Game ids are UUIDs; anything else cannot name a game, so it is "not found" without a query. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function gameIdParam(id: string): string {
  if (!UUID.test(id)) throw notFound(GAME_ERRORS.notFound);
  return id;
}
