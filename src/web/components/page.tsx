import { CircleAlert } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PRODUCT_NAME } from '@/lib/config';
import { cn } from '@/lib/utils';

/** Sets the document title to "{title} · Squares Pool" (just the product name without a title). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

const widths = {
  narrow: 'max-w-2xl',
  default: 'max-w-5xl',
  wide: 'max-w-7xl',
} as const;

export interface PageProps {
  /** The page's h1 and document title. */
  title: string;
  /** One line under the title. */
  description?: ReactNode;
  /** Buttons beside the title (wrap under it on small screens). */
  actions?: ReactNode;
  /** Content above the title, e.g. a back link. */
  before?: ReactNode;
  width?: keyof typeof widths;
  className?: string;
  children?: ReactNode;
}

/** The standard page frame inside the shell: width, padding, h1, description and actions. */
export function Page({ title, description, actions, before, width = 'default', className, children }: PageProps) {
  usePageTitle(title);
  return (
    <div className={cn('mx-auto flex w-full flex-col gap-6 px-4 py-6 md:px-6 md:py-8', widths[width], className)}>
      {before}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {description && <p className="text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

/** A titled part of a page: a section labelled by its h2. */
export function PageSection({
  id,
  title,
  actions,
  className,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('flex flex-col gap-4', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** An empty list: icon, heading, a line of explanation and the actions that lead on. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  actions,
  testId,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  description: string;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-16 text-center" data-testid={testId}>
      <Icon aria-hidden="true" className="mb-2 size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-muted-foreground">{description}</p>
      {actions && <div className="mt-4 flex flex-wrap justify-center gap-2">{actions}</div>}
    </div>
  );
}

/** A centred spinner with its text (spec route guard: "a spinner with Loading..."). */
export function LoadingState({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div className={cn('flex items-center justify-center gap-2 py-12 text-muted-foreground', className)}>
      <Spinner className="size-5" label={label} />
      <span aria-hidden="true">{label}</span>
    </div>
  );
}

/** An error box with an optional retry button. */
export function ErrorState({ title, message, onRetry, className }: { title: string; message?: string; onRetry?: () => void; className?: string }) {
  return (
    <Alert variant="destructive" className={className}>
      <CircleAlert aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        {message && <p>{message}</p>}
        {onRetry && (
          <Button variant="outline" size="sm" className="mt-2 text-foreground" onClick={onRetry}>
            Try again
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}
