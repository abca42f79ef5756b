import type { ReactNode } from 'react';
import { FormError, FormNotice } from '@/features/auth/auth-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { ChangeForm } from './use-change-form';

/** One part of the account page: a card titled by its h2. */
export function AccountSection({
  id,
  title,
  icon,
  description,
  children,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={`account-${id}`}>
      <Card>
        <CardHeader>
          <CardTitle as="h2" id={`${id}-heading`} className="flex items-center gap-2 text-lg">
            {icon}
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{children}</CardContent>
      </Card>
    </section>
  );
}

/** A change form's error (role=alert) and success (role=status) lines. */
export function FormLines({ form }: { form: ChangeForm }) {
  return (
    <>
      <FormError id={form.errorId} message={form.error} />
      {form.notice && <FormNotice>{form.notice}</FormNotice>}
    </>
  );
}
