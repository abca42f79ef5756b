import { describe, expect, it } from 'vitest';
import { boardMarks, legendItems } from './board-legend-items';
import { claimed, held, square, testBoard } from './board-test-data';

const labels = (facts: Parameters<typeof legendItems>[0]) => legendItems(facts).map((item) => `${item.state}: ${item.label}`);

describe('legendItems: the states the viewer can meet', () => {
  it('a player while sales are open', () => {
    expect(labels({ signedIn: true, hasWinners: false, salesAreOpen: true, hasPending: false })).toEqual([
      'available: Available',
      'in-cart: In your cart',
      'mine: Yours',
      'claimed: Claimed',
      'held: Being purchased',
    ]);
  });

  it('D21: "Waiting for your payment" only for a player with squares in their own open checkout', () => {
    expect(labels({ signedIn: true, hasWinners: false, salesAreOpen: true, hasPending: true })).toContain('mine-pending: Waiting for your payment');
    expect(labels({ signedIn: false, hasWinners: false, salesAreOpen: true, hasPending: true })).not.toContain('mine-pending: Waiting for your payment');
  });

  it('a visitor has no cart and no squares, but sees holds', () => {
    expect(labels({ signedIn: false, hasWinners: false, salesAreOpen: true, hasPending: false })).toEqual([
      'available: Available',
      'claimed: Claimed',
      'held: Being purchased',
    ]);
  });

  it('once sales close: "Not sold" instead of "Available", no cart or holds; winners once there are some', () => {
    expect(labels({ signedIn: true, hasWinners: true, salesAreOpen: false, hasPending: false })).toEqual([
      'unsold: Not sold',
      'mine: Yours',
      'claimed: Claimed',
      'winner: Winner',
    ]);
    expect(labels({ signedIn: false, hasWinners: false, salesAreOpen: false, hasPending: false })).toEqual(['unsold: Not sold', 'claimed: Claimed']);
  });
});

describe('boardMarks: what the legend explains beyond the states', () => {
  it('is nothing on an empty board', () => {
    expect(boardMarks(testBoard())).toEqual({ hasPending: false, hasUnpaid: false, hasNoAccount: false });
  });

  it("finds the viewer's own holds (not someone else's), unpaid squares and named people without an account", () => {
    expect(boardMarks(testBoard({}, { squares: [held(0, 0)] })).hasPending).toBe(false);
    expect(boardMarks(testBoard({}, { squares: [held(0, 0, { mine: true })] })).hasPending).toBe(true);
    expect(boardMarks(testBoard({}, { squares: [claimed(0, 0, 'me', { mine: true, unpaid: true })] })).hasUnpaid).toBe(true);
    expect(boardMarks(testBoard({}, { squares: [claimed(0, 0, 'Aunt May', { owner_no_account: true })] })).hasNoAccount).toBe(true);
    // A hold names nobody: its flag says nothing.
    expect(boardMarks(testBoard({}, { squares: [square(0, 0, { status: 'held', owner_no_account: true })] })).hasNoAccount).toBe(false);
  });
});
