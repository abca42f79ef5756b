import type { BoardResponse } from '@core/api/board';
import { salesOpen } from '@core/sales';
import { type ReactNode, useState } from 'react';
import { Page } from '@/components/page';
import { BoardAnnouncements } from '@/features/game-day/announcements';
import { PeriodResults, ScoreBar, WinnerBanner } from '@/features/game-day/game-day-board';
import { OwingLine } from '@/features/game-lists/owing-line';
import { useMinWidth } from '@/lib/use-mobile';
import { BackButton } from './back-button';
import type { LiveStatus } from './board-data';
import { numbersShown, shownWinners } from './board-cells';
import { BoardNotice } from './board-notice';
import { BoardPanel } from './board-panel';
import { BoardToolsBar } from './board-tools-bar';
import { DrawDetails } from './draw-details';
import { GameAside } from './game-aside';
import { GAME_PAGE_CLASS } from './game-page-class';
import { GameStatus } from './game-status';
import { LiveIndicator } from './live-indicator';
import { useBoardPeriod } from './use-board-period';
import { useBoardSaying } from './use-board-saying';

/**
 * A loaded game's page: title, teams, Back, status line (D16), draw log (D17), the live board, its
 * legend and the viewer's cart for this game; `boardSlot` replaces the board with its note, legend
 * and cart (the admin page's one board), `children` go under it.
 */
export function GameContent({
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
  // The sales rule reads the clock: a passed kickoff closes sales before its run stamps them (D39).
  const now = new Date();
  const open = salesOpen(game, now);
  const winners = shownWinners(board);
  const wide = useMinWidth(1024);
  // D43: the game-day board once the numbers are on it; the chosen period lights its row and column.
  const gameDay = game.grid_shuffled && numbersShown(board);
  const { period, inPlay, choose, numbersPeriod } = useBoardPeriod(board, winners, gameDay);
  const [highlightMine, setHighlightMine] = useState(false);
  const hasMine = board.squares.some((square) => square.mine);
  // D44: what a tap said, by its square and for screen readers.
  const saying = useBoardSaying();
  const results = winners.length > 0 ? <PeriodResults board={board} winners={winners} /> : null;
  const drawDetails = <DrawDetails board={board} folded={gameDay} />;

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
      className={GAME_PAGE_CLASS}
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="board-heading" className="flex min-w-0 flex-col gap-4">
          <h2 id="board-heading" className="sr-only">
            Board
          </h2>
          <GameStatus board={board} live={live} gameDay={gameDay} drawDetails={wide && drawDetails} />
          {/* D28: what this player owes for the game, as the server says it. */}
          {board.owing && <OwingLine owing={board.owing} zone={game.time_zone} />}
          {/* D40: the organizer's announcements, newest first, live. */}
          <BoardAnnouncements announcements={board.announcements} zone={game.time_zone} />

          {gameDay && (
            <ScoreBar
              board={board}
              winners={winners}
              inPlay={inPlay}
              period={period}
              onPeriod={choose}
              liveIndicator={<LiveIndicator status={live} inProgress />}
            />
          )}
          {gameDay && <WinnerBanner board={board} winners={winners} />}
          {/* D43: on phones the results come before the board. */}
          {!wide && results}

          {!boardSlot && <BoardNotice board={board} signedIn={signedIn} gameDay={gameDay} now={now} />}
          {!boardSlot && signedIn && (open || hasMine) && (
            <BoardToolsBar
              board={board}
              open={open}
              hasMine={hasMine}
              highlightMine={highlightMine}
              onHighlightMine={() => setHighlightMine((on) => !on)}
              onPicked={(text) => saying.say({ text, at: null })}
            />
          )}

          {boardSlot ?? (
            <BoardPanel
              board={board}
              signedIn={signedIn}
              open={open}
              hasWinners={winners.length > 0}
              period={period}
              numbersPeriod={numbersPeriod}
              highlightMine={highlightMine}
              onPeriod={choose}
              saying={saying}
            />
          )}
          {/* On phones the score, the winner and the board come first; how the numbers were drawn after them. */}
          {!wide && drawDetails}
          {children}
        </section>

        <GameAside board={board} signedIn={signedIn} hasBoardSlot={Boolean(boardSlot)} results={wide && results} />
      </div>
    </Page>
  );
}
