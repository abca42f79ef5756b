import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * A button that cannot be used now (disabled, or aria-disabled on a link) looks it in every
 * variant and theme: flat, grey (muted text, on a muted fill where the variant has a fill), no
 * hover, a not-allowed cursor (styles.css). The important flag wins over hover, dark and caller
 * colours. Muted text on the muted fill keeps 4.5:1, so it stays readable (issue 14).
 */
const UNAVAILABLE = 'unavailable:text-muted-foreground! unavailable:shadow-none! aria-disabled:pointer-events-none';
const UNAVAILABLE_FILLED = 'unavailable:border-transparent! unavailable:bg-muted!';

export const buttonVariants = cva(
  `inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-[color,background-color,border-color,box-shadow] ${UNAVAILABLE} [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4`,
  {
    variants: {
      variant: {
        default: `bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 ${UNAVAILABLE_FILLED}`,
        destructive: `bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90 ${UNAVAILABLE_FILLED}`,
        outline: `border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:border-input dark:bg-input/30 dark:hover:bg-input/50 ${UNAVAILABLE_FILLED}`,
        secondary: `bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80 ${UNAVAILABLE_FILLED}`,
        ghost: 'hover:bg-accent hover:text-accent-foreground dark:hover:bg-accent/60 unavailable:bg-transparent!',
        link: 'text-primary underline-offset-4 hover:underline unavailable:no-underline!',
      },
      size: {
        default: 'h-9 px-4 py-2 has-[>svg]:px-3',
        sm: 'h-8 gap-1.5 rounded-md px-3 has-[>svg]:px-2.5',
        lg: 'h-10 rounded-md px-6 has-[>svg]:px-4',
        icon: 'size-9',
        'icon-sm': 'size-8',
        'icon-lg': 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (e.g. a router Link) with button styles. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return <Comp data-slot="button" className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
