import { describe, expect, it } from 'vitest';
import { closedAtKickoff, firstSetWaiting, gamePhase, numbersBeingDrawn, SALES_CLOSED_MESSAGES, salesClosedMessage, salesOpen, soldOut } from './sales';

/** The clock the sales rule reads: long before any kickoff of these games. */
const NOW = new Date('2026-01-01T00:00:00Z');

describe('a game phase and whether sales are open', () => {
  it('is open while active and not shuffled', () => {
    const game = { is_active: true, grid_shuffled: false };
    expect(gamePhase(game)).toBe('open');
    expect(salesOpen(game, NOW)).toBe(true);
  });

  it('closes at a passed kickoff before the kickoff run stamps it (D39): one rule for the board, the cart and checkout', () => {
    const kickoff_at = '2026-01-01T00:00:00.000Z';
    const game = { is_active: true, grid_shuffled: false, kickoff_at, sales_closed_at: null };
    const before = new Date(Date.parse(kickoff_at) - 1000);
    const after = new Date(Date.parse(kickoff_at) + 1000);
    expect(salesOpen(game, before)).toBe(true);
    expect(closedAtKickoff(game, after)).toBe(true);
    expect(salesOpen(game, after)).toBe(false);
    expect(salesClosedMessage(game, [], after)).toBe(SALES_CLOSED_MESSAGES.kickoff);
    // The kickoff itself closes them; a sold-out board is then closed, not sold out.
    expect(salesOpen(game, new Date(kickoff_at))).toBe(false);
    expect(soldOut({ ...game, squares_claimed: 100, board_size: 100 }, after)).toBe(false);
    // Once the run stamps sales closed, the clock no longer matters.
    expect(salesOpen({ ...game, sales_closed_at: kickoff_at }, before)).toBe(false);
    // Drawn numbers say so, kickoff or not.
    expect(salesClosedMessage({ ...game, grid_shuffled: true }, [], after)).toBe(SALES_CLOSED_MESSAGES.drawn);
  });

  it('is drawn once the numbers are drawn: sales closed with the drawn text', () => {
    const game = { is_active: true, grid_shuffled: true };
    expect(gamePhase(game)).toBe('drawn');
    expect(salesOpen(game, NOW)).toBe(false);
    expect(salesClosedMessage(game, [], NOW)).toBe('Sales are closed: the numbers have been drawn.');
    expect(salesClosedMessage(game, [{ set: 1, drawn_at: '2026-11-26T23:00:00.000Z' }], NOW)).toBe('Sales are closed: the numbers have been drawn.');
  });

  it('says the numbers are being drawn while set 1 waits for its beacon round (D38), not that they have been drawn', () => {
    const game = { is_active: true, grid_shuffled: true };
    const waiting = { set: 1, drawn_at: null };
    expect(numbersBeingDrawn([waiting])).toBe(true);
    expect(salesClosedMessage(game, [waiting], NOW)).toBe('Sales are closed: the numbers are being drawn.');
    // A later set waiting (set 2 of a game at halftime) leaves set 1 drawn.
    const drawnFirst = { set: 1, drawn_at: '2026-11-26T23:00:00.000Z' };
    expect(numbersBeingDrawn([drawnFirst, { set: 2, drawn_at: null }])).toBe(false);
    // Game day reads the same rule for the round it names.
    expect(firstSetWaiting([{ ...waiting, round: 7 }])).toEqual({ set: 1, drawn_at: null, round: 7 });
    expect(firstSetWaiting([drawnFirst, { set: 2, drawn_at: null }])).toBeNull();
    expect(salesClosedMessage(game, [drawnFirst, { set: 2, drawn_at: null }], NOW)).toBe(SALES_CLOSED_MESSAGES.drawn);
    // A completed game says so, whatever its sets.
    expect(salesClosedMessage({ is_active: false, grid_shuffled: true }, [waiting], NOW)).toBe(SALES_CLOSED_MESSAGES.completed);
  });

  it('is completed when not active, shuffled or not', () => {
    for (const grid_shuffled of [false, true]) {
      const game = { is_active: false, grid_shuffled };
      expect(gamePhase(game)).toBe('completed');
      expect(salesOpen(game, NOW)).toBe(false);
      expect(salesClosedMessage(game, [], NOW)).toBe(SALES_CLOSED_MESSAGES.completed);
    }
    expect(SALES_CLOSED_MESSAGES.completed).toBe('Sales are closed: this game is completed.');
  });
});
