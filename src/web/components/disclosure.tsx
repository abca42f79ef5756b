import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A folded section: a native `details`, so it is one tab stop that Enter and Space open and that
 * screen readers announce with its state. `open` is where it starts; the reader toggles it.
 */
export function Disclosure({
  summary,
  open,
  className,
  children,
  ...rest
}: {
  summary: ReactNode;
  open?: boolean;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <details open={open} className={cn('rounded-lg border px-3 py-2 text-sm', className)} {...rest}>
      <summary className="cursor-pointer rounded-sm font-medium outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring">{summary}</summary>
      {children}
    </details>
  );
}
