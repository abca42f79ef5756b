import { sql, type ExpressionBuilder } from 'kysely';
import { DELETED_EMAIL_DOMAIN, PLACEHOLDER_EMAIL_DOMAIN } from '@core/person';
import type { Executor } from './executor';
import type { Database } from './schema';

/**
 * Query pieces several features read the same way (the board, results, payments, orders, the
 * activity log, CSV exports): one definition each, so they cannot drift apart.
 */

/**
 * D48, one way to show a person (core/person.ts): the three facts every query selects about an
 * account joined as `alias` ("user", or "actor"/"subject" in the activity log), so that every
 * answer, page and CSV says a person the same way.
 * - `name`: the username as typed, else the username, else the name Better Auth keeps (a named
 *   person's typed name; the same order as the session's username, src/server/auth/session.ts);
 *   null for an account made by a sign-in link that has not chosen a username yet (D29).
 * - `noAccount`: a named person (D29), whose row is a placeholder with a `.invalid` address.
 * - `email`: the account's address, or for a named person the address the organizer typed (null
 *   if none), never the placeholder's; null for a deleted account (D41), whose address is erased. For admins' eyes only: the services drop it for others.
 */
export function person(alias: 'user' | 'actor' | 'subject' | 'buyer' = 'user') {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const placeholder = sql<boolean>`(${col('email')} like ${'%@' + PLACEHOLDER_EMAIL_DOMAIN})`;
  return {
    name: sql<string | null>`coalesce(${col('displayUsername')}, ${col('username')}, nullif(${col('name')}, ''))`,
    noAccount: sql<boolean>`coalesce(${placeholder}, false)`,
    email: sql<
      string | null
    >`case when ${placeholder} then (select "named_people"."email" from "named_people" where "named_people"."user_id" = ${col('id')}) when ${col('email')} like ${'%@' + DELETED_EMAIL_DOMAIN} then null else ${col('email')} end`,
  };
}

/**
 * A game's owned squares with their owners as person() names them (`username`, `no_account`,
 * `email`; left join: an owner whose account is gone still leaves its square). Callers order them.
 */
export function ownedSquaresWithOwners(db: Executor, gameId: string) {
  const owner = person();
  return db
    .selectFrom('squares')
    .leftJoin('user', 'user.id', 'squares.user_id')
    .select([
      'squares.x',
      'squares.y',
      'squares.is_paid',
      'squares.user_id',
      'squares.claimed_at',
      owner.name.as('username'),
      owner.noAccount.as('no_account'),
      owner.email.as('email'),
    ])
    .where('squares.game_id', '=', gameId)
    .where('squares.status', '=', 'claimed');
}

/** A game's winner records joined with their period's score and the winner's account (left join: an unsold square has none). */
export function winnersWithScores(db: Executor, gameId: string) {
  return db
    .selectFrom('game_winners')
    .innerJoin('period_scores', (join) =>
      join.onRef('period_scores.game_id', '=', 'game_winners.game_id').onRef('period_scores.period', '=', 'game_winners.period'),
    )
    .leftJoin('user', 'user.id', 'game_winners.user_id')
    .where('game_winners.game_id', '=', gameId)
    .orderBy('game_winners.period');
}

/**
 * D47: how many squares the winner of a `game_winners` row still owes for in that game (owned,
 * not paid); 0 for a square nobody bought. Selected beside a winner wherever the organizer pays out;
 * core/results-ledger.ts winnerOwesCents prices it. An integer (Postgres counts in bigint, read as text).
 */
export const winnerUnpaidSquares = sql<number>`(select cast(count(*) as integer) from "squares" where "squares"."game_id" = "game_winners"."game_id" and "squares"."user_id" = "game_winners"."user_id" and "squares"."status" = 'claimed' and "squares"."is_paid" = ${sql.lit(false)})`;

/** Squares added to a game's counters (negative to take them away): owned ones, and of those the paid ones. */
export interface CounterChange {
  readonly squares: number;
  readonly paid: number;
}

/**
 * Adds to a game's counters: owned squares, the pot and what was collected. D47: the pot is every
 * sold square (reserved, paid or not) times the price; `collected_cents` is the paid ones times the
 * price ("collected $X of $Y"). A card sale is paid at once, so there both are the same. Every sale,
 * reservation, assignment, payment mark and release goes through here, inside the transaction that
 * changes the squares; the price is the game's own (fixed once any square is held or sold, D13).
 */
export async function addToGameCounters(db: Executor, gameId: string, change: CounterChange, now: string): Promise<void> {
  if (change.squares === 0 && change.paid === 0) return;
  await db
    .updateTable('games')
    .set((eb) => ({
      squares_claimed: eb('squares_claimed', '+', change.squares),
      total_pot_cents: eb('total_pot_cents', '+', eb(eb.val(change.squares), '*', eb.ref('price_per_square_cents'))),
      collected_cents: eb('collected_cents', '+', eb(eb.val(change.paid), '*', eb.ref('price_per_square_cents'))),
      updated_at: now,
    }))
    .where('id', '=', gameId)
    .execute();
}

/**
 * D21: a square that counts as taken at `now`: claimed, or held by a hold that has not expired. A
 * hold ends at its hold_expires_at instant: the board, the game's access rule and the checkout all
 * read this one definition, so no page shows a square held at the instant checkout gives it up.
 */
export function claimedOrLiveHold(eb: ExpressionBuilder<Database, 'squares'>, now: string) {
  return eb.or([eb('squares.status', '=', 'claimed'), eb('squares.hold_expires_at', '>', now)]);
}
