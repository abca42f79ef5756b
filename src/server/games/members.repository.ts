import type { Executor } from '../db/executor';
import { person } from '../db/shared-queries';

/** A member of a game as the organizer's list shows it (D46). */
export interface MemberRow {
  user_id: string;
  name: string | null;
  email: string;
  joined_at: string;
  /** True when the member owns a square of the game: removing them does not take their access away. */
  owns_squares: boolean;
}

/** What a sign-in link's ticket says (migration 011). */
export interface TicketRow {
  email: string;
  game_id: string | null;
  invite_hash: string | null;
}

/**
 * D46: members of invite-only games and the tickets of sign-in links (docs/decisions/019). A
 * membership row with `removed_at` is a removal the organizer made: it gives no access, and a
 * join does not undo it (only a new link does: `clearRemovals`).
 */
export function membersRepository(db: Executor) {
  return {
    /** 'member', 'removed' (the organizer removed the account) or null (never joined). */
    async membership(gameId: string, userId: string): Promise<'member' | 'removed' | null> {
      const row = await db.selectFrom('game_members').select('removed_at').where('game_id', '=', gameId).where('user_id', '=', userId).executeTakeFirst();
      return row === undefined ? null : row.removed_at === null ? 'member' : 'removed';
    },

    /** What a ticket needs of a game: its visibility and current invite token. */
    async gameInvite(gameId: string): Promise<{ visibility: 'public' | 'invite'; invite_token: string | null } | undefined> {
      return db.selectFrom('games').select(['visibility', 'invite_token']).where('id', '=', gameId).executeTakeFirst();
    },

    /** Makes the account a member; a member stays one, a removed account stays removed. */
    async join(gameId: string, userId: string, now: string): Promise<void> {
      await db
        .insertInto('game_members')
        .values({ game_id: gameId, user_id: userId, joined_at: now, removed_at: null })
        .onConflict((oc) => oc.columns(['game_id', 'user_id']).doNothing())
        .execute();
    },

    /** Removes a member; false when the account was not a member. */
    async remove(gameId: string, userId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('game_members')
        .set({ removed_at: now })
        .where('game_id', '=', gameId)
        .where('user_id', '=', userId)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A new invite link starts afresh: whoever the organizer gives it to may join again. */
    async clearRemovals(gameId: string): Promise<void> {
      await db.deleteFrom('game_members').where('game_id', '=', gameId).where('removed_at', 'is not', null).execute();
    },

    /** The game's members, first joined first. */
    async list(gameId: string): Promise<MemberRow[]> {
      const rows = await db
        .selectFrom('game_members')
        .innerJoin('user', 'user.id', 'game_members.user_id')
        .select((eb) => [
          'game_members.user_id',
          person().name.as('name'),
          'user.email',
          'game_members.joined_at',
          eb
            .exists(
              eb
                .selectFrom('squares')
                .select('squares.id')
                .whereRef('squares.game_id', '=', 'game_members.game_id')
                .whereRef('squares.user_id', '=', 'game_members.user_id')
                .where('squares.status', '=', 'claimed'),
            )
            .as('owns_squares'),
        ])
        .where('game_members.game_id', '=', gameId)
        .where('game_members.removed_at', 'is', null)
        .orderBy('game_members.joined_at')
        .orderBy('game_members.user_id')
        .execute();
      // EXISTS is a boolean on PostgreSQL and 0/1 on SQLite.
      return rows.map((row) => ({ ...row, owns_squares: row.owns_squares === true || (row.owns_squares as unknown) === 1 }));
    },

    async insertTicket(row: TicketRow & { id: string; created_at: string; expires_at: string }): Promise<void> {
      await db.insertInto('sign_in_tickets').values(row).execute();
    },

    /** The ticket with this hash, if it has not expired. */
    async findTicket(id: string, now: string): Promise<TicketRow | undefined> {
      return db.selectFrom('sign_in_tickets').select(['email', 'game_id', 'invite_hash']).where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
    },

    async deleteExpiredTickets(now: string): Promise<void> {
      await db.deleteFrom('sign_in_tickets').where('expires_at', '<=', now).execute();
    },
  };
}

export type MembersRepository = ReturnType<typeof membersRepository>;
