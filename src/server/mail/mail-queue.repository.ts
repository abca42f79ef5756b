import { sql, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../db/executor';
import type { MailQueueTable } from '../db/schema';
import type { MailKind, QueuedMail } from './mailer';

/** A mail the sender holds a lease on, with what deciding its next try needs. */
export interface ClaimedMail extends QueuedMail {
  attempts: number;
  createdAt: string;
}

/** The queue's state for readiness and metrics (design note 026). */
export interface MailQueueCounts {
  /** Waiting to be sent (queued, or being sent right now). */
  queued: number;
  /** Given up: never sent. */
  failed: number;
  /** How long the longest-waiting due mail has waited past its due time (0 when none is due). */
  oldestDueAgeSeconds: number;
  /** How long ago the oldest mail still waiting was queued (0 when none waits). */
  oldestQueuedAgeSeconds: number;
}

const LIVE = ['queued', 'sending'] as const;

/**
 * A mail that has left (sent, or given up) keeps who, what subject, which kind and when, not its
 * text or links: a sign-in or password-reset link must not outlive its delivery in the database
 * and its backups (migration 026 cleared the rows sent before). The trial's Dev Mailbox is the
 * recipient's inbox, a table of its own, and keeps its copy.
 */
const LEFT = { text_body: '', html_body: '', link: null, unsubscribe_url: null } as const;

/**
 * The mail queue's queries (D40's outbox, design note 026). `enqueue` runs on the caller's
 * executor: the transaction of the change that causes the mail. Every other write is a
 * conditional update, so several instances sending from one database decide each mail once.
 */
export function mailQueueRepository(db: Executor) {
  /** Ends `owner`'s lease on a mail with these changes; false when the lease had passed to another sender. */
  async function endLease(id: string, owner: string, changes: Updateable<MailQueueTable>): Promise<boolean> {
    const result = await db
      .updateTable('mail_queue')
      .set({ ...changes, lease_owner: null, lease_until: null })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  return {
    async enqueue(
      row: Pick<MailQueueTable, 'id' | 'message_id' | 'recipient' | 'subject' | 'text_body' | 'html_body' | 'link' | 'unsubscribe_url'> & { kind: MailKind },
      now: string,
    ): Promise<void> {
      await db
        .insertInto('mail_queue')
        .values({
          ...row,
          status: 'queued',
          attempts: 0,
          next_attempt_at: now,
          lease_owner: null,
          lease_until: null,
          last_error: null,
          created_at: now,
          sent_at: null,
        })
        .execute();
    },

    /** Ids of mails due at `now`: queued ones whose time has come, and sending ones whose sender's lease ran out (it crashed). */
    async dueIds(now: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('mail_queue')
        .select('id')
        .where('status', 'in', [...LIVE])
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Takes the lease on one due mail for `owner` until `leaseUntil`, counting the try; undefined
     * when another sender took it first. A lease that ends makes the mail due again (its
     * next_attempt_at is the lease's end), so a crashed sender's mail is picked up by the scan.
     */
    async claim(id: string, owner: string, now: string, leaseUntil: string): Promise<ClaimedMail | undefined> {
      const claimed = await db
        .updateTable('mail_queue')
        .set({ status: 'sending', lease_owner: owner, lease_until: leaseUntil, next_attempt_at: leaseUntil, attempts: sql<number>`attempts + 1` })
        .where('id', '=', id)
        .where('status', 'in', [...LIVE])
        .where('next_attempt_at', '<=', now)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return undefined;
      const row = await db.selectFrom('mail_queue').selectAll().where('id', '=', id).where('lease_owner', '=', owner).executeTakeFirst();
      return row && toClaimed(row);
    },

    /** The mail went out; false when this sender's lease had passed to another. */
    markSent: (id: string, owner: string, now: string) => endLease(id, owner, { status: 'sent', sent_at: now, last_error: null, ...LEFT }),

    /** The try failed: queued again for `retryAt`, or, with retryAt null, failed for good. */
    markFailedTry: (id: string, owner: string, error: string, retryAt: string | null) =>
      endLease(
        id,
        owner,
        retryAt === null ? { status: 'failed', last_error: error, ...LEFT } : { status: 'queued', next_attempt_at: retryAt, last_error: error },
      ),

    async counts(now: Date): Promise<MailQueueCounts> {
      const byStatus = await db
        .selectFrom('mail_queue')
        .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
        .where('status', 'in', [...LIVE, 'failed'])
        .groupBy('status')
        .execute();
      const oldest = await db
        .selectFrom('mail_queue')
        .select((eb) => [eb.fn.min('next_attempt_at').as('due'), eb.fn.min('created_at').as('queued')])
        .where('status', 'in', [...LIVE])
        .executeTakeFirstOrThrow();
      const count = (...statuses: string[]) => byStatus.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + Number(row.count), 0);
      const ageSeconds = (at: string | null) => (at === null ? 0 : Math.max(0, Math.floor((now.getTime() - new Date(at).getTime()) / 1000)));
      return {
        queued: count(...LIVE),
        failed: count('failed'),
        oldestDueAgeSeconds: ageSeconds(oldest.due),
        oldestQueuedAgeSeconds: ageSeconds(oldest.queued),
      };
    },
  };
}

function toClaimed(row: Selectable<MailQueueTable>): ClaimedMail {
  return {
    id: row.id,
    messageId: row.message_id,
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    ...(row.link !== null ? { link: row.link } : {}),
    kind: row.kind as MailKind,
    unsubscribeUrl: row.unsubscribe_url ?? null,
    attempts: Number(row.attempts),
    createdAt: row.created_at,
  };
}
