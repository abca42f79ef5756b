import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * D30's invite tokens (design note 011): a game's token, the cookie that carries it, and the
 * constant-time check. Their own module: game access, the games service and the members service
 * each read them, and none of those imports another for them.
 */

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
