/**
 * What the public game lists show (spec sections 2, 4 and 9): the home page's Active and
 * Completed tabs, the card's claimed-squares line and its empty-state texts.
 */
import type { Game } from '@core/api/games';

/** Spec route "/": the home page's empty tab. */
export const HOME_NO_GAMES = 'No games available at the moment.';

/** Spec route "/all-games": the empty state's title and line. */
export const ALL_GAMES_EMPTY = {
  title: 'No Games Available',
  description: 'Check back later for new games!',
} as const;

/** Spec section 4 "Home tabs": active = is_active, completed = not active. Keeps the given order. */
export function splitGamesByActivity<T extends Pick<Game, 'is_active'>>(games: readonly T[]): { active: T[]; completed: T[] } {
  const active: T[] = [];
  const completed: T[] = [];
  for (const game of games) (game.is_active ? active : completed).push(game);
  return { active, completed };
}

/** The card's progress line (spec section 9: squares_claimed out of the board's, D36): "42/100 squares claimed". */
export function squaresClaimedText(squaresClaimed: number, boardSize: number): string {
  return `${squaresClaimed}/${boardSize} squares claimed`;
}

/** Where a game's board lives. */
export function gameBoardPath(id: string): string {
  return `/game/${encodeURIComponent(id)}`;
}
