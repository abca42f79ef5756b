import type { BoardDigitSet, BoardWinner } from '@core/api/board';
import { type PeriodModel, periodShortLabel, type Period } from '@core/periods';
import { numbersHoldForText, type WinnersOnOtherSet } from '@core/set-numbers';
import { Button } from '@/components/ui/button';

/**
 * D49: above the board, the periods the digits shown hold for ("Q1-Q2 numbers · set 1") and the
 * winners of other sets, each listed by its set with a button to show it on its own digits.
 */
export function BoardNumbers({
  set,
  setCount,
  elsewhere,
  model,
  onPeriod,
}: {
  set: BoardDigitSet;
  /** How many sets the board has: the set's number is said only among several. */
  setCount: number;
  elsewhere: readonly WinnersOnOtherSet<BoardWinner>[];
  model: PeriodModel;
  onPeriod?: (period: Period) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5 text-sm" data-testid="board-numbers">
      <p className="font-semibold" data-testid="board-numbers-periods">
        {numbersHoldForText(set.periods_label)}
        {setCount > 1 && <span className="font-normal text-muted-foreground"> · set {set.set}</span>}
      </p>
      {elsewhere.map((group) => (
        <p key={group.set} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground" data-testid="other-set-winners">
          <span>{group.text}:</span>
          {group.winners.map((winner) => {
            const label = periodShortLabel(model, winner.period);
            return onPeriod ? (
              <Button
                key={winner.period}
                type="button"
                variant="outline"
                size="sm"
                className="min-h-9 sm:min-h-8"
                onClick={() => onPeriod(winner.period)}
                data-testid="show-other-set"
              >
                Show {label}
              </Button>
            ) : (
              <span key={winner.period}>{label}</span>
            );
          })}
        </p>
      ))}
    </div>
  );
}
