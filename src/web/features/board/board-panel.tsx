import type { Period } from '@core/periods';
import type { BoardResponse } from '@core/api/board';
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
  period,
  numbersPeriod,
  highlightMine,
  onPeriod,
  saying,
}: {
  board: BoardResponse;
  signedIn: boolean;
  /** Sales are open (D18, D39). */
  open: boolean;
  hasWinners: boolean;
  period: Period | null;
  numbersPeriod: number | null;
  highlightMine: boolean;
  onPeriod: (period: Period) => void;
  saying: BoardSayings;
}) {
  const marks = boardMarks(board);
  return (
    <>
      <div ref={saying.frame} className="relative">
        <GameBoard
          board={board}
          signedIn={signedIn}
          period={period}
          numbersPeriod={numbersPeriod}
          highlightMine={highlightMine}
          onPeriod={onPeriod}
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
