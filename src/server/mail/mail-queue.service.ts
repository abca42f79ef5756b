import { randomInt, randomUUID } from 'node:crypto';
import { isPlaceholderEmail } from '@core/person';
import { isOptOutKind, optOutLabel } from '@core/mail-kinds';
import { nextMailAttempt } from '@core/mail-retry';
import type { Db } from '../db/connection';
import type { Executor } from '../db/executor';
import { periodicJob } from '../jobs/periodic';
import type { Logger } from '../logger';
import type { ServiceDeps } from '../service-deps';
import { describeMailError } from './mail-errors';
import { mailQueueRepository, type ClaimedMail, type MailQueueCounts } from './mail-queue.repository';
import type { Mailer, MailMessage } from './mailer';
import { withUnsubscribeFooter } from './templates';
import { mailPreferencesRepository } from './mail-preferences.repository';
import type { UnsubscribeSigner } from './unsubscribe';

/** How long a sender holds a mail it is sending; past it, another sender (or this one after a restart) takes it. */
const LEASE_MS = 5 * 60_000;
/** Mails claimed per query; the sender goes on until none is due. */
const BATCH = 20;
/** A mail due this long and still not taken: no sender is running (readiness, design note 026). */
const STUCK_AFTER_SECONDS = 5 * 60;
/** The sender looks for due mail at least this often (more often when SWEEP_INTERVAL_SECONDS is shorter). */
const MAX_POLL_MS = 30_000;
/** Closing waits this long for a mail being sent; one cut off is sent again after its lease. */
const STOP_WAIT_MS = 5_000;

export interface MailQueueDeps extends ServiceDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
  /** MAIL_RETRY_HOURS: how long a mail is tried before it is given up. */
  retryWindowMs: number;
  /** SWEEP_INTERVAL_SECONDS, in ms. */
  intervalMs: number;
  /** The right-hand side of every Message-ID (PUBLIC_URL's host name). */
  messageIdDomain: string;
  /**
   * D40's one-click unsubscribe (docs/decisions/037): links signed with the app's secret, at our
   * mail origin. Every opt-out kind's mail gets one; a kind the recipient turned off is not queued.
   */
  unsubscribe: { signer: UnsubscribeSigner; origin: () => string };
}

/** The path of the unsubscribe page (opened from a mail's footer) and of the one-click POST (List-Unsubscribe). */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';
export const UNSUBSCRIBE_API = '/api/mail/unsubscribe';

/** The queue's figures for readiness and metrics, and whether it is stuck. */
export interface MailQueueHealth extends MailQueueCounts {
  /** A due mail has waited more than STUCK_AFTER_SECONDS: no instance is sending. */
  stuck: boolean;
}

/**
 * D40's outbox (design note 026). `enqueue` writes a mail in the caller's transaction, so it exists
 * exactly when the change that causes it committed; the caller calls `nudge` after the commit.
 * The sender, on every instance, claims due mails with a lease (a conditional update, so one
 * instance sends each), hands them to the mailer and marks them sent; a failure is tried again
 * with back-off (core/mail-retry.ts) until the retry window ends, then marked failed and logged.
 */
export function mailQueue(deps: MailQueueDeps) {
  const { db, mailer, log, clock } = deps;
  /** This instance's name on the leases it takes. */
  const owner = randomUUID();
  const job = periodicJob('mail sender', () => deliverDue(), Math.min(deps.intervalMs, MAX_POLL_MS), log);
  let started = false;

  /** Queues the mail in `tx`; false when it is not queued (no real address, or its kind turned off by the recipient). */
  async function enqueue(tx: Executor, message: MailMessage): Promise<boolean> {
    // D29: a named person's placeholder address reaches no one.
    if (isPlaceholderEmail(message.to)) {
      log.info({ kind: message.kind }, 'mail to a person without an account not queued');
      return false;
    }
    let unsubscribeUrl: string | null = null;
    if (isOptOutKind(message.kind)) {
      // D40: the recipient's choice for this kind, read in the same transaction; off means no mail.
      const preferences = mailPreferencesRepository(tx);
      const account = await preferences.accountOf(message.to);
      if (account && (await preferences.isOff(account.id, message.kind))) {
        log.info({ kind: message.kind }, 'mail not queued: the recipient turned this kind off');
        return false;
      }
      if (account) {
        const token = encodeURIComponent(deps.unsubscribe.signer.token(account.id, message.kind));
        const origin = deps.unsubscribe.origin();
        unsubscribeUrl = `${origin}${UNSUBSCRIBE_API}?token=${token}`;
        message = withUnsubscribeFooter(message, optOutLabel(message.kind), `${origin}${UNSUBSCRIBE_PAGE}?token=${token}`);
      }
    }
    const id = randomUUID();
    await mailQueueRepository(tx).enqueue(
      {
        id,
        message_id: `<${id}@${deps.messageIdDomain}>`,
        recipient: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        link: message.link ?? null,
        kind: message.kind,
        unsubscribe_url: unsubscribeUrl,
      },
      clock().toISOString(),
    );
    return true;
  }

  /** After a commit that queued mail: the sender runs now instead of at its next interval. */
  function nudge(): void {
    if (started) void job.runSoon();
  }

  /**
   * Sends every mail due that no other sender holds; the number sent. Each claim reads the clock
   * afresh, so a long run never sends on a lease that has ended; tests pass a later `at`.
   */
  async function deliverDue(at?: Date): Promise<number> {
    const repo = mailQueueRepository(db);
    let sent = 0;
    for (;;) {
      const ids = await repo.dueIds((at ?? clock()).toISOString(), BATCH);
      for (const id of ids) {
        const now = at ?? clock();
        const mail = await repo.claim(id, owner, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString());
        if (mail && (await deliver(mail, now))) sent += 1;
      }
      if (ids.length < BATCH) return sent;
    }
  }

  async function deliver(mail: ClaimedMail, now: Date): Promise<boolean> {
    const repo = mailQueueRepository(db);
    try {
      await mailer.send(mail);
    } catch (err) {
      const error = describeMailError(err);
      const next = nextMailAttempt(mail.attempts, new Date(mail.createdAt), now, deps.retryWindowMs, randomInt(2 ** 32) / 2 ** 32);
      if ('giveUp' in next) {
        await repo.markFailedTry(mail.id, owner, error, null);
        log.error(
          { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, error },
          'a mail was given up: it could not be sent (see last_error in mail_queue)',
        );
      } else {
        await repo.markFailedTry(mail.id, owner, error, next.retryAt.toISOString());
        log.warn(
          { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, error, retryAt: next.retryAt.toISOString() },
          'a mail could not be sent; it is tried again',
        );
      }
      return false;
    }
    if (!(await repo.markSent(mail.id, owner, clock().toISOString()))) {
      log.warn({ mailId: mail.id, kind: mail.kind }, 'a mail was sent after its lease ended; another sender may send it again (same Message-ID)');
    }
    return true;
  }

  return {
    enqueue,
    nudge,
    /** For Better Auth's mails, outside our transactions: queued in a write of their own, then sent by the job. */
    async send(message: MailMessage): Promise<void> {
      await enqueue(db, message);
      nudge();
    },
    deliverDue,
    /** Runs the sender now (or right after the run under way) and waits for it: the Dev Mailbox shows what was committed. */
    flush: (): Promise<void> => job.runSoon(),
    async health(now: Date = clock()): Promise<MailQueueHealth> {
      const counts = await mailQueueRepository(db).counts(now);
      return { ...counts, stuck: counts.oldestDueAgeSeconds > STUCK_AFTER_SECONDS };
    },
    async start(): Promise<void> {
      started = true;
      await job.start();
    },
    /** Stops the sender; a mail being sent gets STOP_WAIT_MS, then is left to its lease. */
    async stop(): Promise<void> {
      started = false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([job.stop(), new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(timer);
    },
  };
}

export type MailQueue = ReturnType<typeof mailQueue>;

/** What a service that causes mail needs of the queue. */
export type MailOutbox = Pick<MailQueue, 'enqueue' | 'nudge'>;
