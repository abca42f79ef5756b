import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Selectable, type Updateable } from 'kysely';
import type { DbKind } from '../db/connection';
import { activityRepository, type NewActivity } from '../activity/activity.repository';
import type { Executor } from '../db/executor';
import { addToGameCounters, claimedOrLiveHold, person, type CounterChange } from '../db/shared-queries';
import type { CheckoutItemsTable, CheckoutsTable, Database, PaymentRefundsTable } from '../db/schema';

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
export type RefundRow = Selectable<PaymentRefundsTable>;

/**
 * An open checkout as the sweep sees it: `sales_closed` when a game of it is gone, drawn or
 * completed; `holds_lost` when it holds fewer squares than it bought (a newer checkout of the
 * buyer took them), so it can claim nothing any more.
 */
export type OpenCheckoutRow = CheckoutRow & { sales_closed: boolean; holds_lost: boolean };

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
  /** D28: who collects the money. */
  payment_method: 'card' | 'organizer';
  payment_instructions: string | null;
  pay_by: string | null;
  /** D49: the game's zone, in which its times are shown (null for a game made before zones). */
  time_zone: string | null;
  /** D31: how many squares one player may hold; null for no cap. */
  max_squares_per_player: number | null;
  /** D36: the board's shape (shapeOfGame). */
  board_rows: number;
  board_columns: number;
  /** D38: set 1 is ticketed and waits for its digits (a beacon draw): sales are closed, "being drawn". */
  numbers_drawing: boolean;
  /** D39: sales close at kickoff (as soon as it passes, whether or not the kickoff run has run yet). */
  kickoff_at: string | null;
  sales_closed_at: string | null;
}

export interface TakenSquare extends Cell {
  user_id: string;
  status: 'held' | 'claimed';
}

/** An opaque transaction another repository holds (the game lock of a delete, D13). */

const PG_UNIQUE_VIOLATION = '23505';
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; errcode?: unknown; message?: unknown };
  return e?.code === PG_UNIQUE_VIOLATION || e?.errcode === 2067 || (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'));
}

const count = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) => Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);

/**
 * Issue 10: no request may build a query whose size grows with the cart without bound. A cell
 * filter has one branch per game (`game_id = ? AND x * 10 + y IN (...)`: the IN list is one node,
 * however long), and a query takes at most this many games, far below SQLite's expression depth
 * limit of 1,000; larger carts run several queries.
 */
const GAMES_PER_QUERY = 50;
/** Rows per INSERT: 9 columns x 500 rows stays far below either database's limit on bound values. */
const ROWS_PER_INSERT = 500;

/**
 * A cell's number in a filter: x * 10 + y, one number per square of any board (D36: no board has
 * more than 10 columns).
 */
const CELL_ROW_STRIDE = 10;

/** The cells grouped by game (each as x * CELL_ROW_STRIDE + y), in groups of at most GAMES_PER_QUERY games. */
function cellGroups(cells: readonly Cell[]): [string, number[]][][] {
  const byGame = new Map<string, number[]>();
  for (const c of cells) byGame.set(c.game_id, [...(byGame.get(c.game_id) ?? []), c.x * CELL_ROW_STRIDE + c.y]);
  return chunks([...byGame], GAMES_PER_QUERY);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Matches any of one group's cells (game_id first, so PostgreSQL reads the unique key's index). */
function cellFilter(group: readonly [string, number[]][]) {
  return (eb: ExpressionBuilder<Database, 'squares'>) =>
    eb.or(
      group.map(([gameId, cells]) =>
        eb.and([
          eb('squares.game_id', '=', gameId),
          eb(sql<number>`${sql.ref('squares.x')} * ${sql.lit(CELL_ROW_STRIDE)} + ${sql.ref('squares.y')}`, 'in', cells),
        ]),
      ),
    );
}

/** The squares row's checkout is still open. */
function openCheckoutOf(eb: ExpressionBuilder<Database, 'squares'>) {
  return eb.exists(
    eb.selectFrom('checkouts').select('checkouts.id').whereRef('checkouts.id', '=', 'squares.checkout_id').where('checkouts.status', '=', 'open'),
  );
}

/** Checkouts, their items and the squares they hold: on the database, or on a transaction (a checkout's own, or a game lock's). */
export function checkoutRepository(db: Executor, kind: DbKind) {
  /** One row per cell, in (game, x, y) order so two writers waiting on each other's cells cannot deadlock; false when a cell already has a row. */
  async function insertSquares(
    userId: string,
    checkoutId: string,
    cells: readonly Cell[],
    state: { status: 'held' | 'claimed'; hold_expires_at: string | null; claimed_at: string | null; is_paid?: boolean },
  ): Promise<boolean> {
    const rows = [...cells]
      .sort((a, b) => (a.game_id < b.game_id ? -1 : a.game_id > b.game_id ? 1 : a.x - b.x || a.y - b.y))
      .map((c) => ({ id: randomUUID(), game_id: c.game_id, x: c.x, y: c.y, user_id: userId, checkout_id: checkoutId, ...state }));
    try {
      for (const part of chunks(rows, ROWS_PER_INSERT)) await db.insertInto('squares').values(part).execute();
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  return {
    /** D32: entries in the games' activity log, in this transaction. */
    logActivity: (gameId: string, entries: readonly NewActivity[], now: string) => activityRepository(db).record(gameId, entries, now),

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
        .select([
          'id',
          'title',
          'price_per_square_cents',
          'is_active',
          'grid_shuffled',
          'payment_method',
          'payment_instructions',
          'pay_by',
          'time_zone',
          'max_squares_per_player',
          'board_rows',
          'board_columns',
          'kickoff_at',
          'sales_closed_at',
          (eb) =>
            eb
              .exists(
                eb
                  .selectFrom('digit_sets')
                  .select('digit_sets.set_number')
                  .whereRef('digit_sets.game_id', '=', 'games.id')
                  .where('digit_sets.set_number', '=', 1)
                  .where('digit_sets.drawn_at', 'is', null),
              )
              .as('numbers_drawing'),
        ])
        .where('id', 'in', [...ids])
        .orderBy('id');
      const locked = kind === 'postgres' ? (mode === 'share' ? query.forShare() : query.forUpdate()) : query;
      const rows = await locked.execute();
      // SQLite answers EXISTS with 0 or 1.
      return new Map(rows.map((row) => [row.id, { ...row, numbers_drawing: Boolean(row.numbers_drawing) }]));
    },

    /** D28: how each game's money is collected, for the games that exist. */
    async paymentMethods(ids: readonly string[]): Promise<Map<string, 'card' | 'organizer'>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('games')
        .select(['id', 'payment_method'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, row.payment_method]));
    },

    async insertCheckout(
      checkout: Omit<CheckoutRow, 'provider_session_id' | 'provider_payment_id' | 'paid_at' | 'fulfilled_at' | 'refunded_at' | 'refund_reason'> &
        Partial<Pick<CheckoutRow, 'fulfilled_at'>>,
      items: readonly CheckoutItemRow[],
    ): Promise<void> {
      await db.insertInto('checkouts').values(checkout).execute();
      for (const part of chunks(items, ROWS_PER_INSERT)) await db.insertInto('checkout_items').values(part).execute();
    },

    /**
     * Inserts one held row per cell, in (game, x, y) order so two checkouts waiting on each
     * other's cells cannot deadlock. False when a cell already has a row (someone else's hold or
     * owner): the caller must roll back (PostgreSQL has aborted the transaction).
     */
    async insertHolds(userId: string, checkoutId: string, cells: readonly Cell[], holdUntil: string): Promise<boolean> {
      return insertSquares(userId, checkoutId, cells, { status: 'held', hold_expires_at: holdUntil, claimed_at: null });
    },

    /** D28: the buyer's own unpaid squares of a reservation, inserted as insertHolds inserts holds (false: a cell was taken). */
    async insertUnpaidClaims(userId: string, checkoutId: string, cells: readonly Cell[], now: string): Promise<boolean> {
      return insertSquares(userId, checkoutId, cells, { status: 'claimed', hold_expires_at: null, claimed_at: now, is_paid: false });
    },

    /** Squares rows on these cells that are owned or held until after `now`, in (game, x, y) order. */
    async takenSquares(cells: readonly Cell[], now: string): Promise<TakenSquare[]> {
      const taken: TakenSquare[] = [];
      for (const group of cellGroups(cells)) {
        taken.push(
          ...(await db
            .selectFrom('squares')
            .select(['game_id', 'x', 'y', 'user_id', 'status'])
            .where(cellFilter(group))
            .where((eb) => claimedOrLiveHold(eb, now))
            .execute()),
        );
      }
      return taken.sort((a, b) => (a.game_id < b.game_id ? -1 : a.game_id > b.game_id ? 1 : a.x - b.x || a.y - b.y));
    },

    /**
     * Takes over dead holds on these cells: past hold_expires_at (D21), or (a safety net: every
     * status change deletes them) left by a checkout that is no longer open.
     */
    async deleteDeadHolds(cells: readonly Cell[], now: string): Promise<number> {
      let deleted = 0;
      for (const group of cellGroups(cells)) {
        const result = await db
          .deleteFrom('squares')
          .where(cellFilter(group))
          .where('status', '=', 'held')
          .where((eb) => eb.or([eb('hold_expires_at', '<=', now), eb.not(openCheckoutOf(eb))]))
          .executeTakeFirst();
        deleted += count(result);
      }
      return deleted;
    },

    /** D31: how many squares the buyer owns, or holds in a live hold of an open checkout, in each of these games. */
    async squaresPerGame(userId: string, gameIds: readonly string[], now: string): Promise<Map<string, number>> {
      if (gameIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('squares')
        .select((eb) => ['game_id', eb.fn.countAll<number | string>().as('n')])
        .where('user_id', '=', userId)
        .where('game_id', 'in', [...gameIds])
        .where((eb) => eb.or([eb('status', '=', 'claimed'), eb.and([eb('hold_expires_at', '>', now), openCheckoutOf(eb)])]))
        .groupBy('game_id')
        .execute();
      return new Map(rows.map((row) => [row.game_id, Number(row.n)]));
    },

    /** How many squares the buyer holds now in open checkouts (issue 10: one account's limit). */
    async liveHoldCount(userId: string, now: string): Promise<number> {
      const row = await db
        .selectFrom('squares')
        .select((eb) => eb.fn.countAll<number | string>().as('held'))
        .where('user_id', '=', userId)
        .where('status', '=', 'held')
        .where('hold_expires_at', '>', now)
        .where((eb) => openCheckoutOf(eb))
        .executeTakeFirstOrThrow();
      return Number(row.held);
    },

    findCheckout(id: string): Promise<CheckoutRow | undefined> {
      return db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst() as Promise<CheckoutRow | undefined>;
    },

    findBySession(provider: string, sessionId: string): Promise<CheckoutRow | undefined> {
      return db.selectFrom('checkouts').selectAll().where('provider', '=', provider).where('provider_session_id', '=', sessionId).executeTakeFirst() as Promise<
        CheckoutRow | undefined
      >;
    },

    /** The buyer's name and address, for the refund mail. */
    buyerOf(userId: string) {
      return db
        .selectFrom('user')
        .select(['email', person().name.as('name')])
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
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('checkout_items')
              .select('checkout_id')
              .whereRef('checkout_items.checkout_id', '=', 'checkouts.id')
              .where('checkout_items.game_id', '=', gameId),
          ),
        )
        .orderBy('id')
        .execute() as Promise<CheckoutRow[]>;
    },

    /**
     * Open checkouts for the sweep, the oldest expiry first, each with `sales_closed`: a game of it
     * is gone, drawn or completed (a draw or delete whose follow-up work a crash cut off).
     */
    async openCheckouts(limit = 500): Promise<OpenCheckoutRow[]> {
      const rows = await db
        .selectFrom('checkouts')
        .selectAll('checkouts')
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('checkout_items')
                .leftJoin('games', 'games.id', 'checkout_items.game_id')
                .select('checkout_items.checkout_id')
                .whereRef('checkout_items.checkout_id', '=', 'checkouts.id')
                .where((e) =>
                  e.or([
                    e('games.id', 'is', null),
                    e('games.grid_shuffled', '=', true),
                    e('games.is_active', '=', false),
                    e('games.sales_closed_at', 'is not', null),
                  ]),
                ),
            )
            .as('sales_closed'),
        )
        .select((eb) =>
          eb(
            eb.selectFrom('squares').select(eb.fn.countAll().as('n')).whereRef('squares.checkout_id', '=', 'checkouts.id').where('squares.status', '=', 'held'),
            '<',
            eb.selectFrom('checkout_items').select(eb.fn.countAll().as('n')).whereRef('checkout_items.checkout_id', '=', 'checkouts.id'),
          ).as('holds_lost'),
        )
        .where('checkouts.status', '=', 'open')
        .orderBy('checkouts.expires_at')
        .limit(limit)
        .execute();
      // A condition is a boolean on PostgreSQL and 0/1 on SQLite.
      const yes = (value: unknown) => value === true || value === 1;
      return rows.map((row) => ({ ...(row as CheckoutRow), sales_closed: yes(row.sales_closed), holds_lost: yes(row.holds_lost) }));
    },

    refundsPending(): Promise<CheckoutRow[]> {
      return db.selectFrom('checkouts').selectAll().where('status', '=', 'refund_pending').orderBy('updated_at').limit(100).execute() as Promise<CheckoutRow[]>;
    },

    /**
     * The conditional write that decides a checkout's fate once: moves it only from one of
     * `from`. False when another call got there first.
     */
    async moveStatus(
      id: string,
      from: readonly StoredCheckoutStatus[],
      changes: Updateable<CheckoutsTable> & { status: StoredCheckoutStatus },
      options: { withoutSession?: boolean } = {},
    ): Promise<boolean> {
      let update = db
        .updateTable('checkouts')
        .set(changes)
        .where('id', '=', id)
        .where('status', 'in', [...from]);
      // Only while no payment page was recorded for it (see the checkout service's `end`).
      if (options.withoutSession) update = update.where('provider_session_id', 'is', null);
      return count(await update.executeTakeFirst()) === 1;
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

    /** Adds sold squares to a game's counters (negative to take them back). */
    addToGame(gameId: string, change: CounterChange, now: string): Promise<void> {
      return addToGameCounters(db, gameId, change, now);
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

    /** Records a whole checkout's refund once the provider made it; a second record of the same key is ignored. */
    async recordRefund(refund: Omit<RefundRow, 'id' | 'game_id' | 'status' | 'refunded_at'>): Promise<void> {
      await db
        .insertInto('payment_refunds')
        .values({ id: randomUUID(), ...refund, game_id: null, status: 'refunded', refunded_at: refund.created_at })
        .onConflict((oc) => oc.column('refund_key').doNothing())
        .execute();
    },

    /**
     * Decides the refund of one deleted game's part of a checkout (D13, issue 10): recorded
     * `pending` until the provider made it. Once per key; null when it was decided before.
     */
    async decidePartRefund(refund: Omit<RefundRow, 'id' | 'status' | 'provider_refund_id' | 'refunded_at'> & { game_id: string }): Promise<string | null> {
      const inserted = await db
        .insertInto('payment_refunds')
        .values({ id: randomUUID(), ...refund, status: 'pending', provider_refund_id: null, refunded_at: null })
        .onConflict((oc) => oc.column('refund_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id ?? null;
    },

    findRefund(id: string): Promise<RefundRow | undefined> {
      return db.selectFrom('payment_refunds').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** D32: the card sales among these squares (checkouts of another provider than the organizer's), with the checkout. */
    async cardSales(squareIds: readonly string[]): Promise<{ square_id: string; checkout_id: string; status: string }[]> {
      if (squareIds.length === 0) return [];
      return db
        .selectFrom('squares')
        .innerJoin('checkouts', 'checkouts.id', 'squares.checkout_id')
        .select(['squares.id as square_id', 'checkouts.id as checkout_id', 'checkouts.status'])
        .where('squares.id', 'in', [...squareIds])
        .where('checkouts.provider', '!=', 'organizer')
        .execute();
    },

    /** What was refunded of a checkout in parts so far (released squares, deleted games), decided or done. */
    async partRefundedCents(checkoutId: string, gameId: string): Promise<number> {
      const row = await db
        .selectFrom('payment_refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
        .where('checkout_id', '=', checkoutId)
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      return Number(row?.cents ?? 0);
    },

    /** Part refunds the provider has not made yet (the sweep asks again). */
    pendingPartRefunds(): Promise<RefundRow[]> {
      return db.selectFrom('payment_refunds').selectAll().where('status', '=', 'pending').orderBy('created_at').limit(100).execute();
    },

    /** The provider made a decided part refund; false when another call recorded it first. */
    async markRefunded(id: string, providerRefundId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('payment_refunds')
        .set({ status: 'refunded', provider_refund_id: providerRefundId, refunded_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return count(result) === 1;
    },
  };
}

export type CheckoutRepository = ReturnType<typeof checkoutRepository>;
