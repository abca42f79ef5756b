import type { BoardDraw, BoardResponse } from '@core/api/board';
import { boardShape, boardSizeLabel } from '@core/board-shape';
import { squareKey, squarePositionLabel } from '@core/grid';
import { GAME_ERRORS } from '@core/messages';
import { formatUsd } from '@core/money';
import { potCollectedText } from '@core/payment-methods';
import { nextPeriodToConfirm, periodModel } from '@core/periods';
import type { Quarter } from '@core/scoring';
import { drawLogSummary, gameStatusLine } from '@core/status';
import { BoardAnnouncements } from '@/features/game-day/announcements';
import { DigitSets } from '@/features/game-day/digit-sets';
import { Disclosure } from '@/components/disclosure';
import { Highlighter, Lock, LogIn, Printer, ShoppingCart } from 'lucide-react';
import { type MouseEvent, type ReactNode, useCallback, useDeferredValue, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { squaresLeft } from '@core/player-limit';
import { salesClosedMessage, salesOpen, SOLD_OUT_MESSAGE, soldOut } from '@core/sales';
import {
  type BoardSaying,
  BoardLegend,
  BoardSkeleton,
  GameBoard,
  numbersShown,
  OwnerKey,
  placeNote,
  playerSquareCount,
  shownWinners,
  SquareNote,
  type SquareNoteAt,
} from './board';
import { latestQuarter, playablePeriod, QuarterResults, ScoreBar, WinnerBanner } from '@/features/game-day/game-day-board';
import { BoardSaid, RandomPick, SelectionBar } from './selection-bar';
import { Button } from '@/components/ui/button';
import { useMinWidth } from '@/lib/use-mobile';
import { GameActivity } from './game-activity';
import { GameNotFound } from './game-not-found';
import { cancelledGameOf, GameCancelled } from './game-cancelled';
import { HowToPay } from '@/features/checkout/how-to-pay';
import { OwingLine } from '@/features/game-lists/owing-line';
import { BackLink, LinkButton } from '@/components/link-button';
import { ErrorState, Page, usePageTitle } from '@/components/page';
import { PayoutRulesPanel } from './payout-rules';
import type { FromState } from '@/features/auth/route-guards';
import { GameStatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api';
import { type LiveStatus, useBoard, useBoardLive } from './board-data';
import { useCart, useCartItem } from '@/features/checkout/cart';
import { useDropLinesThatNoLongerSell } from '@/features/checkout/cart-prune';
import { useInviteFromAddress } from '@/features/admin-game/invite';
import { recentTime } from '@/lib/time';
import { KickoffLine } from './kickoff-line';
import { formatGameTime } from '@core/game-time';
import { isAdmin, useSession } from '@/lib/session';
import { cn } from '@/lib/utils';

/** Spec route "/game/:id" (public and read-only for visitors, D11). */
export default function GamePage() {
  const { id = '' } = useParams();
  return <GameView gameId={id} />;
}

/** Page padding: a little narrower on phones so the board's squares get the room. */
const PAGE_CLASS = 'px-3 sm:px-4 md:px-6';

/**
 * A game's page: title, teams, Back, status line (D16), draw log (D17), the live board, its
 * legend and the viewer's cart for this game. `children` go under the board (e.g. the admin's
 * game-day controls at /admin/game/:id, D20). `board` replaces the board with its note, legend
 * and the viewer's cart (the admin page's one board, design note 016).
 */
export function GameView({ gameId, board: boardSlot, children }: { gameId: string; board?: ReactNode; children?: ReactNode }) {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  // D30: an invite link's token goes to the server first; the board is read once it has answered.
  const invite = useInviteFromAddress(gameId);
  const waiting = invite === 'pending';
  const board = useBoard(waiting ? undefined : gameId);
  // Issue 23: a deleted game, to someone who owned squares in it.
  const cancelled = cancelledGameOf(board.error);
  const notFound = invite === 'refused' || (isApiError(board.error) && board.error.status === 404) || cancelled !== null;
  // An old cart's line for this game leaves it, with a word, once the game no longer sells (drawn, closed, gone, sold out).
  const cartItem = useCartItem(gameId);
  useDropLinesThatNoLongerSell(cartItem ? [cartItem] : [], [{ board: board.data, missing: notFound, checking: board.isPending }]);
  // A game that is gone (or that this viewer may not see) has no stream to follow.
  const live = useBoardLive(notFound || waiting ? undefined : gameId);
  // The board's data renders in the background, in slices the browser can interrupt: a hundred
  // squares drawn in one go would hold a phone's main thread (tap, scroll) for a long moment.
  const data = useDeferredValue(board.data);

  if (cancelled) return <GameCancelled game={cancelled} before={<BackButton />} />;
  if (notFound) return <GameNotFound before={<BackButton />} className={PAGE_CLASS} />;
  if (!data) {
    if (board.isError && !board.isFetching) {
      return (
        <Page title={GAME_ERRORS.loadDetailsFailed} before={<BackButton />} width="wide" className={PAGE_CLASS}>
          <ErrorState
            title={GAME_ERRORS.loadDetailsFailed}
            message={board.error instanceof Error ? board.error.message : undefined}
            onRetry={() => void board.refetch()}
          />
        </Page>
      );
    }
    return <GameLoading />;
  }
  return (
    <GameContent board={data} signedIn={signedIn} live={live} boardSlot={boardSlot}>
      {children}
    </GameContent>
  );
}

function GameContent({
  board,
  signedIn,
  live,
  boardSlot,
  children,
}: {
  board: BoardResponse;
  signedIn: boolean;
  live: LiveStatus;
  boardSlot?: ReactNode;
  children?: ReactNode;
}) {
  const { game } = board;
  const location = useLocation();
  // The sales rule reads the clock: a passed kickoff closes sales before its run stamps them (D39).
  const now = new Date();
  const open = salesOpen(game, now);
  const drawLog = drawLogText(board.draws, game.time_zone);
  const winners = shownWinners(board);
  const cart = useCart();
  const admin = isAdmin(useSession());
  const wide = useMinWidth(1024);
  // D43: the game-day board once the numbers are on it; the chosen quarter lights its row and column.
  const gameDay = game.grid_shuffled && numbersShown(board);
  const latest = latestQuarter(winners);
  // D35: the period in play once its own (newer) set is drawn: the board shows that set.
  const inPlay = playablePeriod(board, winners);
  const [chosen, setChosen] = useState<Quarter | null>(null);
  const quarter = chosen !== null && (chosen === inPlay || winners.some((winner) => winner.quarter === chosen)) ? chosen : (inPlay ?? latest);
  // Before any period is confirmed, the axes show the first period's set (a later one may be drawn early).
  const numbersPeriod = gameDay
    ? nextPeriodToConfirm(
        periodModel(game.game_type),
        winners.map((winner) => winner.quarter),
      )
    : null;
  const [highlightMine, setHighlightMine] = useState(false);
  const hasMine = board.squares.some((square) => square.mine);
  // D44: what a tap said, by its square and for screen readers.
  const [note, setNote] = useState<SquareNoteAt | null>(null);
  const [said, setSaid] = useState({ text: '', n: 0 });
  const frame = useRef<HTMLDivElement>(null);
  const say = useCallback((next: BoardSaying) => {
    setNote(frame.current ? placeNote(next, frame.current) : null);
    setSaid((previous) => ({ text: next.text, n: previous.n + 1 }));
  }, []);
  const closeNote = useCallback(() => setNote(null), []);
  // A repeated sentence is read out again: the live region's text must change.
  const saidText = said.text + (said.n % 2 === 1 ? '\u200b' : '');
  const results = winners.length > 0 ? <QuarterResults board={board} winners={winners} /> : null;
  const drawDetails = <DrawDetails board={board} drawLog={drawLog} folded={gameDay} />;

  return (
    <Page
      title={game.title}
      description={
        <span className="[overflow-wrap:anywhere]" data-testid="game-teams">
          {game.team_a} vs {game.team_b}
        </span>
      }
      before={<BackButton />}
      width="wide"
      className={PAGE_CLASS}
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="board-heading" className="flex min-w-0 flex-col gap-4">
          <h2 id="board-heading" className="sr-only">
            Board
          </h2>
          <div className="flex flex-col gap-1.5 text-sm">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
              {/* D45: players read D16's word; the game's admin page (/admin/game/:id) the admin phase word. */}
              <GameStatusBadge game={game} admin={location.pathname.startsWith('/admin/')} />
              {game.visibility === 'invite' && (
                <Badge variant="outline" data-testid="invite-only-note" title="Only people with the invite link see this game">
                  <Lock aria-hidden="true" />
                  Invite only
                </Badge>
              )}
              <span className="font-medium" data-testid="game-status">
                {gameStatusLine(game, board.digit_sets)}
              </span>
              {/* D45: a finished game is not live; on game day the mark sits in the score bar (D43). */}
              {game.is_active && !gameDay && <LiveIndicator status={live} inProgress={game.grid_shuffled} />}
            </div>
            <KickoffLine game={game} />
            {wide && drawDetails}
          </div>
          {/* D28: what this player owes for the game, as the server says it. */}
          {board.owing && <OwingLine owing={board.owing} zone={game.time_zone} />}
          {/* D40: the organizer's announcements, newest first, live. */}
          <BoardAnnouncements announcements={board.announcements} zone={game.time_zone} />

          {gameDay && (
            <ScoreBar
              board={board}
              winners={winners}
              inPlay={inPlay}
              quarter={quarter}
              onQuarter={setChosen}
              liveIndicator={<LiveIndicator status={live} inProgress />}
            />
          )}
          {gameDay && <WinnerBanner board={board} winners={winners} />}
          {/* D43: on phones the results come before the board. */}
          {!wide && results}

          {boardSlot ? null : !signedIn ? (
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border bg-muted/50 px-3 py-2 text-sm" data-testid="visitor-note">
              <LogIn aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span>You are viewing this board as a visitor.</span>
              <Link to="/login" state={{ from: location } satisfies FromState} className="font-medium text-primary underline underline-offset-4">
                Log in to pick squares
              </Link>
            </p>
          ) : !open ? (
            !gameDay && (
              <p className="rounded-lg border bg-muted/50 px-3 py-2 text-sm" data-testid="sales-closed">
                {salesClosedMessage(game, board.digit_sets, now)}
              </p>
            )
          ) : soldOut(game, now) ? (
            <p className="rounded-lg border bg-muted/50 px-3 py-2 text-sm" data-testid="sold-out">
              {SOLD_OUT_MESSAGE}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="pick-hint">
              Pick any open square to add it to your cart. Tap it again to take it out.
            </p>
          )}

          {!boardSlot && signedIn && (open || hasMine) && (
            <div className="flex flex-wrap items-end gap-2" data-testid="board-tools-bar">
              {hasMine && (
                <Button
                  type="button"
                  variant="outline"
                  aria-pressed={highlightMine}
                  onClick={() => setHighlightMine((on) => !on)}
                  className="min-h-11 aria-pressed:border-primary aria-pressed:bg-primary/10 sm:min-h-9"
                  data-testid="highlight-mine"
                >
                  <Highlighter aria-hidden="true" />
                  Highlight my squares
                </Button>
              )}
              {open && <RandomPick board={board} onPicked={(text) => say({ text, at: null })} />}
            </div>
          )}

          {boardSlot ?? (
            <>
              <div ref={frame} className="relative">
                <GameBoard
                  board={board}
                  signedIn={signedIn}
                  quarter={quarter}
                  numbersPeriod={numbersPeriod}
                  highlightMine={highlightMine}
                  onQuarter={setChosen}
                  onSay={say}
                />
                <SquareNote note={note} onClose={closeNote} />
              </div>
              {signedIn ? <SelectionBar board={board} said={saidText} /> : <BoardSaid said={saidText} />}
              <BoardLegend
                signedIn={signedIn}
                hasWinners={winners.length > 0}
                salesAreOpen={open}
                hasPending={board.squares.some((square) => square.mine && square.status === 'held')}
                hasUnpaid={board.squares.some((square) => square.unpaid)}
                hasNoAccount={board.squares.some((square) => square.status === 'claimed' && square.owner_no_account)}
              />
              <OwnerKey board={board} />
            </>
          )}
          {/* On phones the score, the winner and the board come first; how the numbers were drawn after them. */}
          {!wide && drawDetails}
          {children}
        </section>

        <aside aria-label="Game details" className="flex flex-col gap-4">
          {wide && results}
          {signedIn && !boardSlot && <CartSummary board={board} />}
          <GameFacts board={board} left={signedIn ? squaresLeft(game.max_squares_per_player, playerSquareCount(board, cart)) : null} />
          {game.payment_method === 'organizer' && (
            <HowToPay
              instructions={game.payment_instructions}
              payBy={game.pay_by}
              zone={game.time_zone}
              unpaidSquares={board.owing?.squares}
              unpaidCents={board.owing?.amount_cents}
            />
          )}
          <PayoutRulesPanel game={game} />
          {/* D42: the board on one landscape page, for the office wall. */}
          <LinkButton variant="outline" className="w-full" to={`/game/${encodeURIComponent(game.id)}/print`} data-testid="print-board-link">
            <Printer aria-hidden="true" />
            Print the board
          </LinkButton>
          {/* D32: a player reads the log entries about their own squares (admins read all of it on the admin page). */}
          {signedIn && !admin && board.squares.some((square) => square.mine && square.status === 'claimed') && (
            <GameActivity gameId={game.id} zone={game.time_zone} title="History of your squares" emptyText="Nothing has happened to your squares yet." />
          )}
        </aside>
      </div>
    </Page>
  );
}

/**
 * D17/D38: the draw log and every digit set with its ticket, behind one disclosure: its hashes are
 * for checking, not for reading on game day (folded once the numbers are on the board).
 */
function DrawDetails({ board, drawLog, folded }: { board: BoardResponse; drawLog: string | null; folded: boolean }) {
  const { game } = board;
  if (!drawLog && board.digit_sets.length === 0 && board.draw_commit_hash === null) return null;
  return (
    <Disclosure open={!folded} summary="How the numbers were drawn" data-testid="draw-details">
      <div className="mt-2 flex flex-col gap-1.5">
        {drawLog && (
          <p className="text-muted-foreground" data-testid="draw-log">
            Draw log: {drawLog}
          </p>
        )}
        <DigitSets gameId={game.id} sets={board.digit_sets} commitHash={board.draw_commit_hash} zone={game.time_zone} />
      </div>
    </Disclosure>
  );
}

/** Back: to the previous page of the app, else home (or the admin dashboard under /admin/). */
function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const fallback = location.pathname.startsWith('/admin/') ? '/admin' : '/';
  // The first page of a visit has the key "default": there is no page of ours to go back to.
  const hasHistory = location.key !== 'default';
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hasHistory || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <BackLink to={fallback} onClick={onClick} data-testid="back-button">
      Back
    </BackLink>
  );
}

function LiveIndicator({ status, inProgress }: { status: LiveStatus; inProgress: boolean }) {
  if (status === 'connecting') return null;
  const liveNow = status === 'live';
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="live-status" data-status={status}>
      <span aria-hidden="true" className={cn('size-2 rounded-full', liveNow ? cn('bg-success', inProgress && 'motion-safe:animate-pulse') : 'bg-warning')} />
      {liveNow ? 'Live' : 'Reconnecting...'}
    </span>
  );
}

/** D17: "drawn 7:02 PM; redrawn once", or null before any draw. */
/** The draw log's times in the game's zone, said (D39); a game made before zones reads them in the reader's clock. */
function drawLogText(draws: readonly BoardDraw[], zone: string | null): string | null {
  return drawLogSummary(
    draws.map((draw) => ({ kind: draw.action === 'drawn' ? ('draw' as const) : ('clear' as const), at: draw.created_at })),
    zone ? (at) => formatGameTime(at, zone) : recentTime,
  );
}

function CartSummary({ board }: { board: BoardResponse }) {
  const { game } = board;
  const item = useCartItem(game.id);
  const count = item?.squares.length ?? 0;
  const subtotal = count * game.price_per_square_cents;
  // D21: squares of the buyer's own open checkout are theirs, waiting for their payment, not taken.
  const waiting = new Set(board.squares.filter((square) => square.mine && square.status === 'held').map(squareKey));
  const taken = new Set(board.squares.filter((square) => !waiting.has(squareKey(square))).map(squareKey));
  const now = new Date();
  const open = salesOpen(game, now);
  const unavailable = open ? (item?.squares.filter((square) => taken.has(squareKey(square))).length ?? 0) : count;
  // Once sales close (or every square is sold) an empty cart has nothing to say (D43: on game day the results come first).
  if ((!open || soldOut(game, now)) && count === 0 && waiting.size === 0) return null;
  return (
    <section aria-labelledby="game-cart-heading" className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm" data-testid="game-cart">
      <h2 id="game-cart-heading" className="flex items-center gap-2 font-semibold">
        <ShoppingCart aria-hidden="true" className="size-4" />
        Your cart for this game
      </h2>
      {waiting.size > 0 && (
        <p className="text-sm" data-testid="game-cart-pending">
          {waiting.size === 1 ? '1 square on this board is yours,' : `${waiting.size} squares on this board are yours,`} waiting for your payment. Resume the
          payment or start again from your cart.
        </p>
      )}
      {count === 0 ? (
        <p className="text-sm text-muted-foreground">{open ? 'No squares yet. Pick an open square on the board.' : 'No squares in your cart for this game.'}</p>
      ) : (
        <>
          <p className="flex items-baseline justify-between gap-2 text-sm">
            <span data-testid="game-cart-count">
              {count} {count === 1 ? 'square' : 'squares'}
            </span>
            <span className="text-base font-semibold tabular-nums" data-testid="game-cart-subtotal">
              {formatUsd(subtotal)}
            </span>
          </p>
          {unavailable > 0 && (
            <p className="text-sm font-medium text-destructive" data-testid="game-cart-unavailable">
              {open
                ? `${unavailable} of these ${unavailable === 1 ? 'square is' : 'squares are'} no longer available.`
                : `${salesClosedMessage(game, board.digit_sets, now)} Remove ${count === 1 ? 'it' : 'them'} from your cart.`}
            </p>
          )}
          <ul aria-label="Squares in your cart" className="flex flex-wrap gap-1.5">
            {item?.squares.map((square) => (
              <li
                key={squareKey(square)}
                className={cn(
                  'rounded-md bg-muted px-1.5 py-0.5 text-xs tabular-nums',
                  taken.has(squareKey(square)) && 'bg-destructive/10 text-destructive line-through',
                )}
              >
                {squarePositionLabel(square)}
              </li>
            ))}
          </ul>
        </>
      )}
      <LinkButton variant={count > 0 ? 'default' : 'outline'} className="w-full" to="/cart">
        View Cart
      </LinkButton>
    </section>
  );
}

function GameFacts({ board, left }: { board: BoardResponse; left: number | null }) {
  const { game } = board;
  // D47: an organizer-collects game's pot counts every sold square; beside it, what was collected.
  const collected = potCollectedText(game);
  const rows: [string, string, string][] = [
    ['Board', boardSizeLabel(boardShape(game.board_size)), 'game-board-size'],
    ['Price per square', formatUsd(game.price_per_square_cents), 'game-price'],
    ['Pot', formatUsd(game.total_pot_cents), 'game-pot'],
    ['Squares claimed', `${game.squares_claimed}/${game.board_size}`, 'game-claimed'],
  ];
  // D31: the cap on squares per player, and for a player how many more they can pick.
  if (game.max_squares_per_player !== null) {
    rows.push(['Squares per player', `Up to ${game.max_squares_per_player}`, 'game-player-cap']);
    if (left !== null) rows.push(['You can pick', `${left} more`, 'game-player-left']);
  }
  return (
    <dl className="divide-y divide-border/70 rounded-xl border bg-card text-sm shadow-sm" aria-label="Game facts">
      {rows.map(([term, value, testId]) => (
        <div key={term} className="flex flex-wrap items-baseline justify-between gap-x-3 px-4 py-2.5">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="text-right">
            <span className="font-semibold tabular-nums" data-testid={testId}>
              {value}
            </span>
            {testId === 'game-pot' && collected && (
              <span className="block text-xs text-muted-foreground tabular-nums" data-testid="game-pot-collected">
                {collected}
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function GameLoading() {
  usePageTitle('Loading game...');
  return (
    <div className={cn('mx-auto flex w-full max-w-7xl flex-col gap-6 py-6 md:py-8', PAGE_CLASS)} data-testid="game-loading">
      <span role="status" className="sr-only">
        Loading game...
      </span>
      <Skeleton className="h-8 w-20" />
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-5 w-40" />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-4">
          <Skeleton className="h-5 w-56" />
          <BoardSkeleton />
        </div>
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}
