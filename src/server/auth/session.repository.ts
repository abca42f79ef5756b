import type { Kysely } from 'kysely';
import { prepareQuery } from '../db/prepared';

/** Better Auth's connection (auth.ts hands it our Kysely without the NormalizePlugin): its tables, untyped here. */
export type AuthDatabase = Kysely<any>;

/**
 * A session with its user, as Better Auth stores them (its tables `session` and `user`). Read
 * through Better Auth's own connection (no NormalizePlugin): on SQLite `expiresAt` is the ISO
 * text its adapter writes and `isAdmin` is 0/1; on PostgreSQL a Date and a boolean.
 */
export interface SessionRow {
  expiresAt: string | Date;
  userId: string;
  email: string;
  name: string;
  username: string | null;
  displayUsername: string | null;
  isAdmin: boolean | number | null;
}

/**
 * The one read behind every signed-in request: the session by its token (Better Auth's unique
 * index on `session.token`) joined to its user, compiled once, and on SQLite run as a statement
 * of its own outside transactions (db/prepared.ts). A session whose user is gone has no row, as
 * Better Auth's own lookup finds none.
 */
export function sessionRepository(db: AuthDatabase) {
  const byToken = prepareQuery(
    db,
    1,
    (token: string) =>
      db
        .selectFrom('session')
        .innerJoin('user', 'user.id', 'session.userId')
        .select([
          'session.expiresAt as expiresAt',
          'user.id as userId',
          'user.email as email',
          'user.name as name',
          'user.username as username',
          'user.displayUsername as displayUsername',
          'user.isAdmin as isAdmin',
        ])
        .where('session.token', '=', token),
    { direct: true },
  );
  return {
    async sessionByToken(token: string): Promise<SessionRow | undefined> {
      return ((await byToken.execute(token)) as SessionRow[])[0];
    },
    /** Whether the read skips Kysely's driver (SQLite). */
    readsDirectly: byToken.runsDirectly,
  };
}

export type SessionRepository = ReturnType<typeof sessionRepository>;
