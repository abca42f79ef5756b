import { randomUUID } from 'node:crypto';
import type { ServiceDeps } from '../service-deps';
import type { CheckoutSession, CheckoutSessionInput, PaymentProvider, SessionState } from './provider';
import type { TestPaymentsRepository, TestSessionRow } from './test-payments.repository';

/**
 * The built-in test checkout (D22, trial mode): a card page on our own origin at
 * /checkout/test/:id instead of Stripe's. Its sessions live in the database, so a restart or a
 * second look by the expiry sweep sees the same state Stripe would report.
 */
export interface TestPaymentProvider extends PaymentProvider {
  readonly name: 'test';
  session(id: string): Promise<TestSessionRow | undefined>;
  /** Takes the payment on an open session; the payment id, or null when the page was closed. */
  pay(id: string, now: Date): Promise<string | null>;
  /** The buyer left through "Cancel": the session takes no payment any more. */
  cancel(id: string, now: Date): Promise<boolean>;
}

/** The provider in use is the built-in test checkout (its card page's routes exist only then). */
export function isTestPaymentProvider(provider: PaymentProvider | null): provider is TestPaymentProvider {
  return provider?.name === 'test' && 'pay' in provider;
}

/** The card page of a session: on our own origin, taken from where the buyer comes back to (PUBLIC_URL or the trial's host). */
/** The shape of a test checkout session's id (`test_cs_` and a UUID's 32 hex digits). */
export const TEST_SESSION_ID = /^test_cs_[0-9a-f]{32}$/;

const pageUrl = (sessionId: string, successUrl: string) => `${new URL(successUrl).origin}/checkout/test/${sessionId}`;

export interface TestPaymentProviderDeps extends ServiceDeps {
  repo: TestPaymentsRepository;
}

export function testPaymentProvider({ repo, clock }: TestPaymentProviderDeps): TestPaymentProvider {
  return {
    name: 'test',

    async createSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
      const id = `test_cs_${randomUUID().replaceAll('-', '')}`;
      const now = clock().toISOString();
      await repo.insert({
        id,
        checkout_id: input.checkoutId,
        status: 'open',
        amount_cents: input.amountCents,
        description: input.description,
        lines: JSON.stringify(input.lines),
        customer_email: input.customerEmail,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: input.expiresAt.toISOString(),
        payment_id: null,
        refund_id: null,
        created_at: now,
        updated_at: now,
      });
      return { sessionId: id, url: pageUrl(id, input.successUrl) };
    },

    async getSessionState(sessionId: string): Promise<SessionState> {
      const row = await repo.find(sessionId);
      if (!row) throw new Error(`test checkout session ${sessionId} does not exist`);
      switch (row.status) {
        case 'paid':
          return { status: 'paid', paymentId: row.payment_id as string };
        // Sessions a declined card closed before D45 (a decline now leaves the page open).
        case 'declined':
          return { status: 'failed' };
        case 'cancelled':
        case 'expired':
          return { status: 'expired' };
        case 'open':
          return new Date(row.expires_at) <= clock() ? { status: 'expired' } : { status: 'pending', url: pageUrl(row.id, row.success_url) };
      }
    },

    async expireSession(sessionId: string): Promise<void> {
      await repo.close(sessionId, 'expired', clock().toISOString());
    },

    async refund({ paymentId, amountCents, idempotencyKey }): Promise<string> {
      const result = await repo.refund({
        paymentId,
        key: idempotencyKey,
        refundId: `test_re_${randomUUID().replaceAll('-', '')}`,
        amountCents,
        now: clock().toISOString(),
      });
      if ('refundId' in result) return result.refundId;
      if (result.error === 'unknown_payment') throw new Error(`test payment ${paymentId} does not exist`);
      throw new Error(`test payment ${paymentId}: refunding ${amountCents} cents would refund more than was paid`);
    },

    session: (id) => repo.find(id),

    async pay(id, now) {
      const paymentId = `test_pi_${randomUUID().replaceAll('-', '')}`;
      return (await repo.close(id, 'paid', now.toISOString(), paymentId)) ? paymentId : null;
    },

    cancel: (id, now) => repo.close(id, 'cancelled', now.toISOString()),
  };
}
