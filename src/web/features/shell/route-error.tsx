import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { ErrorState, usePageTitle } from '@/components/page';
import { Button } from '@/components/ui/button';

/**
 * Shown in place of a page that failed to load or render; the shell around it stays. The error goes
 * to the console, where a person reporting it (and the browser tests, which fail on console errors)
 * can read it: the boundary would otherwise swallow it.
 */
export function RouteError() {
  usePageTitle('Something went wrong');
  const error = useRouteError();
  useEffect(() => console.error('page failed:', error), [error]);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold tracking-tight">Something went wrong</h1>
      <ErrorState
        title="This page could not be shown."
        message="Reload the page to try again. If this keeps happening, please contact the organizer."
        onRetry={() => window.location.reload()}
      />
      <Button asChild variant="outline" className="w-fit">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}

/** Last resort when the shell itself fails: plain markup with a reload button. */
export function RootError() {
  usePageTitle('Something went wrong');
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">Reload the page to try again.</p>
      <Button className="w-fit" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </main>
  );
}
