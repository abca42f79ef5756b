import type { ComponentProps, ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * A question that needs an answer: a title, a description, Cancel and a confirming button.
 *
 * Two kinds of confirming button:
 * - without `busy`, it closes the dialog as it runs `onConfirm` (a local action: Clear Cart);
 * - with `busy` (a request to the server), it is a plain button: the dialog stays open (and
 *   focus-trapped) until the caller closes it, both buttons are disabled while `busy`, and a
 *   spinner shows while `pending` (default: `busy`).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  cancelLabel = 'Cancel',
  confirmLabel,
  onConfirm,
  destructive = false,
  busy,
  pending = busy,
  testId,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, if the dialog has one. */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** More lines in the header, under the description. */
  children?: ReactNode;
  cancelLabel?: string;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  destructive?: boolean;
  busy?: boolean;
  pending?: boolean;
  testId?: string;
  onCloseAutoFocus?: ComponentProps<typeof AlertDialogContent>['onCloseAutoFocus'];
}) {
  const variant = destructive ? 'destructive' : undefined;
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent data-testid={testId} onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
          {children}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancelLabel}</AlertDialogCancel>
          {busy === undefined ? (
            <AlertDialogAction variant={variant} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialogAction>
          ) : (
            <Button variant={variant} disabled={busy} onClick={onConfirm}>
              {pending && <Spinner aria-hidden="true" />}
              {confirmLabel}
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
