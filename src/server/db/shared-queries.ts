import { sql } from 'kysely';
import type { Executor } from './executor';

/**
 * Query pieces several features read the same way (the board, orders, CSV exports): one
 * definition each, so they cannot drift apart.
 */

/**
 * The name a board shows for an account: the username as typed, else the username, else the
 * name Better Auth keeps (the same order as the session's username, src/server/auth/session.ts);
 * null for an account made by a sign-in link that has not chosen a username yet (D29).
 */
export const displayName = sql<string | null>`coalesce("user"."displayUsername", "user"."username", nullif("user"."name", ''))`;

/**
 * The address shown for an account: its e-mail, or for a named person (D29) the address the
 * organizer typed (null if none), never the placeholder's `.invalid` one.
 */
export const shownEmail = sql<
  string | null
>`case when "user"."email" like '%@named.invalid' then (select "named_people"."email" from "named_people" where "named_people"."user_id" = "user"."id") else "user"."email" end`;

/** A game's winner records joined with their quarter's score and the winner's account (left join: an unsold square has none). */
export function winnersWithScores(db: Executor, gameId: string) {
  return db
    .selectFrom('game_winners')
    .innerJoin('quarter_scores', (join) =>
      join.onRef('quarter_scores.game_id', '=', 'game_winners.game_id').onRef('quarter_scores.quarter', '=', 'game_winners.quarter'),
    )
    .leftJoin('user', 'user.id', 'game_winners.user_id')
    .where('game_winners.game_id', '=', gameId)
    .orderBy('game_winners.quarter');
}

/**
 * Adds to a game's counters (negative to take away): owned squares, and the pot, which counts paid
 * squares (D28). Every sale, reservation, payment mark and release goes through here, inside the
 * transaction that changes the squares.
 */
export async function addToGameCounters(db: Executor, gameId: string, squares: number, cents: number, now: string): Promise<void> {
  if (squares === 0 && cents === 0) return;
  await db
    .updateTable('games')
    .set((eb) => ({ squares_claimed: eb('squares_claimed', '+', squares), total_pot_cents: eb('total_pot_cents', '+', cents), updated_at: now }))
    .where('id', '=', gameId)
    .execute();
}
