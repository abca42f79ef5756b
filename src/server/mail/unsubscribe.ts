import { createHmac, timingSafeEqual } from 'node:crypto';
import { isOptOutKind, type OptOutKind } from '@core/mail-kinds';
import { sql } from 'kysely';
import type { Executor } from '../db/executor';

/**
 * One-click unsubscribe links (D40, RFC 8058; docs/decisions/037). A link names an account and an
 * opt-out kind and carries an HMAC-SHA256 of both under a key derived from the app's secret (the
 * session signing secret), so it needs no login and cannot be made for another account or kind.
 * It does not expire: an old mail's link keeps working, as mail clients expect of List-Unsubscribe.
 */
const VERSION = 'u1';

function keyOf(secret: string): Buffer {
  // A key of its own, so a signature here is never a valid signature anywhere else the secret signs.
  return createHmac('sha256', secret).update('squares-pool unsubscribe links').digest();
}

function signatureOf(key: Buffer, userId: string, kind: string): Buffer {
  return createHmac('sha256', key).update(`${VERSION}\n${userId}\n${kind}`).digest();
}

export interface UnsubscribeSigner {
  /** The token of a link: `u1.<account id>.<kind>.<signature>` (base64url). */
  token(userId: string, kind: OptOutKind): string;
  /** The account and kind a token names, or null when it is not one of ours (cut short, changed, another secret). */
  verify(token: string): { userId: string; kind: OptOutKind } | null;
}

export function unsubscribeSigner(secret: string): UnsubscribeSigner {
  const key = keyOf(secret);
  return {
    token(userId, kind) {
      return `${VERSION}.${Buffer.from(userId).toString('base64url')}.${kind}.${signatureOf(key, userId, kind).toString('base64url')}`;
    },
    verify(token) {
      if (typeof token !== 'string' || token.length > 400) return null;
      const parts = token.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) return null;
      const [, encodedUser, kind, signature] = parts as [string, string, string, string];
      if (!isOptOutKind(kind) || !/^[\w-]+$/.test(encodedUser) || !/^[\w-]+$/.test(signature)) return null;
      const userId = Buffer.from(encodedUser, 'base64url').toString('utf8');
      const expected = signatureOf(key, userId, kind);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { userId, kind };
    },
  };
}

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
