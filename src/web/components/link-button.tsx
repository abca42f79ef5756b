import type { VariantProps } from 'class-variance-authority';
import { ArrowLeft } from 'lucide-react';
import { Link, type LinkProps, useLocation } from 'react-router';
import type { FromState } from '@/features/auth/route-guards';
import { Button, type buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type ButtonLook = VariantProps<typeof buttonVariants> & { className?: string };

/** A router link that looks like a button (`<Button asChild><Link>`); the rest of the props go to the link. */
export function LinkButton({ variant, size, className, ...link }: LinkProps & ButtonLook) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link {...link} />
    </Button>
  );
}

/** The small "← Back to …" link above a page's heading (`className` default: w-fit). */
export function BackLink({ className = 'w-fit', children, ...link }: LinkProps) {
  return (
    <LinkButton variant="ghost" size="sm" className={cn('-ml-2', className)} {...link}>
      <ArrowLeft aria-hidden="true" />
      {children}
    </LinkButton>
  );
}

/** The button to /login that comes back to this page after signing in (label default: "Log In"). */
export function LoginLink({ children = 'Log In', ...look }: ButtonLook & { children?: string }) {
  const location = useLocation();
  return (
    <LinkButton to="/login" state={{ from: location } satisfies FromState} {...look}>
      {children}
    </LinkButton>
  );
}
