import { randomUUID } from 'node:crypto';
import { isPlaceholderEmail, PLACEHOLDER_EMAIL_DOMAIN } from '@core/person';
import { sql } from 'kysely';
import type { Executor } from '../db/executor';
import type { Logger } from '../logger';
import type { MailOutbox } from '../mail/mail-queue';
import type { MailMessage } from '../mail/mailer';
import type { GameEvents } from '../realtime/events';
import { publishSafely } from '../realtime/publish';

/**
 * Named people (D29, docs/decisions/013): someone the organizer puts on squares without an
 * account ("Aunt May", optionally with her e-mail address). Each is a placeholder row in Better
 * Auth's `user` table, so every square still has an owner row the board, exports and winners read
 * as they always did, plus a `named_people` row with the real address. The placeholder's own
 * address is under `.invalid` (RFC 2606): no mail goes there (the mail queue skips it), it has no
 * password and no session, so nobody can sign in as it. Once an account with the real address
 * is confirmed, the person's squares, wins and log entries become that account's.
 */

/** True for an address no mail may be sent to: a named person's placeholder (and any `.invalid`). */
const isUndeliverable = isPlaceholderEmail;

/** The queries; the writes run in the caller's transaction (an assignment's game lock). */
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
  };
}

export interface NamedPeopleDeps {
  db: Executor;
  events: GameEvents;
  log: Logger;
  clock: () => Date;
  /** After an adoption removed a password (design note 021): the mail that tells the address why, queued in the adoption's transaction. */
  passwordRemoved?: { mail: MailOutbox; message: (email: string) => MailMessage };
}

/** D29: when an address is confirmed, the squares of the named people with that address follow it. */
export function namedPeopleService({ db, events, log, clock, passwordRemoved }: NamedPeopleDeps) {
  async function adopt(account: { id: string; email: string }): Promise<string[]> {
    return service.adopt(account);
  }
  const service = {
    /**
     * Moves every unclaimed named person's squares, wins and log entries with this address to the
     * account, after removing the account's password and sessions (set before its address was
     * proven); the games changed. Runs when an address is confirmed, and at start for one whose
     * move was cut off.
     */
    async adopt(account: { id: string; email: string }): Promise<string[]> {
      const email = account.email.trim().toLowerCase();
      if (isUndeliverable(email)) return [];
      let passwordWasRemoved = false;
      const games = await db.transaction().execute(async (trx) => {
        passwordWasRemoved = false;
        const people = await trx.selectFrom('named_people').select('user_id').where('email', '=', email).where('claimed_by', 'is', null).execute();
        if (people.length === 0) return [];
        const ids = people.map((person) => person.user_id);
        // Her squares go only to an account nobody else can sign in to (design note 021): a
        // password on it now was set before the address was proven, by whoever signed up with
        // it (the confirmation link proves the mailbox, not who chose the password). It goes, with
        // every session, in this transaction: the owner signs in by link or resets the password.
        const removed = await trx.deleteFrom('account').where('userId', '=', account.id).executeTakeFirst();
        passwordWasRemoved = Number(removed.numDeletedRows) > 0;
        if (passwordWasRemoved) await passwordRemoved?.mail.enqueue(trx, passwordRemoved.message(account.email));
        await trx.deleteFrom('session').where('userId', '=', account.id).execute();
        const touched = await trx.selectFrom('squares').select('game_id').distinct().where('user_id', 'in', ids).execute();
        const won = await trx.selectFrom('game_winners').select('game_id').distinct().where('user_id', 'in', ids).execute();
        await trx.updateTable('squares').set({ user_id: account.id }).where('user_id', 'in', ids).execute();
        await trx.updateTable('game_winners').set({ user_id: account.id }).where('user_id', 'in', ids).execute();
        await trx.updateTable('game_activity').set({ subject_user_id: account.id }).where('subject_user_id', 'in', ids).execute();
        await trx
          .updateTable('named_people')
          .set({ claimed_by: account.id, claimed_at: clock().toISOString() })
          .where('user_id', 'in', ids)
          .where('claimed_by', 'is', null)
          .execute();
        return [...new Set([...touched, ...won].map((row) => row.game_id))];
      });
      if (passwordWasRemoved) passwordRemoved?.mail.nudge();
      for (const gameId of games) publishSafely(events, log, gameId, 'squares');
      if (games.length > 0) log.info({ userId: account.id, games: games.length }, "a named person's squares moved to their confirmed account");
      return games;
    },

    /**
     * At start: named people whose address has a confirmed account by now (a confirmation whose
     * adoption failed or was cut off by a crash) go to it.
     */
    async adoptPending(): Promise<number> {
      const accounts = await db
        .selectFrom('named_people')
        .innerJoin('user', (join) => join.on(sql`lower("user"."email")`, '=', sql.ref('named_people.email')))
        .select(['user.id', 'user.email'])
        .distinct()
        .where('named_people.claimed_by', 'is', null)
        .where('user.emailVerified', '=', true)
        .execute();
      for (const account of accounts) await adopt(account);
      return accounts.length;
    },
  };
  return service;
}
