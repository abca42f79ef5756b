/**
 * D44 "Pick N at random": fill a selection with N squares chosen uniformly from the squares still
 * open to the player (not sold, not held, not already in their cart), within the game's cap on
 * squares per player (D31). The server chooses with node:crypto; the squares then go to the cart
 * and are checked again at checkout like any pick.
 */
import { type BoardShape, squaresOf } from './board-shape';
import { type Coordinate, type RandomInt, shuffle, squareKey } from './grid';
import { MAX_SQUARES_PER_PLAYER } from './player-limit';

export const RANDOM_PICK_MAX = MAX_SQUARES_PER_PLAYER;

export const RANDOM_PICK_ERRORS = {
  count: `Choose how many squares to pick: a whole number from 1 to ${RANDOM_PICK_MAX}.`,
  noneLeft: 'There are no open squares left to pick.',
} as const;

/** "Only 3 open squares are left." */
export function onlyLeftMessage(left: number): string {
  return left === 1 ? 'Only 1 open square is left.' : `Only ${left} open squares are left.`;
}

/** The squares of the board nobody has or holds, minus the ones the player already picked. */
export function openSquares(shape: BoardShape, taken: readonly Coordinate[], picked: readonly Coordinate[]): Coordinate[] {
  const out = new Set([...taken, ...picked].map(squareKey));
  return squaresOf(shape).filter((square) => !out.has(squareKey(square)));
}

/** `count` squares chosen uniformly at random among `open`, in reading order; never more than there are. */
export function pickAtRandom(open: readonly Coordinate[], count: number, randomInt: RandomInt): Coordinate[] {
  const chosen = shuffle(open, randomInt).slice(0, Math.max(0, Math.min(count, open.length)));
  return chosen.sort((a, b) => a.x - b.x || a.y - b.y);
}
