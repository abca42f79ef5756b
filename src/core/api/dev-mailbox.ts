/** GET /api/dev/mailbox (D9): the trial's outbox, newest first; only on the machine that runs the app. */
import { z } from 'zod';
import { list, timestamp, type Contract } from './contract';

const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** The first link of the mail (confirmation or reset), for the mailbox's button. */
  link: z.string().nullable(),
  created_at: timestamp,
});
export type OutboxMail = Contract<typeof outboxMailSchema>;

export const devMailboxResponseSchema = z.object({ mails: list(outboxMailSchema) });
export type DevMailboxResponse = Contract<typeof devMailboxResponseSchema>;
