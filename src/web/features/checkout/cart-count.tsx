import { cn } from '@/lib/utils';
import { countOf } from '@core/text';

/** The cart's name with its count, as the navigation says it: "Cart", "Cart, 1 square", "Cart, 3 squares" (D44). */
export function cartLabel(count: number): string {
  return count === 0 ? 'Cart' : `Cart, ${countOf(count, 'square')}`;
}

/** D44: the cart's count drawn next to the word or icon Cart (the link's name, cartLabel, says it). Nothing when empty. */
export function CartCountBadge({ count, className }: { count: number; className?: string }) {
  if (count === 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="cart-count"
      className={cn(
        'flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs leading-none font-semibold text-primary-foreground tabular-nums',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
