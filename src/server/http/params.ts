import { GAME_ERRORS } from '@core/messages';
import { notFound } from './errors';

/** Game ids are UUIDs; anything else cannot name a game, so it is "not found" without a query. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` has the shape of our ids (games, checkouts). */
export const isUuid = (id: string): boolean => UUID.test(id);

/** The game a route's `:id` (core/api/params.ts `idParams`) names; any other shape is 404 "Game not found". */
export function gameIdParam(id: string): string {
  if (!isUuid(id)) throw notFound(GAME_ERRORS.notFound);
  return id;
}
