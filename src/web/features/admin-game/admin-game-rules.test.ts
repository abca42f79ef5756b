import { describe, expect, it } from 'vitest';
import { canModify, createdText, editClosedReason, gameTypeLabel, squaresText } from './admin-game-rules';

const open = { is_active: true, grid_shuffled: false };
const drawn = { is_active: true, grid_shuffled: true };
const completed = { is_active: false, grid_shuffled: true };

describe('editing a game from the admin lists (D13)', () => {
  it('is open until the numbers are drawn', () => {
    expect(canModify(open)).toBe(true);
    expect(editClosedReason(open)).toBeNull();
  });

  it('closes once the numbers are drawn, and says so', () => {
    expect(canModify(drawn)).toBe(false);
    expect(editClosedReason(drawn)).toBe('Numbers are drawn: this game can no longer be edited.');
  });

  it('stays closed for a completed game, drawn or not: it is a record', () => {
    expect(canModify(completed)).toBe(false);
    expect(editClosedReason(completed)).toBe('Completed: the game stays as a record and can no longer be edited.');
    expect(editClosedReason({ is_active: false, grid_shuffled: false })).toBe('Completed: the game stays as a record and can no longer be edited.');
  });
});

describe('the admin lists columns', () => {
  it('names the game type, or shows an unknown one as stored', () => {
    expect(gameTypeLabel({ game_type: 'nfl' })).toBe('NFL Football');
    expect(gameTypeLabel({ game_type: 'college-basketball' })).toBe('College Basketball');
    // A type this version does not know yet (a newer server's), cast past the type on purpose.
    expect(gameTypeLabel({ game_type: 'curling' as 'other' })).toBe('curling');
  });

  it('counts squares out of the board size', () => {
    expect(squaresText({ squares_claimed: 42, board_size: 100 })).toBe('42/100');
    expect(squaresText({ squares_claimed: 0, board_size: 25 })).toBe('0/25');
  });

  it('dates the creation without a time', () => {
    expect(createdText({ created_at: new Date(2026, 0, 5, 19, 7).toISOString() })).toBe('Jan 5, 2026');
  });
});
