import { describe, expect, it } from 'vitest';
import { firstSetWaiting, gamePhase, numbersBeingDrawn, SALES_CLOSED_MESSAGES, salesClosedMessage, salesOpen } from './sales';

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
    expect(salesClosedMessage(game, [])).toBe('Sales are closed: the numbers have been drawn.');
    expect(salesClosedMessage(game, [{ set: 1, drawn_at: '2026-11-26T23:00:00.000Z' }])).toBe('Sales are closed: the numbers have been drawn.');
  });

  it('says the numbers are being drawn while set 1 waits for its beacon round (D38), not that they have been drawn', () => {
    const game = { is_active: true, grid_shuffled: true };
    const waiting = { set: 1, drawn_at: null };
    expect(numbersBeingDrawn([waiting])).toBe(true);
    expect(salesClosedMessage(game, [waiting])).toBe('Sales are closed: the numbers are being drawn.');
    // A later set waiting (set 2 of a game at halftime) leaves set 1 drawn.
    const drawnFirst = { set: 1, drawn_at: '2026-11-26T23:00:00.000Z' };
    expect(numbersBeingDrawn([drawnFirst, { set: 2, drawn_at: null }])).toBe(false);
    // Game day reads the same rule for the round it names.
    expect(firstSetWaiting([{ ...waiting, round: 7 }])).toEqual({ set: 1, drawn_at: null, round: 7 });
    expect(firstSetWaiting([drawnFirst, { set: 2, drawn_at: null }])).toBeNull();
    expect(salesClosedMessage(game, [drawnFirst, { set: 2, drawn_at: null }])).toBe(SALES_CLOSED_MESSAGES.drawn);
    // A completed game says so, whatever its sets.
    expect(salesClosedMessage({ is_active: false, grid_shuffled: true }, [waiting])).toBe(SALES_CLOSED_MESSAGES.completed);
  });

  it('is completed when not active, shuffled or not', () => {
    for (const grid_shuffled of [false, true]) {
      const game = { is_active: false, grid_shuffled };
      expect(gamePhase(game)).toBe('completed');
      expect(salesOpen(game)).toBe(false);
      expect(salesClosedMessage(game, [])).toBe(SALES_CLOSED_MESSAGES.completed);
    }
    expect(SALES_CLOSED_MESSAGES.completed).toBe('Sales are closed: this game is completed.');
  });
});
