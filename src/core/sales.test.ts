import { describe, expect, it } from 'vitest';
import { gamePhase, SALES_CLOSED_MESSAGES, salesClosedMessage, salesOpen } from './sales';

describe('a game phase and whether sales are open', () => {
  it('is open while active and not shuffled', () => {
    const game = { is_active: true, grid_shuffled: false };
    expect(gamePhase(game)).toBe('open');
    expect(salesOpen(game)).toBe(true);
  });

  it('is drawn once the numbers are drawn: sales closed with the drawn text', () => {
    const game = { is_active: true, grid_shuffled: true };
    expect(gamePhase(game)).toBe('drawn');
    expect(salesOpen(game)).toBe(false);
    expect(salesClosedMessage(game)).toBe('Sales are closed: the numbers have been drawn.');
  });

  it('is completed when not active, shuffled or not', () => {
    for (const grid_shuffled of [false, true]) {
      const game = { is_active: false, grid_shuffled };
      expect(gamePhase(game)).toBe('completed');
      expect(salesOpen(game)).toBe(false);
      expect(salesClosedMessage(game)).toBe(SALES_CLOSED_MESSAGES.completed);
    }
    expect(SALES_CLOSED_MESSAGES.completed).toBe('Sales are closed: this game is completed.');
  });
});
