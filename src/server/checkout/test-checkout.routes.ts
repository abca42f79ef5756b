import { testCardRequestSchema, testCheckoutSessionSchema, testCheckoutRedirectSchema, testSessionParams as params } from '@core/api/test-checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../auth/session';
import type { TestCheckoutService } from './test-checkout.service';

export interface TestCheckoutRoutesOptions {
  testCheckout: TestCheckoutService;
}

/**
 * The built-in test checkout's API (D22), registered only when the test provider is in use
 * (trial mode without Stripe): elsewhere these paths do not exist (404).
 */
export const testCheckoutRoutes: FastifyPluginAsyncZod<TestCheckoutRoutesOptions> = async (app, { testCheckout }) => {
  app.get(
    '/api/checkout/test/:sessionId',
    {
      ...app.guards.signedIn,
      schema: {
        params,
        response: { 200: testCheckoutSessionSchema },
      },
    },
    async (request) => testCheckout.view(request.params.sessionId, signedInUser(request).id),
  );

  app.post(
    '/api/checkout/test/:sessionId/pay',
    {
      ...app.guards.signedIn,
      schema: {
        params,
        body: testCardRequestSchema,
        response: { 200: testCheckoutRedirectSchema },
      },
    },
    async (request) => testCheckout.pay(request.params.sessionId, signedInUser(request).id, request.body),
  );

  app.post(
    '/api/checkout/test/:sessionId/cancel',
    { ...app.guards.signedIn, schema: { params, response: { 200: testCheckoutRedirectSchema } } },
    async (request) => testCheckout.cancel(request.params.sessionId, signedInUser(request).id),
  );
};
