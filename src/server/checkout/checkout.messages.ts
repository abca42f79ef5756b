import { countOf } from '@core/text';
/** The checkout's texts (the spec's cart texts are in src/core/messages.ts). */

export const PAYMENTS_NOT_CONFIGURED = 'Card payments are not configured on this server.';
export const CHECKOUT_NOT_FOUND = 'Checkout not found';

/** Why a paid checkout was refunded instead of claiming its squares (shown on My Squares and mailed). */
export const REFUND_REASONS = {
  late: 'Your payment arrived after this checkout had ended, so its squares were no longer held for you.',
  taken: 'Some of your squares were taken by someone else before your payment was confirmed.',
  gameGone: (title: string) => `The game "${title}" was deleted before your payment was confirmed.`,
  salesClosed: (title: string) => `Sales for "${title}" closed before your payment was confirmed.`,
  gameDeleted: (title: string) => `The game "${title}" was deleted by the organizer.`,
  /** D32: the organizer released a square bought by card. */
  squareReleased: (title: string) => `The organizer released your square in "${title}".`,
} as const;

/** Why a cart cannot be checked out now (409s of POST /api/checkout). */
export const CHECKOUT_TEXTS = {
  holdLimitWithHeld: (max: number, held: number, cart: number) =>
    `You can hold at most ${max} squares at a time. You already hold ${held} in another checkout whose payment is not finished, and this cart has ${cart}. Remove some squares, or finish that payment first.`,
  holdLimit: (max: number, cart: number) => `You can hold at most ${max} squares at a time, and this cart has ${cart}. Remove some squares and try again.`,
  gameUnavailable: (title: string) => `"${title}" is no longer available. Remove it from your cart and try again.`,
  gameCompleted: (title: string) => `"${title}" is completed: its squares are no longer sold. Remove it from your cart and try again.`,
  salesClosed: (title: string) => `Sales for "${title}" have closed: its numbers have been drawn. Remove it from your cart and try again.`,
  /** D39: the game's kickoff has passed. */
  salesClosedAtKickoff: (title: string) => `Sales for "${title}" closed at kickoff. Remove it from your cart and try again.`,
  /** D38: set 1's ticket is written and its digits wait for the beacon round. */
  salesClosedDrawing: (title: string) => `Sales for "${title}" have closed: its numbers are being drawn. Remove it from your cart and try again.`,
  alreadyOwned: (squares: string) => `You already own some squares in your cart: ${squares}. Remove them and try again.`,
  /** `list` is empty, or ": " and the squares. */
  takenByOthers: (list: string) => `Some squares in your cart were just taken by someone else${list}. Remove them and try again.`,
  /** A board square as a 409 names it. */
  square: (gameTitle: string | undefined, position: string) => `${gameTitle ?? 'Game'} (${position})`,
  andMore: (named: string, more: number) => `${named} and ${more} more`,
  /** D28: the organizer switched a game to card payments after the cart was split. */
  paymentMethodChanged: (title: string) => `The way to pay for "${title}" has just changed. Try again.`,
  /** A provider line: "<game> - 3 squares". */
  lineName: (gameTitle: string, squares: number) => `${gameTitle} - ${countOf(squares, 'square')}`,
} as const;
