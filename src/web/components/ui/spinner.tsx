import { LoaderCircle } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/** A spinning indicator announced to screen readers as `label` (default "Loading..."). */
export function Spinner({ className, label = 'Loading...', ...props }: React.ComponentProps<'svg'> & { label?: string }) {
  return <LoaderCircle role="status" aria-label={label} data-slot="spinner" className={cn('size-4 animate-spin', className)} {...props} />;
}
