import { FirstAccountNotice } from '@/features/auth/first-account-notice';
import { usePageTitle } from '@/components/page';
import { useAppConfig } from '@/lib/config';
import { looksSignedOut, useSession } from '@/lib/session';
import { GameCardSkeletons } from './game-card';
import { GamesArea } from './games-area';
import { Hero } from './home-hero';
import { HowToPlayList } from './how-to-play-list';
import { useMySquares } from './my-squares';
import { useHomeGames } from './use-home-games';
import { WelcomeBanner } from './welcome-banner';
import { YourGames } from './your-games';

/**
 * Spec route "/" for people who come back (issue 14, design note 016): a signed-in player gets a
 * slim hero, their own games, then the open games, and How to Play last; a visitor gets a short
 * hero and the Welcome! banner, with the games within the first phone screen.
 */
export default function HomePage() {
  usePageTitle();
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const visitor = looksSignedOut(session);
  // What comes in late comes in as new content, never above what is on screen: a player's own games
  // before the games list is drawn, How to Play once the games are in (no layout shift, notes 014, 016).
  const { games, listed } = useHomeGames();
  const mine = useMySquares({ enabled: signedIn });
  const yoursReady = visitor || (signedIn && (mine.data !== undefined || mine.isError));
  const gamesSettled = listed !== undefined || games.isError;
  // D8: a visitor's home waits for the config, so that an empty install's first block (who will
  // run the pool, and the way to become that person) comes first without moving anything in.
  const config = useAppConfig();
  const emptyInstall = visitor && config.data?.firstAccountRunsPool === true;
  const ready = yoursReady && (!visitor || config.data !== undefined || config.isError);
  return (
    <div className="flex w-full flex-col">
      {/* While the session is checked, the likely view holds its place (no layout shift, design note 014). */}
      <Hero slim={!visitor} />
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-6 md:gap-10 md:px-6 md:py-8">
        {ready ? (
          <>
            {emptyInstall && <FirstAccountNotice withAction />}
            {visitor && <WelcomeBanner />}
            {signedIn && <YourGames />}
            <GamesArea />
            {gamesSettled && <HowToPlayList />}
          </>
        ) : (
          <div aria-busy="true" data-testid="home-loading">
            <span role="status" className="sr-only">
              Loading games...
            </span>
            <GameCardSkeletons count={3} />
          </div>
        )}
      </div>
    </div>
  );
}
