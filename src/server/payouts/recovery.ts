import type { Logger } from '../logger';
import { publishSafely } from '../realtime/publish';
import { periodicJob } from '../jobs/periodic';
import type { GameEvents } from '../realtime/events';
import type { PayoutsRepository, RecoveredPayout } from './payouts.repository';
import type { ServiceDeps } from '../service-deps';

/** What the organizer reads on a payout a crash interrupted (Results & Payouts, D23). */
const INTERRUPTED_REASON = 'Interrupted: the server stopped while this payout was being processed. Check whether it was paid, then retry.';

export interface PayoutRecoveryDeps extends ServiceDeps {
  repo: Pick<PayoutsRepository, 'failStale'>;
  events: GameEvents;
  log: Logger;
  /** How long a payout may stay in processing (settings: PAYOUT_LEASE_SECONDS, default 2 minutes). */
  leaseMs: number;
  /** How often the sweep runs after the one at start (settings: SWEEP_INTERVAL_SECONDS). */
  intervalMs: number;
}

/**
 * Payout recovery (issue 10): Mark Paid and Retry move a payout to `processing` under the game
 * lock and write the provider's outcome afterwards. A process that dies in between leaves it in
 * processing, where Mark Paid, Retry and corrections all refuse it. This sweep, run at start and
 * then periodically on every instance, hands every payout processing for longer than the lease
 * back to a person: `failed` with INTERRUPTED_REASON, so Retry Payout acts on it (D23).
 *
 * It never completes one by itself, not even for the manual provider: nothing recorded that the
 * organizer's Mark Paid finished, and a payout marked paid by mistake is worse than one click on
 * Retry. The lease protects payouts another live instance is still working on; one conditional
 * UPDATE decides each payout once however many instances sweep at the same moment.
 */
export function payoutRecovery(deps: PayoutRecoveryDeps) {
  const { repo, events, log, clock, leaseMs, intervalMs } = deps;
  /** One sweep as of `now` (the clock's time unless given; tests pass a later time); returns the payouts this instance handed back. */
  async function sweep(now: Date = clock()): Promise<RecoveredPayout[]> {
    const cutoff = new Date(now.getTime() - leaseMs).toISOString();
    const recovered = await repo.failStale(cutoff, INTERRUPTED_REASON, now.toISOString());
    for (const payout of recovered) {
      log.warn(
        { gameId: payout.game_id, period: payout.period, winnerId: payout.id },
        'payout interrupted: handed back as failed for a person to check and retry',
      );
    }
    publishSafely(
      events,
      log,
      recovered.map((p) => p.game_id),
      'winners',
    );
    return recovered;
  }

  const job = periodicJob('payout recovery sweep', () => sweep(), intervalMs, log);

  return {
    sweep,
    /** Sweeps once now (awaited, so work left by a crash is handed back before the app serves), then every interval. */
    start: (): Promise<void> => job.start({ awaitFirst: true }),
    stop: (): Promise<void> => job.stop(),
  };
}

type PayoutRecovery = ReturnType<typeof payoutRecovery>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Hands payouts a crash left in processing back to a person; tests call sweep(now) directly. */
    payoutRecovery: PayoutRecovery;
  }
}
