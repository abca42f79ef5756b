import { activityMessage, type ActivityDetail } from '@core/activity';
import type { ActivityResponse } from '@core/api/organizer';
import { GAME_ERRORS } from '@core/messages';
import { periodModel } from '@core/periods';
import { personLabel } from '@core/person';
import type { Executor } from '../db/executor';
import { notFound } from '../http/errors';
import { activityRepository } from './activity.repository';

/** How many entries one read returns, newest first (a game's whole sale and game day fits). */
const PAGE = 500;

/** D32: a game's activity log as people read it, each entry said in one sentence (core/activity.ts). */
export function activityService({ db }: { db: Executor }) {
  return {
    /** `viewerId` null: an admin, who reads everything; else a player, who reads the entries about their own squares. */
    async read(gameId: string, viewerId: string | null): Promise<ActivityResponse> {
      const game = await db.selectFrom('games').select(['id', 'game_type']).where('id', '=', gameId).executeTakeFirst();
      if (!game) throw notFound(GAME_ERRORS.notFound);
      const model = periodModel(game.game_type);
      const rows = await activityRepository(db).list(gameId, { limit: PAGE, ...(viewerId === null ? {} : { subjectUserId: viewerId }) });
      return {
        scope: viewerId === null ? 'all' : 'mine',
        entries: rows.map((row) => {
          const squares = (JSON.parse(row.squares) as [number, number][]).map(([x, y]) => ({ x, y }));
          const detail = (row.detail === null ? {} : JSON.parse(row.detail)) as ActivityDetail;
          return {
            id: row.id,
            created_at: row.created_at,
            action: row.action,
            squares,
            message: activityMessage(
              {
                action: row.action,
                // D48: people as everywhere else (a named person marked "no account"); null: the app, or an unsold square.
                actor: row.actor_user_id === null ? null : personLabel({ name: row.actor_name, noAccount: row.actor_no_account }),
                subject: row.subject_user_id === null ? null : personLabel({ name: row.subject_name, noAccount: row.subject_no_account }),
                squares,
                detail,
              },
              model,
            ),
          };
        }),
      };
    },
  };
}

export type ActivityService = ReturnType<typeof activityService>;
