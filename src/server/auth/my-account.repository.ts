import { sql } from 'kysely';
import { DELETED_EMAIL_DOMAIN } from '@core/person';
import type { Db, DbKind } from '../db/connection';
import type { Executor } from '../db/executor';

/** What deleting an account would leave owed or unsettled (D41, docs/decisions/034). */
export interface DeleteBlockers {
  lastAdmin: boolean;
  checkoutSquares: number;
  unpaidSquares: number;
  unpaidWinningsCents: number;
}

export interface AccountProfile {
  username: string | null;
  email: string;
  hasPassword: boolean;
  isAdmin: boolean;
}

/** The same advisory lock as the first-admin decision (accounts.repository.ts): admins change one at a time. */
const ADMIN_LOCK = 4_071_225;

/** An account's page (D41): its profile, what would stop its deletion, and the deletion itself. */
export function myAccountRepository(db: Db, kind: DbKind) {
  async function blockers(ex: Executor, userId: string): Promise<DeleteBlockers> {
    const user = await ex.selectFrom('user').select('isAdmin').where('id', '=', userId).executeTakeFirst();
    const otherAdmin = user?.isAdmin
      ? await ex.selectFrom('user').select('id').where('isAdmin', '=', true).where('id', '!=', userId).where('deleted_at', 'is', null).executeTakeFirst()
      : undefined;
    const squares = await ex
      .selectFrom('squares')
      .select([
        sql<number | string>`sum(case when status = 'held' then 1 else 0 end)`.as('held'),
        sql<number | string>`sum(case when status = 'claimed' and is_paid = ${sql.lit(false)} then 1 else 0 end)`.as('unpaid'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const winnings = await ex
      .selectFrom('game_winners')
      .select(sql<number | string>`coalesce(sum(payout_amount_cents), 0)`.as('cents'))
      .where('user_id', '=', userId)
      .where('payout_status', 'in', ['pending', 'processing', 'failed'])
      .where('payout_amount_cents', '>', 0)
      .executeTakeFirst();
    return {
      lastAdmin: user?.isAdmin === true && otherAdmin === undefined,
      checkoutSquares: Number(squares?.held ?? 0),
      unpaidSquares: Number(squares?.unpaid ?? 0),
      unpaidWinningsCents: Number(winnings?.cents ?? 0),
    };
  }

  return {
    async profile(userId: string): Promise<AccountProfile | undefined> {
      const user = await db
        .selectFrom('user')
        .select(['username', 'displayUsername', 'email', 'isAdmin'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!user) return undefined;
      const password = await db
        .selectFrom('account')
        .select('id')
        .where('userId', '=', userId)
        .where('providerId', '=', 'credential')
        .where('password', 'is not', null)
        .executeTakeFirst();
      return { username: user.displayUsername ?? user.username, email: user.email, hasPassword: password !== undefined, isAdmin: user.isAdmin };
    },

    blockers: (userId: string) => blockers(db, userId),

    /** True when an account other than `userId` has this address (any case). */
    async emailTaken(email: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('user')
        .select('id')
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .where('id', '!=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * D41: erases the account in one transaction, if nothing blocks it then (else returns the
     * blockers and changes nothing). The user row stays with its username (the squares, orders
     * and winners that point at it keep their name); its address becomes one under
     * `deleted.invalid` that no mail reaches, and its password, sessions, memberships, queued and
     * kept mails, sign-in tickets and the address a named person was matched by are removed.
     */
    async erase(userId: string, now: string): Promise<{ erased: true; email: string } | { erased: false; blockers: DeleteBlockers }> {
      return db.transaction().execute(async (trx) => {
        if (kind === 'postgres') await sql`select pg_advisory_xact_lock(${ADMIN_LOCK})`.execute(trx);
        const found = await blockers(trx, userId);
        if (found.lastAdmin || found.checkoutSquares || found.unpaidSquares || found.unpaidWinningsCents) return { erased: false, blockers: found };
        const user = await trx.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
        const email = user.email.toLowerCase();
        await trx
          .updateTable('user')
          .set({ email: `${userId}@${DELETED_EMAIL_DOMAIN}`, emailVerified: false, isAdmin: false, deleted_at: now })
          .where('id', '=', userId)
          .execute();
        await trx.deleteFrom('account').where('userId', '=', userId).execute();
        await trx.deleteFrom('session').where('userId', '=', userId).execute();
        await trx.deleteFrom('game_members').where('user_id', '=', userId).execute();
        // A mail being handed to the server now is left to finish; every other one to the address goes.
        await trx
          .deleteFrom('mail_queue')
          .where(sql`lower(recipient)`, '=', email)
          .where('status', '!=', 'sending')
          .execute();
        await trx
          .deleteFrom('dev_mailbox')
          .where(sql`lower(to_address)`, '=', email)
          .execute();
        await trx
          .deleteFrom('sign_in_tickets')
          .where(sql`lower(email)`, '=', email)
          .execute();
        await trx.updateTable('named_people').set({ email: null }).where('email', '=', email).execute();
        return { erased: true, email };
      });
    },
  };
}

export type MyAccountRepository = ReturnType<typeof myAccountRepository>;
