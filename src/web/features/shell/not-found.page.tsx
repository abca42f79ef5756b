import { House } from 'lucide-react';
import { Link } from 'react-router';
import { LinkButton } from '@/components/link-button';
import { usePageTitle } from '@/components/page';

/** Spec route "*": Oops! Page not found, Return to Home and a link to /contact. */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p aria-hidden="true" className="text-7xl font-bold tracking-tight text-primary">
        404
      </p>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Oops! Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <LinkButton size="lg" to="/">
        <House aria-hidden="true" />
        Return to Home
      </LinkButton>
      <p className="text-sm text-muted-foreground">
        Think something is missing?{' '}
        <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
          Contact the organizer
        </Link>
      </p>
    </div>
  );
}
