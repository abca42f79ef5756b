import { randomUUID } from 'node:crypto';
import { announcementExcerpt, announcementFits, ANNOUNCEMENT_TEXTS, mailingLimit, mailingLimitText, MAILING_WINDOW_MS } from '@core/announcements';
import type { AnnouncementDeleted, AnnouncementPosted } from '@core/api/announcements';
import { isPlaceholderEmail } from '@core/person';
import { activityRepository } from '../activity/activity.repository';
import type { GamesRepository, LockedGame } from '../games/games.repository';
import { AppError, conflict, notFound } from '../http/errors';
import type { Logger } from '../logger';
import type { MailOutbox } from '../mail/mail-queue.service';
import { announcementMail } from '../mail/templates';
import type { GameEvents } from '../realtime/events';
import { publishSafely } from '../realtime/publish';
import type { ServiceDeps } from '../service-deps';
import { announcementsRepository } from './announcements.repository';
import { lockGameOr404 } from '../games/game-or-404';

export interface AnnouncementsServiceDeps extends ServiceDeps {
  games: Pick<GamesRepository, 'withLockedGame'>;
  mail: MailOutbox;
  events: GameEvents;
  log: Logger;
  /** Where mailed links point when no request gives the origin (mail/link-origin.ts). */
  origin: () => string;
}

export interface NewAnnouncement {
  /** Validated and normalized by the request's schema (core/announcements.ts). */
  readonly body: string;
  /** Also mail it to the game's players (D40). */
  readonly mail: boolean;
}

/**
 * D40 announcements (docs/decisions/038): the organizer posts and deletes them under the game's
 * lock, the game log records both, and a post asked to be mailed queues one mail per player in the
 * same transaction (design note 026). Open boards hear of it after the commit.
 */
export function announcementsService(deps: AnnouncementsServiceDeps) {
  const { games, mail, events, log, clock } = deps;

  function locked<T>(gameId: string, work: (game: LockedGame) => Promise<T>): Promise<T> {
    return lockGameOr404(games, gameId, async (game) => {
      const result = await work(game);
      game.afterCommit.add(() => publishSafely(events, log, gameId, 'announcements'));
      return result;
    });
  }

  /**
   * One mail per account holding squares in the game; the count of those queued: real addresses
   * whose owner has not turned announcement mails off (the queue holds those back, D40).
   */
  async function mailPlayers(game: LockedGame, body: string, organizer: string | null, origin: string): Promise<number> {
    const players = await announcementsRepository(game.tx).playersToMail(game.row.id);
    const link = `${origin}/game/${game.row.id}`;
    let mailed = 0;
    for (const player of players) {
      // D29/D41: a named person's placeholder and a deleted account's address reach no one.
      if (isPlaceholderEmail(player.email)) continue;
      const message = announcementMail(player.email, { username: player.username ?? '', gameTitle: game.row.title, organizer, body, link });
      if (await mail.enqueue(game.tx, message)) mailed += 1;
    }
    if (mailed > 0) game.afterCommit.add(() => mail.nudge());
    return mailed;
  }

  return {
    async post(gameId: string, adminId: string, request: NewAnnouncement, origin = deps.origin()): Promise<AnnouncementPosted> {
      return locked(gameId, async (game) => {
        const repo = announcementsRepository(game.tx);
        if (!announcementFits(await repo.count(gameId))) throw conflict(ANNOUNCEMENT_TEXTS.tooMany, 'TOO_MANY_ANNOUNCEMENTS');
        const id = randomUUID();
        const now = clock();
        const at = now.toISOString();
        const windowStart = new Date(now.getTime() - MAILING_WINDOW_MS).toISOString();
        if (request.mail) {
          // Counted from the mailing log, which deleting an announcement leaves: the limit holds
          // across instances and restarts, and a post-and-delete loop cannot reset it.
          const { game: byGame, organizer: byOrganizer } = await repo.mailingsSince(gameId, adminId, windowStart);
          const over = mailingLimit(byGame, byOrganizer, now);
          if (over) throw new AppError(429, 'TOO_MANY_MAILED_ANNOUNCEMENTS', mailingLimitText(over.limit, over.minutes));
        }
        const organizer = await repo.username(adminId);
        const mailed = request.mail ? await mailPlayers(game, request.body, organizer, origin) : 0;
        await repo.insert({ id, game_id: gameId, body: request.body, author_user_id: adminId, created_at: at, mailed_count: mailed });
        if (mailed > 0) await repo.recordMailing({ id, game_id: gameId, organizer_user_id: adminId, mailed_at: at }, windowStart);
        const detail = { excerpt: announcementExcerpt(request.body), ...(request.mail ? { mailed } : {}) };
        await activityRepository(game.tx).record(gameId, [{ action: 'announced', actorUserId: adminId, subjectUserId: null, squares: [], detail }], at);
        return { announcement: { id, body: request.body, created_at: at, author_username: organizer }, mailed };
      });
    },

    async remove(gameId: string, adminId: string, announcementId: string): Promise<AnnouncementDeleted> {
      return locked(gameId, async (game) => {
        const repo = announcementsRepository(game.tx);
        const announcement = await repo.find(gameId, announcementId);
        if (!announcement || !(await repo.remove(gameId, announcementId))) throw notFound(ANNOUNCEMENT_TEXTS.notFound);
        await activityRepository(game.tx).record(
          gameId,
          [
            {
              action: 'announcement_deleted',
              actorUserId: adminId,
              subjectUserId: null,
              squares: [],
              detail: { excerpt: announcementExcerpt(announcement.body) },
            },
          ],
          clock().toISOString(),
        );
        return { deleted: announcementId };
      });
    },
  };
}

export type AnnouncementsService = ReturnType<typeof announcementsService>;
