import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../auth/session';
import type { TrialCheckoutService } from './trial-checkout.service';

export interface TestCheckoutRoutesOptions {
  testCheckout: TrialCheckoutService;
}

const params = z.object({ sessionId: z.string().max(200) });
const redirect = z.object({ redirect_url: z.string() });
const text = z.string().max(200).default('');

/**
 * The built-in test checkout's API (D22), registered only when the test provider is in use
 * (trial mode without Stripe): elsewhere these paths do not exist (404).
 */
export const trialCheckoutRoutes: FastifyPluginAsyncZod<TestCheckoutRoutesOptions> = async (app, { testCheckout }) => {
  const signedIn = { preValidation: app.guards.requireUser };

  app.get(
    '/api/checkout/test/:sessionId',
    {
      ...signedIn,
      schema: {
        params,
        response: {
          200: z.object({
            session_id: z.string(),
            amount_cents: z.number().int(),
            description: z.string(),
            status: z.string(),
            expires_at: z.string(),
            lines: z.array(z.object({ name: z.string(), unit_amount_cents: z.number().int(), quantity: z.number().int() })),
          }),
        },
      },
    },
    async (request) => testCheckout.view(request.params.sessionId, signedInUser(request).id),
  );

  app.post(
    '/api/checkout/test/:sessionId/pay',
    {
      ...signedIn,
      schema: {
        params,
        body: z.object({ card_number: text, expiry: text, cvc: text, name: text }),
        response: { 200: redirect },
      },
    },
    async (request) => testCheckout.pay(request.params.sessionId, signedInUser(request).id, request.body),
  );

  app.post('/api/checkout/test/:sessionId/cancel', { ...signedIn, schema: { params, response: { 200: redirect } } }, async (request) =>
    testCheckout.cancel(request.params.sessionId, signedInUser(request).id),
  );
};
