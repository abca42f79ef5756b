import { Info } from 'lucide-react';
import { formatUsd } from '@core/money';
import { periodModel, periodNoun } from '@core/periods';
import type { GameFormState } from './game-form-state';
import { payoutPreview } from './payout-preview';

/** The info box: the chosen shares, and what each period pays on a full board at this price (the one plan, D34). */
export function PayoutInfo({ id, infoText, values }: { id: string; infoText: string; values: GameFormState }) {
  const plan = payoutPreview(values);
  const noun = periodNoun(periodModel(values.game_type));
  return (
    <div className="flex gap-3 rounded-md border border-primary/30 bg-accent/50 p-4 text-sm" data-testid="payout-info">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <div className="flex min-w-0 flex-col gap-2">
        <p id={id}>{infoText}</p>
        {plan && (
          <>
            <p className="text-muted-foreground">
              With all {values.board_size} squares sold at {formatUsd(plan.priceCents)}, the pot is {formatUsd(plan.potCents)}:
            </p>
            <ul className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
              {plan.periods.map(({ period, label, cents }) => (
                <li key={period} className="flex flex-col">
                  <span className="text-muted-foreground">{label}</span>
                  <span className="font-medium tabular-nums">{formatUsd(cents)}</span>
                </li>
              ))}
            </ul>
            {plan.organizer && (
              <p className="text-muted-foreground">
                {plan.organizer.label}: {formatUsd(plan.organizer.cents)}
              </p>
            )}
            {plan.remainderCents > 0 && <p className="text-muted-foreground">Left over from rounding down: {formatUsd(plan.remainderCents)}</p>}
          </>
        )}
        <p className="text-muted-foreground">
          Each {noun}&apos;s payout is rounded down to the cent. Players see these shares on the game&apos;s card, and under Payouts on its board what each pays
          at the current pot, with any remainder.
        </p>
      </div>
    </div>
  );
}
