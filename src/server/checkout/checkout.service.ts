import { randomUUID } from 'node:crypto';
import type { Cart } from '@core/cart';
import { checkoutDescription, checkoutGameId } from '@core/cart';
import type { CheckoutCreated, CheckoutStatus, CheckoutView, OpenCheckout, UnavailableSquare } from '@core/checkout';
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
  CheckoutRepository,
  CheckoutRow,
  Executor,
  GameForSale,
  OpenCheckoutRow,
  RefundRow,
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
  /** MAX_HELD_SQUARES: how many squares one account may hold at once, across games and checkouts. */
  maxHeldSquares: number;
}

/** The provider's idempotency key of a refund: the whole checkout, or one deleted game's part. */
export const refundKey = (checkoutId: string, gameId?: string) => (gameId ? `refund-${checkoutId}-${gameId}` : `refund-${checkoutId}`);

/** 409 HOLD_LIMIT: the cart would take the account past MAX_HELD_SQUARES (issue 10). */
export function holdLimit(max: number, held: number, cart: number): AppError {
  const message =
    held > 0
      ? `You can hold at most ${max} squares at a time. You already hold ${held} in another checkout whose payment is not finished, and this cart has ${cart}. Remove some squares, or finish that payment first.`
      : `You can hold at most ${max} squares at a time, and this cart has ${cart}. Remove some squares and try again.`;
  return conflict(message, 'HOLD_LIMIT', { max_held_squares: max, held_squares: held, cart_squares: cart });
}

/**
 * What ending an open checkout came to: `released` by this call (as asked, or declined);
 * `settled` (paid and fulfilled or refunded, or ended by another call); still open because a
 * payment is under way (`paying`) or the provider cannot be asked now (`unanswered`).
 */
type Ending = 'released' | 'settled' | 'paying' | 'unanswered';

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

/** How many squares a 409's sentence names before "and N more". */
const NAMED_SQUARES = 10;

/** 409 SQUARES_UNAVAILABLE naming the squares; the buyer's own squares get their own sentence. */
function unavailable(taken: readonly TakenSquare[], buyerId: string, titles: ReadonlyMap<string, string>): AppError {
  const label = (s: Cell) => `${titles.get(s.game_id) ?? 'Game'} (${squarePositionLabel(s)})`;
  const squares: UnavailableSquare[] = taken.map(({ game_id, x, y }) => ({ game_id, x, y }));
  const owned = taken.filter((s) => s.user_id === buyerId && s.status === 'claimed');
  // The squares field names every cell; the sentence names the first few (a cart may hold 100).
  const named = (cells: readonly TakenSquare[]) =>
    cells.length > NAMED_SQUARES
      ? `${cells.slice(0, NAMED_SQUARES).map(label).join('; ')} and ${cells.length - NAMED_SQUARES} more`
      : cells.map(label).join('; ');
  if (owned.length === taken.length && owned.length > 0) {
    return conflict(`You already own some squares in your cart: ${named(owned)}. Remove them and try again.`, 'SQUARES_UNAVAILABLE', { squares });
  }
  const list = taken.length > 0 ? `: ${named(taken)}` : '';
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

  /**
   * Releases an open checkout's holds as `status`. Called only once the provider has said the
   * checkout was not paid, or (`withoutSession`) while no payment page was recorded for it.
   * False if it was not open (or had a page by then).
   */
  async function release(checkoutId: string, status: 'cancelled' | 'expired' | 'declined', withoutSession = false): Promise<boolean> {
    const games = await repo.transaction(async (tx) => {
      if (!(await tx.moveStatus(checkoutId, ['open'], { status, updated_at: iso(new Date()) }, { withoutSession }))) return null;
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
      const moved = await tx.moveStatus(checkoutId, ['open', 'expired', 'cancelled', 'declined'], {
        status: 'refund_pending',
        refund_reason: reason,
        paid_at: now,
        provider_payment_id: paymentId,
        updated_at: now,
      });
      return moved ? tx.deleteHolds(checkoutId) : null;
    });
    if (games === null) return (await repo.findCheckout(checkoutId))?.status ?? 'refund_pending';
    log.warn({ checkoutId, reason }, 'paid checkout cannot claim its squares: refunding it');
    publish(games);
    return completeRefund(checkoutId);
  }

  /** Asks the checkout's provider for a refund; its id, or null (logged) when it cannot be had now. */
  async function refundAtProvider(checkout: CheckoutRow, amountCents: number, reason: string, idempotencyKey: string): Promise<string | null> {
    const payments = providerOf(checkout);
    if (!payments || !checkout.provider_payment_id) {
      log.error({ checkoutId: checkout.id, provider: checkout.provider }, 'refund waits: the provider of this payment is not configured');
      return null;
    }
    try {
      return await payments.refund({ checkoutId: checkout.id, paymentId: checkout.provider_payment_id, amountCents, reason, idempotencyKey });
    } catch (err) {
      log.error({ err, checkoutId: checkout.id, idempotencyKey }, 'refund failed at the provider; the sweep tries again');
      return null;
    }
  }

  /**
   * Has the provider refund a decided refund of a whole checkout (idempotent per checkout),
   * records it and tells the buyer. A provider failure leaves it refund_pending for the sweep.
   */
  async function completeRefund(checkoutId: string): Promise<StoredCheckoutStatus> {
    const checkout = await repo.findCheckout(checkoutId);
    if (!checkout || checkout.status !== 'refund_pending') return checkout?.status ?? 'refund_pending';
    const reason = checkout.refund_reason ?? REFUND_REASONS.late;
    const key = refundKey(checkoutId);
    const refundId = await refundAtProvider(checkout, checkout.amount_cents, reason, key);
    if (!refundId) return checkout.status;
    const now = iso(new Date());
    const done = await repo.transaction(async (tx) => {
      await tx.recordRefund({
        checkout_id: checkoutId,
        refund_key: key,
        provider: checkout.provider,
        provider_refund_id: refundId,
        amount_cents: checkout.amount_cents,
        description: checkout.description,
        reason,
        created_at: now,
      });
      return tx.moveStatus(checkoutId, ['refund_pending'], { status: 'refunded', refunded_at: now, updated_at: now });
    });
    if (done) await mailRefund(checkout, { amountCents: checkout.amount_cents, description: checkout.description, reason });
    return 'refunded';
  }

  /**
   * Has the provider refund one deleted game's part of a checkout (D13, issue 10), decided
   * before as a pending payment_refunds row; records it and tells the buyer. A provider failure
   * leaves it pending for the sweep.
   */
  async function completePartRefund(part: RefundRow): Promise<void> {
    if (part.status !== 'pending') return;
    const checkout = await repo.findCheckout(part.checkout_id);
    if (!checkout) return;
    const refundId = await refundAtProvider(checkout, part.amount_cents, part.reason, part.refund_key);
    if (!refundId) return;
    if (await repo.markRefunded(part.id, refundId, iso(new Date()))) {
      await mailRefund(checkout, { amountCents: part.amount_cents, description: part.description, reason: part.reason });
    }
  }

  async function mailRefund(checkout: CheckoutRow, refunded: { amountCents: number; description: string; reason: string }): Promise<void> {
    try {
      const buyer = await repo.buyerOf(checkout.user_id);
      if (!buyer) return;
      await mailer.send(
        refundMail(buyer.email, {
          username: buyer.displayUsername ?? buyer.username ?? buyer.name,
          amount: formatUsd(refunded.amountCents),
          description: refunded.description,
          reason: refunded.reason,
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

  /** Acts on what the provider said: paid is fulfilled (or refunded), failed declined, expired released as `endAs`. */
  async function apply(checkout: CheckoutRow, state: SessionState, endAs: 'cancelled' | 'expired' | 'declined' = 'expired'): Promise<Ending> {
    if (state.status === 'paid') {
      await fulfill(checkout.id, state.paymentId);
      return 'settled';
    }
    if (state.status === 'pending') return 'paying';
    const released = await release(checkout.id, state.status === 'failed' ? 'declined' : endAs);
    return released ? 'released' : 'settled';
  }

  /**
   * Ends an open checkout only as its provider says (issue 10: a payment the card page recorded
   * just before a crash must be found, never cancelled). Outside any transaction: its page is
   * closed first when it is still open, then the provider is asked; paid is fulfilled (or
   * refunded), failed declined, expired or closed released as `endAs`. A payment still under
   * way or a provider that cannot answer leaves it open for the sweep.
   *
   * A checkout without a recorded session never had its page handed to anyone (create() hands a
   * page out only when its checkout is still open once the session is recorded), so nothing can
   * have been paid: it is released, on condition that no session was recorded meanwhile.
   */
  async function end(checkout: CheckoutRow, endAs: 'cancelled' | 'expired' | 'declined'): Promise<Ending> {
    if (!checkout.provider_session_id) {
      if (await release(checkout.id, endAs, true)) return 'released';
      const now = await repo.findCheckout(checkout.id);
      return now?.status === 'open' && now.provider_session_id ? end(now, endAs) : 'settled';
    }
    const payments = providerOf(checkout);
    let state = await askProvider(checkout);
    if (state?.status === 'pending' && payments) {
      await expireSessionQuietly(payments, checkout.provider_session_id);
      state = await askProvider(checkout);
    }
    return state ? apply(checkout, state, endAs) : 'unanswered';
  }

  /**
   * The sweep's look at an open checkout (issue 10: a crash can cut off any confirmation or any
   * follow-up work). A paid one is fulfilled now, not at its expiry. One past its expiry, with a
   * game gone, drawn or completed, or replaced by a newer checkout of its buyer (a delete, draw or
   * new checkout whose follow-up a crash cut off), is ended as its provider says. One of a
   * provider no longer configured cannot be asked: it is released once its holds have lapsed
   * (hold_until).
   */
  async function settleOpen(checkout: OpenCheckoutRow, now: Date): Promise<void> {
    const expired = now >= new Date(checkout.expires_at);
    if (checkout.provider_session_id && !providerOf(checkout)) {
      if (now >= new Date(checkout.hold_until)) await release(checkout.id, 'expired');
      return;
    }
    if (expired || checkout.sales_closed || checkout.holds_lost) {
      await end(checkout, expired ? 'expired' : 'cancelled');
      return;
    }
    const state = await askProvider(checkout);
    if (state && state.status !== 'pending') await apply(checkout, state);
  }

  /** Ends the game's open checkouts (a draw or a delete), after its lock's commit, each as its provider says. */
  async function endAll(checkouts: readonly CheckoutRow[]): Promise<void> {
    await Promise.all(
      checkouts.map(async (checkout) => {
        try {
          await end(checkout, 'cancelled');
        } catch (err) {
          log.error({ err, checkoutId: checkout.id }, 'open checkout could not be ended; the sweep tries again');
        }
      }),
    );
  }

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
      // Without a session it is cancelled in the new checkout's transaction (see `end`).
      if (!old.provider_session_id) continue;
      if (!providerOf(old)) {
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

  return {
    /** POST /api/checkout: holds the cart's squares at the database's prices and opens the provider's page. */
    async create({ user, cart, notes, origin, maxHeldSquares }: NewCheckout): Promise<CheckoutCreated> {
      const payments = provider;
      if (!payments) throw new AppError(503, 'PAYMENTS_NOT_CONFIGURED', PAYMENTS_NOT_CONFIGURED);
      const cells: Cell[] = cart.flatMap((item) => item.squares.map(({ x, y }) => ({ game_id: item.game_id, x, y })));
      const gameIds = [...new Set(cart.map((item) => item.game_id))].sort();
      const cartTitles = new Map(cart.map((item) => [item.game_id, item.game_title]));

      for (let attempt = 1; ; attempt++) {
        const kept = await settleEarlier(user.id);
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
          const taken = await repo.takenSquares(cells, iso(new Date()));
          if (taken.length === 0 && attempt < 3) continue;
          throw unavailable(taken, user.id, cartTitles);
        }

        publish(held.touched);
        const ending = endAll(held.later);
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
        await repo.setSession(id, session.sessionId, iso(new Date()));
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
        return { checkout_id: id, url: session.url, amount_cents: held.amountCents, game_id: gameId, expires_at: iso(expiresAt) };
      }
    },

    /** GET /api/checkout/:id for its buyer; while open, asks the provider first (D21). */
    view,

    /**
     * GET /api/me/checkout (D21: a buyer's own open checkout never blocks them): the buyer's open
     * checkouts, newest first, each with the page to resume while it still takes payment. Each
     * is asked about first, so one paid meanwhile is fulfilled and one that ended is released
     * rather than offered.
     */
    async openOf(userId: string): Promise<OpenCheckout[]> {
      const open: OpenCheckout[] = [];
      for (const checkout of await repo.openCheckoutsOf(userId)) {
        const state = await askProvider(checkout);
        if (state && state.status !== 'pending') {
          await apply(checkout, state);
          if ((await repo.findCheckout(checkout.id))?.status !== 'open') continue;
        }
        const items = await repo.items(checkout.id);
        open.push({
          id: checkout.id,
          url: state?.status === 'pending' ? (state.url ?? null) : null,
          amount_cents: checkout.amount_cents,
          expires_at: checkout.expires_at,
          created_at: checkout.created_at,
          squares: items.map(({ game_id, game_title, x, y, price_cents }) => ({ game_id, game_title, x, y, price_cents })),
        });
      }
      return open.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    },

    /**
     * POST /api/checkout/:id/cancel (D21): the buyer starts again, or came back through the
     * provider's cancel link. Only their own checkout; ends it as its provider says (`end`: its
     * page is closed first, a payment that went through is fulfilled, not cancelled), so calling
     * it again changes nothing. Answers the checkout as it is then.
     */
    async cancel(checkoutId: string, userId: string): Promise<CheckoutView> {
      const checkout = await repo.findCheckout(checkoutId);
      if (!checkout || checkout.user_id !== userId) throw notFound(CHECKOUT_NOT_FOUND);
      if (checkout.status === 'open') await end(checkout, 'cancelled');
      return view(checkoutId, userId);
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

    /**
     * The provider says the payment failed, the page expired, or the buyer left it with Cancel:
     * the checkout ends as the provider says now (a notice can be stale), releasing its holds.
     * True when this call released it.
     */
    async paymentFailed({ sessionId }: { sessionId: string }): Promise<boolean> {
      return endSession(sessionId, 'declined');
    },

    async sessionExpired({ sessionId }: { sessionId: string }): Promise<boolean> {
      return endSession(sessionId, 'expired');
    },

    async sessionCancelled({ sessionId }: { sessionId: string }): Promise<boolean> {
      return endSession(sessionId, 'cancelled');
    },

    /**
     * The sweep (sweeper.ts): open checkouts are settled with the provider (paid ones fulfilled
     * at once, expired or closed ones ended); holds left by ended checkouts are deleted; refunds
     * the provider refused, or that a crash cut off, are tried again.
     */
    async sweepExpired(now: Date = new Date()): Promise<void> {
      for (const checkout of await repo.openCheckouts()) {
        try {
          await settleOpen(checkout, now);
        } catch (err) {
          log.error({ err, checkoutId: checkout.id }, 'open checkout could not be settled; next sweep tries again');
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
      for (const part of await repo.pendingPartRefunds()) {
        try {
          await completePartRefund(part);
        } catch (err) {
          log.error({ err, refundId: part.id }, 'refund of a deleted game could not be completed; next sweep tries again');
        }
      }
    },

    /**
     * D18: numbers are being drawn. Inside the caller's game lock, finds the game's open
     * checkouts; after commit (what this returns), each ends as its provider says: a payment
     * that went through is refunded (sales closed), the rest are cancelled.
     */
    async closeSales(gameId: string, trx: Executor): Promise<() => Promise<void>> {
      const open = await repo.within(trx).checkoutsWithGame(gameId, ['open']);
      return () => endAll(open);
    },

    /**
     * D13: the game is being deleted. Inside the caller's game lock: a paid checkout of only this
     * game is refunded in full; a paid checkout that also bought other games has this game's part
     * refunded (issue 10: nothing of another game changes; the checkout stays fulfilled). Returns
     * what to run after commit: the game's open checkouts ended as their provider says (a payment
     * that went through is refunded), refunds made and mailed. Checkouts and their items stay.
     */
    async releaseDeletedGame(gameId: string, title: string, trx: Executor): Promise<() => Promise<void>> {
      const tx = repo.within(trx);
      const now = iso(new Date());
      const open = await tx.checkoutsWithGame(gameId, ['open']);
      const whole: string[] = [];
      const parts: string[] = [];
      const reason = REFUND_REASONS.gameDeleted(title);
      for (const checkout of await tx.checkoutsWithGame(gameId, ['fulfilled'])) {
        const items = await tx.items(checkout.id);
        const games = perGame(items);
        const part = games.get(gameId) as { squares: number; cents: number; title: string };
        if (games.size === 1) {
          if (await tx.moveStatus(checkout.id, ['fulfilled'], { status: 'refund_pending', refund_reason: reason, updated_at: now })) whole.push(checkout.id);
          continue;
        }
        const decided = await tx.decidePartRefund({
          checkout_id: checkout.id,
          game_id: gameId,
          refund_key: refundKey(checkout.id, gameId),
          provider: checkout.provider,
          amount_cents: part.cents,
          description: checkoutDescription([{ game_id: gameId, game_title: title, price_per_square: 0, squares: items.filter((i) => i.game_id === gameId) }]),
          reason,
          created_at: now,
        });
        if (decided) parts.push(decided);
      }
      return async () => {
        await endAll(open);
        for (const checkoutId of whole) {
          try {
            await completeRefund(checkoutId);
          } catch (err) {
            log.error({ err, checkoutId }, 'refund of a deleted game could not be completed; the sweep tries again');
          }
        }
        for (const id of parts) {
          try {
            const part = await repo.findRefund(id);
            if (part) await completePartRefund(part);
          } catch (err) {
            log.error({ err, refundId: id }, 'refund of a deleted game could not be completed; the sweep tries again');
          }
        }
      };
    },
  };

  async function view(checkoutId: string, userId: string): Promise<CheckoutView> {
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
  }

  /** A notice about a session (webhook, card page): the checkout ends as its provider says now. */
  async function endSession(sessionId: string, endAs: 'cancelled' | 'expired' | 'declined'): Promise<boolean> {
    const checkout = provider ? await repo.findBySession(provider.name, sessionId) : undefined;
    return checkout?.status === 'open' ? (await end(checkout, endAs)) === 'released' : false;
  }
}

export type CheckoutService = ReturnType<typeof checkoutService>;
