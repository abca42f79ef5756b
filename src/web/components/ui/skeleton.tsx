import type * as React from 'react';
import { cn } from '@/lib/utils';

/** A loading placeholder; decorative, so pair it with a Spinner or text for screen readers. */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted dark:bg-accent', className)} {...props} />;
}
