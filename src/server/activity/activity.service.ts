import { activityMessage, type ActivityDetail } from '@core/activity';
import type { ActivityResponse } from '@core/api/organizer';
import { periodModel } from '@core/periods';
import { personLabel } from '@core/person';
import { findGameOr404 } from '../games/game-or-404';
import type { GamesRepository } from '../games/games.repository';
import type { ActivityRepository } from './activity.repository';
import type { ServiceDeps } from '../service-deps';

export interface ActivityServiceDeps extends ServiceDeps {
  repo: Pick<ActivityRepository, 'list'>;
  games: Pick<GamesRepository, 'findById'>;
}

/** How many entries one read returns, newest first (a game's whole sale and game day fits). */
const PAGE = 500;

/** D32: a game's activity log as people read it, each entry said in one sentence (core/activity.ts). */
export function activityService({ repo, games }: ActivityServiceDeps) {
  return {
    /** `viewerId` null: an admin, who reads everything; else a player, who reads the entries about their own squares. */
    async read(gameId: string, viewerId: string | null): Promise<ActivityResponse> {
      const model = periodModel((await findGameOr404(games, gameId)).game_type);
      const rows = await repo.list(gameId, { limit: PAGE, ...(viewerId === null ? {} : { subjectUserId: viewerId }) });
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
