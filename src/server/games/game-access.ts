import type { FastifyReply, FastifyRequest } from 'fastify';
import { GAME_CANCELLED, GAME_ERRORS } from '@core/messages';
import { gameVisible, type Visibility } from '@core/visibility';
import type { SessionGuards } from '../auth/session';
import { AppError, notFound } from '../http/errors';
import type { DeletedGamesRepository } from './deleted-games.repository';
import type { GameRow, GamesRepository } from './games.repository';
import { inviteMatches, inviteOf } from './invite-tokens';
import type { MembersService } from './members.service';
import type { ServiceDeps } from '../service-deps';

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

export interface GameAccessDeps extends ServiceDeps {
  games: Pick<GamesRepository, 'findById' | 'visibilityOf' | 'ownsOrHolds'>;
  deletedGames: Pick<DeletedGamesRepository, 'cancelledFor'>;
  members: Pick<MembersService, 'membership' | 'joinByInvite'>;
  guards: Pick<SessionGuards, 'currentUser'>;
}

export function gameAccess({ games, deletedGames, members, guards, clock }: GameAccessDeps) {
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
        return user ? games.ownsOrHolds(game.id, user.id, clock().toISOString()) : false;
      },
    });
  }

  /** The asker of a request: its session (read once, if at all) and its invite cookies. */
  function askerOf(request: FastifyRequest, reply: FastifyReply): Asker {
    let user: ReturnType<Asker['user']> | undefined;
    return {
      invite: (gameId) => inviteOf(request, gameId),
      user: () => (user ??= guards.currentUser(request, reply)),
    };
  }

  /**
   * The answer for a game that is not there: 410 GAME_CANCELLED with its title and when, to a
   * signed-in person who owned squares in it when it was deleted; 404 "Game not found" to anyone
   * else, as for a game that never existed (docs/decisions/020).
   */
  async function missingGame(gameId: string, asker: Asker): Promise<AppError> {
    const user = await asker.user();
    const cancelled = user ? await deletedGames.cancelledFor(gameId, user.id) : undefined;
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
      const user = await guards.currentUser(request, reply);
      if (user && !user.isAdmin) await members.joinByInvite(row.id, user.id);
    },

    /**
     * The games of `ids` that exist and that the asker may not see (a checkout's cart): the
     * checkout refuses them as it refuses games that do not exist.
     */
    async hidden(ids: readonly string[], asker: Asker): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await games.visibilityOf(ids);
      const hidden: string[] = [];
      for (const row of rows) if (!(await visible(row, asker))) hidden.push(row.id);
      return hidden;
    },
  };
}

export type GameAccess = ReturnType<typeof gameAccess>;
