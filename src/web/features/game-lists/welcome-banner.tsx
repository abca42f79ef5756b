import { LogIn, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** Spec "login and sign-up banner when logged out", in one compact row on wider screens. */
export function WelcomeBanner() {
  return (
    <Card
      className="gap-3 border-primary/30 bg-accent/60 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
      role="region"
      aria-labelledby="welcome-title"
    >
      <div className="flex flex-col gap-1.5">
        <h2 id="welcome-title" className="text-lg leading-none font-semibold">
          Welcome!
        </h2>
        <p className="text-sm text-foreground/80">Log in to claim squares and follow your games, or sign up to create a free account.</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button asChild>
          <Link to="/login">
            <LogIn aria-hidden="true" />
            Log In
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/signup">
            <UserPlus aria-hidden="true" />
            Sign Up
          </Link>
        </Button>
      </div>
    </Card>
  );
}
