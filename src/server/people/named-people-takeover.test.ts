import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assigned } from '@core/api/organizer';
import { newAccount, testAccount, type TestAccount } from '../../../tests/support/accounts';
import { testDbKind } from '../../../tests/support/db';
import { insertPeriodResult } from '../../../tests/support/fixtures';
import { startTestServer, type TestServer } from '../../../tests/support/server';

/**
 * D29, design note 021: someone who signs up with a named person's address before she does,
 * choosing the password, must not end up holding her squares and winnings once she confirms the
 * address by the mailed link. Over real HTTP, as the attacker and she would go.
 */
describe(`a named person's squares never go to a password set before her address was proven (${testDbKind})`, () => {
  let t: TestServer;
  let admin: TestAccount;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await testAccount(t, { admin: true });
  });
  afterAll(() => t.close());

  /** A request as a browser on the app's page sends it; the session cookie it set, if any. */
  async function http(method: 'GET' | 'POST', path: string, options: { cookie?: string; body?: unknown } = {}) {
    const res = await fetch(new URL(path, t.url), {
      method,
      redirect: 'manual',
      headers: {
        origin: t.url,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const cookie = res.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .filter((pair) => !pair.endsWith('='))
      .join('; ');
    return { status: res.status, text: await res.text(), cookie, location: res.headers.get('location') };
  }

  async function newestMailLink(to: string, subject: RegExp): Promise<string> {
    const { mails } = JSON.parse((await http('GET', '/api/dev/mailbox')).text) as { mails: Array<{ to: string; subject: string; link: string | null }> };
    const mail = mails.find((m) => m.to === to && subject.test(m.subject));
    if (!mail?.link) throw new Error(`no mail "${subject.source}" to ${to}: ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}`);
    return mail.link;
  }

  /** A game with squares and a win on the named person with `email`; the game's id. */
  async function squaresWaitingFor(email: string): Promise<string> {
    const created = await http('POST', '/api/admin/games', {
      cookie: admin.cookie,
      body: {
        title: `Takeover ${Math.random().toString(36).slice(2, 7)}`,
        team_a: 'Lions',
        team_b: 'Bears',
        price_per_square: 10,
        payment_method: 'organizer',
        payment_instructions: 'Cash to Sam',
      },
    });
    expect(created.status, created.text).toBe(201);
    const gameId = (JSON.parse(created.text) as { game: { id: string } }).game.id;
    const assigned = await http('POST', `/api/admin/games/${gameId}/squares/assign`, {
      cookie: admin.cookie,
      body: { squares: [{ x: 4, y: 4 }], to: { name: 'Aunt May', email } },
    });
    expect(assigned.status, assigned.text).toBe(200);
    const placeholder = (JSON.parse(assigned.text) as Assigned).user_id;
    await t.db.handle.db.updateTable('games').set({ grid_shuffled: true, numbers_revealed: true }).where('id', '=', gameId).execute();
    await insertPeriodResult(t.db.handle, gameId, { period: 1, teamA: 7, teamB: 3, square: { x: 4, y: 4, userId: placeholder }, payoutCents: 500 });
    return gameId;
  }

  const holds = async (cookie: string, gameId: string) => ({
    squares: (await http('GET', '/api/me/squares', { cookie })).text.includes(gameId),
    winnings: (await http('GET', '/api/me/winnings', { cookie })).text.includes(gameId),
  });

  /** She signs in by a mailed link; the session cookie. */
  async function signInByLink(email: string): Promise<string> {
    const asked = await http('POST', '/api/auth/sign-in/magic-link', { body: { email, callbackURL: '/' } });
    expect(asked.status, asked.text).toBe(200);
    const link = new URL(await newestMailLink(email, /sign-in link|sign in/i));
    const opened = await http('GET', link.pathname + link.search);
    expect(opened.status, opened.text).toBe(302);
    expect(opened.cookie).toContain('session_token');
    return opened.cookie;
  }

  it('the attacker signs up with her address and a password; she confirms by the mailed link; his password gets nothing, she gets her squares and winnings', async () => {
    const may = newAccount('may');
    const gameId = await squaresWaitingFor(may.email);

    // The attacker signs up first, with her address and a password of his own.
    const attackerPassword = 'Attacker#Pass1';
    const signUp = await http('POST', '/api/auth/sign-up/email', {
      body: { email: may.email, password: attackerPassword, name: 'mallory1', username: 'mallory1' },
    });
    expect(signUp.status, signUp.text).toBe(200);

    // She gets the confirmation mail (it went to her address) and opens it.
    const confirm = new URL(await newestMailLink(may.email, /confirm/i));
    const confirmed = await http('GET', confirm.pathname + confirm.search);
    expect(confirmed.status, confirmed.text).toBe(302);

    // She is told why the password from sign-up fails, and how to get in (both by mail).
    expect(await newestMailLink(may.email, /^Your squares are in your Squares Pool account$/)).toMatch(/\/login$/);

    // The attacker's password opens nothing, and no session of his holds her squares.
    const attacker = await http('POST', '/api/auth/sign-in/email', { body: { email: may.email, password: attackerPassword } });
    expect(attacker.status, attacker.text).toBe(401);
    expect(attacker.cookie).not.toContain('session_token');

    // She signs in by link (the login page's "Email me a sign-in link") and holds them.
    const hers = await signInByLink(may.email);
    expect(await holds(hers, gameId)).toEqual({ squares: true, winnings: true });
    // She sets a password of her own (by the reset mail, which goes to her) and it works.
    expect((await http('POST', '/api/auth/request-password-reset', { body: { email: may.email, redirectTo: '/reset-password' } })).status).toBe(200);
    const token = new URL(await newestMailLink(may.email, /reset/i)).searchParams.get('token');
    const reset = await http('POST', '/api/auth/reset-password', { body: { token, newPassword: 'Her#Own#Pass2' } });
    expect(reset.status, reset.text).toBe(200);
    const own = await http('POST', '/api/auth/sign-in/email', { body: { email: may.email, password: 'Her#Own#Pass2' } });
    expect(own.status, own.text).toBe(200);
    expect(await holds(own.cookie, gameId)).toEqual({ squares: true, winnings: true });
    expect((await http('POST', '/api/auth/sign-in/email', { body: { email: may.email, password: attackerPassword } })).status).toBe(401);
  });

  it('an address no named person waits for keeps its password at confirmation (nothing changes for everyone else)', async () => {
    const someone = newAccount('plain');
    expect(
      (
        await http('POST', '/api/auth/sign-up/email', {
          body: { email: someone.email, password: someone.password, name: someone.username, username: someone.username },
        })
      ).status,
    ).toBe(200);
    const confirm = new URL(await newestMailLink(someone.email, /confirm/i));
    expect((await http('GET', confirm.pathname + confirm.search)).status).toBe(302);
    expect((await http('POST', '/api/auth/sign-in/email', { body: { email: someone.email, password: someone.password } })).status).toBe(200);
    await expect(newestMailLink(someone.email, /squares are in your/)).rejects.toThrow(/no mail/);
  });
});
