import { isOptOutKind, type OptOutKind } from '@core/mail-kinds';
import { sql } from 'kysely';
import type { Executor } from '../db/executor';

/** The opt-out kinds an account turned off (D41), read and written in the caller's executor. */
export function mailPreferencesRepository(db: Executor) {
  return {
    async turnedOff(userId: string): Promise<OptOutKind[]> {
      const rows = await db.selectFrom('mail_preferences').select('kind').where('user_id', '=', userId).execute();
      return rows.map((row) => row.kind).filter(isOptOutKind);
    },
    async isOff(userId: string, kind: string): Promise<boolean> {
      return (await db.selectFrom('mail_preferences').select('kind').where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst()) !== undefined;
    },
    async set(userId: string, kind: OptOutKind, on: boolean, at: string): Promise<void> {
      if (on) {
        await db.deleteFrom('mail_preferences').where('user_id', '=', userId).where('kind', '=', kind).execute();
        return;
      }
      await db
        .insertInto('mail_preferences')
        .values({ user_id: userId, kind, unsubscribed_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
        .execute();
    },
    /** The account a mail goes to, by its address (any case); undefined when none has it. */
    async accountOf(email: string): Promise<{ id: string } | undefined> {
      return db
        .selectFrom('user')
        .select('id')
        .where(sql`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },
    async accountExists(userId: string): Promise<boolean> {
      return (await db.selectFrom('user').select('id').where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst()) !== undefined;
    },
  };
}

export type MailPreferencesRepository = ReturnType<typeof mailPreferencesRepository>;
