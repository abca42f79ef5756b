/**
 * The API's error codes: one list, used by the server's AppError and the web client's ApiError,
 * so a code one side sends and the other reads cannot drift (the web compares codes typed by
 * this union). The error body's schema is in errors.ts.
 */

/** Codes our routes send (src/server/**: AppError, the error handler, the Host and origin checks). */
export const ERROR_CODES = [
  // Requests and access
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'BAD_HOST',
  'FOREIGN_ORIGIN',
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'TOO_MANY_STREAMS',
  'LIVE_UPDATES_BUSY',
  'INTERNAL',
  'DATABASE_UNAVAILABLE',
  'MAILBOX_DISABLED',
  // A one-click unsubscribe link (D40) that is not ours: cut short, changed, or for an account that is gone
  'BAD_UNSUBSCRIBE_LINK',
  // docs/decisions/039: an account without a password changes its address only soon after a sign-in;
  // the old address's undo link: not ours, used, or expired
  'RECENT_SIGN_IN_REQUIRED',
  'BAD_UNDO_LINK',
  // An account without a username yet (D29) cannot buy squares
  'USERNAME_REQUIRED',
  // D39's live score feed: off, or unreachable
  'FEED_OFF',
  'FEED_UNAVAILABLE',
  // D50: a sold board's teams do not match the feed's game
  'FEED_TEAMS_MISMATCH',
  // Games (D13)
  'GAME_CLOSED',
  'GAME_COMPLETED',
  'GAME_IN_PROGRESS',
  'PRICE_LOCKED',
  // D50: a sold board's teams keep their sides
  'TEAMS_LOCKED',
  // D34: the organizer's (or charity's) share paid before the pot is final, or in a game without one
  'SHARE_NOT_FINAL',
  'NO_SHARE',
  // Board sizes (D36): a size change after a sale, a square off the game's board
  'BOARD_SIZE_LOCKED',
  'SQUARE_OFF_BOARD',
  // Kickoff (D39): a kickoff not ahead; a kickoff change after sales closed at kickoff
  'KICKOFF_PAST',
  'KICKOFF_LOCKED',
  // A deleted game, to a person who owned squares in it (issue 23)
  'GAME_CANCELLED',
  // Organizer-collects games (D28)
  'PAYMENT_METHOD_LOCKED',
  'CARD_PAYMENTS_UNAVAILABLE',
  'UNPAID_SQUARES',
  // D50: numbers players have seen are replaced only by Clear
  'NUMBERS_SHOWN',
  // The organizer's board tools (D32)
  'ACCOUNT_NOT_FOUND',
  'SQUARES_TAKEN',
  'SAME_SQUARE',
  'NOTHING_TO_MOVE',
  'PAID_AMOUNT_CHANGED',
  // Announcements (D40): a game keeps at most ANNOUNCEMENTS_PER_GAME
  'TOO_MANY_ANNOUNCEMENTS',
  // ... and mails at most so many an hour (core/announcements.ts)
  'TOO_MANY_MAILED_ANNOUNCEMENTS',
  // Squares per player (D31)
  'PLAYER_LIMIT',
  // Invite-only games (D30)
  'NOT_INVITE_ONLY',
  // Checkout and payments (D21, D22)
  'SQUARES_UNAVAILABLE',
  'HOLD_LIMIT',
  'CHECKOUT_CLOSED',
  'CARD_DECLINED',
  'INVALID_CARD',
  'PAYMENTS_NOT_CONFIGURED',
  'PAYMENT_PROVIDER_ERROR',
  'BAD_SIGNATURE',
  // Game day and payouts (D18, D19, D23)
  'GRID_NOT_FULL',
  'SCORES_ENTERED',
  'NO_NUMBERS',
  /** D35: an early draw of a set that is not the next one to draw. */
  'SET_NOT_NEXT',
  'QUARTER_OUT_OF_ORDER',
  'QUARTER_PROCESSING_FAILED',
  'NO_WINNER_RECORD',
  'PAYOUT_COMPLETED',
  'CORRECTION_REPRICES_SETTLED',
  'PAYOUT_PROCESSING',
  'PAYOUT_FAILED',
  'PAYOUT_NOT_FAILED',
] as const;

/** A code of ours, or one of Fastify's own client errors passed on as it names them (FST_ERR_...). */
export type ErrorCode = (typeof ERROR_CODES)[number] | `FST_ERR_${string}`;

/**
 * Better Auth's codes that the web app reads, and ours that its hooks and our auth routes send
 * (src/server/auth). Better Auth may send others: they match none of the web's branches.
 * @public
 */
export const AUTH_ERROR_CODES = [
  'NO_USER_RETURNED',
  'EMAIL_NOT_VERIFIED',
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_EMAIL',
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'SIGNUP_DISABLED',
  'EMAIL_PASSWORD_SIGN_UP_DISABLED',
  'USERNAME_IS_ALREADY_TAKEN',
  'USERNAME_TOO_SHORT',
  'USERNAME_TOO_LONG',
  'INVALID_USERNAME',
  'INVALID_DISPLAY_USERNAME',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'INVALID_CALLBACK_URL',
  'WEAK_PASSWORD',
  'BODY_MUST_BE_AN_OBJECT',
  'PROFILE_PICTURE_NOT_SUPPORTED',
  'SIGN_IN_TICKET_EXPIRED',
  // D41: a new address's confirmation link, opened after another account took the address
  'EMAIL_TAKEN',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];
