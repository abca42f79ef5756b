import { LogIn, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { GAME_ERRORS } from '@core/messages';
import { LinkButton } from '@/components/link-button';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';

/**
 * D46: a game that does not exist and one this viewer may not see (invite-only) answer alike, in
 * words that help both. Signed out, a member gets in by logging in (membership is the account's),
 * so the page offers that, back to this game.
 */
export function GameNotFound({ before, className }: { before?: ReactNode; className?: string }) {
  const session = useSession();
  const location = useLocation();
  return (
    <Page title="Game Not Found" before={before} width="narrow" className={className}>
      <div className="flex flex-col items-start gap-4 rounded-xl border border-dashed p-6" data-testid="game-not-found">
        <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="text-muted-foreground">{GAME_ERRORS.notFoundOrInviteOnly}</p>
        <div className="flex flex-wrap gap-2">
          {session.status === 'signed-out' && (
            <LinkButton to="/login" state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } }}>
              <LogIn aria-hidden="true" />
              Log in to see your games
            </LinkButton>
          )}
          <LinkButton to="/all-games" variant={session.status === 'signed-out' ? 'outline' : 'default'}>
            Browse Games
          </LinkButton>
        </div>
      </div>
    </Page>
  );
}
