import { randomUUID } from 'node:crypto';
import { PLACEHOLDER_EMAIL_DOMAIN } from '@core/person';
import { sql } from 'kysely';
import type { Executor } from '../db/executor';

/**
 * Named people's rows (D29, docs/decisions/013): each a placeholder in Better Auth's `user` table
 * plus a `named_people` row with the real address. The writes run in the caller's transaction (an
 * assignment's game lock, an adoption's own).
 */
export function namedPeopleRepository(db: Executor) {
  return {
    /** A confirmed account by username or e-mail (case-insensitive); never a named person's placeholder. */
    async findAccount(usernameOrEmail: string): Promise<{ id: string } | undefined> {
      const value = usernameOrEmail.trim().toLowerCase();
      return db
        .selectFrom('user')
        .select('id')
        .where((eb) => eb.or([eb('username', '=', value), eb(sql`lower(email)`, '=', value)]))
        .where('emailVerified', '=', true)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('named_people').select('user_id').whereRef('named_people.user_id', '=', 'user.id'))))
        .executeTakeFirst();
    },

    /**
     * The named person to put on squares: the one already on this game's squares (or, with an
     * address, anywhere) under the same name and address, so "Aunt May" twice is one person; else a new one.
     */
    async findOrCreate(person: { name: string; email: string | null; gameId: string; createdBy: string | null }, now: string): Promise<string> {
      let query = db
        .selectFrom('named_people')
        .innerJoin('user', 'user.id', 'named_people.user_id')
        .select('named_people.user_id')
        .where('named_people.claimed_by', 'is', null)
        .where(sql`lower("user"."name")`, '=', person.name.toLowerCase());
      query =
        person.email === null
          ? query
              .where('named_people.email', 'is', null)
              .where((eb) =>
                eb.exists(
                  eb
                    .selectFrom('squares')
                    .select('squares.id')
                    .whereRef('squares.user_id', '=', 'named_people.user_id')
                    .where('squares.game_id', '=', person.gameId),
                ),
              )
          : query.where('named_people.email', '=', person.email);
      const existing = await query.executeTakeFirst();
      if (existing) return existing.user_id;
      const id = randomUUID();
      await db
        .insertInto('user')
        .values({
          id,
          name: person.name,
          email: `named-${id}@${PLACEHOLDER_EMAIL_DOMAIN}`,
          emailVerified: false,
          username: null,
          displayUsername: null,
          isAdmin: false,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await db
        .insertInto('named_people')
        .values({ user_id: id, email: person.email, created_by: person.createdBy, created_at: now, claimed_by: null, claimed_at: null })
        .execute();
      return id;
    },

    /** The real addresses of named people among these owners (placeholders' own addresses are never shown). */
    async emailsOf(userIds: readonly string[]): Promise<Map<string, string | null>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('named_people')
        .select(['user_id', 'email'])
        .where('user_id', 'in', [...userIds])
        .execute();
      return new Map(rows.map((row) => [row.user_id, row.email]));
    },

    /** The unclaimed named people with this (lower-cased) address. */
    async unclaimedWithEmail(email: string): Promise<string[]> {
      const rows = await db.selectFrom('named_people').select('user_id').where('email', '=', email).where('claimed_by', 'is', null).execute();
      return rows.map((row) => row.user_id);
    },

    /** Removes the account's password (its `account` rows) and ends its sessions; true when a password went. */
    async removePasswordAndSessions(userId: string): Promise<boolean> {
      const removed = await db.deleteFrom('account').where('userId', '=', userId).executeTakeFirst();
      await db.deleteFrom('session').where('userId', '=', userId).execute();
      return Number(removed.numDeletedRows) > 0;
    },

    /** The games where these people own squares or won. */
    async gamesOf(ids: readonly string[]): Promise<string[]> {
      const touched = await db
        .selectFrom('squares')
        .select('game_id')
        .distinct()
        .where('user_id', 'in', [...ids])
        .execute();
      const won = await db
        .selectFrom('game_winners')
        .select('game_id')
        .distinct()
        .where('user_id', 'in', [...ids])
        .execute();
      return [...new Set([...touched, ...won].map((row) => row.game_id))];
    },

    /** Moves these people's squares, wins and log entries to the account, and marks them claimed by it. */
    async moveTo(ids: readonly string[], accountId: string, at: string): Promise<void> {
      await db
        .updateTable('squares')
        .set({ user_id: accountId })
        .where('user_id', 'in', [...ids])
        .execute();
      await db
        .updateTable('game_winners')
        .set({ user_id: accountId })
        .where('user_id', 'in', [...ids])
        .execute();
      await db
        .updateTable('game_activity')
        .set({ subject_user_id: accountId })
        .where('subject_user_id', 'in', [...ids])
        .execute();
      await db
        .updateTable('named_people')
        .set({ claimed_by: accountId, claimed_at: at })
        .where('user_id', 'in', [...ids])
        .where('claimed_by', 'is', null)
        .execute();
    },

    /** Confirmed accounts whose address an unclaimed named person has (an adoption cut off). */
    pendingAdoptions(): Promise<{ id: string; email: string }[]> {
      return db
        .selectFrom('named_people')
        .innerJoin('user', (join) => join.on(sql`lower("user"."email")`, '=', sql.ref('named_people.email')))
        .select(['user.id', 'user.email'])
        .distinct()
        .where('named_people.claimed_by', 'is', null)
        .where('user.emailVerified', '=', true)
        .execute();
    },
  };
}
