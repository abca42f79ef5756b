import { describe, expect, it } from 'vitest';
import { testGame } from './board-test-data';
import { gameFactRows } from './game-fact-rows';

const rows = (...args: Parameters<typeof gameFactRows>) => gameFactRows(...args).map(({ term, value, testId }) => `${testId} ${term}: ${value}`);

describe("gameFactRows: the game's facts beside the board", () => {
  it('the board, its price, the pot and the squares claimed', () => {
    const game = testGame({ price_per_square_cents: 2500, total_pot_cents: 112500, squares_claimed: 45 });
    expect(rows(game, null)).toEqual([
      'game-board-size Board: 100 squares',
      'game-price Price per square: $25.00',
      'game-pot Pot: $1,125.00',
      'game-claimed Squares claimed: 45/100',
    ]);
  });

  it('D36: a smaller board says its shape and counts its own squares', () => {
    expect(rows(testGame({ board_size: 50, squares_claimed: 7 }), null)).toEqual(
      expect.arrayContaining(['game-board-size Board: 50 squares', 'game-claimed Squares claimed: 7/50']),
    );
    expect(rows(testGame({ board_size: 25 }), null)[0]).toBe('game-board-size Board: 25 squares');
  });

  it('D31: the cap per player, and for a player how many more they can pick', () => {
    const capped = testGame({ max_squares_per_player: 5 });
    expect(rows(capped, null).slice(4)).toEqual(['game-player-cap Squares per player: Up to 5']);
    expect(rows(capped, 2).slice(4)).toEqual(['game-player-cap Squares per player: Up to 5', 'game-player-left You can pick: 2 more']);
    expect(rows(capped, 0).at(-1)).toBe('game-player-left You can pick: 0 more');
    // No cap: nothing about it, whatever is left.
    expect(rows(testGame(), 7)).toHaveLength(4);
  });
});
