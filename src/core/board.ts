/**
 * What a board cell says about itself to assistive technology. Kept apart from grid.ts because
 * it needs the period names of scoring.ts, which itself builds on grid.ts.
 */
import type { Coordinate } from './grid';
import { squarePositionLabel } from './grid';
import { type PeriodModel, periodOrdinalList, type Period } from './periods';

/**
 * Who holds a square, from the viewer's point of view. `unsold` is a square nobody bought once
 * sales have ended with the draw (D18); `available` is one that can still be bought.
 */
export type SquareHolding =
  | { readonly kind: 'available' }
  | { readonly kind: 'unsold' }
  | { readonly kind: 'in-cart' }
  | { readonly kind: 'yours' }
  | { readonly kind: 'claimed'; readonly ownerName: string };

function holdingText(holding: SquareHolding): string {
  switch (holding.kind) {
    case 'available':
      return 'available';
    case 'unsold':
      return 'not sold';
    case 'in-cart':
      return 'in your cart';
    case 'yours':
      return 'yours';
    case 'claimed':
      return `claimed by ${holding.ownerName}`;
  }
}

/**
 * The accessible name of a board cell, e.g. "Row 3, column 7, available",
 * "Row 3, column 7, claimed by alice, winner of the 1st and 4th quarters" ("of the 1st half"
 * for a game in halves).
 */
export function squareAccessibleName(square: Coordinate, holding: SquareHolding, wonPeriods: readonly Period[] = [], model: PeriodModel): string {
  const base = `${squarePositionLabel(square)}, ${holdingText(holding)}`;
  if (wonPeriods.length === 0) return base;
  return `${base}, winner of the ${periodOrdinalList(model, wonPeriods)}`;
}
