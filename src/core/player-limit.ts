/**
 * D31: a game may cap how many squares one player holds (1-100). The server enforces it when
 * squares are bought or reserved; organizer assignments (D32) may exceed it.
 */
import { PLAYER_LIMIT_ERRORS } from './messages';
import type { ValidationResult } from './validation-result';
import { countOf } from './text';

export const MAX_SQUARES_PER_PLAYER = 100;

/** The cap as the form or API sends it: a whole number 1-100, or empty / null for none. */
export function validateMaxSquaresPerPlayer(raw: number | string | null): ValidationResult<number | null> {
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return { ok: true, value: null };
  const value = typeof raw === 'number' ? raw : /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < 1 || value > MAX_SQUARES_PER_PLAYER) return { ok: false, message: PLAYER_LIMIT_ERRORS.invalid };
  return { ok: true, value };
}

/** D31 with D36: a cap larger than the board (30 on a board of 25) is refused, in the board's own words. */
export function capBeyondBoardMessage(boardSize: number): string {
  return `Squares per player must be a whole number from 1 to ${boardSize}, or empty for no limit`;
}

/** True when a cap (null: none) fits a board of `boardSize` squares. */
export function capFitsBoard(cap: number | null, boardSize: number): boolean {
  return cap === null || cap <= boardSize;
}

/** How many more squares a player may take in a game that has `cap` (null: no cap), owning or holding `have`. */
export function squaresLeft(cap: number | null, have: number): number | null {
  return cap === null ? null : Math.max(0, cap - have);
}

/** The 409 sentence for a cart past a game's cap. */
export function playerLimitMessage(title: string, cap: number, have: number, adding: number): string {
  const already = have > 0 ? ` You already have ${have}, and this cart adds ${adding}.` : ` This cart adds ${adding}.`;
  return `You can have at most ${countOf(cap, 'square')} in "${title}".${already} Remove some and try again.`;
}

/** The cart's flag on a game past its cap. */
export function cartOverCapMessage(cap: number, owned: number, inCart: number): string {
  const over = owned + inCart - cap;
  const have = owned > 0 ? ` You own ${owned} already.` : '';
  return `You can have at most ${countOf(cap, 'square')} in this game.${have} Remove ${countOf(over, 'square')} from your cart.`;
}

/** D31: what a player at the cap is told when picking. */
export const playerCapMessage = (cap: number) => `You can have at most ${countOf(cap, 'square')} in this game.`;

/** D31 with D44: a random pick larger than what the cap leaves. */
export const pickUpToMessage = (left: number) => `You can pick ${left} more square${left === 1 ? '' : 's'} in this game.`;
