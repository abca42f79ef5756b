import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from '../config';
import type { Db } from '../db/connection';
import type { ServiceDeps } from '../service-deps';
import type { PaymentProvider } from './provider';
import { testPaymentsRepository } from './test-payments.repository';
import { testPaymentProvider } from './test-payment-provider';

export interface PaymentProviderDeps extends ServiceDeps {
  db: Db;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * The card payment provider (D22): Stripe when STRIPE_SECRET_KEY is set; the built-in test
 * checkout in a trial; otherwise none, and checkout answers that card payments are not configured.
 */
export async function createPaymentProvider(settings: Settings, deps: PaymentProviderDeps): Promise<PaymentProvider | null> {
  if (settings.STRIPE_SECRET_KEY) {
    // Loaded only when configured: a trial never loads the Stripe SDK.
    const { stripeProvider } = await import('./stripe-provider');
    return stripeProvider(settings, deps.log);
  }
  if (settings.trialMode) return testPaymentProvider({ repo: testPaymentsRepository(deps.db, settings.database.kind), clock: deps.clock });
  return null;
}
