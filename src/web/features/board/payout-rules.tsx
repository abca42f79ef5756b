import type { Game } from '@core/api/games';
import { formatUsd } from '@core/money';
import { POT_RULE } from '@core/payment-methods';
import { DEFAULT_ORGANIZER_LABEL } from '@core/payout-plan';
import { payoutRules } from '@core/payouts';
import { overtimeRuleText, periodModel } from '@core/periods';
import { useId } from 'react';
import { cn } from '@/lib/utils';

/**
 * A game's payout rules where players see them (D12): each period's share and what it pays at
 * the current pot (rounded down to the cent), the organizer's share when the schedule keeps one,
 * and any remainder rounding leaves, in the game's own periods (quarters, or halves), and that
 * overtime counts toward the Final score (D37). The create form's info box points here.
 */
export function PayoutRulesPanel({
  game,
  className,
}: {
  /** The printed board (D42) sets a compact, black-and-white look. */
  className?: string;
  game: Pick<
    Game,
    'game_type' | 'payout_schedule' | 'payout_shares' | 'organizer_percent' | 'organizer_label' | 'unbought_rule' | 'total_pot_cents' | 'payment_method'
  >;
}) {
  const headingId = useId();
  const model = periodModel(game.game_type);
  const rules = payoutRules(game.total_pot_cents, game);
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-2 rounded-xl border bg-card p-4 text-sm shadow-sm', className)}
      data-testid="payout-rules"
    >
      <h2 id={headingId} className="text-base font-semibold">
        Payouts
      </h2>
      <p className="text-muted-foreground" data-testid="payout-rules-pot-rule">
        {POT_RULE[game.payment_method]}
      </p>
      <p className="text-muted-foreground" data-testid="payout-rules-pot">
        At the current pot of {formatUsd(rules.potCents)}, rounded down to the cent:
      </p>
      <dl className="flex flex-col divide-y divide-border/70">
        {rules.periods.map((period) => (
          <div key={period.period} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5" data-testid="payout-rule">
            <dt>
              {period.label} <span className="text-muted-foreground tabular-nums">{period.percent}%</span>
            </dt>
            <dd className="font-semibold tabular-nums">{formatUsd(period.cents)}</dd>
          </div>
        ))}
      </dl>
      {rules.organizer && (
        <p className="font-medium" data-testid="payout-organizer">
          {rules.organizer.label === DEFAULT_ORGANIZER_LABEL ? 'Organizer keeps' : `${rules.organizer.label} gets`} {rules.organizer.percent}% (
          {formatUsd(rules.organizer.cents)})
        </p>
      )}
      {rules.remainderCents > 0 && (
        <p className="text-muted-foreground" data-testid="payout-remainder">
          Left over from rounding down: {formatUsd(rules.remainderCents)}
        </p>
      )}
      <p className="text-xs text-muted-foreground" data-testid="payout-unbought">
        {rules.unboughtText}
      </p>
      <p className="text-xs text-muted-foreground" data-testid="overtime-rule">
        {overtimeRuleText(model)}
      </p>
    </section>
  );
}
