import type { BoardResponse } from '@core/api/board';
import { potCollectedText } from '@core/payment-methods';
import { gameFactRows } from './game-fact-rows';

/** The game's facts beside the board; `left` is how many more squares the viewer can pick (D31). */
export function GameFacts({ board, left }: { board: BoardResponse; left: number | null }) {
  const { game } = board;
  // D47: an organizer-collects game's pot counts every sold square; beside it, what was collected.
  const collected = potCollectedText(game);
  return (
    <dl className="divide-y divide-border/70 rounded-xl border bg-card text-sm shadow-sm" aria-label="Game facts">
      {gameFactRows(game, left).map(({ term, value, testId }) => (
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
