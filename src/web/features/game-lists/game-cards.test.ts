import { describe, expect, test } from 'vitest';
import { ALL_GAMES_EMPTY, gameBoardPath, HOME_NO_GAMES, splitGamesByActivity, squaresClaimedText } from './game-cards';

describe('home tabs (spec section 4)', () => {
  test('active = is_active, completed = not active, each in the order given', () => {
    const games = [
      { id: 'a', is_active: true },
      { id: 'b', is_active: false },
      { id: 'c', is_active: true },
      { id: 'd', is_active: false },
    ];
    const { active, completed } = splitGamesByActivity(games);
    expect(active.map((g) => g.id)).toEqual(['a', 'c']);
    expect(completed.map((g) => g.id)).toEqual(['b', 'd']);
  });

  test('no games gives two empty tabs', () => {
    expect(splitGamesByActivity([])).toEqual({ active: [], completed: [] });
  });
});

describe('game card texts', () => {
  test('squares claimed out of 100', () => {
    expect(squaresClaimedText(0, 100)).toBe('0/100 squares claimed');
    expect(squaresClaimedText(42, 100)).toBe('42/100 squares claimed');
    expect(squaresClaimedText(100, 100)).toBe('100/100 squares claimed');
    expect(squaresClaimedText(7, 25)).toBe('7/25 squares claimed');
  });

  test('the board link', () => {
    expect(gameBoardPath('3f2c')).toBe('/game/3f2c');
    expect(gameBoardPath('a/b c')).toBe('/game/a%2Fb%20c');
  });

  test('empty states word for word (spec section 2)', () => {
    expect(HOME_NO_GAMES).toBe('No games available at the moment.');
    expect(ALL_GAMES_EMPTY).toEqual({ title: 'No Games Available', description: 'Check back later for new games!' });
  });
});
