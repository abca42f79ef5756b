import { checkoutCreatedSchema, checkoutRequestSchema, checkoutResponseSchema, openCheckoutsResponseSchema } from '@core/api/checkout';
import { idParams } from '@core/api/params';
import { CHOOSE_USERNAME } from '@core/messages';
import { cartSchema } from '@core/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../auth/session';
import type { Settings } from '../config';
import { AppError, conflict, notFound } from '../http/errors';
import type { GameAccess } from '../games/game-access';
import { isUuid } from '../http/params';
import { mailLinkOrigin } from '../mail/link-origin';
import { CHECKOUT_NOT_FOUND, CHECKOUT_TEXTS } from './checkout.messages';
import type { CheckoutService } from './checkout.service';

export interface CheckoutRoutesOptions {
  checkouts: CheckoutService;
  /** D30: a cart's games the buyer may not see are refused as games that do not exist. */
  access: Pick<GameAccess, 'hidden' | 'askerOf'>;
  settings: Pick<Settings, 'PUBLIC_URL' | 'HOST' | 'PORT' | 'MAX_CART_SQUARES' | 'MAX_HELD_SQUARES'>;
}

/** Games in one checkout: Stripe Checkout lists at most 100 line items, one per game. */
const MAX_CART_GAMES = 100;
export const cartTooLarge = (squares: number, max: number) =>
  `Your cart has ${squares} squares; one checkout can take at most ${max}. Remove some squares and try again.`;
export const cartHasTooManyGames = (games: number) =>
  `Your cart has squares of ${games} games; one checkout can take squares of at most ${MAX_CART_GAMES} games. Remove some and try again.`;

/** Games and squares in a cart as sent, counted before anything else looks at it. */
function cartSize(cart: unknown): { games: number; squares: number } {
  if (!Array.isArray(cart)) return { games: 0, squares: 0 };
  let squares = 0;
  for (const item of cart as unknown[]) {
    const itemSquares = typeof item === 'object' && item !== null ? (item as { squares?: unknown }).squares : undefined;
    if (Array.isArray(itemSquares)) squares += itemSquares.length;
  }
  return { games: cart.length, squares };
}

/**
 * POST /api/checkout: the cart (checked by validateForPayment) and the notes typed on /payment.
 * Issue 10: a cart larger than MAX_CART_SQUARES (or of more than 100 games) is refused with 400
 * before its squares are checked, so no request reaches the database with an unbounded cart.
 */
function checkoutRequest(maxCartSquares: number) {
  const boundedCart = z
    .unknown()
    .superRefine((cart, ctx) => {
      const size = cartSize(cart);
      if (size.squares > maxCartSquares) ctx.addIssue({ code: 'custom', message: cartTooLarge(size.squares, maxCartSquares) });
      else if (size.games > MAX_CART_GAMES) ctx.addIssue({ code: 'custom', message: cartHasTooManyGames(size.games) });
    })
    .pipe(cartSchema);
  return checkoutRequestSchema.extend({ cart: boundedCart });
}

/** Checkout (spec section 7 "Payment", D21): start one for the cart; follow one's status; the buyer's open ones; cancel one. */
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, { checkouts, access, settings }) => {
  // The guard runs before body validation: visitors get 401, not cart messages.
  // D29: squares show their owner's username; an account made by a sign-in link chooses one first (/welcome).
  const requireUsername = async (request: FastifyRequest) => {
    if (signedInUser(request).username === null) throw new AppError(403, 'USERNAME_REQUIRED', CHOOSE_USERNAME.required);
  };

  app.post(
    '/api/checkout',
    {
      ...app.guards.signedIn,
      preValidation: requireUsername,
      schema: { body: checkoutRequest(settings.MAX_CART_SQUARES), response: { 201: checkoutCreatedSchema } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      // D30: before anything is held or reserved (card part and organizer part alike), every game
      // of the cart must be one the buyer may see; one that is not is refused in the words of a
      // game that does not exist, naming it by the cart's own title.
      const [hidden] = await access.hidden(
        request.body.cart.map((item) => item.game_id),
        access.askerOf(request, reply),
      );
      if (hidden !== undefined) {
        const title = request.body.cart.find((item) => item.game_id === hidden)?.game_title ?? '';
        throw conflict(CHECKOUT_TEXTS.gameUnavailable(title), 'GAME_CLOSED');
      }
      // D5: links back to us (the provider's return pages, the refund mail) use PUBLIC_URL, or in a
      // trial the host the buyer opened when it names this machine: a forged Host never reaches them.
      const origin = mailLinkOrigin(`${request.protocol}://${request.host}`, settings);
      const created = await checkouts.create({
        user: { id: user.id, email: user.email },
        cart: request.body.cart,
        notes: request.body.notes ?? undefined,
        origin,
        maxHeldSquares: settings.MAX_HELD_SQUARES,
      });
      return reply.status(201).send(created);
    },
  );

  app.get('/api/checkout/:id', { ...app.guards.signedIn, schema: { params: idParams, response: { 200: checkoutResponseSchema } } }, async (request) => {
    if (!isUuid(request.params.id)) throw notFound(CHECKOUT_NOT_FOUND);
    return { checkout: await checkouts.settleAndView(request.params.id, signedInUser(request).id) };
  });

  // D21: the buyer's own open checkouts, so the pages show those squares as theirs and offer to
  // resume the payment page or start again.
  app.get('/api/me/checkout', { ...app.guards.signedIn, schema: { response: { 200: openCheckoutsResponseSchema } } }, async (request) => ({
    checkouts: await checkouts.settleAndListOpen(signedInUser(request).id),
  }));

  // D21: start again, or back through the provider's cancel link. Only the buyer's own (someone
  // else's answers as one that does not exist); the provider is asked first; repeatable.
  app.post('/api/checkout/:id/cancel', { ...app.guards.signedIn, schema: { params: idParams, response: { 200: checkoutResponseSchema } } }, async (request) => {
    if (!isUuid(request.params.id)) throw notFound(CHECKOUT_NOT_FOUND);
    return { checkout: await checkouts.cancel(request.params.id, signedInUser(request).id) };
  });
};
