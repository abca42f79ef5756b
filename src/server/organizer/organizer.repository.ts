import type { ExpressionBuilder } from 'kysely';
import type { Executor } from '../db/executor';
import { addToGameCounters } from '../db/shared-queries';
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

const count = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) => Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);

/** An owned square with its owner, as the payment-tracking view lists it. */
export interface OwnedSquareRow {
  x: number;
  y: number;
  is_paid: boolean;
  user_id: string;
  username: string | null;
  email: string | null;
}

/** The queries of the organizer's payment tools; inside a game's lock (games.repository withLockedGame) for the writes. */
export function organizerRepository(db: Executor) {
  return {
    /** Marks the selected owned squares paid or unpaid; how many changed. */
    async setPaid(gameId: string, selection: Selection, paid: boolean): Promise<number> {
      const result = await db
        .updateTable('squares')
        .set({ is_paid: paid })
        .where(selected(gameId, selection))
        .where('squares.is_paid', '=', !paid)
        .executeTakeFirst();
      return count(result);
    },

    /** Deletes the selected unpaid squares (they become available); whose they were. */
    async releaseUnpaid(gameId: string, selection: Selection): Promise<{ user_id: string; x: number; y: number }[]> {
      const rows = await db
        .selectFrom('squares')
        .select(['squares.id', 'squares.user_id', 'squares.x', 'squares.y'])
        .where(selected(gameId, selection))
        .where('squares.is_paid', '=', false)
        .execute();
      if (rows.length === 0) return [];
      await db
        .deleteFrom('squares')
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .where('is_paid', '=', false)
        .execute();
      return rows.map(({ user_id, x, y }) => ({ user_id, x, y }));
    },

    /** Adds to a game's counters (negative to take away). */
    addToGame: (gameId: string, squares: number, cents: number, now: string) => addToGameCounters(db, gameId, squares, cents, now),

    /** Every owned square of a game with its owner's names, by owner then position. */
    async ownedSquares(gameId: string): Promise<OwnedSquareRow[]> {
      return db
        .selectFrom('squares')
        .leftJoin('user', 'user.id', 'squares.user_id')
        .select(['squares.x', 'squares.y', 'squares.is_paid', 'squares.user_id', 'user.username', 'user.email'])
        .where('squares.game_id', '=', gameId)
        .where('squares.status', '=', 'claimed')
        .orderBy('squares.user_id')
        .orderBy('squares.x')
        .orderBy('squares.y')
        .execute();
    },

    /** The buyers to tell, by id. */
    async people(ids: readonly string[]): Promise<{ id: string; email: string; username: string | null; name: string }[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('user')
        .select(['id', 'email', 'username', 'name'])
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
