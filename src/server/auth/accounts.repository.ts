import { sql } from 'kysely';
import type { Db, DbKind } from '../db/connection';
import type { Executor } from '../db/executor';
import { ADMIN_EVER_KEY } from '../db/migrations/025_account_safety';

export interface Account {
  id: string;
  email: string;
  username: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
}

/** Any fixed number: the PostgreSQL advisory lock that serializes the first-admin decision. */
const FIRST_ADMIN_LOCK = 4_071_225;

/** D8: records, once and for good, that an account has been an admin (docs/decisions/039). */
async function recordAdminMade(ex: Executor): Promise<void> {
  await ex
    .insertInto('app_meta')
    .values({ key: ADMIN_EVER_KEY, value: 'yes' })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

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

    /** Makes the account with this address an admin; false when there is none. */
    async grantAdmin(email: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('user')
          .set({ isAdmin: true })
          .where(sql`lower(email)`, '=', email.trim().toLowerCase())
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await recordAdminMade(trx);
        return true;
      });
    },

    /**
     * Takes admin rights from the account with this address, unless it is the last admin (D8:
     * an install always keeps one). One conditional update, serialized with the other admin
     * changes on PostgreSQL (SQLite's writer lock does it there).
     */
    async revokeAdmin(email: string): Promise<'revoked' | 'last-admin' | 'not-admin'> {
      return db.transaction().execute(async (trx) => {
        if (kind === 'postgres') await sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`.execute(trx);
        const result = await trx
          .updateTable('user')
          .set({ isAdmin: false })
          .where(sql`lower(email)`, '=', email.trim().toLowerCase())
          .where('isAdmin', '=', true)
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('user as other')
                .select('other.id')
                .where('other.isAdmin', '=', true)
                .where('other.deleted_at', 'is', null)
                .where(sql<string>`lower(other.email)`, '!=', email.trim().toLowerCase()),
            ),
          )
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) return 'revoked';
        const account = await trx
          .selectFrom('user')
          .select('isAdmin')
          .where(sql`lower(email)`, '=', email.trim().toLowerCase())
          .executeTakeFirst();
        return account?.isAdmin ? 'last-admin' : 'not-admin';
      });
    },

    /** Grants admin to each listed address that has a confirmed account; returns how many changed. */
    async grantListed(emails: readonly string[]): Promise<number> {
      if (!emails.length) return 0;
      return db.transaction().execute(async (trx) => {
        const result = await trx
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
        if (Number(result.numUpdatedRows) > 0) await recordAdminMade(trx);
        return Number(result.numUpdatedRows);
      });
    },

    /**
     * True once any account is or ever was an admin (D8: until then the first confirmed account
     * becomes one; afterwards only ADMIN_EMAILS and `npm run admin -- grant` make admins).
     */
    async hasAdmin(): Promise<boolean> {
      if (await db.selectFrom('app_meta').select('key').where('key', '=', ADMIN_EVER_KEY).executeTakeFirst()) return true;
      const row = await db.selectFrom('user').select('id').where('isAdmin', '=', true).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Makes this user admin only if nobody is or ever was admin, atomically: two confirmations at
     * the same moment make one admin, and with every admin revoked nobody becomes one by
     * confirming an address (D8). SQLite runs the statement under its single writer lock;
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
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('app_meta').select('app_meta.key').where('app_meta.key', '=', ADMIN_EVER_KEY))))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await recordAdminMade(trx);
        return true;
      });
    },
  };
}

export type AccountsRepository = ReturnType<typeof accountsRepository>;
