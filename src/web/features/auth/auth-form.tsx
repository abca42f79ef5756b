/**
 * The frame every account page shares: the centred card and its message boxes. The fields are in
 * auth-fields.tsx, the notices an empty install or a trial shows in first-account-notice.tsx and
 * dev-mailbox-hint.tsx.
 */
import { Check, CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/components/page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';

/** The centred card that the account pages share; the page's h1 is the card's title. */
export function AuthPage({
  title,
  description,
  icon,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-6 md:py-10">
      <Card className="w-full">
        <CardHeader className="items-center text-center">
          {icon && (
            <div aria-hidden="true" className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary [&_svg]:size-6">
              {icon}
            </div>
          )}
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description && <CardDescription className="text-base">{description}</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{children}</CardContent>
        {footer && <CardFooter className="flex flex-col gap-2 text-center text-sm text-muted-foreground">{footer}</CardFooter>}
      </Card>
    </div>
  );
}

/** A form-level message box (role=alert), referenced by the fields it concerns. */
export function FormError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" id={id} data-testid="form-error">
      <CircleAlert aria-hidden="true" />
      <AlertDescription>
        <p>{message}</p>
      </AlertDescription>
    </Alert>
  );
}

/** A status box (e.g. "Email confirmed. You can log in now."). */
export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <Alert variant="success" role="status" data-testid="form-notice">
      <Check aria-hidden="true" />
      <AlertDescription className="text-card-foreground">
        <p className="[overflow-wrap:anywhere]">{children}</p>
      </AlertDescription>
    </Alert>
  );
}
