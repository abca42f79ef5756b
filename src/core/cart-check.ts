/**
 * The cart check (spec sections 3-4 "Cart", D4, D18, D21): each cart entry against its game's live
 * board, which squares can be paid for and why the others cannot. Pure: the cart and payment
 * pages give it what the boards answered.
 */
import type { BoardResponse } from './api/board';
import { type CartItem, type Cart, cartTotals, validateForPayment } from './cart';
import { type Coordinate, squareKey } from './grid';
import { SQUARE_BEING_PURCHASED, squareAlreadyClaimedMessage } from './messages';
import { dollarsToCents } from './money';
import { cartOverCapMessage } from './player-limit';
import { salesClosedMessage, salesOpen, SOLD_OUT_MESSAGE, soldOut } from './sales';

/** Our texts for what the spec leaves open. */
export const CART_TEXTS = {
  gameMissing: 'This game no longer exists. Remove it from your cart.',
  alreadyYours: 'You already own this square.',
  unavailableTitle: 'Some squares can no longer be bought',
  unavailableHelp: 'Remove them from your cart to continue to payment.',
  removeUnavailable: 'Remove unavailable squares',
  unavailableRemoved: 'Unavailable squares removed from cart',
  checking: 'Checking availability...',
  clearTitle: 'Clear your cart?',
  clearDescription: 'This removes every square from your cart. Squares you are paying for stay held for you.',
  clearConfirm: 'Clear Cart',
  gameGone: 'This game no longer exists.',
} as const;

/** What one board query answered: its board once read, whether the game is gone (404), whether it is still asking. */
export interface BoardAnswer {
  readonly board: BoardResponse | undefined;
  readonly missing: boolean;
  readonly checking: boolean;
}

/** What the live board says about a cart entry. */
export interface ItemCheck {
  readonly item: CartItem;
  readonly board: BoardResponse | undefined;
  readonly checking: boolean;
  /** Why the whole game cannot be bought (gone, or sales closed). */
  readonly gameProblem: string | null;
  /** Squares someone else holds or owns (or the buyer already owns), by square key. */
  readonly squareProblems: ReadonlyMap<string, string>;
  /** Squares in the buyer's own open checkout (D21): theirs, waiting for their payment; never a problem. */
  readonly pending: ReadonlySet<string>;
  /** Live price in cents, else the cart's own (display only, D4). */
  readonly priceCents: number;
}

/** The price a cart entry is shown at: the live board's, else what the board said when the square was added (D4). */
export function livePriceCents(item: CartItem, board: BoardResponse | undefined): number {
  return board ? board.game.price_per_square_cents : dollarsToCents(item.price_per_square);
}

/** The squares of a board held by the viewer's own open checkout (D21), by square key. */
export function heldForBuyer(board: BoardResponse | undefined): Set<string> {
  const pending = new Set<string>();
  for (const square of board?.squares ?? []) if (square.status === 'held' && square.mine) pending.add(squareKey(square));
  return pending;
}

/** `now`: the clock the sales rule reads (a passed kickoff closes sales, D39). */
export function checkItem(item: CartItem, answer: BoardAnswer, now: Date): ItemCheck {
  const { board, missing, checking } = answer;
  const squareProblems = new Map<string, string>();
  const pending = new Set<string>();
  let gameProblem: string | null = null;
  if (missing) gameProblem = CART_TEXTS.gameMissing;
  else if (board && !salesOpen(board.game, now)) gameProblem = salesClosedMessage(board.game, board.digit_sets, now);
  if (board && !gameProblem) {
    const wanted = new Set(item.squares.map(squareKey));
    for (const square of board.squares) {
      const key = squareKey(square);
      if (!wanted.has(key)) continue;
      if (square.status === 'claimed') {
        squareProblems.set(key, square.mine ? CART_TEXTS.alreadyYours : squareAlreadyClaimedMessage(square.owner_username));
      } else if (square.mine) {
        // D21: the buyer's own open checkout holds it. Paying again starts a new checkout that replaces it.
        pending.add(key);
      } else {
        squareProblems.set(key, SQUARE_BEING_PURCHASED);
      }
    }
    // D31: the game's cap on squares per player, with the squares the buyer already owns there.
    const cap = board.game.max_squares_per_player;
    const owned = board.squares.filter((square) => square.mine && square.status === 'claimed').length;
    if (cap !== null && owned + item.squares.length > cap) gameProblem = cartOverCapMessage(cap, owned, item.squares.length);
  }
  return { item, board, checking, gameProblem, squareProblems, pending, priceCents: livePriceCents(item, board) };
}

export function isFlagged(check: ItemCheck): boolean {
  return check.gameProblem !== null || check.squareProblems.size > 0;
}

/** The whole cart checked: its totals at live prices, what blocks payment, and whether it can be paid. */
export interface CartCheck {
  readonly checks: readonly ItemCheck[];
  readonly squareCount: number;
  readonly totalCents: number;
  readonly flagged: readonly ItemCheck[];
  readonly checking: boolean;
  /** The cart's own problem (validateForPayment), if any. */
  readonly invalidMessage: string | null;
  readonly canPay: boolean;
}

export function checkCart(cart: Cart, answers: readonly (BoardAnswer | undefined)[], now: Date): CartCheck {
  const checks = cart.map((item, index) => checkItem(item, answers[index] ?? { board: undefined, missing: false, checking: false }, now));
  const flagged = checks.filter(isFlagged);
  const checking = checks.some((check) => check.checking);
  const valid = validateForPayment(cart);
  return {
    checks,
    squareCount: cartTotals(cart).squareCount,
    totalCents: checks.reduce((sum, check) => sum + check.priceCents * check.item.squares.length, 0),
    flagged,
    checking,
    invalidMessage: valid.ok ? null : valid.message,
    canPay: flagged.length === 0 && !checking && valid.ok,
  };
}

/** What "Remove unavailable squares" takes out: whole games with a game problem, else the flagged squares. */
export function unavailableRemovals(flagged: readonly ItemCheck[]): { games: string[]; squares: (Coordinate & { game_id: string })[] } {
  const games: string[] = [];
  const squares: (Coordinate & { game_id: string })[] = [];
  for (const check of flagged) {
    if (check.gameProblem) games.push(check.item.game_id);
    else
      for (const key of check.squareProblems.keys()) {
        const [x, y] = key.split(',').map(Number) as [number, number];
        squares.push({ game_id: check.item.game_id, x, y });
      }
  }
  return { games, squares };
}

/** A cart line whose game no longer sells at all: it leaves the cart, and the player is told which and why. */
export interface LineThatNoLongerSells {
  readonly game_id: string;
  readonly title: string;
  readonly squareCount: number;
  readonly reason: string;
}

/**
 * Why a game no longer sells any square, or null while it does (D13, D18, D21): it is gone
 * (deleted, or a 404 for this player), its numbers are drawn, it is completed, or every square is
 * sold. Not for what the player can still mend (squares someone else took, the cap of D31).
 */
export function noLongerSells(answer: BoardAnswer, now: Date): string | null {
  if (answer.missing) return CART_TEXTS.gameGone;
  const game = answer.board?.game;
  if (!game) return null;
  if (!salesOpen(game, now)) return salesClosedMessage(game, answer.board?.digit_sets ?? [], now);
  return soldOut(game, now) ? SOLD_OUT_MESSAGE : null;
}

/**
 * The cart's lines of games that no longer sell (noLongerSells), with what the player is told
 * when they leave the cart: an old cart must not follow its player onto game day (a Checkout over
 * the period results, "Reserve 7 squares" refused with no way out). A board not read yet says
 * nothing.
 */
export function linesThatNoLongerSell(cart: Cart, answers: readonly (BoardAnswer | undefined)[], now: Date): LineThatNoLongerSells[] {
  return cart.flatMap((item, index) => {
    const answer = answers[index];
    const reason = answer ? noLongerSells(answer, now) : null;
    if (reason === null) return [];
    return [{ game_id: item.game_id, title: answer?.board?.game.title ?? item.game_title, squareCount: item.squares.length, reason }];
  });
}

/** What the player reads when such a line leaves the cart: "7 squares of Office Pool were removed from your cart. Sales are closed: ..." */
export function lineRemovedMessage(line: LineThatNoLongerSells): string {
  const squares = line.squareCount === 1 ? '1 square' : `${line.squareCount} squares`;
  return `${squares} of ${line.title} ${line.squareCount === 1 ? 'was' : 'were'} removed from your cart. ${line.reason}`;
}
