import type { BoardResponse } from '@core/api/board';
import type { Quarter } from '@core/scoring';
import { GameBoard } from './board';
import { boardMarks } from './board-legend-items';
import { BoardLegend } from './board-legend';
import { OwnerKey } from './owner-key';
import { BoardSaid, SelectionBar } from './selection-bar';
import { SquareNote } from './square-note';
import type { BoardSayings } from './use-board-saying';

/**
 * The game page's board with what goes with it: the note a tap leaves by its square, the
 * selection bar (a visitor gets its live region only), the legend and the key to the owners.
 */
export function BoardPanel({
  board,
  signedIn,
  open,
  hasWinners,
  quarter,
  numbersPeriod,
  highlightMine,
  onQuarter,
  saying,
}: {
  board: BoardResponse;
  signedIn: boolean;
  /** Sales are open (D18, D39). */
  open: boolean;
  hasWinners: boolean;
  quarter: Quarter | null;
  numbersPeriod: number | null;
  highlightMine: boolean;
  onQuarter: (quarter: Quarter) => void;
  saying: BoardSayings;
}) {
  const marks = boardMarks(board);
  return (
    <>
      <div ref={saying.frame} className="relative">
        <GameBoard
          board={board}
          signedIn={signedIn}
          quarter={quarter}
          numbersPeriod={numbersPeriod}
          highlightMine={highlightMine}
          onQuarter={onQuarter}
          onSay={saying.say}
        />
        <SquareNote note={saying.note} onClose={saying.closeNote} />
      </div>
      {signedIn ? <SelectionBar board={board} said={saying.said} /> : <BoardSaid said={saying.said} />}
      <BoardLegend
        signedIn={signedIn}
        hasWinners={hasWinners}
        salesAreOpen={open}
        hasPending={marks.hasPending}
        hasUnpaid={marks.hasUnpaid}
        hasNoAccount={marks.hasNoAccount}
      />
      <OwnerKey board={board} />
    </>
  );
}
