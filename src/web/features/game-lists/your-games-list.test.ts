import { describe, expect, it } from 'vitest';
import { YOUR_GAMES_SHOWN, yourGamesList } from './your-games-list';

const mine = (...ids: string[]) => ids.map((game_id) => ({ game_id, title: `Game ${game_id}` }));
const listed = (id: string, is_active: boolean) => ({ id, is_active });

describe("home's Your games", () => {
  it('keeps the server order, with finished games moved to the end', () => {
    const games = yourGamesList(mine('a', 'b', 'c', 'd'), [listed('a', false), listed('b', true), listed('c', false), listed('d', true)]);
    expect(games.map((game) => game.game_id)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('joins each game to its entry of the games list, and keeps a game the list does not have among the open ones', () => {
    const games = yourGamesList(mine('gone', 'done', 'open'), [listed('done', false), listed('open', true)]);
    expect(games.map((game) => [game.game_id, game.listed?.is_active ?? null])).toEqual([
      ['gone', null],
      ['open', true],
      ['done', false],
    ]);
    expect(games[0]).toEqual({ game_id: 'gone', title: 'Game gone', listed: undefined });
  });

  it('is empty for a player without squares, and lists six before My Squares takes over', () => {
    expect(yourGamesList([], [listed('a', true)])).toEqual([]);
    expect(YOUR_GAMES_SHOWN).toBe(6);
  });
});
