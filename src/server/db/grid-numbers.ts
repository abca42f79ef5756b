import type { BoardNumbers } from '@core/api/board';
import { type Digit, isDigitPermutation } from '@core/grid';

/** One axis as game_grid_numbers stores it (JSON text), checked to be a permutation of 0-9. */
export function parseAxis(gameId: string, text: string): Digit[] {
  const axis = JSON.parse(text) as unknown;
  if (!isDigitPermutation(axis)) throw new Error(`game ${gameId}: stored grid numbers are not permutations of 0-9`);
  return axis;
}

/** A game_grid_numbers row as the API sends it. */
export function toBoardNumbers(gameId: string, row: { x_axis_numbers: string; y_axis_numbers: string; generated_at: string }): BoardNumbers {
  return { x_axis_numbers: parseAxis(gameId, row.x_axis_numbers), y_axis_numbers: parseAxis(gameId, row.y_axis_numbers), generated_at: row.generated_at };
}
