import { useDeferredValue } from 'react';
import { useGames } from '@/lib/games';

/**
 * The games query, and its list as home draws it: through useDeferredValue, so the cards render in
 * the background, in slices the browser can interrupt, as on the board (design note 014). Every
 * part of home reads the list this way, so they agree.
 */
export function useHomeGames() {
  const games = useGames();
  return { games, listed: useDeferredValue(games.data) };
}
