import { describe, expect, test } from 'vitest';
import { CHOOSE_USERNAME, LOGIN_ERRORS, MAIL_RATE_LIMITS, SIGN_IN_LINK, SIGNUP_ERRORS, USERNAME_TAKEN, USERNAME_TOO_SHORT } from '@core/messages';
import { ApiError, type ApiErrorCode } from '@/lib/api';
import {
  chooseUsernameErrorMessage,
  isUnauthorized,
  loginErrorMessage,
  resetEmailErrorMessage,
  resetPasswordFailure,
  signInLinkErrorMessage,
  signInLinkProblem,
  signupErrorMessage,
} from './auth';
import { ADMIN_EMAIL_KEY, ADMIN_FLAG_KEY, clearCachedAdminFlag, guardDecision, readCachedAdminFlag, type Session, writeCachedAdminFlag } from '@/lib/session';
import { loginDestination, nextPath, returnPath } from './route-guards';

const err = (status: number, code: ApiErrorCode, message = 'server says') => new ApiError(status, code, message);

describe('login answers (spec section 8)', () => {
  test.each([
    [err(401, 'INVALID_EMAIL_OR_PASSWORD'), 'Email or password incorrect.'],
    [err(403, 'EMAIL_NOT_VERIFIED'), 'Please confirm your email before logging in.'],
    [err(429, 'TOO_MANY_REQUESTS'), 'Too many login attempts. Please wait a few minutes and try again.'],
    [err(500, 'INTERNAL'), 'Unable to log in, please try again later.'],
    [err(0, 'NETWORK_ERROR'), 'Unable to log in, please try again later.'],
    [new Error('boom'), LOGIN_ERRORS.generic],
  ])('%s', (error, message) => {
    expect(loginErrorMessage(error)).toBe(message);
  });
});

describe('signup answers (spec section 8)', () => {
  test.each([
    [err(422, 'USER_ALREADY_EXISTS', SIGNUP_ERRORS.alreadyRegistered), SIGNUP_ERRORS.alreadyRegistered],
    [err(422, 'USERNAME_IS_ALREADY_TAKEN', USERNAME_TAKEN), 'This username is already taken.'],
    [err(400, 'WEAK_PASSWORD', 'Password must contain at least one number'), 'Password must contain at least one number'],
    [err(400, 'INVALID_EMAIL', 'Invalid email'), 'Please enter a valid email address.'],
    [err(403, 'SIGNUP_DISABLED', 'x'), 'Account registration is currently disabled. Please contact support.'],
    [err(429, 'TOO_MANY_REQUESTS'), 'Too many signup attempts. Please wait a few minutes before trying again.'],
    [err(400, 'INVALID_USERNAME', 'Username is invalid'), 'Username is invalid'],
    [err(502, 'HTTP_502', 'The server answered 502.'), 'Unable to create account. Please try again.'],
    [err(200, 'NO_USER_RETURNED', SIGNUP_ERRORS.noUserReturned), 'Account creation failed. Please try again.'],
  ])('%s', (error, message) => {
    expect(signupErrorMessage(error)).toBe(message);
  });
});

test('reset e-mail: the server message, or "Failed to send reset email"', () => {
  expect(resetEmailErrorMessage(err(429, 'TOO_MANY_REQUESTS', 'Too many password reset attempts.'))).toBe('Too many password reset attempts.');
  expect(resetEmailErrorMessage(err(500, 'INTERNAL'))).toBe('Failed to send reset email');
  expect(resetEmailErrorMessage(new Error('x'))).toBe('Failed to send reset email');
});

test('reset password: an invalid or expired token is an invalid link', () => {
  expect(resetPasswordFailure(err(400, 'INVALID_TOKEN')).invalidLink).toBe(true);
  expect(resetPasswordFailure(err(400, 'WEAK_PASSWORD', 'Password must contain at least one number'))).toEqual({
    invalidLink: false,
    message: 'Password must contain at least one number',
  });
});

test('401 means the session ended', () => {
  expect(isUnauthorized(err(401, 'UNAUTHORIZED'))).toBe(true);
  expect(isUnauthorized(err(403, 'FORBIDDEN'))).toBe(false);
});

describe('route guard (spec "Layout", D10)', () => {
  const player: Session = { status: 'signed-in', user: { id: '1', email: 'p@x.io', username: 'p', isAdmin: false } };
  const admin: Session = { status: 'signed-in', user: { id: '2', email: 'a@x.io', username: 'a', isAdmin: true } };
  test('loading shows the spinner; visitors go to /login; players on admin routes to /not-authorized', () => {
    expect(guardDecision({ status: 'loading' }, 'user')).toBe('loading');
    expect(guardDecision({ status: 'signed-out' }, 'user')).toBe('login');
    expect(guardDecision({ status: 'signed-out' }, 'admin')).toBe('login');
    expect(guardDecision(player, 'user')).toBe('render');
    expect(guardDecision(player, 'admin')).toBe('not-authorized');
    expect(guardDecision(admin, 'admin')).toBe('render');
  });
  test('a page that was already open stays when its session ends (it shows its own logged-out text)', () => {
    expect(guardDecision({ status: 'signed-out' }, 'user', true)).toBe('render');
    expect(guardDecision(player, 'admin', true)).toBe('render');
  });
  test('login goes back to the remembered location, never to another site or an auth page', () => {
    expect(returnPath({ from: { pathname: '/my-squares', search: '?a=1', hash: '#b' } })).toBe('/my-squares?a=1#b');
    expect(returnPath(null)).toBe('/');
    expect(returnPath({ from: { pathname: '//evil.example' } })).toBe('/');
    expect(returnPath({ from: { pathname: '/login' } })).toBe('/');
  });
});

describe('admin flag cache (spec section 4)', () => {
  const storage = () => {
    const map = new Map<string, string>();
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
      map,
    };
  };
  test('used only when stored for the same e-mail; cleared on sign-out', () => {
    const s = storage();
    writeCachedAdminFlag(s, 'Boss@Example.com', true);
    expect(s.map.get(ADMIN_FLAG_KEY)).toBe('true');
    expect(s.map.get(ADMIN_EMAIL_KEY)).toBe('boss@example.com');
    expect(readCachedAdminFlag(s, 'boss@example.com')).toBe(true);
    expect(readCachedAdminFlag(s, 'other@example.com')).toBeNull();
    clearCachedAdminFlag(s);
    expect(readCachedAdminFlag(s, 'boss@example.com')).toBeNull();
  });
});

describe('sign-in links (D29)', () => {
  test('a refused request shows the server’s rate-limit text, else ours', () => {
    expect(signInLinkErrorMessage(err(429, 'TOO_MANY_REQUESTS', MAIL_RATE_LIMITS.signInLink))).toBe(MAIL_RATE_LIMITS.signInLink);
    expect(signInLinkErrorMessage(err(500, 'INTERNAL'))).toBe(SIGN_IN_LINK.failed);
    expect(signInLinkErrorMessage(new Error('offline'))).toBe(SIGN_IN_LINK.failed);
  });

  test.each([
    ['INVALID_TOKEN', SIGN_IN_LINK.expired],
    ['new_user_signup_disabled', SIGNUP_ERRORS.disabled],
    ['failed_to_create_session', SIGN_IN_LINK.invalid],
  ])('a link back with ?error=%s', (code, message) => {
    expect(signInLinkProblem(code)).toBe(message);
  });

  test.each([
    [err(422, 'USERNAME_IS_ALREADY_TAKEN', 'x'), USERNAME_TAKEN],
    [err(400, 'USERNAME_TOO_SHORT', USERNAME_TOO_SHORT), USERNAME_TOO_SHORT],
    [err(401, 'UNAUTHORIZED', 'x'), CHOOSE_USERNAME.failed],
    [err(0, 'NETWORK_ERROR'), CHOOSE_USERNAME.failed],
  ])('a refused username: %s', (error, message) => {
    expect(chooseUsernameErrorMessage(error)).toBe(message);
  });

  test.each([
    ['/game/42', '/game/42'],
    ['/game/42?x=1#top', '/game/42?x=1#top'],
    [null, '/'],
    ['', '/'],
    ['game/42', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/x', '/'],
    ['/login', '/'],
    ['/welcome?next=%2Fgame', '/'],
  ])('next=%j goes to %j', (next, path) => {
    expect(nextPath(next)).toBe(path);
  });

  test('a remembered location wins over ?next=', () => {
    expect(loginDestination({ from: { pathname: '/cart' } }, '/game/1')).toBe('/cart');
    expect(loginDestination(null, '/game/1')).toBe('/game/1');
    expect(loginDestination(null, 'https://evil.example')).toBe('/');
  });
});
