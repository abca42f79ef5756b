import type { BoardResponse } from '@core/api/board';
import { Disclosure } from '@/components/disclosure';
import { DigitSets } from '@/features/game-day/digit-sets';
import { drawLogText } from './draw-log';

/**
 * D17/D38: the draw log and every digit set with its ticket, behind one disclosure: its hashes are
 * for checking, not for reading on game day (folded once the numbers are on the board).
 */
export function DrawDetails({ board, folded }: { board: BoardResponse; folded: boolean }) {
  const { game } = board;
  const drawLog = drawLogText(board.draws, game.time_zone);
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
