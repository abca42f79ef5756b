import { randomUUID } from 'node:crypto';
import type { Cart } from '@core/cart';
import { checkoutDescription, checkoutGameId } from '@core/cart';
import type { CheckoutCreated, CheckoutStatus, CheckoutView, UnavailableSquare } from '@core/checkout';
import { squarePositionLabel } from '@core/grid';
import { CART_PAYMENT_ERRORS } from '@core/messages';
import { formatUsd } from '@core/money';
import { AppError, conflict, notFound } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { refundMail } from '../mail/templates';
import type { PaymentProvider, SessionState } from '../payments/provider';
import type { GameEvents } from '../realtime/events';
import type {
  Cell,
  CheckoutItemRow,
  CheckoutQueries,
  CheckoutRepository,
  CheckoutRow,
  Executor,
  GameForSale,
  StoredCheckoutStatus,
  TakenSquare,
} from './checkout.repository';

/** D21: the provider's page takes payment for 30 minutes; holds last 5 more for late confirmations. */
export const CHECKOUT_TTL_MS = 30 * 60_000;
export const HOLD_GRACE_MS = 5 * 60_000;

export const PAYMENTS_NOT_CONFIGURED = 'Card payments are not configured on this server.';
export const CHECKOUT_NOT_FOUND = 'Checkout not found';

/** Why a paid checkout was refunded instead of claiming its squares (shown on My Squares and mailed). */
export const REFUND_REASONS = {
  late: 'Your payment arrived after this checkout had ended, so its squares were no longer held for you.',
  taken: 'Some of your squares were taken by someone else before your payment was confirmed.',
  gameGone: (title: string) => `The game "${title}" was deleted before your payment was confirmed.`,
  salesClosed: (title: string) => `Sales for "${title}" closed before your payment was confirmed.`,
  gameDeleted: (title: string) => `The game "${title}" was deleted by the organizer.`,
} as const;

/** Services log through this shape (pino's), without knowing Fastify. */
export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface CheckoutServiceDeps {
  repo: CheckoutRepository;
  /** Null: no provider configured (production without Stripe, D22). */
  provider: PaymentProvider | null;
  mailer: Mailer;
  events: GameEvents;
  log: Logger;
}

export interface NewCheckout {
  user: { id: string; email: string };
  cart: Cart;
  notes?: string | undefined;
  /** Our origin as the buyer sees it: PUBLIC_URL, or in a trial the request's own (D5). */
  origin: string;
}

/** Rolls back a checkout's transaction when a cell turned out to be taken by a concurrent one. */
class HoldConflict extends Error {}
/** Rolls back a fulfillment that cannot claim every square: the payment is refunded instead. */
class CannotClaim extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

const iso = (date: Date) => date.toISOString();

/** What the API shows: a refund the provider has not accepted yet is already decided (see repository). */
const publicStatus = (status: StoredCheckoutStatus): CheckoutStatus => (status === 'refund_pending' ? 'refunded' : status);

function gameClosed(title: string, game: GameForSale | undefined): AppError | null {
  if (!game) return conflict(`"${title}" is no longer available. Remove it from your cart and try again.`, 'GAME_CLOSED');
  if (!game.is_active) return conflict(`"${game.title}" is completed: its squares are no longer sold. Remove it from your cart and try again.`, 'GAME_CLOSED');
  if (game.grid_shuffled) {
    return conflict(`Sales for "${game.title}" have closed: its numbers have been drawn. Remove it from your cart and try again.`, 'GAME_CLOSED');
  }
  return null;
}

/** 409 SQUARES_UNAVAILABLE naming the squares; the buyer's own squares get their own sentence. */
function unavailable(taken: readonly TakenSquare[], buyerId: string, titles: ReadonlyMap<string, string>): AppError {
  const label = (s: Cell) => `${titles.get(s.game_id) ?? 'Game'} (${squarePositionLabel(s)})`;
  const squares: UnavailableSquare[] = taken.map(({ game_id, x, y }) => ({ game_id, x, y }));
  const owned = taken.filter((s) => s.user_id === buyerId && s.status === 'claimed');
  if (owned.length === taken.length && owned.length > 0) {
    return conflict(`You already own some squares in your cart: ${owned.map(label).join('; ')}. Remove them and try again.`, 'SQUARES_UNAVAILABLE', { squares });
  }
  const list = taken.length > 0 ? `: ${taken.map(label).join('; ')}` : '';
  return conflict(`Some squares in your cart were just taken by someone else${list}. Remove them and try again.`, 'SQUARES_UNAVAILABLE', { squares });
}

/** Count and cents per game of a checkout's items. */
function perGame(items: readonly CheckoutItemRow[]): Map<string, { squares: number; cents: number; title: string }> {
  const totals = new Map<string, { squares: number; cents: number; title: string }>();
  for (const item of items) {
    const t = totals.get(item.game_id) ?? { squares: 0, cents: 0, title: item.game_title };
    t.squares += 1;
    t.cents += item.price_cents;
    totals.set(item.game_id, t);
  }
  return totals;
}

/**
 * Checkout (design note 004, D13, D18, D21, D22): holds a cart's squares, and fulfills, refunds
 * or releases them as the provider reports. Every confirmation path (webhook, test card page,
 * the buyer's status check, the expiry sweep) ends in `fulfill`, whose conditional status update
 * decides once however often and in whatever order confirmations arrive.
 */
export function checkoutService(deps: CheckoutServiceDeps) {
  const { repo, provider, mailer, events, log } = deps;

  function publish(gameIds: Iterable<string>): void {
    for (const game_id of new Set(gameIds)) {
      try {
        events.publish({ game_id, reason: 'squares' });
      } catch (err) {
        log.warn({ err, gameId: game_id }, 'board change could not be published');
      }
    }
  }

  /** The provider that made this checkout's session, or null (another provider, or none now). */
  function providerOf(checkout: CheckoutRow): PaymentProvider | null {
    return provider && provider.name === checkout.provider ? provider : null;
  }

  async function expireSessionQuietly(p: PaymentProvider, sessionId: string): Promise<void> {
    try {
      await p.expireSession(sessionId);
    } catch (err) {
      log.warn({ err, sessionId }, 'provider session could not be expired; a payment that still arrives is refunded');
    }
  }

  /** Ends an open checkout (cancelled, expired, declined) and releases its holds. False if it was not open. */
  async function release(checkoutId: string, status: 'cancelled' | 'expired' | 'declined'): Promise<boolean> {
    const games = await repo.transaction(async (tx) => {
      if (!(await tx.moveStatus(checkoutId, ['open'], { status, updated_at: iso(new Date()) }))) return null;
      return tx.deleteHolds(checkoutId);
    });
    if (games === null) return false;
    publish(games);
    return true;
  }

  /**
   * Claims every square of a paid checkout, or none and refunds the payment (D21). One
   * transaction: games locked first (the order every writer uses), then the conditional status
   * update, the claims and the games' counters.
   */
  async function fulfill(checkoutId: string, paymentId: string): Promise<StoredCheckoutStatus> {
    const items = await repo.items(checkoutId);
    const totals = perGame(items);
    let outcome: { status: StoredCheckoutStatus; closedReason: string | null } | { refund: string };
    try {
      outcome = await repo.transaction(async (tx) => {
        const games = await tx.lockGames([...totals.keys()].sort(), 'update');
        // Why these squares cannot be sold now, if they cannot: a game deleted, drawn or completed.
        let closedReason: string | null = null;
        for (const [gameId, total] of totals) {
          const game = games.get(gameId);
          if (!game) closedReason ??= REFUND_REASONS.gameGone(total.title);
          else if (game.grid_shuffled || !game.is_active) closedReason ??= REFUND_REASONS.salesClosed(game.title);
        }
        const now = iso(new Date());
        const moved = await tx.moveStatus(checkoutId, ['open'], {
          status: 'fulfilled',
          paid_at: now,
          fulfilled_at: now,
          provider_payment_id: paymentId,
          updated_at: now,
        });
        if (!moved) {
          const current = await tx.findCheckout(checkoutId);
          if (!current) throw new Error(`checkout ${checkoutId} vanished`);
          return { status: current.status, closedReason };
        }
        if (closedReason) throw new CannotClaim(closedReason);
        if ((await tx.claimHolds(checkoutId, now)) !== items.length) throw new CannotClaim(REFUND_REASONS.taken);
        for (const [gameId, total] of totals) await tx.addToGame(gameId, total.squares, total.cents, now);
        return { status: 'fulfilled' as const, closedReason: null };
      });
    } catch (err) {
      if (!(err instanceof CannotClaim)) throw err;
      outcome = { refund: err.reason };
    }

    if ('refund' in outcome) return refund(checkoutId, paymentId, outcome.refund);
    if (outcome.status === 'fulfilled') {
      publish(totals.keys());
      return 'fulfilled';
    }
    // Paid after we gave up on it (expired, replaced by a newer checkout, declined, its game
    // deleted or drawn): its holds are gone.
    if (outcome.status === 'expired' || outcome.status === 'cancelled' || outcome.status === 'declined') {
      return refund(checkoutId, paymentId, outcome.closedReason ?? REFUND_REASONS.late);
    }
    return outcome.status;
  }

  /**
   * Decides the refund of a payment that claims nothing (status refund_pending, holds released)
   * with a conditional update, then asks the provider. Only the call that made the decision goes
   * on. Any state but fulfilled or refunded qualifies: an expiry that slipped in since the
   * failed claim must not leave the money unrefunded.
   */
  async function refund(checkoutId: string, paymentId: string, reason: string): Promise<StoredCheckoutStatus> {
    const games = await repo.transaction(async (tx) => {
      const now = iso(new Date());
      const moved = await tx.moveStatus(checkoutId, ['open', 'expired', 'cancelled', 'declined'], { status: 'refund_pending', refund_reason: reason, paid_at: now, provider_payment_id: paymentId, updated_at: now });
      return moved ? tx.deleteHolds(checkoutId) : null;
    });
    if (games === null) return (await repo.findCheckout(checkoutId))?.status ?? 'refund_pending';
    log.warn({ checkoutId, reason }, 'paid checkout cannot claim its squares: refunding it');
    publish(games);
    return completeRefund(checkoutId);
  }

  /**
   * Has the provider refund a decided refund (idempotent per checkout), records it and tells the
   * buyer. A provider failure leaves it refund_pending for the sweep to try again.
   */
  async function completeRefund(checkoutId: string): Promise<StoredCheckoutStatus> {
    const checkout = await repo.findCheckout(checkoutId);
    if (!checkout || checkout.status !== 'refund_pending') return checkout?.status ?? 'refund_pending';
    const payments = providerOf(checkout);
    if (!payments || !checkout.provider_payment_id) {
      log.error({ checkoutId, provider: checkout.provider }, 'refund waits: the provider of this payment is not configured');
      return checkout.status;
    }
    const reason = checkout.refund_reason ?? REFUND_REASONS.late;
    let refundId: string;
    try {
      refundId = await payments.refund({ checkoutId, paymentId: checkout.provider_payment_id, amountCents: checkout.amount_cents, reason });
    } catch (err) {
      log.error({ err, checkoutId }, 'refund failed at the provider; the expiry sweep tries again');
      return checkout.status;
    }
    const now = iso(new Date());
    const done = await repo.transaction(async (tx) => {
      await tx.recordRefund({ checkout_id: checkoutId, provider: checkout.provider, provider_refund_id: refundId, amount_cents: checkout.amount_cents, reason, created_at: now });
      return tx.moveStatus(checkoutId, ['refund_pending'], { status: 'refunded', refunded_at: now, updated_at: now });
    });
    if (done) await mailRefund(checkout, reason);
    return 'refunded';
  }

  async function mailRefund(checkout: CheckoutRow, reason: string): Promise<void> {
    try {
      const buyer = await repo.buyerOf(checkout.user_id);
      if (!buyer) return;
      await mailer.send(
        refundMail(buyer.email, {
          username: buyer.displayUsername ?? buyer.username ?? buyer.name,
          amount: formatUsd(checkout.amount_cents),
          description: checkout.description,
          reason,
          link: `${checkout.public_origin ?? ''}/my-squares`,
        }),
      );
    } catch (err) {
      log.error({ err, checkoutId: checkout.id }, 'refund e-mail could not be sent');
    }
  }

  /** What the provider says now; null when it cannot be asked (logged). */
  async function askProvider(checkout: CheckoutRow): Promise<SessionState | null> {
    const payments = providerOf(checkout);
    if (!payments || !checkout.provider_session_id) return null;
    try {
      return await payments.getSessionState(checkout.provider_session_id);
    } catch (err) {
      log.warn({ err, checkoutId: checkout.id }, 'payment provider could not be asked about a checkout');
      return null;
    }
  }

  async function apply(checkout: CheckoutRow, state: SessionState): Promise<void> {
    if (state.status === 'paid') await fulfill(checkout.id, state.paymentId);
    else if (state.status === 'failed') await release(checkout.id, 'declined');
    else if (state.status === 'expired') await release(checkout.id, 'expired');
  }

  /**
   * An open checkout past its expiry (the sweep): paid, failed or expired as the provider says;
   * still pending, its session is expired; holds are released once the provider confirms the
   * expiry, or at the latest when hold_until has passed (a payment after that is refunded).
   */
  async function settleExpired(checkout: CheckoutRow, now: Date): Promise<void> {
    let state = await askProvider(checkout);
    const payments = providerOf(checkout);
    if (state?.status === 'pending' && payments && checkout.provider_session_id) {
      await expireSessionQuietly(payments, checkout.provider_session_id);
      state = await askProvider(checkout);
    }
    if (state && state.status !== 'pending') return apply(checkout, state);
    if (now >= new Date(checkout.hold_until)) await release(checkout.id, 'expired');
  }

  /**
   * Cancels the game's open checkouts inside the caller's game lock (D13, D18); their provider
   * sessions are expired after commit. Returns the games whose boards changed and the sessions.
   */
  async function cancelOpenOf(tx: CheckoutQueries, gameId: string, now: string) {
    const touched = new Set<string>();
    const sessions: { provider: string; sessionId: string }[] = [];
    for (const checkout of await tx.checkoutsWithGame(gameId, ['open'])) {
      if (!(await tx.moveStatus(checkout.id, ['open'], { status: 'cancelled', updated_at: now }))) continue;
      for (const g of await tx.deleteHolds(checkout.id)) touched.add(g);
      if (checkout.provider_session_id) sessions.push({ provider: checkout.provider, sessionId: checkout.provider_session_id });
    }
    return { touched, sessions };
  }

  async function expireAll(sessions: readonly { provider: string; sessionId: string }[]): Promise<void> {
    await Promise.all(
      sessions.map((s) => (provider && provider.name === s.provider ? expireSessionQuietly(provider, s.sessionId) : Promise.resolve())),
    );
  }

  return {
    /** POST /api/checkout: holds the cart's squares at the database's prices and opens the provider's page. */
    async create({ user, cart, notes, origin }: NewCheckout): Promise<CheckoutCreated> {
      const payments = provider;
      if (!payments) throw new AppError(503, 'PAYMENTS_NOT_CONFIGURED', PAYMENTS_NOT_CONFIGURED);
      const cells: Cell[] = cart.flatMap((item) => item.squares.map(({ x, y }) => ({ game_id: item.game_id, x, y })));
      const gameIds = [...new Set(cart.map((item) => item.game_id))].sort();
      const cartTitles = new Map(cart.map((item) => [item.game_id, item.game_title]));

      for (let attempt = 1; ; attempt++) {
        const id = randomUUID();
        const now = new Date();
        const expiresAt = new Date(now.getTime() + CHECKOUT_TTL_MS);
        const holdUntil = iso(new Date(expiresAt.getTime() + HOLD_GRACE_MS));
        let held;
        try {
          held = await repo.transaction(async (tx) => {
            await tx.lockBuyer(user.id);
            const games = await tx.lockGames(gameIds, 'share');
            for (const item of cart) {
              const closed = gameClosed(item.game_title, games.get(item.game_id));
              if (closed) throw closed;
            }
            const titles = new Map([...games.values()].map((g) => [g.id, g.title]));
            // D21: a buyer's new checkout cancels their own earlier open one.
            const touched = new Set<string>(gameIds);
            const superseded: string[] = [];
            for (const old of await tx.openCheckoutsOf(user.id)) {
              if (!(await tx.moveStatus(old.id, ['open'], { status: 'cancelled', updated_at: iso(now) }))) continue;
              for (const g of await tx.deleteHolds(old.id)) touched.add(g);
              if (old.provider_session_id && old.provider === payments.name) superseded.push(old.provider_session_id);
            }
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
            return { items, amountCents, description, touched, superseded, games };
          });
        } catch (err) {
          if (!(err instanceof HoldConflict)) throw err;
          // A concurrent checkout got a cell first: name the cells taken now that it has committed.
          const taken = await repo.takenSquares(cells, iso(new Date()));
          if (taken.length === 0 && attempt < 3) continue;
          throw unavailable(taken, user.id, cartTitles);
        }

        publish(held.touched);
        const expiring = Promise.all(held.superseded.map((sessionId) => expireSessionQuietly(payments, sessionId)));
        const gameId = checkoutGameId(cart) as string;
        const lines = [...perGame(held.items).entries()].map(([gid, total]) => ({
          name: `${held.games.get(gid)?.title ?? total.title} - ${total.squares} square${total.squares === 1 ? '' : 's'}`,
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
            cancelUrl: `${origin}/cart`,
            customerEmail: user.email,
          });
        } catch (err) {
          log.error({ err, checkoutId: id }, 'payment provider could not open a checkout session');
          await release(id, 'cancelled');
          await expiring;
          throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', CART_PAYMENT_ERRORS.createSessionFailed);
        }
        await expiring;
        await repo.setSession(id, session.sessionId, iso(new Date()));
        // A newer checkout of the same buyer may have cancelled this one before its session existed.
        if ((await repo.findCheckout(id))?.status !== 'open') await expireSessionQuietly(payments, session.sessionId);
        return { checkout_id: id, url: session.url, amount_cents: held.amountCents, game_id: gameId, expires_at: iso(expiresAt) };
      }
    },

    /** GET /api/checkout/:id for its buyer; while open, asks the provider first (D21). */
    async view(checkoutId: string, userId: string): Promise<CheckoutView> {
      let checkout = await repo.findCheckout(checkoutId);
      if (!checkout || checkout.user_id !== userId) throw notFound(CHECKOUT_NOT_FOUND);
      if (checkout.status === 'open') {
        const state = await askProvider(checkout);
        if (state) {
          await apply(checkout, state);
          checkout = (await repo.findCheckout(checkoutId)) as CheckoutRow;
        }
      }
      const items = await repo.items(checkoutId);
      return {
        id: checkout.id,
        status: publicStatus(checkout.status),
        amount_cents: checkout.amount_cents,
        description: checkout.description,
        squares: items.map(({ game_id, game_title, x, y, price_cents }) => ({ game_id, game_title, x, y, price_cents })),
        expires_at: checkout.expires_at,
        refund_reason: checkout.refund_reason,
      };
    },

    /** Who bought the checkout (the test card page pays only for its owner). */
    async ownerOf(checkoutId: string): Promise<string | null> {
      return (await repo.findCheckout(checkoutId))?.user_id ?? null;
    },

    /**
     * The provider took the payment of a session: claim its squares, or refund (D21). Safe to
     * call any number of times, concurrently. Returns the checkout's status, null for a session
     * that is not ours.
     */
    async confirmPaid({ sessionId, paymentId }: { sessionId: string; paymentId: string }): Promise<CheckoutStatus | null> {
      const checkout = provider ? await repo.findBySession(provider.name, sessionId) : undefined;
      if (!checkout) {
        log.warn({ sessionId }, 'payment confirmed for a session we do not know');
        return null;
      }
      return publicStatus(await fulfill(checkout.id, paymentId));
    },

    /** The payment failed: the checkout is declined and its holds released, unless already settled. */
    async paymentFailed({ sessionId }: { sessionId: string }): Promise<boolean> {
      const checkout = provider ? await repo.findBySession(provider.name, sessionId) : undefined;
      return checkout ? release(checkout.id, 'declined') : false;
    },

    /** The provider's page expired: the checkout expires and its holds are released, unless already settled. */
    async sessionExpired({ sessionId }: { sessionId: string }): Promise<boolean> {
      const checkout = provider ? await repo.findBySession(provider.name, sessionId) : undefined;
      return checkout ? release(checkout.id, 'expired') : false;
    },

    /** The buyer left the provider's page with Cancel: the checkout is cancelled and its holds released. */
    async sessionCancelled({ sessionId }: { sessionId: string }): Promise<boolean> {
      const checkout = provider ? await repo.findBySession(provider.name, sessionId) : undefined;
      return checkout ? release(checkout.id, 'cancelled') : false;
    },

    /**
     * The expiry sweep (sweeper.ts): open checkouts past expires_at are settled with the
     * provider; holds left by ended checkouts are deleted; refunds the provider refused are tried again.
     */
    async sweepExpired(now: Date = new Date()): Promise<void> {
      for (const checkout of await repo.openExpiredBy(iso(now))) {
        try {
          await settleExpired(checkout, now);
        } catch (err) {
          log.error({ err, checkoutId: checkout.id }, 'expired checkout could not be settled; next sweep tries again');
        }
      }
      publish(await repo.deleteStaleHolds(iso(now)));
      for (const checkout of await repo.refundsPending()) {
        try {
          await completeRefund(checkout.id);
        } catch (err) {
          log.error({ err, checkoutId: checkout.id }, 'refund could not be completed; next sweep tries again');
        }
      }
    },

    /**
     * D18: numbers are being drawn. Inside the caller's game lock, cancels the game's open
     * checkouts; returns what to run after commit (provider sessions expired, boards told).
     */
    async closeSales(gameId: string, trx: Executor): Promise<() => Promise<void>> {
      const { touched, sessions } = await cancelOpenOf(repo.within(trx), gameId, iso(new Date()));
      return async () => {
        publish(touched);
        await expireAll(sessions);
      };
    },

    /**
     * D13: the game is being deleted. Inside the caller's game lock: its open checkouts are
     * cancelled, and every fulfilled checkout with squares of it is refunded in full (its squares
     * in other games are given back and those pots reduced). Returns what to run after commit:
     * provider sessions expired, refunds made and mailed, boards told. Checkouts and their items stay.
     */
    async releaseDeletedGame(gameId: string, title: string, trx: Executor): Promise<() => Promise<void>> {
      const tx = repo.within(trx);
      const now = iso(new Date());
      const { touched, sessions } = await cancelOpenOf(tx, gameId, now);
      const refunds: string[] = [];
      for (const checkout of await tx.checkoutsWithGame(gameId, ['fulfilled'])) {
        const moved = await tx.moveStatus(checkout.id, ['fulfilled'], { status: 'refund_pending', refund_reason: REFUND_REASONS.gameDeleted(title), updated_at: now });
        if (!moved) continue;
        refunds.push(checkout.id);
        const others = perGame(await tx.items(checkout.id));
        others.delete(gameId);
        await tx.lockGames([...others.keys()].sort(), 'update');
        for (const [otherId, total] of others) {
          const removed = await tx.unclaim(checkout.id, otherId);
          if (removed === 0) continue;
          await tx.addToGame(otherId, -removed, -(total.cents / total.squares) * removed, now);
          touched.add(otherId);
        }
      }
      touched.delete(gameId);
      return async () => {
        publish(touched);
        await expireAll(sessions);
        for (const checkoutId of refunds) {
          try {
            await completeRefund(checkoutId);
          } catch (err) {
            log.error({ err, checkoutId }, 'refund of a deleted game could not be completed; the sweep tries again');
          }
        }
      };
    },
  };
}

export type CheckoutService = ReturnType<typeof checkoutService>;
