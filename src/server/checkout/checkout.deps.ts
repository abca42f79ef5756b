import type { CheckoutStatus } from '@core/api/checkout';
import type { DbKind } from '../db/connection';
import type { Executor } from '../db/executor';
import { withTransactionRetry } from '../db/retry';
import type { GameMails } from '../mail/game-mails.service';
import type { MailOutbox } from '../mail/mail-queue.service';
import type { Logger } from '../logger';
import type { PaymentProvider } from '../payments/provider';
import type { GameEvents } from '../realtime/events';
import type { ServiceDeps } from '../service-deps';
import type { Metrics } from '../system/metrics';
import { publishSafely } from '../realtime/publish';
import { checkoutRepository, type CheckoutItemRow, type CheckoutRepository, type CheckoutRow, type StoredCheckoutStatus } from './checkout.repository';

/** What every checkout use case works with (wired in app.ts). */
export interface CheckoutServiceDeps extends ServiceDeps {
  /** The database; a checkout's own transaction (`inTransaction`) or a game's lock (`game.tx`) runs on its own. */
  db: Executor;
  /** The checkout repository's row locks are PostgreSQL's (`checkoutRepository(db, kind)`). */
  kind: DbKind;
  /** Null: no provider configured (production without Stripe, D22). */
  provider: PaymentProvider | null;
  /** Refund mails, queued in the transaction that records the refund (design note 026). */
  mail: MailOutbox;
  /** D40: the receipt of a purchase or reservation, queued in the transaction that makes it (game-mails.service.ts). */
  receipts: Pick<GameMails, 'receipt'>;
  events: GameEvents;
  log: Logger;
  /** Counts each checkout's outcome (design note 025; does nothing with METRICS off). */
  metrics: Pick<Metrics, 'checkout'>;
}

/**
 * Runs `work` in one transaction, with the checkout repository on it. On a PostgreSQL deadlock or
 * serialization failure (or SQLite busy past busy_timeout) the whole transaction runs again, so
 * `work` must not act outside it. `trx` is the transaction itself, for another feature's writes in
 * it (a mail queued, D40).
 */
export function inTransaction<T>({ db, kind }: CheckoutServiceDeps, work: (tx: CheckoutRepository, trx: Executor) => Promise<T>): Promise<T> {
  return withTransactionRetry(() => db.transaction().execute((trx) => work(checkoutRepository(trx, kind), trx)));
}

/** How an open checkout is ended when it is not paid. */
export type EndAs = 'cancelled' | 'expired' | 'declined';

export const iso = (date: Date) => date.toISOString();

/** What the API shows: a refund the provider has not accepted yet is already decided (see repository). */
export const publicStatus = (status: StoredCheckoutStatus): CheckoutStatus => (status === 'refund_pending' ? 'refunded' : status);

/** Board viewers of these games hear that squares changed (after commit). */
export function publishSquares({ events, log }: CheckoutServiceDeps, gameIds: Iterable<string>): void {
  publishSafely(events, log, gameIds, 'squares');
}

/** The provider that made this checkout's session, or null (another provider, or none now). */
export function providerOf({ provider }: CheckoutServiceDeps, checkout: CheckoutRow): PaymentProvider | null {
  return provider && provider.name === checkout.provider ? provider : null;
}

/** Count and cents per game of a checkout's items. */
export function perGame(items: readonly CheckoutItemRow[]): Map<string, { squares: number; cents: number; title: string }> {
  const totals = new Map<string, { squares: number; cents: number; title: string }>();
  for (const item of items) {
    const t = totals.get(item.game_id) ?? { squares: 0, cents: 0, title: item.game_title };
    t.squares += 1;
    t.cents += item.price_cents;
    totals.set(item.game_id, t);
  }
  return totals;
}

/** The provider's idempotency key of a refund: the whole checkout, or one deleted game's part. */
export const refundKey = (checkoutId: string, gameId?: string) => (gameId ? `refund-${checkoutId}-${gameId}` : `refund-${checkoutId}`);
