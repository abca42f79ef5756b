import type { PaymentMethod } from '@core/payment-methods';
import type { Executor } from '../db/executor';
import { person } from '../db/shared-queries';

/** Someone who owned squares in a game as it is deleted: how many, what they had paid, where to tell them. */
export interface DeletedGameOwner {
  user_id: string;
  name: string | null;
  /** A real address (an account's, or the one the organizer typed for a named person), or null. */
  email: string | null;
  squares: number;
  paid_cents: number;
}

/** What an owner of a deleted game is shown (issue 23). */
export interface CancelledGame {
  id: string;
  title: string;
  team_a: string;
  team_b: string;
  payment_method: PaymentMethod;
  deleted_at: string;
  squares: number;
  paid_cents: number;
}

/** The record of deleted games (migration 012, docs/decisions/020). */
export function deletedGamesRepository(db: Executor) {
  return {
    /** The owners of a game's sold squares, with their counts and paid sums at `priceCents`. */
    async owners(gameId: string, priceCents: number): Promise<DeletedGameOwner[]> {
      const rows = await db
        .selectFrom('squares')
        .innerJoin('user', 'user.id', 'squares.user_id')
        .select(['squares.user_id', 'squares.is_paid'])
        .select(person().name.as('name'))
        .select(person().email.as('email'))
        .where('squares.game_id', '=', gameId)
        .where('squares.status', '=', 'claimed')
        .execute();
      const byOwner = new Map<string, DeletedGameOwner>();
      for (const row of rows) {
        const owner = byOwner.get(row.user_id) ?? { user_id: row.user_id, name: row.name, email: row.email, squares: 0, paid_cents: 0 };
        owner.squares += 1;
        if (row.is_paid) owner.paid_cents += priceCents;
        byOwner.set(row.user_id, owner);
      }
      return [...byOwner.values()];
    },

    async record(
      game: { id: string; title: string; team_a: string; team_b: string; payment_method: PaymentMethod },
      owners: readonly DeletedGameOwner[],
      deletedBy: string | null,
      now: string,
    ): Promise<void> {
      await db
        .insertInto('deleted_games')
        .values({
          id: game.id,
          title: game.title,
          team_a: game.team_a,
          team_b: game.team_b,
          payment_method: game.payment_method,
          deleted_at: now,
          deleted_by: deletedBy,
        })
        .execute();
      if (owners.length === 0) return;
      await db
        .insertInto('deleted_game_owners')
        .values(owners.map((owner) => ({ game_id: game.id, user_id: owner.user_id, squares: owner.squares, paid_cents: owner.paid_cents })))
        .execute();
    },

    /** The deleted game as `userId` owned squares in it, or undefined (never deleted, or not theirs). */
    async cancelledFor(gameId: string, userId: string): Promise<CancelledGame | undefined> {
      return db
        .selectFrom('deleted_games')
        .innerJoin('deleted_game_owners', 'deleted_game_owners.game_id', 'deleted_games.id')
        .select([
          'deleted_games.id',
          'deleted_games.title',
          'deleted_games.team_a',
          'deleted_games.team_b',
          'deleted_games.payment_method',
          'deleted_games.deleted_at',
          'deleted_game_owners.squares',
          'deleted_game_owners.paid_cents',
        ])
        .where('deleted_games.id', '=', gameId)
        .where('deleted_game_owners.user_id', '=', userId)
        .executeTakeFirst();
    },
  };
}

export type DeletedGamesRepository = ReturnType<typeof deletedGamesRepository>;
