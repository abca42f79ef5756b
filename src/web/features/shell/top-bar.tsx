import { LogOut, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useNavigation } from 'react-router';
import { notify } from '@/lib/notify';
import { SUCCESS_TOASTS } from '@core/messages';
import { CartCountBadge, cartLabel } from '@/features/checkout/cart-count';
import { HowToPlaySheet } from '@/features/help/how-to-play-sheet';
import { ThemeToggle } from './theme-toggle';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { SidebarTrigger, useSidebar } from '@/components/ui/sidebar';
import { useCartSquareCount } from '@/features/checkout/cart';
import { PRODUCT_NAME } from '@/lib/config';
import { looksSignedOut, type Session, useSession, useSessionActions, welcomeText } from '@/lib/session';

/**
 * Spec "Layout" top bar: menu button, welcome line, theme toggle, How to Play sheet, account actions.
 * On phones every control in it is at least 44 px tall and wide (a thumb's tap target).
 */
export function TopBar() {
  const session = useSession();
  const navigation = useNavigation();
  return (
    <header className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="flex h-14 items-center gap-1 px-2 max-sm:[&_:is(a,button)]:h-11 max-sm:[&_:is(a,button)]:min-w-11 sm:gap-2 sm:px-4">
        <SidebarTrigger />
        <Separator orientation="vertical" className="mx-1 hidden data-[orientation=vertical]:h-5 md:block" />
        {/* Three short lines fit the bar's 56 px on a phone, where a visitor's Sign In and Sign Up leave
            the line about 70 px: "Welcome to / Squares / Pool" whole, not "Welcome / to Squar...". */}
        <p className="line-clamp-3 min-w-0 flex-1 text-xs leading-tight font-medium sm:line-clamp-2 sm:text-sm" data-testid="welcome-line">
          {welcomeText(session, PRODUCT_NAME)}
        </p>
        <div className="flex shrink-0 items-center gap-1">
          {/* Held in place while the session is checked, like the account actions (no layout shift). */}
          {!looksSignedOut(session) && <PhoneCartLink />}
          <ThemeToggle />
          <HowToPlaySheet />
          <AccountActions session={session} />
        </div>
      </div>
      {navigation.state === 'loading' && (
        <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-0.5 overflow-hidden">
          <div className="h-full w-1/3 animate-pulse bg-primary" />
        </div>
      )}
    </header>
  );
}

/** D44: on phones (the sidebar is a menu sheet there) the cart and its count stay in sight, in the top bar. */
function PhoneCartLink() {
  const { isMobile } = useSidebar();
  const count = useCartSquareCount();
  if (!isMobile) return null;
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link to="/cart" aria-label={cartLabel(count)}>
        <ShoppingCart aria-hidden="true" />
        <CartCountBadge count={count} className="absolute -top-1 -right-1 h-4 min-w-4 px-0.5 text-[0.625rem]" />
      </Link>
    </Button>
  );
}

/**
 * Guests get Sign In and Sign Up; signed-in people get Sign Out. While the session is checked, the
 * likely ones hold their place (Sign Out invisibly), so the bar does not move when it is known.
 */
function AccountActions({ session }: { session: Session }) {
  const { signOut } = useSessionActions();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (session.status === 'loading' && !looksSignedOut(session)) {
    return (
      <Button variant="ghost" size="sm" className="invisible px-2 sm:px-3" aria-hidden="true" tabIndex={-1} disabled>
        <LogOut aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Sign Out</span>
      </Button>
    );
  }
  if (session.status === 'signed-in') {
    const onSignOut = async () => {
      setBusy(true);
      const done = await signOut();
      setBusy(false);
      if (done) {
        notify.success(SUCCESS_TOASTS.loggedOut);
        navigate('/');
      }
    };
    return (
      <Button variant="ghost" size="sm" className="px-2 sm:px-3" onClick={() => void onSignOut()} disabled={busy}>
        <LogOut aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Sign Out</span>
      </Button>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="px-2 sm:px-3">
        <Link to="/login">Sign In</Link>
      </Button>
      <Button asChild size="sm" className="px-2.5 sm:px-3">
        <Link to="/signup">Sign Up</Link>
      </Button>
    </>
  );
}
