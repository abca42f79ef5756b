/**
 * Home's "Your games": the player's games (GET /api/me/squares), each with `listed`, its entry of
 * the games list when it is there; still open before finished, the server's order otherwise.
 */
export function yourGamesList<Mine extends { readonly game_id: string }, Listed extends { readonly id: string; readonly is_active: boolean }>(
  mine: readonly Mine[],
  listed: readonly Listed[],
): (Mine & { listed: Listed | undefined })[] {
  const byId = new Map(listed.map((game) => [game.id, game]));
  const all = mine.map((game) => ({ ...game, listed: byId.get(game.game_id) }));
  // Finished games last; the server's order otherwise. A game not in the list counts as still open.
  return [...all.filter((game) => game.listed?.is_active !== false), ...all.filter((game) => game.listed?.is_active === false)];
}

/** How many of the player's games the home page lists before "My Squares" takes over (3 of them on phones, by CSS). */
export const YOUR_GAMES_SHOWN = 6;
