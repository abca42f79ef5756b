/**
 * The index `step` places away from `index` in a list of `length` items, wrapping around at
 * both ends (the Visual Tutorial: Next on the last image shows the first, Previous on the
 * first shows the last).
 */
export function cycleIndex(index: number, step: number, length: number): number {
  if (!Number.isInteger(length) || length < 1) throw new RangeError(`Not a list length: ${length}`);
  return (((index + step) % length) + length) % length;
}
