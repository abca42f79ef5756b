import { GAME_ERRORS } from '@core/messages';
import { ArrowRight, Images, LayoutDashboard, LogIn, Plus, UserPlus } from 'lucide-react';
import { type ComponentType, useDeferredValue, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FirstAccountNotice } from '@/features/auth/auth-form';
import { GameCard, GameCardGrid, GameCardSkeletons, GameCardTitle, LINKED_CARD } from './game-card';
import { HowToPlaySummary } from '@/features/help/how-to-play-summary';
import { ErrorState, usePageTitle } from '@/components/page';
import type { TutorialDialogProps } from '@/features/help/tutorial-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PRODUCT_NAME, useAppConfig } from '@/lib/config';
import { HOME_NO_GAMES, splitGamesByActivity } from './game-cards';
import { type Game, useGames } from '@/lib/games';
import { OwingLine } from './owing-line';
import { useMySquares, useOwingByGame } from './my-squares';
import { notify } from '@/lib/notify';
import { isAdmin, looksSignedOut, useSession } from '@/lib/session';
import { cn } from '@/lib/utils';

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

/**
 * The games query, and its list as home draws it: through useDeferredValue, so the cards render in
 * the background, in slices the browser can interrupt, as on the board (design note 014). Every
 * part of home reads the list this way, so they agree.
 */
function useHomeGames() {
  const games = useGames();
  return { games, listed: useDeferredValue(games.data) };
}

/** The hero: short for visitors (the games stay within the first phone screen), a slim band for players. */
function Hero({ slim }: { slim: boolean }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-field text-field-foreground" data-testid="hero">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[repeating-linear-gradient(90deg,transparent_0,transparent_calc(10%-1px),var(--field-line)_calc(10%-1px),var(--field-line)_10%)]"
      />
      <div
        className={cn(
          'relative mx-auto flex max-w-5xl flex-col items-start px-4 sm:flex-row sm:items-center sm:justify-between md:px-6',
          slim ? 'gap-1 py-4 sm:py-6' : 'gap-6 py-6 sm:py-12 md:py-16',
        )}
      >
        <div className={cn('flex max-w-xl flex-col', slim ? 'gap-1' : 'gap-2 sm:gap-3')}>
          <h1 id="hero-title" className={cn('font-bold tracking-tight', slim ? 'text-2xl sm:text-3xl' : 'text-3xl sm:text-5xl')}>
            {PRODUCT_NAME}
          </h1>
          <p className={cn('text-field-foreground/90', slim ? 'hidden text-sm sm:block' : 'text-base sm:text-lg')}>
            Claim squares on a 10x10 board and let the last digit of each team&apos;s score pick a winner every quarter.
          </p>
        </div>
        {!slim && <MiniBoard />}
      </div>
    </section>
  );
}

/** A decorative board: a few taken squares and one winner. */
function MiniBoard() {
  const taken = new Set([3, 8, 12, 17, 25, 31, 36, 44, 49, 52, 58, 63, 67, 71, 76, 84, 88, 90, 95, 99]);
  const winner = 47;
  return (
    <div aria-hidden="true" className="hidden shrink-0 grid-cols-10 gap-0.5 rounded-lg bg-white/10 p-2 sm:grid">
      {Array.from({ length: 100 }, (_, index) => (
        <div
          key={index}
          className={
            index === winner
              ? 'size-4 rounded-[3px] bg-amber-300 md:size-5'
              : taken.has(index)
                ? 'size-4 rounded-[3px] bg-white/70 md:size-5'
                : 'size-4 rounded-[3px] bg-white/15 md:size-5'
          }
        />
      ))}
    </div>
  );
}

/** Spec "login and sign-up banner when logged out", in one compact row on wider screens. */
function WelcomeBanner() {
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

/** How many of the player's games the home page lists before "My Squares" takes over (3 of them on phones, by CSS). */
const YOUR_GAMES_SHOWN = 6;

/**
 * The signed-in player's games first (those still open before finished ones), each a link to its
 * board with the player's square count. Nothing while loading or when they have none: the open
 * games below come first then.
 */
function YourGames() {
  const mine = useMySquares();
  const { listed } = useHomeGames();
  const games = useMemo(() => {
    const byId = new Map((listed ?? []).map((game) => [game.id, game]));
    const all = (mine.data?.games ?? []).map((game) => ({ ...game, listed: byId.get(game.game_id) }));
    // Finished games last; the server's order otherwise.
    return [...all.filter((game) => game.listed?.is_active !== false), ...all.filter((game) => game.listed?.is_active === false)];
  }, [mine.data, listed]);
  if (games.length === 0) return null;
  return (
    <section aria-labelledby="your-games-title" className="flex flex-col gap-3" data-testid="your-games">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="your-games-title" className="text-xl font-semibold tracking-tight">
          Your games
        </h2>
        <Link to="/my-squares" className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
          My Squares
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {games.slice(0, YOUR_GAMES_SHOWN).map((game) => (
          // On phones three, so that the open games still start near the first screen.
          <li key={game.game_id} className="max-sm:nth-[n+4]:hidden">
            <Card className={cn(LINKED_CARD, 'h-full gap-1 px-4 py-3')} data-testid="your-game">
              <GameCardTitle id={game.game_id} title={game.title} status={game.listed ?? null} />
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                {game.team_a} vs {game.team_b} · {game.squares.length} {game.squares.length === 1 ? 'square' : 'squares'}
              </p>
              {game.owing && <OwingLine owing={game.owing} className="mt-1" />}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function HowToPlayList() {
  return (
    <section aria-labelledby="how-to-play-title" className="flex flex-col gap-4">
      <h2 id="how-to-play-title" className="text-xl font-semibold tracking-tight">
        How to Play
      </h2>
      <HowToPlaySummary />
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <VisualTutorialButton />
        <Button asChild variant="link" className="w-fit px-0 has-[>svg]:px-0">
          <Link to="/how-to-play">
            See the step-by-step guide
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}

type TutorialDialogComponent = ComponentType<TutorialDialogProps>;

let tutorialDialog: Promise<TutorialDialogComponent> | null = null;

/** The tutorial dialog's code, fetched once on first hover, focus or click (it is not in the first bundle). */
function loadTutorialDialog(): Promise<TutorialDialogComponent> {
  tutorialDialog ??= import('@/features/help/tutorial-dialog').then(
    (module) => module.default,
    (error: unknown) => {
      tutorialDialog = null; // let the next click try again
      throw error;
    },
  );
  return tutorialDialog;
}

function VisualTutorialButton() {
  const [open, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<TutorialDialogComponent | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void loadTutorialDialog().catch(() => undefined);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        className="w-fit"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          loadTutorialDialog().then(
            (component) => {
              setDialog(() => component);
              setOpen(true);
            },
            () => notify.error('The tutorial could not be loaded. Please try again.'),
          );
        }}
      >
        <Images aria-hidden="true" />
        Visual Tutorial
      </Button>
      {Dialog && <Dialog open={open} onOpenChange={setOpen} opener={button} />}
    </>
  );
}

/** Spec route "/": tabs Active Games and Completed Games of game cards; admins also get their two links. */
function GamesArea() {
  const session = useSession();
  const { games, listed } = useHomeGames();
  const owing = useOwingByGame(session.status === 'signed-in');
  const { active, completed } = useMemo(() => splitGamesByActivity(listed ?? []), [listed]);

  const panel = (list: readonly Game[]) => {
    if (listed) {
      return list.length > 0 ? (
        <GameCardGrid>
          {list.map((game) => (
            <li key={game.id}>
              <GameCard game={game} owing={owing.get(game.id)} />
            </li>
          ))}
        </GameCardGrid>
      ) : (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground" data-testid="games-empty">
          {HOME_NO_GAMES}
        </p>
      );
    }
    if (games.isError && !games.isFetching) {
      return <ErrorState title={GAME_ERRORS.loadGamesFailed} onRetry={() => void games.refetch()} />;
    }
    return <GameCardSkeletons count={3} />;
  };

  return (
    <section aria-labelledby="games-title" className="flex flex-col gap-4" data-testid="games-area">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="games-title" className="text-xl font-semibold tracking-tight">
          Games
        </h2>
        {isAdmin(session) && (
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to="/admin">
                <LayoutDashboard aria-hidden="true" />
                Admin Dashboard
              </Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/admin/games/new">
                <Plus aria-hidden="true" />
                Create New Game
              </Link>
            </Button>
          </div>
        )}
      </div>
      <Tabs defaultValue="active" className="gap-4">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <TabsList>
            <TabsTrigger value="active" className="px-3">
              Active Games
            </TabsTrigger>
            <TabsTrigger value="completed" className="px-3">
              Completed Games
            </TabsTrigger>
          </TabsList>
          <Button asChild variant="link" className="px-0 has-[>svg]:px-0">
            <Link to="/all-games">
              Browse Games
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <TabsContent value="active">{panel(active)}</TabsContent>
        <TabsContent value="completed">{panel(completed)}</TabsContent>
      </Tabs>
    </section>
  );
}
