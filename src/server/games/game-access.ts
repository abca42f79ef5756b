import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GAME_CANCELLED, GAME_ERRORS } from '@core/messages';
import { gameVisible, type Visibility } from '@core/visibility';
import type { SessionGuards } from '../auth/session';
import type { Executor } from '../db/executor';
import { claimedOrLiveHold } from '../db/shared-queries';
import { AppError, notFound } from '../http/errors';
import { deletedGamesRepository } from './deleted-games.repository';
import type { GameRow, GamesRepository } from './games.repository';
import type { MembersService } from './members.service';

/**
 * D30 in one place (design note 011): whether a request may see a game. A game is visible when it
 * is public, or the viewer is an admin, or the viewer owns a square of it or holds one in a live
 * hold, or is a member of it (D46, design note 019), or the request carries the game's invite
 * cookie with its current token (unless the organizer removed the signed-in account). A game that
 * is not visible answers exactly as one that does not exist, in D46's words.
 */

/** What the rule reads of a game. */
export interface GameVisibility {
  id: string;
  visibility: Visibility;
  invite_token: string | null;
}

/** Who asks: the signed-in user (read only when needed) and the invite token the request carries for a game. */
export interface Asker {
  user: () => Promise<{ id: string; isAdmin: boolean } | null>;
  invite: (gameId: string) => string | undefined;
}

/** 32 random bytes, base64url: 43 characters, safe in a URL and a cookie. */
export function newInviteToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The cookie that carries a game's invite token: one per game, so several invites live side by side. */
export function inviteCookieName(gameId: string): string {
  return `sp_inv_${gameId}`;
}

/** One year: an invite stays good until the organizer rotates it. */
export const INVITE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** True when `given` is the game's current token; compared in constant time. */
export function inviteMatches(given: string | undefined, current: string | null): boolean {
  if (given === undefined || current === null) return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(current, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The invite token a request carries for a game (its cookie; @fastify/cookie parsed it). */
export function inviteOf(request: FastifyRequest, gameId: string): string | undefined {
  return request.cookies[inviteCookieName(gameId)];
}

/** True when the user owns a square of the game or holds one in a live hold (D21). */
async function ownsOrHolds(db: Executor, gameId: string, userId: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('squares')
    .select('id')
    .where('game_id', '=', gameId)
    .where('user_id', '=', userId)
    .where((eb) => claimedOrLiveHold(eb, now))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface GameAccessDeps {
  db: Executor;
  games: Pick<GamesRepository, 'findById'>;
  members: Pick<MembersService, 'membership' | 'joinByInvite'>;
  guards: Pick<SessionGuards, 'currentUser'>;
  clock: () => Date;
}

export function gameAccess({ db, games, members, guards, clock }: GameAccessDeps) {
  /** D30's rule with D46's members for one game and one asker. A public game reads nothing. */
  async function visible(game: GameVisibility, asker: Asker): Promise<boolean> {
    return gameVisible(game.visibility, {
      isAdmin: async () => (await asker.user())?.isAdmin === true,
      hasCurrentInvite: inviteMatches(asker.invite(game.id), game.invite_token),
      membership: async () => {
        const user = await asker.user();
        return user ? members.membership(game.id, user.id) : null;
      },
      ownsSquares: async () => {
        const user = await asker.user();
        return user ? ownsOrHolds(db, game.id, user.id, clock().toISOString()) : false;
      },
    });
  }

  /** The asker of a request: its session (read once, if at all) and its invite cookies. */
  function askerOf(request: FastifyRequest, reply: FastifyReply): Asker {
    let user: ReturnType<Asker['user']> | undefined;
    return {
      invite: (gameId) => inviteOf(request, gameId),
      user: () => (user ??= request.user ? Promise.resolve(request.user) : request.headers.cookie ? guards.currentUser(request, reply) : Promise.resolve(null)),
    };
  }

  /**
   * The answer for a game that is not there: 410 GAME_CANCELLED with its title and when, to a
   * signed-in person who owned squares in it when it was deleted; 404 "Game not found" to anyone
   * else, as for a game that never existed (docs/decisions/020).
   */
  async function missingGame(gameId: string, asker: Asker): Promise<AppError> {
    const user = await asker.user();
    const cancelled = user ? await deletedGamesRepository(db).cancelledFor(gameId, user.id) : undefined;
    if (!cancelled) return notFound(GAME_ERRORS.notFoundOrInviteOnly);
    return new AppError(410, 'GAME_CANCELLED', GAME_CANCELLED.title, { game: cancelled });
  }

  return {
    visible,
    askerOf,
    missingGame,

    /** The game if the request may see it; 404 in D46's words otherwise, as for a game that does not exist (410 to an owner of a deleted one). */
    async visibleGame(request: FastifyRequest, reply: FastifyReply, gameId: string): Promise<GameRow> {
      const row = await games.findById(gameId);
      const asker = askerOf(request, reply);
      if (!row) throw await missingGame(gameId, asker);
      if (!(await visible(row, asker))) throw notFound(GAME_ERRORS.notFoundOrInviteOnly);
      return row;
    },

    /**
     * D46: a signed-in account that reads an invite-only game with its current invite cookie
     * (opened the link before signing in, in this browser) becomes a member of it.
     */
    async joinByCookie(request: FastifyRequest, reply: FastifyReply, row: GameVisibility): Promise<void> {
      if (row.visibility !== 'invite' || !inviteMatches(inviteOf(request, row.id), row.invite_token)) return;
      const user = request.user ?? (request.headers.cookie ? await guards.currentUser(request, reply) : null);
      if (user && !user.isAdmin) await members.joinByInvite(row.id, user.id);
    },

    /**
     * The games of `ids` that exist and that the asker may not see (a checkout's cart): the
     * checkout refuses them as it refuses games that do not exist.
     */
    async hidden(ids: readonly string[], asker: Asker): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('games')
        .select(['id', 'visibility', 'invite_token'])
        .where('id', 'in', [...ids])
        .execute();
      const hidden: string[] = [];
      for (const row of rows) if (!(await visible(row, asker))) hidden.push(row.id);
      return hidden;
    },
  };
}

export type GameAccess = ReturnType<typeof gameAccess>;
