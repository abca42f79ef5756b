import { describe, expect, test } from 'vitest';
import { visibleNavGroups } from '@/features/shell/navigation';
import { ADMIN_EMAIL_KEY, ADMIN_FLAG_KEY, displayName, expectedSession, isAdmin, looksSignedOut, type Session, welcomeText } from './session';

const player: Session = {
  status: 'signed-in',
  user: { id: 'u1', email: 'pat.smith@example.com', username: 'pat', isAdmin: false },
};
const admin: Session = {
  status: 'signed-in',
  user: { id: 'u2', email: 'boss@example.com', username: 'boss', isAdmin: true },
};

describe('welcome line (spec "Layout")', () => {
  test('signed out: Welcome to {product}', () => {
    expect(welcomeText({ status: 'signed-out' }, 'Squares Pool')).toBe('Welcome to Squares Pool');
  });

  test('signed in: the username as typed (D45), not the e-mail prefix', () => {
    expect(welcomeText(player, 'Squares Pool')).toBe('Welcome, pat');
    const dana: Session = { status: 'signed-in', user: { id: 'u3', email: 'dana@example.com', username: 'CoachDana', isAdmin: false } };
    expect(welcomeText(dana, 'Squares Pool')).toBe('Welcome, CoachDana');
  });

  test('without a username yet (D29): the part of the e-mail before the at-sign, or User', () => {
    expect(displayName({ email: 'pat.smith@example.com', username: null })).toBe('pat.smith');
    expect(displayName({ email: 'pat.smith@example.com', username: '  ' })).toBe('pat.smith');
    expect(displayName({ email: '@example.com', username: null })).toBe('User');
  });
});

describe('sidebar groups by audience', () => {
  const ids = (session: Session) => visibleNavGroups(session).map((group) => group.id);

  test('visitors see Navigation only', () => {
    expect(ids({ status: 'signed-out' })).toEqual(['navigation']);
    expect(ids({ status: 'loading' })).toEqual(['navigation']);
  });

  test('players also see My Account; admins also see Administration', () => {
    expect(ids(player)).toEqual(['navigation', 'my-account']);
    expect(ids(admin)).toEqual(['navigation', 'my-account', 'administration']);
    expect(isAdmin(player)).toBe(false);
    expect(isAdmin(admin)).toBe(true);
  });

  test("the entries are the spec's (and All Games, issue 14), with their routes; Cart shows the cart's count (D44)", () => {
    const items = visibleNavGroups(admin).flatMap((group) => group.items.map((item) => `${item.title} ${item.to}`));
    expect(items).toEqual([
      'Home /',
      'All Games /all-games',
      'How to Play /how-to-play',
      'Cart /cart',
      'My Squares /my-squares',
      'My Winnings /my-winnings',
      'Account /account',
      'Admin Dashboard /admin',
      'Game Management /admin/games',
    ]);
    const counted = visibleNavGroups(admin).flatMap((group) => group.items.filter((item) => item.cartCount).map((item) => item.to));
    expect(counted).toEqual(['/cart']);
  });
});

describe('the signed-out view while the session is checked (design note 014)', () => {
  const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

  test('the last check left the admin-flag cache: expect someone signed in; none: expect a visitor', () => {
    expect(expectedSession(storage({ [ADMIN_EMAIL_KEY]: 'pat.smith@example.com', [ADMIN_FLAG_KEY]: 'false' }))).toBe('signed-in');
    expect(expectedSession(storage({}))).toBe('signed-out');
    expect(expectedSession(undefined)).toBe('signed-out');
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(expectedSession(blocked)).toBe('signed-out');
  });

  test('the visitor view shows while signed out or while a visitor is expected, never for someone signed in', () => {
    expect(looksSignedOut({ status: 'signed-out' })).toBe(true);
    expect(looksSignedOut({ status: 'loading', expected: 'signed-out' })).toBe(true);
    expect(looksSignedOut({ status: 'loading' })).toBe(true);
    expect(looksSignedOut({ status: 'loading', expected: 'signed-in' })).toBe(false);
    expect(looksSignedOut(player)).toBe(false);
  });
});
