import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely, Selectable, Updateable } from 'kysely';
import type { DbKind } from '../db/connection';
import { withTransactionRetry } from '../db/retry';
import type { CheckoutItemsTable, CheckoutsTable, Database } from '../db/schema';

/**
 * Checkouts, their items and holds (design note 004). Every method runs on the executor the
 * repository was made with: the database, or a transaction from `transaction()` / a game lock.
 */

/**
 * A checkout's status as stored. The API's CheckoutStatus plus `refund_pending`: the refund is
 * decided (squares released) but the provider has not accepted it yet; the sweep retries it.
 */
export type StoredCheckoutStatus = 'open' | 'fulfilled' | 'expired' | 'cancelled' | 'declined' | 'refund_pending' | 'refunded';

export type CheckoutRow = Selectable<CheckoutsTable> & { status: StoredCheckoutStatus };
export type CheckoutItemRow = Selectable<CheckoutItemsTable>;

export interface Cell {
  game_id: string;
  x: number;
  y: number;
}

/** What checkout needs to know of a game, read under its lock. */
export interface GameForSale {
  id: string;
  title: string;
  price_per_square_cents: number;
  is_active: boolean;
  grid_shuffled: boolean;
}

export interface TakenSquare extends Cell {
  user_id: string;
  status: 'held' | 'claimed';
}

/** An opaque transaction another repository holds (the game lock of a delete, D13). */
export type Executor = Kysely<Database>;

const PG_UNIQUE_VIOLATION = '23505';
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; errcode?: unknown; message?: unknown };
  return e?.code === PG_UNIQUE_VIOLATION || e?.errcode === 2067 || (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'));
}

const count = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) => Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);

/** Matches any of the cells (the unique key's columns, so PostgreSQL reads its index). */
function cellFilter(cells: readonly Cell[]) {
  return (eb: ExpressionBuilder<Database, 'squares'>) =>
    eb.or(cells.map((c) => eb.and([eb('squares.game_id', '=', c.game_id), eb('squares.x', '=', c.x), eb('squares.y', '=', c.y)])));
}

/** The squares row's checkout is still open. */
function openCheckoutOf(eb: ExpressionBuilder<Database, 'squares'>) {
  return eb.exists(eb.selectFrom('checkouts').select('checkouts.id').whereRef('checkouts.id', '=', 'squares.checkout_id').where('checkouts.status', '=', 'open'));
}

/** The queries, on the database or inside a transaction. */
function checkoutQueries(db: Executor, kind: DbKind) {
  return {
    /** PostgreSQL: one buyer's checkouts start one at a time, so a new one always sees the earlier one. */
    async lockBuyer(userId: string): Promise<void> {
      if (kind === 'postgres') await db.selectFrom('user').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    },

    /**
     * The games, locked in id order (one order everywhere, so two lockers cannot deadlock).
     * `share` lets checkouts run side by side and waits for an admin edit's FOR UPDATE;
     * `update` is for changing the counters. SQLite runs one transaction at a time anyway.
     */
    async lockGames(ids: readonly string[], mode: 'share' | 'update'): Promise<Map<string, GameForSale>> {
      if (ids.length === 0) return new Map();
      const query = db
        .selectFrom('games')
        .select(['id', 'title', 'price_per_square_cents', 'is_active', 'grid_shuffled'])
        .where('id', 'in', [...ids])
        .orderBy('id');
      const locked = kind === 'postgres' ? (mode === 'share' ? query.forShare() : query.forUpdate()) : query;
      const rows = await locked.execute();
      return new Map(rows.map((row) => [row.id, row]));
    },

    async insertCheckout(checkout: Omit<CheckoutRow, 'provider_session_id' | 'provider_payment_id' | 'paid_at' | 'fulfilled_at' | 'refunded_at' | 'refund_reason'>, items: readonly CheckoutItemRow[]): Promise<void> {
      await db.insertInto('checkouts').values(checkout).execute();
      await db.insertInto('checkout_items').values([...items]).execute();
    },

    /**
     * Inserts one held row per cell, in (game, x, y) order so two checkouts waiting on each
     * other's cells cannot deadlock. False when a cell already has a row (someone else's hold or
     * owner): the caller must roll back (PostgreSQL has aborted the transaction).
     */
    async insertHolds(userId: string, checkoutId: string, cells: readonly Cell[], holdUntil: string): Promise<boolean> {
      const rows = [...cells]
        .sort((a, b) => (a.game_id < b.game_id ? -1 : a.game_id > b.game_id ? 1 : a.x - b.x || a.y - b.y))
        .map((c) => ({
          id: randomUUID(),
          game_id: c.game_id,
          x: c.x,
          y: c.y,
          user_id: userId,
          status: 'held' as const,
          checkout_id: checkoutId,
          hold_expires_at: holdUntil,
          claimed_at: null,
        }));
      try {
        await db.insertInto('squares').values(rows).execute();
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },

    /** Squares rows on these cells that are owned or held until after `now`. */
    takenSquares(cells: readonly Cell[], now: string): Promise<TakenSquare[]> {
      if (cells.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('squares')
        .select(['game_id', 'x', 'y', 'user_id', 'status'])
        .where(cellFilter(cells))
        .where((eb) => eb.or([eb('status', '=', 'claimed'), eb('hold_expires_at', '>', now)]))
        .orderBy('game_id')
        .orderBy('x')
        .orderBy('y')
        .execute();
    },

    /**
     * Takes over dead holds on these cells: past hold_expires_at (D21), or (a safety net: every
     * status change deletes them) left by a checkout that is no longer open.
     */
    async deleteDeadHolds(cells: readonly Cell[], now: string): Promise<number> {
      if (cells.length === 0) return 0;
      const result = await db
        .deleteFrom('squares')
        .where(cellFilter(cells))
        .where('status', '=', 'held')
        .where((eb) => eb.or([eb('hold_expires_at', '<=', now), eb.not(openCheckoutOf(eb))]))
        .executeTakeFirst();
      return count(result);
    },

    findCheckout(id: string): Promise<CheckoutRow | undefined> {
      return db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst() as Promise<CheckoutRow | undefined>;
    },

    findBySession(provider: string, sessionId: string): Promise<CheckoutRow | undefined> {
      return db
        .selectFrom('checkouts')
        .selectAll()
        .where('provider', '=', provider)
        .where('provider_session_id', '=', sessionId)
        .executeTakeFirst() as Promise<CheckoutRow | undefined>;
    },

    /** The buyer's name and address, for the refund mail. */
    buyerOf(userId: string) {
      return db
        .selectFrom('user')
        .select(['email', 'name', 'username', 'displayUsername'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    items(checkoutId: string): Promise<CheckoutItemRow[]> {
      return db.selectFrom('checkout_items').selectAll().where('checkout_id', '=', checkoutId).orderBy('game_id').orderBy('x').orderBy('y').execute();
    },

    openCheckoutsOf(userId: string): Promise<CheckoutRow[]> {
      return db.selectFrom('checkouts').selectAll().where('user_id', '=', userId).where('status', '=', 'open').execute() as Promise<CheckoutRow[]>;
    },

    /** Checkouts in these states that bought squares of the game. */
    checkoutsWithGame(gameId: string, statuses: readonly StoredCheckoutStatus[]): Promise<CheckoutRow[]> {
      return db
        .selectFrom('checkouts')
        .selectAll()
        .where('status', 'in', [...statuses])
        .where((eb) => eb.exists(eb.selectFrom('checkout_items').select('checkout_id').whereRef('checkout_items.checkout_id', '=', 'checkouts.id').where('checkout_items.game_id', '=', gameId)))
        .orderBy('id')
        .execute() as Promise<CheckoutRow[]>;
    },

    /** Open checkouts whose payment page has closed by `now` (the expiry sweep). */
    openExpiredBy(now: string): Promise<CheckoutRow[]> {
      return db.selectFrom('checkouts').selectAll().where('status', '=', 'open').where('expires_at', '<=', now).orderBy('expires_at').limit(500).execute() as Promise<CheckoutRow[]>;
    },

    refundsPending(): Promise<CheckoutRow[]> {
      return db.selectFrom('checkouts').selectAll().where('status', '=', 'refund_pending').orderBy('updated_at').limit(100).execute() as Promise<CheckoutRow[]>;
    },

    /**
     * The conditional write that decides a checkout's fate once: moves it only from one of
     * `from`. False when another call got there first.
     */
    async moveStatus(id: string, from: readonly StoredCheckoutStatus[], changes: Updateable<CheckoutsTable> & { status: StoredCheckoutStatus }): Promise<boolean> {
      const result = await db.updateTable('checkouts').set(changes).where('id', '=', id).where('status', 'in', [...from]).executeTakeFirst();
      return count(result) === 1;
    },

    async setSession(id: string, sessionId: string, updatedAt: string): Promise<void> {
      await db.updateTable('checkouts').set({ provider_session_id: sessionId, updated_at: updatedAt }).where('id', '=', id).execute();
    },

    /** Releases the checkout's holds; returns the games whose boards changed. */
    async deleteHolds(checkoutId: string): Promise<string[]> {
      const rows = await db.deleteFrom('squares').where('checkout_id', '=', checkoutId).where('status', '=', 'held').returning('game_id').execute();
      return [...new Set(rows.map((r) => r.game_id))];
    },

    /** Turns the checkout's held rows into owned squares, even past hold_expires_at: they are still its own. */
    async claimHolds(checkoutId: string, now: string): Promise<number> {
      const result = await db
        .updateTable('squares')
        .set({ status: 'claimed', claimed_at: now, hold_expires_at: null })
        .where('checkout_id', '=', checkoutId)
        .where('status', '=', 'held')
        .executeTakeFirst();
      return count(result);
    },

    /** Gives back a refunded checkout's owned squares (D13: its other games); returns how many per game. */
    async unclaim(checkoutId: string, gameId: string): Promise<number> {
      const result = await db.deleteFrom('squares').where('checkout_id', '=', checkoutId).where('game_id', '=', gameId).where('status', '=', 'claimed').executeTakeFirst();
      return count(result);
    },

    /** Adds sold squares to a game's counters (negative to take them back). */
    async addToGame(gameId: string, squares: number, cents: number, now: string): Promise<void> {
      await db
        .updateTable('games')
        .set((eb) => ({
          squares_claimed: eb('squares_claimed', '+', squares),
          total_pot_cents: eb('total_pot_cents', '+', cents),
          updated_at: now,
        }))
        .where('id', '=', gameId)
        .execute();
    },

    /** Holds left behind by a checkout that is no longer open (the sweep's safety net). */
    async deleteStaleHolds(now: string): Promise<string[]> {
      const rows = await db
        .deleteFrom('squares')
        .where('status', '=', 'held')
        .where('hold_expires_at', '<=', now)
        .where((eb) => eb.not(openCheckoutOf(eb)))
        .returning('game_id')
        .execute();
      return [...new Set(rows.map((r) => r.game_id))];
    },

    /** Records the provider's refund; a second record for the checkout is ignored. */
    async recordRefund(refund: { checkout_id: string; provider: string; provider_refund_id: string; amount_cents: number; reason: string; created_at: string }): Promise<void> {
      await db
        .insertInto('payment_refunds')
        .values({ id: randomUUID(), ...refund })
        .onConflict((oc) => oc.column('checkout_id').doNothing())
        .execute();
    },
  };
}

export type CheckoutQueries = ReturnType<typeof checkoutQueries>;

export function checkoutRepository(db: Executor, kind: DbKind) {
  return {
    ...checkoutQueries(db, kind),

    /**
     * Runs `work` in one transaction; on a PostgreSQL deadlock or serialization failure (or SQLite
     * busy past busy_timeout) the whole transaction runs again, so `work` must not act outside it.
     */
    async transaction<T>(work: (tx: CheckoutQueries) => Promise<T>): Promise<T> {
      return withTransactionRetry(() => db.transaction().execute((trx) => work(checkoutQueries(trx, kind))));
    },

    /** The same queries on another repository's transaction (a game being deleted, D13). */
    within(trx: Executor): CheckoutQueries {
      return checkoutQueries(trx, kind);
    },
  };
}

export type CheckoutRepository = ReturnType<typeof checkoutRepository>;

