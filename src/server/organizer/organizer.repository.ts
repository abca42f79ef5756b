import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import { activityRepository, type NewActivity } from '../activity/activity.repository';
import type { Executor } from '../db/executor';
import { addToGameCounters, ownedSquaresWithOwners, person, type CounterChange } from '../db/shared-queries';
import type { Database } from '../db/schema';

/** Which owned squares of a game a tool acts on (D28): some by position, one player's, or all. */
export type Selection = { squares: readonly { x: number; y: number }[] } | { userId: string } | { all: true };

function selected(gameId: string, selection: Selection) {
  return (eb: ExpressionBuilder<Database, 'squares'>) => {
    const conditions = [eb('squares.game_id', '=', gameId), eb('squares.status', '=', 'claimed')];
    if ('squares' in selection) conditions.push(eb.or(selection.squares.map(({ x, y }) => eb.and([eb('squares.x', '=', x), eb('squares.y', '=', y)]))));
    else if ('userId' in selection) conditions.push(eb('squares.user_id', '=', selection.userId));
    return eb.and(conditions);
  };
}

/** Not a card sale: assigned by the organizer, or reserved to pay the organizer (D28). */
function notCardSale(eb: ExpressionBuilder<Database, 'squares'>) {
  return eb.or([
    eb('squares.checkout_id', 'is', null),
    eb.exists(
      eb.selectFrom('checkouts').select('checkouts.id').whereRef('checkouts.id', '=', 'squares.checkout_id').where('checkouts.provider', '=', 'organizer'),
    ),
  ]);
}

/** An owned square as the tools change it. */
export interface OwnedSquare {
  id: string;
  user_id: string;
  x: number;
  y: number;
  is_paid: boolean;
}

const count = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) => Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);

/** An owned square with its owner, as the payment-tracking view lists it. */
export interface OwnedSquareRow {
  x: number;
  y: number;
  is_paid: boolean;
  user_id: string;
  username: string | null;
  no_account: boolean;
  email: string | null;
}

/** The queries of the organizer's payment tools; inside a game's lock (games.repository withLockedGame) for the writes. */
export function organizerRepository(db: Executor) {
  return {
    /**
     * Marks the selected owned squares paid or unpaid; the ones that changed. A square bought by
     * card is paid by its payment and never changes here.
     */
    async setPaid(gameId: string, selection: Selection, paid: boolean): Promise<OwnedSquare[]> {
      const rows = await db
        .selectFrom('squares')
        .select(['squares.id', 'squares.user_id', 'squares.x', 'squares.y', 'squares.is_paid'])
        .where(selected(gameId, selection))
        .where('squares.is_paid', '=', !paid)
        .where(notCardSale)
        .orderBy('squares.x')
        .orderBy('squares.y')
        .execute();
      if (rows.length > 0) {
        await db
          .updateTable('squares')
          .set({ is_paid: paid })
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
      }
      return rows;
    },

    /** The selected owned squares, unpaid ones only unless `includePaid` (D32's board tool), by position. */
    async releasable(gameId: string, selection: Selection, includePaid: boolean): Promise<OwnedSquare[]> {
      let query = db
        .selectFrom('squares')
        .select(['squares.id', 'squares.user_id', 'squares.x', 'squares.y', 'squares.is_paid'])
        .where(selected(gameId, selection));
      if (!includePaid) query = query.where('squares.is_paid', '=', false);
      return query.orderBy('squares.x').orderBy('squares.y').execute();
    },

    /** Deletes these squares (they become available). */
    async remove(ids: readonly string[]): Promise<void> {
      if (ids.length > 0)
        await db
          .deleteFrom('squares')
          .where('id', 'in', [...ids])
          .execute();
    },

    /** The owned square on a cell, if any. */
    ownedAt(gameId: string, x: number, y: number): Promise<OwnedSquare | undefined> {
      return db
        .selectFrom('squares')
        .select(['id', 'user_id', 'x', 'y', 'is_paid'])
        .where('game_id', '=', gameId)
        .where('x', '=', x)
        .where('y', '=', y)
        .where('status', '=', 'claimed')
        .executeTakeFirst();
    },

    /** D32: a square moved to a free cell (the caller checked it is free, under the game's lock). */
    async moveSquare(id: string, to: { x: number; y: number }): Promise<void> {
      await db.updateTable('squares').set({ x: to.x, y: to.y }).where('id', '=', id).execute();
    },

    /** D32: squares put on a person by the organizer: owned, no checkout, paid or not. */
    async insertAssigned(gameId: string, userId: string, cells: readonly { x: number; y: number }[], paid: boolean, now: string): Promise<void> {
      const rows = [...cells]
        .sort((a, b) => a.x - b.x || a.y - b.y)
        .map(({ x, y }) => ({
          id: randomUUID(),
          game_id: gameId,
          x,
          y,
          user_id: userId,
          status: 'claimed' as const,
          checkout_id: null,
          hold_expires_at: null,
          claimed_at: now,
          is_paid: paid,
        }));
      await db.insertInto('squares').values(rows).execute();
    },

    /** D32: entries in the game's activity log, in this transaction. */
    logActivity: (gameId: string, entries: readonly NewActivity[], now: string) => activityRepository(db).record(gameId, entries, now),

    /** Adds to a game's counters (negative to take away). */
    addToGame: (gameId: string, change: CounterChange, now: string) => addToGameCounters(db, gameId, change, now),

    /** Every owned square of a game with its owner's names, by owner then position. */
    async ownedSquares(gameId: string): Promise<OwnedSquareRow[]> {
      return ownedSquaresWithOwners(db, gameId).orderBy('squares.user_id').orderBy('squares.x').orderBy('squares.y').execute();
    },

    /** The buyers to tell, by id. */
    async people(ids: readonly string[]): Promise<{ id: string; email: string; name: string | null }[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('user')
        .select(['id', 'email', person().name.as('name')])
        .where('id', 'in', [...ids])
        .execute();
    },

    /** D28: organizer-collects games whose pay-by time has passed and not yet run, oldest first. */
    async overduePayBy(now: string): Promise<{ id: string; pay_by: string }[]> {
      const rows = await db
        .selectFrom('games')
        .select(['id', 'pay_by'])
        .where('payment_method', '=', 'organizer')
        .where('pay_by', 'is not', null)
        .where('pay_by', '<=', now)
        .where('pay_by_released_at', 'is', null)
        .orderBy('pay_by')
        .execute();
      return rows.flatMap((row) => (row.pay_by === null ? [] : [{ id: row.id, pay_by: row.pay_by }]));
    },

    /** Marks a game's pay-by run done, if no one did yet (the run happens once across instances). */
    async claimPayByRun(gameId: string, payBy: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('games')
        .set({ pay_by_released_at: now })
        .where('id', '=', gameId)
        .where('pay_by', '=', payBy)
        .where('pay_by_released_at', 'is', null)
        .executeTakeFirst();
      return count(result) === 1;
    },
  };
}

export type OrganizerRepository = ReturnType<typeof organizerRepository>;
