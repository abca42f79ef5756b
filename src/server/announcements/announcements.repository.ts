import type { Executor } from '../db/executor';
import { person } from '../db/shared-queries';

/** D48: the author as every answer shows a person. */
const author = person();

export interface AnnouncementRow {
  id: string;
  body: string;
  created_at: string;
  author_username: string | null;
}

/** A player of a game to mail: an account holding claimed squares in it. */
export interface PlayerToMail {
  id: string;
  email: string;
  username: string | null;
}

/**
 * A game's announcements, newest first, with their author's name (D48). The board's read compiles
 * it once (squares.repository.ts); the service reads it on the lock's transaction.
 */
export function announcementsOf(db: Executor, gameId: string) {
  return (
    db
      .selectFrom('announcements')
      .leftJoin('user', 'user.id', 'announcements.author_user_id')
      .select(['announcements.id', 'announcements.body', 'announcements.created_at', author.name.as('author_username')])
      .where('announcements.game_id', '=', gameId)
      .orderBy('announcements.created_at', 'desc')
      // The id breaks ties so the order never changes.
      .orderBy('announcements.id', 'desc')
  );
}

/** D40 announcements (migration 024): written under the game's lock, on its transaction. */
export function announcementsRepository(db: Executor) {
  return {
    async count(gameId: string): Promise<number> {
      const row = await db
        .selectFrom('announcements')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async insert(row: { id: string; game_id: string; body: string; author_user_id: string; created_at: string; mailed_count: number }): Promise<void> {
      await db.insertInto('announcements').values(row).execute();
    },

    /** D48: an account's name as the board shows it (null: no username yet, or no such account). */
    async username(userId: string): Promise<string | null> {
      const row = await db.selectFrom('user').select(author.name.as('name')).where('user.id', '=', userId).executeTakeFirst();
      return row?.name ?? null;
    },

    async find(gameId: string, id: string): Promise<AnnouncementRow | undefined> {
      return announcementsOf(db, gameId).where('announcements.id', '=', id).executeTakeFirst();
    },

    /** True when the row was there (and is gone now). */
    async remove(gameId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('announcements').where('game_id', '=', gameId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** When the game's and the organizer's announcements were mailed since `since`, oldest first (migration 026's log). */
    async mailingsSince(gameId: string, organizerId: string, since: string): Promise<{ game: string[]; organizer: string[] }> {
      const times = (column: 'game_id' | 'organizer_user_id', id: string) =>
        db
          .selectFrom('announcement_mailings')
          .select('mailed_at')
          .where(column, '=', id)
          .where('mailed_at', '>', since)
          .orderBy('mailed_at')
          .execute()
          .then((rows) => rows.map((row) => row.mailed_at));
      return { game: await times('game_id', gameId), organizer: await times('organizer_user_id', organizerId) };
    },

    /** A mailed announcement, counted for the hour; rows older than `before` have no use left and go. */
    async recordMailing(row: { id: string; game_id: string; organizer_user_id: string; mailed_at: string }, before: string): Promise<void> {
      await db.deleteFrom('announcement_mailings').where('mailed_at', '<=', before).execute();
      await db.insertInto('announcement_mailings').values(row).execute();
    },

    /** The accounts holding claimed squares in the game, each once, by username. */
    playersToMail(gameId: string): Promise<PlayerToMail[]> {
      return db
        .selectFrom('user')
        .select(['user.id', 'user.email', author.name.as('username')])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('squares')
              .select('squares.id')
              .whereRef('squares.user_id', '=', 'user.id')
              .where('squares.game_id', '=', gameId)
              .where('squares.status', '=', 'claimed'),
          ),
        )
        .orderBy('user.id')
        .execute();
    },
  };
}
