import { sql } from 'kysely';
import type { Db, DbKind } from '../db/connection';

export interface Account {
  id: string;
  email: string;
  username: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
}

/** Any fixed number: the PostgreSQL advisory lock that serializes the first-admin decision. */
const FIRST_ADMIN_LOCK = 4_071_225;

export function accountsRepository(db: Db, kind: DbKind) {
  const columns = ['id', 'email', 'username', 'emailVerified', 'isAdmin'] as const;
  return {
    async findById(id: string): Promise<Account | undefined> {
      return db.selectFrom('user').select(columns).where('id', '=', id).executeTakeFirst();
    },

    async findByEmail(email: string): Promise<Account | undefined> {
      return db
        .selectFrom('user')
        .select(columns)
        .where(sql`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },

    /** True when another account (not `exceptUserId`) has this username, in any case. */
    async usernameTaken(username: string, exceptUserId?: string): Promise<boolean> {
      let query = db.selectFrom('user').select('id').where('username', '=', username.trim().toLowerCase());
      if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async setAdmin(email: string, isAdmin: boolean): Promise<boolean> {
      const result = await db
        .updateTable('user')
        .set({ isAdmin })
        .where(sql`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Grants admin to each listed address that has a confirmed account; returns how many changed. */
    async grantListed(emails: readonly string[]): Promise<number> {
      if (!emails.length) return 0;
      const result = await db
        .updateTable('user')
        .set({ isAdmin: true })
        .where(
          sql<string>`lower(email)`,
          'in',
          emails.map((e) => e.toLowerCase()),
        )
        .where('emailVerified', '=', true)
        .where('isAdmin', '=', false)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** True once any account is an admin (D8: until then the first confirmed account becomes one). */
    async hasAdmin(): Promise<boolean> {
      const row = await db.selectFrom('user').select('id').where('isAdmin', '=', true).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Makes this user admin only if nobody is admin yet, atomically: two confirmations at the
     * same moment make one admin (D8). SQLite runs the statement under its single writer lock;
     * PostgreSQL serializes the check-and-set with a transaction-scoped advisory lock.
     */
    async claimFirstAdmin(userId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (kind === 'postgres') await sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`.execute(trx);
        const result = await trx
          .updateTable('user')
          .set({ isAdmin: true })
          .where('id', '=', userId)
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('user as other').select('other.id').where('other.isAdmin', '=', true))))
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      });
    },
  };
}

export type AccountsRepository = ReturnType<typeof accountsRepository>;
