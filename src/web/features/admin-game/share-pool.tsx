import { Share2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { SHARE_TEXTS } from '@core/messages';
import { isLoopbackLink, shareMessage } from '@core/share';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { Game } from '@/lib/games';
import { formatGameTime } from '@core/game-time';

/**
 * D45: a link on a loopback address reaches only the organizer's own computer: said plainly on
 * the share view, with the fix (PUBLIC_URL, HOST=0.0.0.0; README settings).
 */
export function LoopbackWarning({ url }: { url: string }) {
  if (!isLoopbackLink(url)) return null;
  return (
    <Alert className="border-amber-500/50 bg-amber-50 text-amber-950 dark:bg-amber-950/30 dark:text-amber-100" data-testid="loopback-warning" role="status">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>{SHARE_TEXTS.loopbackTitle}</AlertTitle>
      <AlertDescription className="text-current">
        <p>{SHARE_TEXTS.loopbackBody}</p>
      </AlertDescription>
    </Alert>
  );
}

/**
 * D45 on phones (and wherever the Web Share API exists): Share opens the system's share sheet with
 * a ready message (title, price per square, pay-by time if any) and the link. Elsewhere the
 * organizer copies the link.
 */
export function ShareButton({ game, url }: { game: Pick<Game, 'title' | 'price_per_square_cents' | 'pay_by' | 'time_zone'>; url: string }) {
  const [sharing, setSharing] = useState(false);
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return null;

  async function share() {
    setSharing(true);
    try {
      await navigator.share({ title: game.title, text: shareMessage(game, (iso) => formatGameTime(iso, game.time_zone)), url });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) toast.error(SHARE_TEXTS.shareFailed);
    } finally {
      setSharing(false);
    }
  }

  return (
    <Button className="w-full sm:w-auto sm:self-start" size="lg" onClick={() => void share()} disabled={sharing} data-testid="share-button">
      <Share2 aria-hidden="true" />
      {SHARE_TEXTS.share}
    </Button>
  );
}
