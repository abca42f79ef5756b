import { squarePairLabel } from '@core/grid';
import { cn } from '@/lib/utils';

/** Squares as the spec's (x, y) pairs (D14), sorted row by row, as a labelled list of chips. */
export function SquarePairs({ squares, label, className }: { squares: readonly { x: number; y: number }[]; label: string; className?: string }) {
  const sorted = [...squares].sort((a, b) => a.x - b.x || a.y - b.y);
  return (
    <ul aria-label={label} className={cn('flex flex-wrap gap-1.5', className)}>
      {sorted.map((square) => (
        <li key={`${square.x},${square.y}`} className="rounded-md border bg-muted px-2 py-0.5 font-mono text-xs text-foreground tabular-nums">
          {squarePairLabel(square)}
        </li>
      ))}
    </ul>
  );
}
