/** GET /api/health and GET /api/config: the public facts of this installation. */
import { z } from 'zod';
import { PAYMENT_METHODS } from '../payment-methods';
import { list, type Contract } from './contract';

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

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
