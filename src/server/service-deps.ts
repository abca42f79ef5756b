/**
 * The one way a service gets its dependencies (issue 12, issue 34): its factory takes one deps
 * object whose interface extends ServiceDeps, so every service has the clock it reads business
 * time from (created_at, holds, expiries, leases, kickoffs) and nothing reads `new Date()` itself:
 *
 *     export interface OrdersServiceDeps extends ServiceDeps { repo: OrdersRepository }
 *     export function ordersService({ repo, clock }: OrdersServiceDeps) { ... }
 *
 * A service that only reads takes its repository built (`repo`); one that writes in a
 * transaction takes `db` and makes its repositories on the transaction (docs/ARCHITECTURE.md).
 * Jobs (the beacon draws, kickoff run, score feed poller, payout recovery, mail queue) follow the
 * same shape, their `now` defaulting to the clock. app.ts gives `systemClock`; tests may freeze
 * or move it (AppDeps.clock).
 */
export interface ServiceDeps {
  clock: () => Date;
}

export const systemClock = (): Date => new Date();
