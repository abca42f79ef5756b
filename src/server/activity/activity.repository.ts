import { randomUUID } from 'node:crypto';
import type { ActivityAction, ActivityDetail } from '@core/activity';
import type { Coordinate } from '@core/grid';
import type { Executor } from '../db/executor';
import { person } from '../db/shared-queries';

/** One thing that happened to a game's squares (D32), written in the transaction that did it. */
export interface NewActivity {
  readonly action: ActivityAction;
  readonly actorUserId: string | null;
  readonly subjectUserId: string | null;
  readonly squares: readonly Coordinate[];
  readonly detail?: ActivityDetail;
}

export interface ActivityRow {
  id: string;
  created_at: string;
  action: ActivityAction;
  actor_user_id: string | null;
  subject_user_id: string | null;
  actor_name: string | null;
  actor_no_account: boolean;
  subject_name: string | null;
  subject_no_account: boolean;
  squares: string;
  detail: string | null;
}

/** D48: the two joined accounts as every answer shows them. */
const actor = person('actor');
const subject = person('subject');

/** A game's log (D32): written inside the transaction of what it records, read on the database. */
export function activityRepository(db: Executor) {
  return {
    /**
     * Writes entries to a game's log inside the caller's transaction (so an entry exists exactly when
     * what it says happened); their order within one call is kept by `seq`.
     */
    async record(gameId: string, entries: readonly NewActivity[], now: string): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insertInto('game_activity')
        .values(
          entries.map((entry, seq) => ({
            id: randomUUID(),
            game_id: gameId,
            created_at: now,
            seq,
            action: entry.action,
            actor_user_id: entry.actorUserId,
            subject_user_id: entry.subjectUserId,
            squares: JSON.stringify(entry.squares.map(({ x, y }) => [x, y])),
            detail: entry.detail && Object.keys(entry.detail).length > 0 ? JSON.stringify(entry.detail) : null,
          })),
        )
        .execute();
    },

    /** A game's log, newest first: everything (admins) or only the entries about one player's squares. */
    list(gameId: string, options: { subjectUserId?: string; limit: number; before?: string }): Promise<ActivityRow[]> {
      let query = db
        .selectFrom('game_activity')
        .leftJoin('user as actor', 'actor.id', 'game_activity.actor_user_id')
        .leftJoin('user as subject', 'subject.id', 'game_activity.subject_user_id')
        .select([
          'game_activity.id',
          'game_activity.created_at',
          'game_activity.action',
          'game_activity.actor_user_id',
          'game_activity.subject_user_id',
          'game_activity.squares',
          'game_activity.detail',
          actor.name.as('actor_name'),
          actor.noAccount.as('actor_no_account'),
          subject.name.as('subject_name'),
          subject.noAccount.as('subject_no_account'),
        ])
        .where('game_activity.game_id', '=', gameId);
      if (options.subjectUserId !== undefined) query = query.where('game_activity.subject_user_id', '=', options.subjectUserId);
      if (options.before !== undefined) query = query.where('game_activity.created_at', '<', options.before);
      return query.orderBy('game_activity.created_at', 'desc').orderBy('game_activity.seq', 'desc').limit(options.limit).execute();
    },
  };
}

export type ActivityRepository = ReturnType<typeof activityRepository>;

/** One entry per owner: a tool's changed squares grouped by whose they were, in the order first seen. */
export function perOwner<T extends { user_id: string; x: number; y: number }>(rows: readonly T[]): Map<string, Coordinate[]> {
  const owners = new Map<string, Coordinate[]>();
  for (const row of rows) {
    const squares = owners.get(row.user_id) ?? [];
    squares.push({ x: row.x, y: row.y });
    owners.set(row.user_id, squares);
  }
  return owners;
}
