import { ACCOUNT_TEXTS, INVALID_EMAIL, PASSWORD_MESSAGES, USERNAME_TOO_SHORT } from '@core/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { deleteRequest, emailChange, linkOutcome, messageOf, passwordChange, usernameChange } from './account-rules';

const withPassword = { hasPassword: true };
const withoutPassword = { hasPassword: false };
const STRONG = 'Str0ng!pass';

describe('the account page: each change before it is sent', () => {
  it('a username is sent as the rules left it, or refused with their message', () => {
    expect(usernameChange('  amy_r  ')).toEqual({ ok: true, value: { path: 'username', body: { username: 'amy_r' } } });
    expect(usernameChange('am')).toEqual({ ok: false, message: USERNAME_TOO_SHORT });
  });

  it('a new address needs a valid address first, then the current password when the account has one', () => {
    expect(emailChange(withPassword, 'not-an-address', '')).toEqual({ ok: false, message: INVALID_EMAIL });
    expect(emailChange(withPassword, 'new@example.com', '')).toEqual({ ok: false, message: ACCOUNT_TEXTS.emailPasswordRequired });
    expect(emailChange(withPassword, ' New@Example.com ', 'secret')).toEqual({
      ok: true,
      value: { path: 'email', body: { email: 'new@example.com', currentPassword: 'secret' } },
    });
  });

  it('an account without a password sends the address alone (a recent sign-in stands for the password)', () => {
    expect(emailChange(withoutPassword, 'new@example.com', 'typed anyway')).toEqual({ ok: true, value: { path: 'email', body: { email: 'new@example.com' } } });
  });

  it('a password change asks for the current one first, then holds the new one to the rules', () => {
    expect(passwordChange(withPassword, '', 'short')).toEqual({ ok: false, message: ACCOUNT_TEXTS.currentPasswordRequired });
    expect(passwordChange(withPassword, 'old', 'short')).toEqual({ ok: false, message: PASSWORD_MESSAGES.tooShort });
    expect(passwordChange(withPassword, 'old', 'longenough1!')).toEqual({ ok: false, message: PASSWORD_MESSAGES.noUppercase });
    expect(passwordChange(withPassword, 'old', STRONG)).toEqual({
      ok: true,
      value: { path: 'password', body: { currentPassword: 'old', newPassword: STRONG } },
    });
  });

  it('an account without a password sets its first one without a current one', () => {
    expect(passwordChange(withoutPassword, '', STRONG)).toEqual({ ok: true, value: { path: 'password', body: { newPassword: STRONG } } });
  });
});

describe('deleting the account', () => {
  const amy = { username: 'Amy_R', email: 'amy@example.com', hasPassword: true };

  it('wants the username typed again, in any case and with spaces around it, then the password', () => {
    expect(deleteRequest(amy, 'amy', 'pw')).toEqual({ ok: false, message: ACCOUNT_TEXTS.deleteConfirmWrong });
    expect(deleteRequest(amy, ' amy_r ', '')).toEqual({ ok: false, message: ACCOUNT_TEXTS.deletePasswordRequired });
    // What was typed is sent as typed: the server compares it again.
    expect(deleteRequest(amy, ' amy_r ', 'pw')).toEqual({ ok: true, value: { confirm: ' amy_r ', password: 'pw' } });
  });

  it('an account without a username types its e-mail address; without a password it sends none', () => {
    const linked = { username: null, email: 'bo@example.com', hasPassword: false };
    expect(deleteRequest(linked, 'bo', '')).toEqual({ ok: false, message: ACCOUNT_TEXTS.deleteConfirmWrongEmail });
    expect(deleteRequest(linked, 'BO@example.com', '')).toEqual({ ok: true, value: { confirm: 'BO@example.com' } });
  });
});

describe('what the new address confirmation link came back with', () => {
  const outcome = (query: string) => linkOutcome(new URLSearchParams(query));

  it('nothing unless it says the e-mail changed', () => {
    expect(outcome('')).toBeNull();
    expect(outcome('email=other&error=EMAIL_TAKEN')).toBeNull();
  });

  it('changed, taken meanwhile, or expired', () => {
    expect(outcome('email=changed')).toEqual({ ok: true, message: ACCOUNT_TEXTS.emailChanged });
    expect(outcome('email=changed&error=EMAIL_TAKEN')).toEqual({ ok: false, message: ACCOUNT_TEXTS.emailLinkTaken });
    expect(outcome('email=changed&error=INVALID_TOKEN')).toEqual({ ok: false, message: ACCOUNT_TEXTS.emailLinkExpired });
  });
});

describe('a failed request on the page', () => {
  it("shows the server's words, or asks to try again", () => {
    expect(messageOf(new ApiError(409, 'EMAIL_TAKEN', ACCOUNT_TEXTS.emailTaken))).toBe(ACCOUNT_TEXTS.emailTaken);
    expect(messageOf(new TypeError('Failed to fetch'))).toBe('Something went wrong. Please try again.');
  });
});
