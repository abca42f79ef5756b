import { EMAIL_CONFIRMED, INVALID_EMAIL, PASSWORD_UPDATED } from '@core/messages';
import { validateLogin } from '@core/validation';
import { describe, expect, it } from 'vitest';
import { gameOfPath, invalidFields, loginNotice } from './login-rules';

describe('the login form: which fields a message is about', () => {
  it('an address that is not one is the e-mail field alone, whatever the password', () => {
    expect(invalidFields(INVALID_EMAIL, 'amy@', '')).toEqual(['email']);
  });

  it('a missing field marks the empty ones: both, or the one left empty', () => {
    /** The fields validateLogin's own message is about, for what was typed. */
    const fieldsOf = (email: string, password: string) => {
      const result = validateLogin({ email, password });
      if (result.ok) throw new Error('expected a refusal');
      return invalidFields(result.message, email, password);
    };
    expect(fieldsOf('  ', '')).toEqual(['email', 'password']);
    expect(fieldsOf('amy@example.com', '')).toEqual(['password']);
    expect(fieldsOf('', 'secret')).toEqual(['email']);
    expect(fieldsOf('amy@', 'secret')).toEqual(['email']);
  });
});

describe('the notice the login page opens with', () => {
  const params = (query: string) => new URLSearchParams(query);

  it('says the password was updated, from the reset page state or from ?reset=1', () => {
    expect(loginNotice({ passwordUpdated: true }, params(''))).toBe(PASSWORD_UPDATED);
    expect(loginNotice(null, params('reset=1'))).toBe(PASSWORD_UPDATED);
    // The password line wins over a confirmed address in the same visit.
    expect(loginNotice({ passwordUpdated: true }, params('confirmed'))).toBe(PASSWORD_UPDATED);
  });

  it('says the e-mail is confirmed only when the confirmation link came back without an error', () => {
    expect(loginNotice(null, params('confirmed'))).toBe(EMAIL_CONFIRMED);
    expect(loginNotice(undefined, params('confirmed&error=TOKEN_EXPIRED'))).toBeNull();
  });

  it('says nothing otherwise', () => {
    expect(loginNotice(null, params(''))).toBeNull();
    expect(loginNotice({ from: { pathname: '/cart' } }, params('reset=2&next=/cart'))).toBeNull();
  });
});

describe('the game a login leads back to', () => {
  it('is the id of a /game/:id path, decoded, with anything after it left off', () => {
    expect(gameOfPath('/game/abc-123')).toBe('abc-123');
    expect(gameOfPath('/game/a%20b/print?x=1')).toBe('a b');
    expect(gameOfPath('/game/g1#board')).toBe('g1');
  });

  it('is null for any other page', () => {
    expect(gameOfPath('/')).toBeNull();
    expect(gameOfPath('/my-squares')).toBeNull();
    expect(gameOfPath('/admin/game/g1')).toBeNull();
    expect(gameOfPath('/game/')).toBeNull();
  });
});
