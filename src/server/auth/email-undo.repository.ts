import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { EMAIL_UNDO_DAYS } from '@core/account-safety';
import type { Db } from '../db/connection';

const UNDO_MS = EMAIL_UNDO_DAYS * 24 * 60 * 60 * 1000;

const hashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

/** Why an undo link did nothing. */
export type UndoRefusal = 'invalid' | 'used' | 'expired' | 'taken';

export type UndoOutcome = { ok: true; userId: string; email: string } | { ok: false; reason: UndoRefusal };

/**
 * The undo link mailed to the old address after an e-mail change (docs/decisions/039). A link's
 * token is `<row id>.<secret>`: 32 random bytes from node:crypto, of which only the SHA-256 is
 * stored and compared in constant time. Opening it once, within EMAIL_UNDO_DAYS, puts the old
 * address back, removes the account's password, ends every session and voids the reset links
 * sent so far (the caller then mails a password reset to the restored address).
 */
export function emailUndoRepository(db: Db) {
  return {
    /** Stores a new undo link for this change; returns its token (the only copy of its secret). */
    async issue(change: { userId: string; oldEmail: string; newEmail: string }, now: Date): Promise<string> {
      const id = randomUUID();
      const secret = randomBytes(32).toString('base64url');
      await db
        .insertInto('email_change_undo')
        .values({
          id,
          user_id: change.userId,
          old_email: change.oldEmail.toLowerCase(),
          new_email: change.newEmail.toLowerCase(),
          token_hash: hashOf(secret).toString('base64url'),
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + UNDO_MS).toISOString(),
          used_at: null,
        })
        .execute();
      return `${id}.${secret}`;
    },

    /**
     * Uses a token once, in one transaction: checks it, claims it (a conditional update, so two
     * clicks undo once), puts the old address back (confirmed: the link reached it), removes the
     * password and ends every session. Nothing changes when it is refused.
     */
    async undo(token: string, now: Date): Promise<UndoOutcome> {
      const [id, secret, ...rest] = token.split('.');
      if (!id || !secret || rest.length || !/^[0-9a-f-]{36}$/.test(id) || !/^[\w-]{43}$/.test(secret)) return { ok: false, reason: 'invalid' };
      return db.transaction().execute(async (trx): Promise<UndoOutcome> => {
        const row = await trx
          .selectFrom('email_change_undo')
          .select(['user_id', 'old_email', 'token_hash', 'expires_at', 'used_at'])
          .where('id', '=', id)
          .executeTakeFirst();
        const stored = row ? Buffer.from(row.token_hash, 'base64url') : Buffer.alloc(32);
        const matches = timingSafeEqual(hashOf(secret), stored.length === 32 ? stored : Buffer.alloc(32));
        if (!row || !matches) return { ok: false, reason: 'invalid' };
        if (row.used_at !== null) return { ok: false, reason: 'used' };
        if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
        const user = await trx.selectFrom('user').select('deleted_at').where('id', '=', row.user_id).executeTakeFirst();
        if (!user || user.deleted_at !== null) return { ok: false, reason: 'invalid' };
        const holder = await trx
          .selectFrom('user')
          .select('id')
          .where(sql`lower(email)`, '=', row.old_email)
          .where('id', '!=', row.user_id)
          .executeTakeFirst();
        if (holder) return { ok: false, reason: 'taken' };
        const claimed = await trx
          .updateTable('email_change_undo')
          .set({ used_at: now.toISOString() })
          .where('id', '=', id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return { ok: false, reason: 'used' };
        await trx.updateTable('user').set({ email: row.old_email, emailVerified: true, updatedAt: now.toISOString() }).where('id', '=', row.user_id).execute();
        // Whoever changed the address may know the password: it goes, and the reset link sets a new one.
        await trx.deleteFrom('account').where('userId', '=', row.user_id).where('providerId', '=', 'credential').execute();
        await trx.deleteFrom('session').where('userId', '=', row.user_id).execute();
        // A reset link asked for while the other address was the account's (it went there) stops working.
        await sql`delete from verification where identifier like 'reset-password:%' and value = ${row.user_id}`.execute(trx);
        return { ok: true, userId: row.user_id, email: row.old_email };
      });
    },

    /** True when an undo of this account was used at or after `since` (older change links are void then). */
    async undoneSince(userId: string, since: Date): Promise<boolean> {
      const rows = await db.selectFrom('email_change_undo').select('used_at').where('user_id', '=', userId).where('used_at', 'is not', null).execute();
      return rows.some((row) => new Date(row.used_at!).getTime() >= since.getTime());
    },

    /** Ends the account's sessions except `keepSessionId` (the one that opened the confirmation link, if it is the account's). */
    async endOtherSessions(userId: string, keepSessionId: string | null): Promise<number> {
      let query = db.deleteFrom('session').where('userId', '=', userId);
      if (keepSessionId) query = query.where('id', '!=', keepSessionId);
      return Number((await query.executeTakeFirst()).numDeletedRows);
    },
  };
}

export type EmailUndoRepository = ReturnType<typeof emailUndoRepository>;
