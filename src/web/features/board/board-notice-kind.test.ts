import { describe, expect, it } from 'vitest';
import { boardNoticeKind } from './board-notice-kind';

describe('boardNoticeKind: the line above the board', () => {
  it("a visitor is told how to pick, whatever the game's state", () => {
    for (const open of [true, false]) {
      for (const gameDay of [true, false]) expect(boardNoticeKind({ signedIn: false, open, soldOut: false, gameDay })).toBe('visitor');
    }
  });

  it('a player: how picking works, or that every square is sold', () => {
    expect(boardNoticeKind({ signedIn: true, open: true, soldOut: false, gameDay: false })).toBe('pick-hint');
    expect(boardNoticeKind({ signedIn: true, open: true, soldOut: true, gameDay: false })).toBe('sold-out');
  });

  it('closed sales say why, except on game day where the score comes first', () => {
    expect(boardNoticeKind({ signedIn: true, open: false, soldOut: false, gameDay: false })).toBe('sales-closed');
    expect(boardNoticeKind({ signedIn: true, open: false, soldOut: false, gameDay: true })).toBeNull();
  });
});
