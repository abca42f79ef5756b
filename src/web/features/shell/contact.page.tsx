import { Mail } from 'lucide-react';
import { ErrorState, Page } from '@/components/page';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useAppConfig } from '@/lib/config';

/** DECISIONS D25: the organizer's contact address (CONTACT_EMAIL, via GET /api/config). */
export default function ContactPage() {
  const config = useAppConfig();
  return (
    <Page title="Contact" description="Questions about a game, a payment or a payout? Ask the organizer." width="narrow">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Organizer</CardTitle>
          <CardDescription>The person who runs the pools on this site.</CardDescription>
        </CardHeader>
        <CardContent data-testid="contact-details">
          {config.isPending ? (
            <div className="flex items-center gap-3">
              <Spinner label="Loading contact details..." />
              <Skeleton className="h-5 w-48" />
            </div>
          ) : config.isError ? (
            <ErrorState title="Could not load the contact details." message={config.error.message} onRetry={() => void config.refetch()} />
          ) : config.data.contactEmail ? (
            <a
              href={`mailto:${config.data.contactEmail}`}
              className="inline-flex items-center gap-2 font-medium break-all text-primary underline-offset-4 hover:underline"
            >
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              {config.data.contactEmail}
            </a>
          ) : (
            <p className="text-muted-foreground">The organizer has not published a contact address.</p>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
