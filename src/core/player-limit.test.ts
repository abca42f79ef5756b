import { describe, expect, it } from 'vitest';
import { PLAYER_LIMIT_ERRORS } from './messages';
import { playerLimitMessage, squaresLeft, validateMaxSquaresPerPlayer } from './player-limit';

describe('squares per player (D31)', () => {
  it('takes a whole number 1-100, or empty / null for no cap', () => {
    expect(validateMaxSquaresPerPlayer(null)).toEqual({ ok: true, value: null });
    expect(validateMaxSquaresPerPlayer('  ')).toEqual({ ok: true, value: null });
    expect(validateMaxSquaresPerPlayer(' 7 ')).toEqual({ ok: true, value: 7 });
    expect(validateMaxSquaresPerPlayer(100)).toEqual({ ok: true, value: 100 });
    for (const bad of [0, 101, 2.5, -3, '1e2', '0x10', 'ten', Number.NaN]) {
      expect(validateMaxSquaresPerPlayer(bad), String(bad)).toEqual({ ok: false, message: PLAYER_LIMIT_ERRORS.invalid });
    }
  });

  it('says how many are left, never below zero', () => {
    expect(squaresLeft(null, 40)).toBeNull();
    expect(squaresLeft(5, 2)).toBe(3);
    expect(squaresLeft(5, 9)).toBe(0);
  });

  it('words the refusal with what the player has', () => {
    expect(playerLimitMessage('Office Pool', 1, 0, 2)).toBe('You can have at most 1 square in "Office Pool". This cart adds 2. Remove some and try again.');
    expect(playerLimitMessage('Office Pool', 4, 3, 2)).toBe(
      'You can have at most 4 squares in "Office Pool". You already have 3, and this cart adds 2. Remove some and try again.',
    );
  });
});
