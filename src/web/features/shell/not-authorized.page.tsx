import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SUCCESS_TOASTS } from '@core/messages';
import { AuthPage } from '@/features/auth/auth-form';
import { LinkButton } from '@/components/link-button';
import { LoadingState } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSession, useSessionActions } from '@/lib/session';

/** Spec section 2 /not-authorized: Access Denied for players on admin routes (D10). */
export default function NotAuthorizedPage() {
  const session = useSession();
  const { signOut } = useSessionActions();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  if (session.status === 'loading') return <LoadingState />;

  async function onSignOut() {
    setSigningOut(true);
    const done = await signOut();
    setSigningOut(false);
    if (done) {
      toast.success(SUCCESS_TOASTS.loggedOut);
      navigate('/login');
    }
  }

  return (
    <AuthPage
      title="Access Denied"
      icon={<ShieldAlert />}
      description="You don't have permission to access this page. This page needs administrator privileges."
    >
      {session.status === 'signed-in' ? (
        <p className="text-center text-sm text-muted-foreground" data-testid="signed-in-as">
          Signed in as <strong className="break-words text-foreground">{session.user.email}</strong>
        </p>
      ) : (
        <p className="text-center text-sm text-muted-foreground">You are not signed in.</p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <LinkButton className="flex-1" to="/">
          Go to Home
        </LinkButton>
        {session.status === 'signed-in' ? (
          <Button variant="outline" className="flex-1" onClick={() => void onSignOut()} disabled={signingOut}>
            {signingOut && <Spinner label="Signing out..." />}
            Sign Out
          </Button>
        ) : (
          <LinkButton variant="outline" className="flex-1" to="/login">
            Log In
          </LinkButton>
        )}
      </div>
    </AuthPage>
  );
}
