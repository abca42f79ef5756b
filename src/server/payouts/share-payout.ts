import type { SharePayoutView } from '@core/api/game-day';
import { resultsLedger, sharePayout } from '@core/results-ledger';
import type { Executor } from '../db/executor';
import type { GameRow } from '../games/games.repository';
import { toGame } from '../games/games.service';
import { payoutsRepository } from './payouts.repository';

/**
 * D23 with D34: the organizer's (or charity's) share as a payout, from the one ledger
 * (core/results-ledger.ts) with the winners recorded so far and the share's Mark Paid records
 * (migration 027). Stored apart from game_winners: never a player's winnings.
 */
export async function sharePayoutOf(db: Executor, row: GameRow): Promise<SharePayoutView | null> {
  if (!row.grid_shuffled) return null;
  const repo = payoutsRepository(db);
  const [winners, payments] = await Promise.all([repo.winners(row.id), repo.sharePayments(row.id)]);
  const ledger = resultsLedger(
    row.total_pot_cents,
    toGame(row),
    winners.map((winner) => ({ period: winner.period as 1 | 2 | 3 | 4, winner: winner.user_id, payoutCents: winner.payout_amount_cents })),
  );
  const paidCents = payments.reduce((total, payment) => total + payment.amount_cents, 0);
  const share = sharePayout(ledger, true, paidCents);
  if (!share) return null;
  return {
    name: share.name,
    label: share.label,
    cents: share.cents,
    paid_cents: share.paidCents,
    due_cents: share.dueCents,
    payments: payments.map((payment) => ({
      amount_cents: payment.amount_cents,
      reference: payment.reference,
      paid_by: payment.username ?? payment.name ?? null,
      paid_at: payment.paid_at,
    })),
  };
}
