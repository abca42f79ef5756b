import { cn } from '@/lib/utils';

/** The product's mark: a small board with one winning square. Decorative. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <g fill="none" strokeWidth="2" className="stroke-primary-foreground">
        <rect x="7" y="7" width="18" height="18" rx="1.5" />
        <path d="M13 7v18M19 7v18M7 13h18M7 19h18" />
      </g>
      <rect x="19" y="13" width="6" height="6" className="fill-primary-foreground" />
    </svg>
  );
}
