import { squareKey, squarePositionLabel } from '@core/grid';
import { Clock } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * Squares as people read their position, counted from 1 (D14: "Row 5, column 9"), sorted row by
 * row, as a labelled list of chips: the cart's, payment's and receipt's way of naming squares.
 * Squares in `pending` (by square key) are the buyer's own, waiting for their payment (D21).
 */
export function SquarePositions({
  squares,
  label,
  pending,
  className,
}: {
  squares: readonly { x: number; y: number }[];
  label: string;
  pending?: ReadonlySet<string>;
  className?: string;
}) {
  const sorted = [...squares].sort((a, b) => a.x - b.x || a.y - b.y);
  return (
    <ul aria-label={label} className={cn('flex flex-wrap gap-1.5', className)}>
      {sorted.map((square) => {
        const waiting = pending?.has(squareKey(square)) ?? false;
        return (
          <li
            key={squareKey(square)}
            className={cn(
              'inline-flex items-center gap-1 rounded-md border bg-muted px-2 py-0.5 text-xs whitespace-nowrap text-foreground tabular-nums',
              waiting && 'border-dashed border-primary',
            )}
            data-pending={waiting || undefined}
          >
            {waiting && <Clock aria-hidden="true" className="size-3 text-primary" />}
            {squarePositionLabel(square)}
            {waiting && <span className="sr-only">, waiting for your payment</span>}
          </li>
        );
      })}
    </ul>
  );
}
