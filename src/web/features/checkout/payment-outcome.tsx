/** The success page's pieces (spec route /payment-success): its one card, the squares paid for, and the links onward. */
import { CircleAlert, CircleCheck, Clock } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { LinkButton } from '@/components/link-button';
import { usePageTitle } from '@/components/page';
import { SquarePositions } from './square-positions';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { type CheckoutView, squaresByGame } from './checkout';
import { cn } from '@/lib/utils';

/** The checkout's squares by game, by their positions counted from 1 (D14). */
export function Purchased({ checkout }: { checkout: CheckoutView }) {
  const games = squaresByGame(checkout.squares);
  if (games.length === 0) return null;
  return (
    <ul className="flex flex-col gap-3" aria-label="Squares in this payment">
      {games.map(([id, game]) => (
        <li key={id} className="flex flex-col gap-1.5">
          <span className="text-sm font-medium break-words">{game.title}</span>
          <SquarePositions squares={game.squares} label={`Squares in ${game.title}`} />
        </li>
      ))}
    </ul>
  );
}

/** Spec: View My Squares, Back to Game (only for one game), Browse More Games. */
export function SuccessLinks({ gameId, showGame = true }: { gameId: string | null; showGame?: boolean }) {
  const oneGame = showGame && gameId && gameId !== 'multiple';
  return (
    <OutcomeLinks className="sm:flex-wrap">
      <LinkButton to="/my-squares">View My Squares</LinkButton>
      {oneGame && (
        <LinkButton variant="outline" to={`/game/${encodeURIComponent(gameId)}`}>
          Back to Game
        </LinkButton>
      )}
    </OutcomeLinks>
  );
}

/** A card's links onward: the ones given, then Browse More Games. */
export function OutcomeLinks({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex flex-col gap-2 sm:flex-row', className)}>
      {children}
      <LinkButton variant="outline" to="/all-games">
        Browse More Games
      </LinkButton>
    </div>
  );
}

const tones = {
  success: { icon: <CircleCheck />, className: 'bg-success/15 text-success' },
  pending: { icon: <Clock />, className: 'bg-muted text-muted-foreground' },
  error: { icon: <CircleAlert />, className: 'bg-destructive/10 text-destructive' },
  info: { icon: <CircleAlert />, className: 'bg-primary/10 text-primary' },
} as const;

/**
 * The page's one card: icon, h1, description and actions. The heading area is a polite live
 * region, so "Confirming your payment..." turning into "Payment Successful!" is announced.
 */
export function Outcome({
  tone,
  title,
  description,
  busy = false,
  children,
}: {
  tone: keyof typeof tones;
  title: string;
  description?: ReactNode;
  busy?: boolean;
  children?: ReactNode;
}) {
  usePageTitle(title.replace(/[.!]+$/, ''));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // When the outcome changes while the page is open, move focus to the new heading.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [title]);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col px-4 py-8 md:py-12">
      <Card data-testid="payment-outcome" data-tone={tone}>
        <CardHeader className="items-center gap-3 text-center">
          <div aria-live="polite" aria-busy={busy} className="flex flex-col items-center gap-3">
            <div aria-hidden="true" className={cn('flex size-14 items-center justify-center rounded-full [&_svg]:size-7', tones[tone].className)}>
              {busy ? <Spinner className="size-7" role="presentation" /> : tones[tone].icon}
            </div>
            <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl">
              {title}
            </h1>
            {description && <CardDescription className="text-base">{description}</CardDescription>}
          </div>
        </CardHeader>
        {children && <CardContent className="flex flex-col gap-5">{children}</CardContent>}
      </Card>
    </div>
  );
}
