import type { GamesResponse } from '@core/api/games';
import { api } from '@/lib/api';

/**
 * D8 and the empty install: where signing in leads. An organizer who signs in for the page they
 * came from goes there; one signing in with nowhere in particular to go (home) and no game yet
 * (the first account of an empty install, now its administrator) goes straight to creating their
 * first game. Players (403) and any failure go to `next`: this only saves a click.
 */
export async function firstGameLanding(next: string): Promise<string> {
  if (next !== '/') return next;
  try {
    const { games } = await api.get<GamesResponse>('/api/admin/games');
    return games.length === 0 ? '/admin/games/new' : next;
  } catch {
    return next;
  }
}
