/**
 * The product's messages, word for word from the spec (sections 5 and 8) and DECISIONS, so
 * every screen and route shows the same text. Where the spec's sentence ends right after a
 * message, the sentence's full stop is not part of the message unless its siblings carry one.
 */

import { EMAIL_CHANGE_FRESH_MINUTES, EMAIL_UNDO_DAYS } from './account-safety';
import { type Period, type PeriodModel, periodShortLabel } from './periods';
import { countOf } from './text';

// Validation (spec section 5; D6, D7, D13).

export const INVALID_EMAIL = 'Please enter a valid email address';
export const EMAIL_REQUIRED = 'Please enter your email address';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const USERNAME_TOO_SHORT = 'Username must be at least 3 characters long';
export const USERNAME_TAKEN = 'This username is already taken.';
/** Our bounds on usernames (issue 10): ASCII only, so no look-alike of another player's name. */
export const USERNAME_TOO_LONG = 'Username must be at most 30 characters long';
export const USERNAME_INVALID_CHARACTERS = 'A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.';
/** A username the refused one could be instead (validation.ts `suggestUsername`), offered as a button. */
export const USERNAME_SUGGESTION = {
  lead: 'Suggestion:',
  button: (username: string) => `Use "${username}"`,
} as const;
export const DISPLAY_USERNAME_MISMATCH = 'Your display name can differ from your username only in upper and lower case.';

/** "Please fill in all fields: Email, Password" for the given field names. */
export function missingFieldsMessage(fieldNames: readonly string[]): string {
  return `Please fill in all fields: ${fieldNames.join(', ')}`;
}

export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 8 characters long',
  noUppercase: 'Password must contain at least one uppercase letter',
  noLowercase: 'Password must contain at least one lowercase letter',
  noNumber: 'Password must contain at least one number',
  noSpecialCharacter: 'Password must contain at least one special character',
  strong: 'Password is strong',
  /** The signup form's one-line summary of the policy. */
  summary: 'Password must be 8+ characters with uppercase, lowercase, number and special character',
} as const;

export const TITLE_TOO_SHORT = 'Title must be at least 3 characters';
/** Our bounds and choices, which the spec leaves open. */
export const TITLE_TOO_LONG = 'Title must be at most 100 characters';
export const TEAM_NAME_TOO_LONG = 'Team names must be at most 50 characters';
export const GAME_TYPE_INVALID = 'Please choose a game type from the list';
export const PAYOUT_SCHEDULE_INVALID = 'Please choose a payout schedule from the list';
export const TEAM_A_REQUIRED = 'Team A is required';
export const TEAM_B_REQUIRED = 'Team B is required';
/** Free text with invisible, control or direction-changing characters (issue 10, core/text.ts). */
export const TITLE_NOT_ALLOWED = 'Title contains characters that are not allowed.';
export const TEAM_A_NOT_ALLOWED = 'Team A contains characters that are not allowed.';
export const TEAM_B_NOT_ALLOWED = 'Team B contains characters that are not allowed.';
export const NOTES_TOO_LONG = 'Notes must be at most 500 characters';
export const NOTES_NOT_ALLOWED = 'Notes contain characters that are not allowed.';
export const PAYOUT_REFERENCE_NOT_ALLOWED = 'The payment reference contains characters that are not allowed.';
/** D28: organizer-collects games (ours: DECISIONS says what, not the words). */
export const ORGANIZER_PAYMENT_ERRORS = {
  methodInvalid: 'Please choose who collects the money',
  instructionsTooLong: 'Payment instructions must be at most 500 characters',
  instructionsRequired: 'Tell players how to pay you, e.g. "Venmo @coach-k with your squares in the note"',
  instructionsNotAllowed: 'Payment instructions contain characters that are not allowed.',
  payByInvalid: 'Pay-by time must be a date and time',
  payByPast: 'Pay-by time must be in the future',
  payByCardGame: 'A pay-by time applies only to games where the organizer collects the money',
  cardUnavailable: 'Card payments are not set up on this server: choose "Organizer collects".',
} as const;
/** D39: kickoff (ours; docs/decisions/035). */
export const KICKOFF_ERRORS = {
  invalid: 'Kickoff must be a date and time',
  past: 'Kickoff must be in the future',
  timeZoneInvalid: 'Choose a time zone from the list, e.g. America/New_York',
  timeZoneRequired: 'Choose the time zone of the kickoff',
  drawNeedsKickoff: 'Set a kickoff time to draw the numbers at kickoff',
  locked: 'Kickoff cannot be changed: sales closed at kickoff',
} as const;
/** D28: the organizer's payment tools (ours). */
export const ORGANIZER_TOOL_ERRORS = {
  selectionInvalid: 'Choose the squares by position (row and column 0-9), by player, or all.',
  selectionEmpty: 'Choose at least one square.',
  selectionOne: 'Choose the squares one way: by position, by player, or all.',
  releaseAfterDraw: 'Squares cannot be released once the numbers are drawn.',
  gameCompleted: 'This game is completed: its squares can no longer change.',
  assignAfterDraw: 'Squares cannot be assigned once the numbers are drawn.',
  moveAfterDraw: 'Squares cannot be moved once the numbers are drawn.',
  noAccount: 'No confirmed account has that username or e-mail address.',
  targetOne: 'Put the squares on an account (username or e-mail) or on a person by name.',
  personName: "Enter the person's name (up to 40 characters).",
  personNameNotAllowed: 'The name has characters that are not allowed.',
  personEmailNotAllowed: 'The e-mail address has characters that are not allowed.',
  personEmailTooLong: 'The e-mail address is too long (at most 254 characters).',
  selectionTwice: 'Choose each square once.',
  moveSame: 'Choose a different square to move to.',
  moveFromEmpty: 'There is no sold square there to move.',
  moveToTaken: 'That square is not free. Choose a free square to move to.',
  paidAmountMissing: 'Confirm the amount paid (paid_cents) to assign the squares as paid.',
} as const;
/** D32: the amount confirmed in the Assign dialog is not what the squares come to now. */
export const paidAmountChanged = (expected: string, confirmed: string, count: number) =>
  `The amount changed: ${countOf(count, 'square')} now come${count === 1 ? 's' : ''} to ${expected}, not the ${confirmed} you confirmed. Nothing was assigned; check the price and confirm again.`;
/** D32: the organizer's assignment names the squares that are taken. */
export const squaresNotFree = (squares: string) => `These squares are not free: ${squares}. Choose free squares.`;
/** D28: what the pages say about organizer-collects games (ours). */
export const ORGANIZER_TEXTS = {
  squaresReserved: 'Squares reserved! Pay the organizer to complete your purchase.',
  markedPaid: 'Marked paid',
  markedUnpaid: 'Marked unpaid',
  released: 'Unpaid squares released',
  /** The hint under the payment instructions field: what good instructions say. */
  instructionsHint:
    'Required. How players pay you, e.g. "Venmo @coach-k with your squares in the note" or "Cash to Sam at the office by Friday". Shown on the board, at checkout and in their receipt. Up to 500 characters.',
  /** An older organizer-collects game made before instructions were required. */
  instructionsMissing: 'Players of this game read "Ask the organizer how to pay." Add payment instructions so they know how to pay you.',
  toolFailed: 'Could not update the squares. Please try again.',
} as const;
/** D31: squares per player (ours). */
/** D30: invite-only games (ours). */
export const INVITE_ERRORS = {
  visibilityInvalid: 'Choose who can see this game: Public or Invite only',
  tokenMissing: 'The invite link is incomplete. Open the whole link you were sent.',
  tokenInvalid: 'The invite link is not valid. Open the whole link you were sent.',
  notInviteOnly: 'This game is public: it has no invite link.',
} as const;
export const INVITE_TEXTS = {
  copied: 'Copied',
  copyFailed: 'Copy the link from the box below.',
  rotated: 'New invite link made. The old link no longer works.',
  rotateConfirm:
    'Make a new invite link? The old link stops working: people who have not opened it yet need the new one. Members and players who own squares keep access.',
} as const;

/** D46: the members list on the admin game page (admin-game-members.tsx). */
export const MEMBER_TEXTS = {
  heading: 'Members',
  intro: 'People who opened the invite link with an account. They see this game from any browser, also after a new link.',
  none: 'No members yet. Whoever opens the invite link while signed in (or signs in from it) appears here.',
  ownsSquares: 'owns squares',
  noUsername: '(no username yet)',
  removeTitle: 'Remove this member?',
  removeOwner: 'They own squares in this game, so they keep seeing it and their squares stay theirs. They are taken off this list.',
  removeNonOwner:
    'They no longer see this game from their account, and the link they opened no longer lets them in. A browser they used without signing in keeps the link until you make a new one. After a new link, they can join again only if you send it to them.',
  removed: 'Member removed.',
  removeFailed: 'Could not remove the member. Please try again.',
  loadFailed: 'Failed to load the members',
} as const;
/** D36: the board size on the create and edit forms. */
export const BOARD_SIZE_ERRORS = {
  invalid: 'Board size must be 100, 50 or 25 squares',
} as const;

export const PLAYER_LIMIT_ERRORS = {
  invalid: 'Squares per player must be a whole number from 1 to 100, or empty for no limit',
} as const;
export const PRICE_TOO_LOW = 'Price must be at least $1';
export const PRICE_TOO_HIGH = 'Price cannot exceed $10,000';
// The spec's form relied on a number input; these two cover what it could not receive.
export const PRICE_NOT_A_NUMBER = 'Price must be a number';
export const PRICE_NOT_WHOLE_DOLLARS = 'Price must be a whole number of dollars';

export const SCORE_NOT_A_NUMBER = 'Score must be a number';
export const SCORE_NEGATIVE = 'Score cannot be negative';
export const SCORE_TOO_HIGH = 'Score cannot exceed 199';
// Typed input keeps digits only; this is for API callers sending 7.5.
export const SCORE_NOT_WHOLE = 'Score must be a whole number';
export const SCORES_HAVE_ERRORS = 'Please correct the errors above before confirming scores.';

export const DUPLICATE_SQUARE = 'This square is already in your cart.';
/** Our text (issue 5): a square in another buyer's open checkout (D21). */
export const SQUARE_BEING_PURCHASED = 'This square is being purchased by someone else. Try again in a few minutes.';
export const INVALID_CART_ITEMS = 'Some items in your cart are invalid. Please refresh and try again.';

/** The alert for clicking a claimed square: by its owner's username, else by someone else. */
export function squareAlreadyClaimedMessage(ownerUsername?: string | null): string {
  return `This square is already claimed by ${ownerUsername?.trim() || 'someone else'}.`;
}

// Account flows of D6.

export const EMAIL_CONFIRMED = 'Email confirmed. You can log in now.';
export const PASSWORD_UPDATED = 'Password updated. Please log in.';

/**
 * Our texts for a new confirmation mail (issue 11): offered on /login after "Please confirm
 * your email before logging in." and on /confirm-email, where an expired or broken link lands.
 * What is said after sending is the same whether or not the address has an account.
 */
export const CONFIRMATION_MAIL = {
  resendButton: 'Send New Confirmation Email',
  resending: 'Sending...',
  loginOffer: 'Lost the confirmation email, or did its link expire? We can send you a new one.',
  sentTitle: 'Confirmation Email Sent',
  expiredTitle: 'Confirmation Link Expired',
  expired: 'Confirmation links work for one hour. Enter your email address and we will send you a new one.',
  invalidTitle: 'Confirmation Link Not Valid',
  invalid: 'This confirmation link is not valid. Enter your email address and we will send you a new one.',
  resendTitle: 'Confirm Your Email',
  resend: 'Enter your email address and we will send you a new confirmation link.',
  signedInTitle: 'Email Already Confirmed',
  signedIn: 'You are logged in, so your email address is already confirmed.',
  failed: 'Could not send the confirmation email. Please try again.',
} as const;

/** After a new confirmation mail from /login: the password was right, so the address is known to need confirming. */
export function confirmationSentFromLogin(email: string): string {
  return `We sent a new confirmation email to ${email}. Open the link in it within an hour, then log in.`;
}

/** After a new confirmation mail from /confirm-email: the same answer for any address. */
export function confirmationSent(email: string): string {
  return `If ${email} has an account that still needs confirming, we sent it a new confirmation link. The link works for one hour.`;
}

/** Trial mode without SMTP (D9): where the mail went instead of an inbox. */
export const DEV_MAILBOX_HINT = {
  before: 'This is a trial, so no email leaves this computer: open the ',
  link: 'Dev Mailbox',
  after: ' to read it.',
} as const;

/**
 * Signing in by e-mailed link (D29; ours: DECISIONS says what, not the words). The answer to a
 * request is the same for any address: a new address gets an account when its link is opened.
 */
export const SIGN_IN_LINK = {
  button: 'Email me a sign-in link',
  sending: 'Sending link...',
  offer: 'No password? We can e-mail you a link that signs you in.',
  sentTitle: 'Check Your Email',
  sendAgain: 'Send again',
  differentEmail: 'Use a different e-mail',
  sentAgain: 'We sent another link. Only the newest link works.',
  failed: 'Could not send the sign-in link. Please try again.',
  expired: 'This sign-in link has expired or was already used. Links work once, for 15 minutes: we can send you a new one.',
  invalid: 'This sign-in link did not work. We can send you a new one.',
  signupPointer: 'Rather not choose a password?',
  signupPointerLink: 'Sign in with a link sent by e-mail',
  /** D46: the expired-link page's one-tap resend, when its ticket is too old too. */
  ticketExpired: 'This link is too old to send again. Enter your e-mail to get a new one.',
  resend: 'Send me a new link',
  expiredTitle: 'Link Expired',
  otherWay: 'Log in another way',
  resent: 'We sent you a new link. Open it within 15 minutes; it works once.',
} as const;

/** D45's share view: a link that only works on this computer, and the Share button. */
export const SHARE_TEXTS = {
  loopbackTitle: 'This link only works on this computer',
  loopbackBody:
    'It names this computer (a loopback address such as localhost or 127.0.0.1), so a phone or another computer that opens it cannot reach your pool. To share it: set PUBLIC_URL to the address others reach this computer at (for example http://192.168.1.20:3000), and HOST=0.0.0.0 so the app serves your network, then restart. See Settings in the README.',
  share: 'Share',
  shareFailed: 'Could not open the share sheet. Copy the link instead.',
} as const;

/** D8 on an empty install: the first account to confirm its e-mail becomes the administrator. */
export const FIRST_ACCOUNT = {
  notice:
    'New install: nobody runs this pool yet. The first account to confirm its e-mail becomes the organizer (the administrator) and goes straight to creating the first game.',
  homeAction: 'Create the organizer account',
  created: 'You are the first account: once you confirm your e-mail and log in, you run this pool and create your first game.',
} as const;

/** D46: /login reached from an invite-only game's page leads with joining that pool by e-mail. */
export const INVITE_LOGIN = {
  title: (pool: string) => `Join ${pool}`,
  description: 'We e-mail you a link: open it on any device to sign in and go straight to this pool. New here? The link creates your account.',
  formLabel: 'Join by e-mail',
  passwordLead: 'Have a password? Log in with it.',
  footer: 'No password needed: the link is all it takes.',
} as const;

/** "We sent a sign-in link to {email}. ..." after a request, whatever the address. */
export function signInLinkSent(email: string): string {
  return `We sent a sign-in link to ${email}. Open it within 15 minutes; it works once. New to Squares Pool? The link creates your account.`;
}

/** /welcome (D29): the username asked once of an account made by a sign-in link (ours). */
export const CHOOSE_USERNAME = {
  title: 'Choose a Username',
  description: 'You are signed in. Pick the name other players see on the board; we ask only once.',
  submit: 'Save Username',
  saving: 'Saving...',
  saved: 'Username saved',
  failed: 'Could not save your username. Please try again.',
  /** The server's refusal of a purchase by an account that has no username yet. */
  required: 'Choose a username before buying squares.',
} as const;

/** The username rule as the sign-up form states it before anything is typed (issue 10's rule). */
export const USERNAME_RULE_HINT = '3-30 characters: letters (A-Z), digits and _ . - only. Other players see it on the board.';

/** D41's account page (docs/decisions/034; ours: DECISIONS says what, not the words). */
export const ACCOUNT_TEXTS = {
  title: 'Account',
  description: 'Your username, e-mail address and password, which mails you get, and deleting your account.',
  usernameSaved: 'Username saved. The board shows your squares under it.',
  usernameSame: 'That is already your username.',
  emailSame: 'That is already your e-mail address.',
  emailTaken: 'Another account uses this e-mail address.',
  emailLinkSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your e-mail address changes when you open it (within one hour); until then, use your current one.`,
  emailChanged: 'Your e-mail address is changed.',
  emailLinkExpired: 'The confirmation link has expired or was already used. Ask for a new one below.',
  emailLinkTaken: 'Another account uses that e-mail address now, so yours was not changed.',
  emailPasswordRequired: 'Enter your current password to change your e-mail address.',
  emailPasswordHint: 'Your current password confirms it is you. Once the new address is confirmed, your other devices are signed out.',
  emailRecentSignInHint: `Your account has no password, so a recent sign-in confirms it is you: you can change your address within ${EMAIL_CHANGE_FRESH_MINUTES} minutes of signing in with a link. Once the new address is confirmed, your other devices are signed out.`,
  emailNeedsRecentSignIn: `Your account has no password, so changing its e-mail address needs a sign-in from the last ${EMAIL_CHANGE_FRESH_MINUTES} minutes. Email yourself a sign-in link, open it, then change your address here.`,
  emailSignInLinkSent: (email: string) =>
    `We sent a sign-in link to ${email}. Open it within 15 minutes, then change your address here within ${EMAIL_CHANGE_FRESH_MINUTES} minutes.`,
  undoTitle: 'Put your e-mail address back',
  undoExplained: `Someone changed the e-mail address of your account? This puts your old address back, signs out every device (whoever changed it too) and removes the password. We then e-mail your old address a link to choose a new password. The link in your mail works once, for ${EMAIL_UNDO_DAYS} days.`,
  undoButton: 'Put my address back',
  undoBusy: 'Putting it back...',
  undoDone: (email: string) =>
    `Your account uses ${email} again, and every device is signed out. We sent a link to ${email}: open it within one hour to choose a new password.`,
  undoInvalid: 'This link is not valid. Open the link from the e-mail exactly as it came.',
  undoUsed: 'This link was already used. If your address is not back, contact the organizer of your pool.',
  undoExpired: `This link has expired: it works for ${EMAIL_UNDO_DAYS} days. Contact the organizer of your pool.`,
  undoTaken: 'Another account uses your old address now, so it could not be put back. Contact the organizer of your pool.',
  undoRateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  passwordChanged: 'Password changed. Other devices signed in to this account were signed out.',
  passwordSet: 'Password set. You can now log in with your e-mail and this password, or keep using sign-in links.',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordTooLong: 'Password must be at most 128 characters long',
  signInLinks:
    'You can always sign in with a link sent to your e-mail address instead of a password: choose "Email me a sign-in link" on the login page. A link works once, for 15 minutes.',
  deleteExplained:
    'Deleting your account erases your e-mail address and signs you out everywhere; nobody can log in to it again. Squares you bought stay on their boards under your username, and so do the results they won, so every pool still adds up. Your username stays reserved.',
  deleteConfirmWrong: 'Type your username exactly as shown to confirm.',
  deleteConfirmWrongEmail: 'Type your e-mail address exactly as shown to confirm.',
  deletePasswordRequired: 'Enter your password to delete your account.',
  lastAdmin: 'You are the only administrator. Make another account an administrator (npm run admin -- grant EMAIL) before deleting yours.',
  checkoutOpen: (count: number) =>
    `A card payment for ${countOf(count, 'square')} is still open. Finish or cancel it (or wait until it expires), then delete your account.`,
  unpaidSquares: (count: number) =>
    `You have ${count} reserved ${count === 1 ? 'square' : 'squares'} not paid yet. Pay the organizer, or ask them to release ${count === 1 ? 'it' : 'them'}, before deleting your account.`,
  unpaidWinnings: (amount: string) =>
    `You have ${amount} in winnings not paid out yet. Delete your account once the organizer has paid you: after that they could no longer reach you.`,
  deleted: 'Your account is deleted.',
} as const;

/** In-page Access Denied texts (spec section 2: /admin/games, and the Route guard's for the rest; D10). */
export const ACCESS_DENIED = {
  title: 'Access Denied',
  page: "You don't have permission to access this page.",
  manageGames: "You don't have permission to manage games.",
  /** When the session ended while the page was open. */
  loginToAccess: 'Please log in to access this page.',
  loginToManageGames: 'Please log in to manage games.',
} as const;

// Error catalogue (spec section 8). The server's "at least 6 characters" message is dropped (D7).

export const SIGNUP_ERRORS = {
  alreadyRegistered: 'An account with this email already exists. Please try logging in instead.',
  invalidEmail: 'Please enter a valid email address.',
  disabled: 'Account registration is currently disabled. Please contact support.',
  rateLimited: 'Too many signup attempts. Please wait a few minutes before trying again.',
  generic: 'Unable to create account. Please try again.',
  noUserReturned: 'Account creation failed. Please try again.',
  toastFallback: 'Signup failed. Please try again.',
  /** Asked 2 s after an "already exists" error; Yes goes to /login. */
  goToLoginConfirm: 'This email is already registered. Would you like to go to the login page?',
} as const;

export const LOGIN_ERRORS = {
  invalidCredentials: 'Email or password incorrect.',
  emailNotConfirmed: 'Please confirm your email before logging in.',
  rateLimited: 'Too many login attempts. Please wait a few minutes and try again.',
  generic: 'Unable to log in, please try again later.',
  noUserReturned: 'Login failed - no user returned.',
  toastFallback: 'Login failed',
} as const;

export const RESET_PASSWORD_ERROR = 'Failed to send reset email';

/** Our texts for the two mail rate limits the spec does not name, in its "Too many ..." form. */
export const MAIL_RATE_LIMITS = {
  passwordReset: 'Too many password reset attempts. Please wait a few minutes and try again.',
  confirmationEmail: 'Too many confirmation e-mail requests. Please wait a few minutes and try again.',
  signInLink: 'Too many sign-in link requests. Please wait a few minutes and try again.',
} as const;

/**
 * A change refused because the server's database file is gone or replaced (db/file-guard.ts): it
 * would not have been kept. Shown as is by the web app, though it comes with a 503.
 */
export const DATABASE_GONE = 'Changes cannot be saved right now: the server cannot reach its database file. Nothing was changed; please try again later.';

/** Our text for the limit on password checks with a session (change-password, verify-password). */
export const PASSWORD_CHECK_RATE_LIMITED = 'Too many password attempts. Please wait a few minutes and try again.';

export const GAME_ERRORS = {
  cannotUpdateInProgress: 'Cannot update a game that is in progress',
  cannotDeleteInProgress: 'Cannot delete a game that is in progress',
  cannotEditInProgress: 'Cannot edit a game that is in progress',
  notFound: 'Game not found',
  /** D46: a game that does not exist and one this person may not see answer alike, in words that help both. */
  notFoundOrInviteOnly: 'This game does not exist or is invite-only: ask the organizer for its link.',
  loadDetailsFailed: 'Failed to load game details',
  loadDataFailed: 'Failed to load game data',
  loadGamesFailed: 'Failed to load games',
  loadGamesDataFailed: 'Failed to load games data',
  deleteFailed: 'Failed to delete game',
  createFailed: 'Failed to create game. Please try again.',
  updateFailed: 'Failed to update game',
} as const;

/**
 * D13, D28, D34, D36: everything fixed once any square is held or sold, named in full (D49: a locked
 * control says why). The server refuses any of these changes with it and the edit form shows it.
 */
export const GAME_PRICE_LOCKED =
  'Price, payout rules, the rule for unbought winning squares, who collects the money and board size cannot change once squares are held or sold.';

/** Issue 23: what the owners of a deleted game read on its page (docs/decisions/020). */
export const GAME_CANCELLED = {
  title: 'This pool was cancelled by the organizer',
  organizerMoney: (paid: string) =>
    `You paid the organizer ${paid} for your squares. The organizer pays it back to you directly, outside the app: ask them if you have not heard.`,
  organizerUnpaid: 'You had not paid for your squares yet: you owe nothing.',
  card: 'Card payments for it are refunded to the card they came from.',
} as const;

/** D13: a completed game stays as a record; it cannot be deleted. */
export const GAME_DELETE_COMPLETED = 'Cannot delete a completed game. Completed games are kept as records.';
export const GAME_UPDATE_COMPLETED = 'Cannot update a game that is completed. Completed games are kept as records.';

export const CART_PAYMENT_ERRORS = {
  cartEmpty: 'Your cart is empty',
  loginRequired: 'Please login to complete your purchase',
  createSessionFailed: 'Failed to create payment session',
  noCheckoutUrl: 'No checkout URL returned from payment service',
  popupBlocked: 'Please allow pop-ups and try again',
  initializeFailed: 'Failed to initialize payment. Please try again.',
  methodNotAvailable: 'This payment method is not available yet.',
  paypalNotImplemented: 'PayPal integration not implemented yet.',
  noMethodSelected: 'Please select a payment method.',
} as const;

export const GAME_DAY_ERRORS = {
  revealFailed: 'Failed to update reveal state. Please try again.',
  randomizeFailed: 'Failed to randomize numbers. Please try again.',
  saveRandomizedFailed: 'Failed to save randomized numbers',
  clearFailed: 'Failed to clear numbers',
  saveGridNumbersFailed: 'Failed to save grid numbers',
  updateGameFailed: 'Failed to update game',
  clearGridNumbersFailed: 'Failed to clear grid numbers',
  randomizeAfterScores: 'Cannot randomize numbers after scores have been entered',
  clearAfterScores: 'Cannot clear numbers after scores have been entered',
  notAuthenticated: 'User not authenticated',
  markCompletedFailed: 'Failed to mark game as completed',
  fetchRetryCountFailed: 'Failed to fetch current retry count',
  updateRetryStatusFailed: 'Failed to update retry status',
  updatePayoutStatusFailed: 'Failed to update payout status',
} as const;

/** A catalogued message followed by its cause: "Failed to save grid numbers: disk full". */
export function withCause(message: string, cause: string): string {
  return `${message}: ${cause}`;
}

/** "Failed to save Q{n} score" */
export function savePeriodScoreError(period: number, model: PeriodModel): string {
  return `Failed to save ${periodShortLabel(model, period as Period)} score`;
}

/** "Failed to find winning square for Q{n}" */
export function findWinningSquareError(period: number, model: PeriodModel): string {
  return `Failed to find winning square for ${periodShortLabel(model, period as Period)}`;
}

/** "Failed to create winner record for Q{n}" */
export function createWinnerRecordError(period: number, model: PeriodModel): string {
  return `Failed to create winner record for ${periodShortLabel(model, period as Period)}`;
}

/** "Failed to process scores: {cause}" */
export function processScoresError(cause: string): string {
  return withCause('Failed to process scores', cause);
}

/** "Failed to retry payout: {cause}" */
export function retryPayoutError(cause: string): string {
  return withCause('Failed to retry payout', cause);
}

// Success toasts (spec section 8).

export const SUCCESS_TOASTS = {
  /** Sign-up when the address still has to be confirmed. */
  accountCreatedConfirmEmail: 'Account created! Please check your email for confirmation.',
  /** Sign-up that returned a session. */
  accountCreated: 'Account created successfully!',
  loginSuccessful: 'Login successful!',
  loggedOut: 'Logged out successfully',
  resetEmailSent: 'Password reset email sent!',
  squareAdded: 'Square added to cart',
  squareRemoved: 'Square removed from cart',
  cartCleared: 'Cart cleared',
  gameRemovedFromCart: 'Game removed from cart',
  paymentPageOpened: 'Payment page opened in new tab. Complete your purchase there.',
  paymentSuccessful: 'Payment successful! Your squares have been claimed.',
  gameCreated: 'Game created successfully!',
  gameUpdated: 'Game updated successfully',
  /** Deleted when the title is not known; see gameDeletedToast. */
  gameDeleted: 'Game deleted successfully',
  gamesRefreshed: 'Games data refreshed successfully',
  numbersRevealed: 'Numbers revealed successfully!',
  numbersHidden: 'Numbers hidden successfully!',
  numbersRandomized: 'Numbers randomized and saved successfully!',
  numbersCleared: 'Numbers cleared successfully!',
  gameCompleted: 'Game marked as completed!',
  allPeriodWinnersProcessed: 'All quarter winners processed successfully!',
} as const;

/** 'Game "{title}" was deleted successfully' */
export function gameDeletedToast(title: string): string {
  return `Game "${title}" was deleted successfully`;
}

/** "Q{n} winner processed: {winner}" */
export function periodWinnerToast(period: number, winner: string, model: PeriodModel): string {
  return `${periodShortLabel(model, period as Period)} winner processed: ${winner}`;
}

/** "Q{n} payout retry successful!" */
export function payoutRetryToast(period: number, model: PeriodModel): string {
  return `${periodShortLabel(model, period as Period)} payout retry successful!`;
}

/** The Winner column when a period's square has no owner, or an owner with neither name nor email. */
export const NO_WINNER = 'No winner';
