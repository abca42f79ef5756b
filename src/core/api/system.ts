/** GET /api/health (and its live and ready checks, design note 025) and GET /api/config: the public facts of this installation. */
import { z } from 'zod';
import { PAYMENT_METHODS } from '../payment-methods';
import { list, type Contract } from './contract';

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

/** GET /api/health/live: the process answers (the database is not asked). */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });

/** GET /api/health/ready (200 when ready, else 503): each check, and the cause of one that fails. */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: list(z.object({ name: z.string(), ok: z.boolean(), cause: z.string().nullable() })),
});
export type ReadinessResponse = Contract<typeof readinessResponseSchema>;

export const appConfigSchema = z.object({
  productName: z.string(),
  contactEmail: z.string().nullable(),
  mode: z.enum(['trial', 'production']),
  /** Mail is kept in the Dev Mailbox (/dev/mailbox) instead of being sent (trial without SMTP_URL, D9). */
  devMailbox: z.boolean(),
  /** D28: the payment methods a new game may use (production without Stripe: organizer only). */
  paymentMethods: list(z.enum(PAYMENT_METHODS)),
  /** D8: nobody runs this install yet (no admin, no ADMIN_EMAILS): the first account to confirm its e-mail will. */
  firstAccountRunsPool: z.boolean(),
});
export type AppConfig = Contract<typeof appConfigSchema>;
