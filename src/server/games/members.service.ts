import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { notFound } from '../http/errors';
import type { ServiceDeps } from '../service-deps';
import { inviteCookieName, inviteMatches } from './invite-tokens';
import type { MemberRow, MembersRepository } from './members.repository';
import { cookieValue } from '../http/cookies';
import { gameNotFound } from './game-or-404';

/** A sign-in link's ticket stays good for resending this long (the link itself works 15 minutes). */
const TICKET_DAYS = 7;
/** The query parameter a sign-in link's callbacks carry the ticket in. */
/** The shape of an account id (Better Auth's, and a named person's UUID). */
const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The sign-in link's ticket in its callbacks, and in the expired-link page's resend body. */
export const SIGN_IN_TICKET_PARAM = 'ticket';

export interface MembersServiceDeps extends ServiceDeps {
  repo: MembersRepository;
}

/** A game's membership state for one account. */
export type Membership = 'member' | 'removed' | null;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The game a path names (`/game/:id`, as `next` carries it), or null. */
function gameOfPath(path: string | null): string | null {
  const match = path === null ? null : /^\/game\/([0-9a-f-]{36})(?:[/?#]|$)/i.exec(path);
  return match ? match[1]!.toLowerCase() : null;
}

/** `path` (a callback: a plain path on our origin) with `ticket` added to its query. */
function withTicket(path: string, ticket: string): string {
  const url = new URL(path, 'http://callback.invalid');
  url.searchParams.set(SIGN_IN_TICKET_PARAM, ticket);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * D46 (docs/decisions/019): members of invite-only games, and the sign-in links that make them.
 *
 * An account that opens a game's invite link becomes a member: it sees the game from any browser,
 * also after the link is rotated. A sign-in link asked for from an invite carries the proof of it:
 * when the link is asked for, the server checks the request's invite cookie against the game's
 * current token and writes a ticket (the address, the game, the invite's hash); the ticket goes
 * into the link's callbacks, and opening the link makes the account that opened it a member of
 * that game only if the ticket names its address and the game still has that invite. The callback
 * names no game the server trusts: editing it joins nothing.
 */
export function membersService({ repo, clock }: MembersServiceDeps) {
  const now = () => clock().toISOString();

  /** The game the ticket may join, if its invite is still the game's current one. */
  async function ticketGame(ticket: { game_id: string | null; invite_hash: string | null }): Promise<string | null> {
    if (ticket.game_id === null || ticket.invite_hash === null) return null;
    const game = await repo.gameInvite(ticket.game_id);
    if (!game || game.visibility !== 'invite' || game.invite_token === null) return null;
    return sha256(game.invite_token) === ticket.invite_hash ? ticket.game_id : null;
  }

  async function newTicket(email: string, gameId: string | null, inviteHash: string | null): Promise<string> {
    const ticket = randomBytes(24).toString('base64url');
    const created = clock();
    await repo.deleteExpiredTickets(created.toISOString());
    await repo.insertTicket({
      id: sha256(ticket),
      email,
      game_id: gameId,
      invite_hash: inviteHash,
      created_at: created.toISOString(),
      expires_at: new Date(created.getTime() + TICKET_DAYS * 24 * 60 * 60 * 1000).toISOString(),
    });
    return ticket;
  }

  return {
    membership: (gameId: string, userId: string): Promise<Membership> => repo.membership(gameId, userId),

    /** D46: an account that opened the game's current invite becomes a member (a removed one stays removed). */
    async joinByInvite(gameId: string, userId: string): Promise<void> {
      if ((await repo.membership(gameId, userId)) === null) await repo.join(gameId, userId, now());
    },

    /** The organizer's list of a game's members. */
    async list(gameId: string): Promise<MemberRow[]> {
      if (!(await repo.gameInvite(gameId))) throw gameNotFound();
      return repo.list(gameId);
    },

    /** The organizer removes a member: 404 when the account is not one. */
    async remove(gameId: string, userId: string): Promise<void> {
      // Account ids are letters, digits, - and _: anything else (a NUL that PostgreSQL refuses) is no member.
      if (!ACCOUNT_ID.test(userId) || !(await repo.remove(gameId, userId, now()))) throw notFound('This person is not a member of this game.');
    },

    /** A new link: removals are cleared, so whoever the organizer gives it to may join again. */
    clearRemovals: (gameId: string) => repo.clearRemovals(gameId),

    /**
     * A sign-in link is being asked for (Better Auth's before-hook, sign-in-links.ts): the body's
     * callbacks get a new ticket. Either the body names an earlier ticket (the expired-link page's
     * one-tap resend: the same address, and the same game if its invite still holds), or the
     * ticket is for the body's address, with the game its callback leads to only when the request
     * carries that game's current invite cookie. Returns false when an earlier ticket named is
     * unknown or too old.
     */
    async ticketRequest(body: Record<string, unknown>, cookieHeader: string | null | undefined): Promise<boolean> {
      let email: string;
      let gameId: string | null = null;
      let inviteHash: string | null = null;
      const resend = body[SIGN_IN_TICKET_PARAM];
      delete body[SIGN_IN_TICKET_PARAM];
      if (typeof resend === 'string' && resend !== '') {
        const earlier = await repo.findTicket(sha256(resend), now());
        if (!earlier) return false;
        email = earlier.email;
        gameId = await ticketGame(earlier);
        inviteHash = gameId === null ? null : earlier.invite_hash;
        body.email = email;
      } else {
        // Better Auth refuses a missing or malformed address (its own z.email() check): no ticket for it.
        if (typeof body.email !== 'string' || !z.email().safeParse(body.email).success) return true;
        email = body.email;
        const callback = typeof body.callbackURL === 'string' ? new URL(body.callbackURL, 'http://callback.invalid') : null;
        const candidate = gameOfPath(callback?.searchParams.get('next') ?? callback?.pathname ?? null);
        if (candidate !== null) {
          const game = await repo.gameInvite(candidate);
          const given = cookieValue(cookieHeader ?? '', inviteCookieName(candidate)) ?? undefined;
          if (game?.visibility === 'invite' && inviteMatches(given, game.invite_token)) {
            gameId = candidate;
            inviteHash = sha256(game.invite_token!);
          }
        }
      }
      const ticket = await newTicket(email, gameId, inviteHash);
      if (gameId !== null && typeof body.callbackURL === 'string') body.callbackURL = withTicket(body.callbackURL, ticket);
      if (typeof body.errorCallbackURL === 'string') body.errorCallbackURL = withTicket(body.errorCallbackURL, ticket);
      return true;
    },

    /**
     * A sign-in link was opened and made a session for `user` (Better Auth's session hook on the
     * link's path): the ticket in its callback makes the account a member of the ticket's game,
     * if the ticket was for this address and the game's invite is still the one it was asked with.
     */
    async redeemOnOpen(callbackURL: unknown, user: { id: string; email: string }): Promise<string | null> {
      if (typeof callbackURL !== 'string') return null;
      const ticket = new URL(callbackURL, 'http://callback.invalid').searchParams.get(SIGN_IN_TICKET_PARAM);
      if (!ticket) return null;
      const row = await repo.findTicket(sha256(ticket), now());
      if (!row || row.email !== user.email.toLowerCase()) return null;
      const gameId = await ticketGame(row);
      if (gameId === null) return null;
      if ((await repo.membership(gameId, user.id)) === null) await repo.join(gameId, user.id, now());
      return gameId;
    },
  };
}

export type MembersService = ReturnType<typeof membersService>;
