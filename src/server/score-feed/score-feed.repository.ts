import type { Updateable } from 'kysely';
import type { Executor } from '../db/executor';
import type { GamesTable } from '../db/schema';

type FeedChanges = Pick<
  Updateable<GamesTable>,
  | 'feed_league'
  | 'feed_event_id'
  | 'feed_event_day'
  | 'feed_auto_confirm'
  | 'feed_team_a_home'
  | 'feed_live'
  | 'feed_entries'
  | 'feed_next_poll_at'
  | 'feed_failures'
  | 'feed_error'
  | 'feed_note'
>;

/** Everything the feed keeps of a game cleared: the game follows no real game. */
export const UNLINKED: FeedChanges = {
  feed_league: null,
  feed_event_id: null,
  feed_event_day: null,
  feed_auto_confirm: false,
  feed_team_a_home: false,
  feed_live: null,
  feed_entries: null,
  feed_next_poll_at: null,
  feed_failures: 0,
  feed_error: null,
  feed_note: null,
};

/** D39's score feed columns of a game (migration 022) and the poller's claims on them. */
export function scoreFeedRepository(db: Executor) {
  return {
    /** What a poll reads of its game once claimed: the link, the failures so far, the live score and the kickoff. */
    pollState(gameId: string) {
      return db
        .selectFrom('games')
        .select(['feed_league', 'feed_event_id', 'feed_event_day', 'feed_failures', 'feed_live', 'kickoff_at'])
        .where('id', '=', gameId)
        .executeTakeFirst();
    },

    /** Linked games due for a poll (index games_feed_poll_idx). */
    due(now: string): Promise<{ id: string; feed_next_poll_at: string | null }[]> {
      return db
        .selectFrom('games')
        .select(['id', 'feed_next_poll_at'])
        .where('feed_next_poll_at', 'is not', null)
        .where('feed_next_poll_at', '<=', now)
        .where('feed_event_id', 'is not', null)
        .orderBy('feed_next_poll_at')
        .execute();
    },

    /**
     * Claims one poll of the game: its next poll time moved from the value read to the end of a
     * lease, by one conditional update. Exactly one instance wins it; a poll a crash interrupted
     * is taken up again once the lease ends.
     */
    async claim(gameId: string, dueAt: string, leaseEnd: string): Promise<boolean> {
      const result = await db
        .updateTable('games')
        .set({ feed_next_poll_at: leaseEnd })
        .where('id', '=', gameId)
        .where('feed_next_poll_at', '=', dueAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async set(gameId: string, changes: FeedChanges): Promise<void> {
      await db.updateTable('games').set(changes).where('id', '=', gameId).execute();
    },

    /** Auto-confirm confirmed every entered period: no note; and no more polls once the feed said final. */
    async confirmed(gameId: string, eventId: string, finished: boolean): Promise<void> {
      await db
        .updateTable('games')
        .set({ feed_note: null, ...(finished ? { feed_next_poll_at: null } : {}) })
        .where('id', '=', gameId)
        .where('feed_event_id', '=', eventId)
        .execute();
    },

    /** A failed poll: counted, its cause kept, the next one later (the event still the one polled). */
    async failed(gameId: string, eventId: string, failures: number, error: string, nextAt: string): Promise<void> {
      await db
        .updateTable('games')
        .set({ feed_failures: failures, feed_error: error, feed_next_poll_at: nextAt })
        .where('id', '=', gameId)
        .where('feed_event_id', '=', eventId)
        .execute();
    },
  };
}
