import { randomUUID } from 'node:crypto';
import type { Cart } from '@core/cart';
import { checkoutDescription, checkoutGameId } from '@core/cart';
import { CART_PAYMENT_ERRORS } from '@core/messages';
import { AppError } from '../http/errors';
import type { Cancelling } from './cancel';
import { iso, perGame, providerOf, publishSquares, inTransaction, type CheckoutServiceDeps } from './checkout.deps';
import { CHECKOUT_TEXTS, PAYMENTS_NOT_CONFIGURED } from './checkout.messages';
import { checkoutRepository, type Cell, type CheckoutRow, type GameForSale } from './checkout.repository';
import { gameClosed, offBoard, HoldConflict, holdLimit, playerLimit, unavailable } from './sale-checks';
import type { Fulfillment } from './fulfill';

/** The card part of a checkout: the provider's page to open (POST /api/checkout's answer says more, D28). */
export interface CardCheckout {
  checkout_id: string;
  url: string;
  amount_cents: number;
  game_id: string;
  expires_at: string;
}

/** D21: the provider's page takes payment for 30 minutes; holds last 5 more for late confirmations. */
export const CHECKOUT_TTL_MS = 30 * 60_000;
export const HOLD_GRACE_MS = 5 * 60_000;

export interface NewCheckout {
  user: { id: string; email: string };
  cart: Cart;
  notes?: string | undefined;
  /** Our origin as the buyer sees it: PUBLIC_URL, or in a trial the request's own (D5). */
  origin: string;
  /** MAX_HELD_SQUARES: how many squares one account may hold at once, across games and checkouts. */
  maxHeldSquares: number;
}

/** POST /api/checkout (design note 004, D21, D22): holds a cart's squares and opens the provider's page. */
export function checkoutCreation(
  deps: CheckoutServiceDeps,
  { fulfill }: Pick<Fulfillment, 'fulfill'>,
  { release, askProvider, cancelCheckouts }: Pick<Cancelling, 'release' | 'askProvider' | 'cancelCheckouts'>,
) {
  const { provider, log, clock } = deps;
  const repo = checkoutRepository(deps.db, deps.kind);

  /**
   * Before a buyer's new checkout (D21: it replaces their earlier open one), outside any
   * transaction, each earlier checkout with a payment page is only asked about: a paid one is
   * fulfilled now (a payment whose confirmation a crash lost). Returns the ones that keep their
   * squares: a payment under way, or another provider's (it cannot be asked; the sweep releases
   * it). 502, changing nothing, when the provider cannot answer. Nothing else is written here,
   * so a new checkout that is then refused leaves the earlier one as it was.
   */
  async function settleEarlier(userId: string): Promise<Set<string>> {
    const kept = new Set<string>();
    for (const old of await repo.openCheckoutsOf(userId)) {
      // Without a session it is cancelled in the new checkout's transaction (see `end` in cancel.ts).
      if (!old.provider_session_id) continue;
      if (!providerOf(deps, old)) {
        kept.add(old.id);
        continue;
      }
      const state = await askProvider(old);
      if (!state) throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', CART_PAYMENT_ERRORS.createSessionFailed);
      if (state.status === 'paid') await fulfill(old.id, state.paymentId);
      else if (state.status === 'pending' && state.underWay) kept.add(old.id);
    }
    return kept;
  }

  /** POST /api/checkout: holds the cart's squares at the database's prices and opens the provider's page. */
  async function create({ user, cart, notes, origin, maxHeldSquares }: NewCheckout): Promise<CardCheckout> {
    const payments = provider;
    if (!payments) throw new AppError(503, 'PAYMENTS_NOT_CONFIGURED', PAYMENTS_NOT_CONFIGURED);
    const cells: Cell[] = cart.flatMap((item) => item.squares.map(({ x, y }) => ({ game_id: item.game_id, x, y })));
    const gameIds = [...new Set(cart.map((item) => item.game_id))].sort();
    const cartTitles = new Map(cart.map((item) => [item.game_id, item.game_title]));

    for (let attempt = 1; ; attempt++) {
      const kept = await settleEarlier(user.id);
      const id = randomUUID();
      const now = clock();
      const expiresAt = new Date(now.getTime() + CHECKOUT_TTL_MS);
      const holdUntil = iso(new Date(expiresAt.getTime() + HOLD_GRACE_MS));
      let held;
      try {
        held = await inTransaction(deps, async (tx) => {
          await tx.lockBuyer(user.id);
          const games = await tx.lockGames(gameIds, 'share');
          for (const item of cart) {
            const closed = gameClosed(item.game_title, games.get(item.game_id), 'card', now);
            if (closed) throw closed;
            const off = offBoard(item.squares, games.get(item.game_id) as GameForSale);
            if (off) throw off;
          }
          const titles = new Map([...games.values()].map((g) => [g.id, g.title]));
          // D21: a buyer's new checkout replaces their own earlier open one: its squares are
          // released here, in this transaction (a refused checkout changes nothing), and it is
          // ended after commit as its provider says (issue 10). A payment that went through on
          // its page meanwhile claims nothing then and is refunded, never lost. One without a
          // session never had its page handed out: it is cancelled here.
          const touched = new Set<string>(gameIds);
          const later: CheckoutRow[] = [];
          for (const old of await tx.openCheckoutsOf(user.id)) {
            if (kept.has(old.id)) continue;
            const unstarted =
              !old.provider_session_id && (await tx.moveStatus(old.id, ['open'], { status: 'cancelled', updated_at: iso(now) }, { withoutSession: true }));
            for (const g of await tx.deleteHolds(old.id)) touched.add(g);
            if (!unstarted) later.push(old);
          }
          // Issue 10: one account holds at most maxHeldSquares at once, across games.
          const holding = await tx.liveHoldCount(user.id, iso(now));
          if (holding + cells.length > maxHeldSquares) throw holdLimit(maxHeldSquares, holding, cells.length);
          // D31: a game's cap on squares per player, counted after the replaced checkout let go of its holds.
          const overCap = playerLimit(cells, games, await tx.squaresPerGame(user.id, gameIds, iso(now)));
          if (overCap) throw overCap;
          await tx.deleteDeadHolds(cells, iso(now));
          const taken = await tx.takenSquares(cells, iso(now));
          if (taken.length > 0) throw unavailable(taken, user.id, titles);

          const items = cells.map((c) => {
            const game = games.get(c.game_id) as GameForSale;
            return { checkout_id: id, game_id: c.game_id, game_title: game.title, x: c.x, y: c.y, price_cents: game.price_per_square_cents };
          });
          const amountCents = items.reduce((sum, item) => sum + item.price_cents, 0);
          const description = checkoutDescription(cart.map((item) => ({ ...item, game_title: titles.get(item.game_id) as string })));
          await tx.insertCheckout(
            {
              id,
              user_id: user.id,
              status: 'open',
              provider: payments.name,
              amount_cents: amountCents,
              description,
              notes: notes?.trim() || null,
              expires_at: iso(expiresAt),
              hold_until: holdUntil,
              created_at: iso(now),
              updated_at: iso(now),
              public_origin: origin,
            },
            items,
          );
          if (!(await tx.insertHolds(user.id, id, cells, holdUntil))) throw new HoldConflict();
          return { items, amountCents, description, touched, later, games };
        });
      } catch (err) {
        if (!(err instanceof HoldConflict)) throw err;
        // A concurrent checkout got a cell first: name the cells taken now that it has committed.
        const taken = await repo.takenSquares(cells, iso(clock()));
        if (taken.length === 0 && attempt < 3) continue;
        throw unavailable(taken, user.id, cartTitles);
      }

      publishSquares(deps, held.touched);
      const ending = cancelCheckouts(held.later);
      const gameId = checkoutGameId(cart) as string;
      const lines = [...perGame(held.items).entries()].map(([gid, total]) => ({
        name: CHECKOUT_TEXTS.lineName(held.games.get(gid)?.title ?? total.title, total.squares),
        unitAmountCents: total.cents / total.squares,
        quantity: total.squares,
      }));
      let session;
      try {
        session = await payments.createSession({
          checkoutId: id,
          amountCents: held.amountCents,
          description: held.description,
          lines,
          expiresAt,
          successUrl: `${origin}/payment-success?game_id=${encodeURIComponent(gameId)}&checkout_id=${id}`,
          // D21: coming back through the provider's cancel link cancels this checkout (the cart asks the server to).
          cancelUrl: `${origin}/cart?cancelled=${id}`,
          customerEmail: user.email,
        });
      } catch (err) {
        log.error({ err, checkoutId: id }, 'payment provider could not open a checkout session');
        // No session was recorded, so no page was handed out: nothing can have been paid.
        await release(id, 'cancelled', true);
        await ending;
        throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', CART_PAYMENT_ERRORS.createSessionFailed);
      }
      await ending;
      await repo.setSession(id, session.sessionId, iso(clock()));
      // A newer checkout of the same buyer (or a draw or delete) may have ended this one before
      // its session was recorded, without asking the provider: its page is closed before it is
      // handed out, and if it cannot be closed it is not handed out at all.
      if ((await repo.findCheckout(id))?.status !== 'open') {
        try {
          await payments.expireSession(session.sessionId);
        } catch (err) {
          log.error({ err, checkoutId: id }, 'page of a replaced checkout could not be closed; not handing it out');
          throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', CART_PAYMENT_ERRORS.createSessionFailed);
        }
      }
      deps.metrics.checkout('created');
      return { checkout_id: id, url: session.url, amount_cents: held.amountCents, game_id: gameId, expires_at: iso(expiresAt) };
    }
  }

  return { create };
}
