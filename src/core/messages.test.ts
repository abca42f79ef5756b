import { readFileSync } from 'node:fs';
import { QUARTER_MODEL } from './periods';
import { describe, expect, it } from 'vitest';
import * as messages from './messages';
import {
  GAME_DAY_ERRORS,
  PASSWORD_MESSAGES,
  SUCCESS_TOASTS,
  createWinnerRecordError,
  findWinningSquareError,
  gameDeletedToast,
  missingFieldsMessage,
  payoutRetryToast,
  processScoresError,
  periodWinnerToast,
  retryPayoutError,
  savePeriodScoreError,
  squareAlreadyClaimedMessage,
  withCause,
} from './messages';

// The product texts must be the spec's words: check them against the documents themselves
// (the repo's copy in docs/product), with line wrapping ignored.
const readDoc = (name: string) => readFileSync(new URL(`../../docs/product/${name}`, import.meta.url), 'utf8').replace(/\s+/g, ' ');
const documents = readDoc('squares-pool-spec.md') + ' ' + readDoc('DECISIONS.md');

/** Texts of ours, or the spec's texts in another form; each is checked on its own below. */
const NOT_VERBATIM = new Set<string>([
  messages.PRICE_NOT_A_NUMBER,
  messages.PRICE_NOT_WHOLE_DOLLARS,
  messages.SCORE_NOT_WHOLE,
  PASSWORD_MESSAGES.noLowercase,
  PASSWORD_MESSAGES.summary,
  SUCCESS_TOASTS.numbersRevealed,
  SUCCESS_TOASTS.numbersHidden,
  GAME_DAY_ERRORS.clearGridNumbersFailed,
  messages.GAME_PRICE_LOCKED,
  messages.SQUARE_BEING_PURCHASED,
  messages.TITLE_TOO_LONG,
  messages.TEAM_NAME_TOO_LONG,
  messages.GAME_TYPE_INVALID,
  messages.PAYOUT_SCHEDULE_INVALID,
  messages.GAME_DELETE_COMPLETED,
  messages.GAME_UPDATE_COMPLETED,
  messages.MAIL_RATE_LIMITS.passwordReset,
  messages.MAIL_RATE_LIMITS.confirmationEmail,
  messages.USERNAME_TOO_LONG,
  messages.USERNAME_INVALID_CHARACTERS,
  messages.DISPLAY_USERNAME_MISMATCH,
  messages.TITLE_NOT_ALLOWED,
  messages.TEAM_A_NOT_ALLOWED,
  messages.TEAM_B_NOT_ALLOWED,
  messages.NOTES_TOO_LONG,
  messages.NOTES_NOT_ALLOWED,
  messages.PAYOUT_REFERENCE_NOT_ALLOWED,
  messages.PASSWORD_CHECK_RATE_LIMITED,
  // Issue 11: a new confirmation mail, the trial's Dev Mailbox hint, the username rule's hint,
  // and the logged-out text of admin pages (the spec has none of these).
  ...Object.values(messages.CONFIRMATION_MAIL),
  messages.DEV_MAILBOX_HINT.before,
  messages.DEV_MAILBOX_HINT.after,
  messages.USERNAME_RULE_HINT,
  messages.USERNAME_SUGGESTION.lead,
  messages.ACCESS_DENIED.loginToAccess,
  messages.ACCESS_DENIED.loginToManageGames,
  // Issue 13 (D28): organizer-collects games.
  ...Object.values(messages.ORGANIZER_PAYMENT_ERRORS),
  ...Object.values(messages.KICKOFF_ERRORS),
  ...Object.values(messages.ORGANIZER_TOOL_ERRORS),
  ...Object.values(messages.ORGANIZER_TEXTS),
  ...Object.values(messages.PLAYER_LIMIT_ERRORS),
  // D36: board sizes.
  ...Object.values(messages.BOARD_SIZE_ERRORS),
  // D30: invite-only games.
  ...Object.values(messages.INVITE_ERRORS),
  ...Object.values(messages.INVITE_TEXTS),
  // Issue 13 (D29): sign-in links and the username asked once.
  messages.MAIL_RATE_LIMITS.signInLink,
  ...Object.values(messages.SIGN_IN_LINK),
  ...Object.values(messages.CHOOSE_USERNAME),
  // Issue 23 (D46, D8, D45): members, the invite login page, the empty install, the share view.
  ...Object.values(messages.MEMBER_TEXTS),
  messages.INVITE_LOGIN.description,
  messages.INVITE_LOGIN.formLabel,
  messages.INVITE_LOGIN.passwordLead,
  messages.INVITE_LOGIN.footer,
  // Issue 23: what the owners of a deleted game read.
  messages.GAME_CANCELLED.title,
  messages.GAME_CANCELLED.organizerUnpaid,
  messages.GAME_CANCELLED.card,
  ...Object.values(messages.FIRST_ACCOUNT),
  ...Object.values(messages.SHARE_TEXTS),
  // Issue 26 (D41): the account page.
  ...Object.values(messages.ACCOUNT_TEXTS).filter((text) => typeof text === 'string'),
  // A change refused while the database file is gone (issue 33).
  messages.DATABASE_GONE,
]);

function catalogueTexts(): string[] {
  const texts: string[] = [];
  for (const value of Object.values(messages)) {
    if (typeof value === 'string') texts.push(value);
    // Texts with a blank to fill in (functions) are not compared: only their fixed parts could be.
    else if (typeof value === 'object') texts.push(...Object.values(value as Record<string, unknown>).filter((text) => typeof text === 'string'));
  }
  return texts;
}

describe('message catalogue', () => {
  it('finds the documents to compare with', () => {
    expect(documents).toContain('## 8. Error catalogue');
    expect(catalogueTexts().length).toBeGreaterThan(90);
  });

  it.each(catalogueTexts().filter((text) => !NOT_VERBATIM.has(text)))('%j is word for word in the spec or DECISIONS', (text) => {
    expect(documents).toContain(text);
  });

  it('derives the texts the spec gives in short form', () => {
    expect(PASSWORD_MESSAGES.noLowercase).toBe(PASSWORD_MESSAGES.noUppercase.replace('uppercase', 'lowercase'));
    expect(documents).toContain(`summary reads: ${PASSWORD_MESSAGES.summary.replace(/^Password /, '')}`);
    expect(documents).toContain('Numbers revealed/hidden successfully!');
    expect(SUCCESS_TOASTS.numbersRevealed).toBe('Numbers revealed successfully!');
    expect(SUCCESS_TOASTS.numbersHidden).toBe('Numbers hidden successfully!');
    expect(documents).toContain('Failed to save grid numbers / update game / clear grid numbers (with cause)');
    expect(GAME_DAY_ERRORS.clearGridNumbersFailed).toBe('Failed to clear grid numbers');
  });

  it('keeps a full stop where the spec writes one inside the message, not where it ends the sentence', () => {
    // "... confirming scores. when errors exist": the stop is the message's own.
    expect(messages.SCORES_HAVE_ERRORS.endsWith('scores.')).toBe(true);
    expect(messages.DUPLICATE_SQUARE.endsWith('cart.')).toBe(true);
    expect(messages.INVALID_CART_ITEMS.endsWith('try again.')).toBe(true);
    // "... else Please enter a valid email address." closes the rule's sentence.
    expect(messages.INVALID_EMAIL.endsWith('.')).toBe(false);
    expect(messages.EMAIL_REQUIRED.endsWith('.')).toBe(false);
    expect(messages.SIGNUP_ERRORS.invalidEmail.endsWith('.')).toBe(true);
    expect(messages.LOGIN_ERRORS.toastFallback).toBe('Login failed');
  });

  it('has no text twice under different names, except where the spec repeats it', () => {
    const texts = catalogueTexts();
    const repeated = texts.filter((text, i) => texts.indexOf(text) !== i);
    // "Failed to update game" is both a game error and a game-day cause in the spec.
    expect(repeated).toEqual(['Failed to update game']);
  });
});

describe('templated messages', () => {
  it("fill in the spec's placeholders", () => {
    expect(gameDeletedToast('Super Bowl')).toBe('Game "Super Bowl" was deleted successfully');
    expect(periodWinnerToast(2, 'alice', QUARTER_MODEL)).toBe('Q2 winner processed: alice');
    expect(payoutRetryToast(4, QUARTER_MODEL)).toBe('Q4 payout retry successful!');
    expect(savePeriodScoreError(1, QUARTER_MODEL)).toBe('Failed to save Q1 score');
    expect(findWinningSquareError(3, QUARTER_MODEL)).toBe('Failed to find winning square for Q3');
    expect(createWinnerRecordError(4, QUARTER_MODEL)).toBe('Failed to create winner record for Q4');
    expect(processScoresError('timeout')).toBe('Failed to process scores: timeout');
    expect(retryPayoutError('declined')).toBe('Failed to retry payout: declined');
    expect(withCause(GAME_DAY_ERRORS.saveGridNumbersFailed, 'disk full')).toBe('Failed to save grid numbers: disk full');
    expect(missingFieldsMessage(['Email', 'Password'])).toBe('Please fill in all fields: Email, Password');
  });

  it.each([
    ['Game "{title}" was deleted successfully', gameDeletedToast('{title}')],
    ['Q{n} winner processed: {winner}', periodWinnerToast('{n}' as unknown as number, '{winner}', QUARTER_MODEL)],
    ['Q{n} payout retry successful!', payoutRetryToast('{n}' as unknown as number, QUARTER_MODEL)],
    ['Failed to save Q{n} score', savePeriodScoreError('{n}' as unknown as number, QUARTER_MODEL)],
    ['Failed to find winning square for Q{n}', findWinningSquareError('{n}' as unknown as number, QUARTER_MODEL)],
    ['Failed to create winner record for Q{n}', createWinnerRecordError('{n}' as unknown as number, QUARTER_MODEL)],
    ['Failed to process scores: {cause}', processScoresError('{cause}')],
    ['Failed to retry payout: {cause}', retryPayoutError('{cause}')],
    ['Please fill in all fields:', missingFieldsMessage([]).trimEnd()],
  ])("%s is the spec's template", (template, filled) => {
    expect(filled).toBe(template);
    expect(documents).toContain(template);
  });

  it('says who claimed a square, or someone else', () => {
    expect(squareAlreadyClaimedMessage('alice')).toBe('This square is already claimed by alice.');
    expect(squareAlreadyClaimedMessage(null)).toBe('This square is already claimed by someone else.');
    expect(squareAlreadyClaimedMessage('  ')).toBe('This square is already claimed by someone else.');
  });
});
