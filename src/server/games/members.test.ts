import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '@core/api/games';
import { GAME_ERRORS } from '@core/messages';
import {
  confirmedAccount,
  cookiesOf,
  followLink,
  mailsTo,
  newAccount,
  postAuth,
  sessionOf,
  testAccount,
  type TestAccount,
  whoAmI,
} from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { insertSquare } from '../../../tests/support/fixtures';
import { inviteCookieName } from './invite-tokens';

const SUBJECT = 'Your Squares Pool sign-in link';

/** D46: invited people get in, from any browser, and only they. */
describe(`members of invite-only games (D46, ${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await testAccount(t, { admin: true });
  });
  afterAll(() => t.close());

  async function inject(method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) {
    return t.app.inject({
      method,
      url,
      headers: { host: 'localhost:3000', ...(method !== 'GET' ? { origin: 'http://localhost:3000' } : {}), ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  }

  async function inviteGame(): Promise<{ game: Game; token: string }> {
    const res = await inject('POST', '/api/admin/games', admin.cookie, {
      title: `Office Pool ${Math.random().toString(36).slice(2, 7)}`,
      team_a: 'Eagles',
      team_b: 'Chiefs',
      price_per_square: 10,
      visibility: 'invite',
    });
    expect(res.statusCode, res.body).toBe(201);
    const game = res.json().game as Game;
    return { game, token: await tokenOf(game.id) };
  }
  const tokenOf = async (gameId: string) =>
    (await t.db.handle.db.selectFrom('games').select('invite_token').where('id', '=', gameId).executeTakeFirstOrThrow()).invite_token!;
  const inviteCookie = (gameId: string, token: string) => `${inviteCookieName(gameId)}=${token}`;
  const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join('; ');

  /** The game page's read, from a browser holding only `cookie`. */
  const readGame = (gameId: string, cookie?: string) => inject('GET', `/api/games/${gameId}`, cookie);
  const readBoard = (gameId: string, cookie?: string) => inject('GET', `/api/games/${gameId}/board`, cookie);
  function refusedInD46Words(res: { statusCode: number; json(): any }) {
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(GAME_ERRORS.notFoundOrInviteOnly);
  }

  /** The invite page of a browser with no cookie yet: opens the link, gets the invite cookie. */
  async function openInvite(gameId: string, token: string, session?: string): Promise<string> {
    const res = await inject('POST', `/api/games/${gameId}/invite`, session, { token });
    expect(res.statusCode, res.body).toBe(200);
    return inviteCookie(gameId, token);
  }

  /** Asks for a sign-in link the way the login page does, for `next`, from a browser with `cookie`; returns the mailed link. */
  async function askLink(email: string, next: string, cookie?: string): Promise<string> {
    const before = (await mailsTo(t.app, email)).filter((m) => m.subject === SUBJECT).length;
    const q = new URLSearchParams({ next });
    const res = await postAuth(
      t.app,
      '/sign-in/magic-link',
      { email, callbackURL: `/welcome?${q}`, errorCallbackURL: `/login?${q}` },
      cookie ? { cookie } : {},
    );
    expect(res.statusCode, res.body).toBe(200);
    const mails = (await mailsTo(t.app, email)).filter((m) => m.subject === SUBJECT);
    expect(mails.length).toBe(before + 1);
    return mails[0]!.link!;
  }

  /** Opens a mailed link in a fresh browser (no cookie at all): the session it makes and where it goes. */
  async function openMailed(link: string) {
    const res = await followLink(t.app, link);
    expect(res.statusCode, res.body).toBe(302);
    return { session: cookiesOf(res), location: res.headers.location as string };
  }

  const memberRows = async (userId: string) =>
    t.db.handle.db.selectFrom('game_members').select(['game_id', 'removed_at']).where('user_id', '=', userId).execute();

  it('an account that opens the invite link while signed in is a member: it sees the game from another browser, also after the link is rotated', async () => {
    const { game, token } = await inviteGame();
    const player = await testAccount(t, { prefix: 'member' });
    refusedInD46Words(await readGame(game.id, player.cookie));
    await openInvite(game.id, token, player.cookie);
    // Another browser: the session only, no invite cookie.
    expect((await readGame(game.id, player.cookie)).statusCode).toBe(200);
    expect((await readBoard(game.id, player.cookie)).statusCode).toBe(200);
    expect((await inject('POST', `/api/admin/games/${game.id}/invite/rotate`, admin.cookie)).statusCode).toBe(200);
    expect((await readGame(game.id, player.cookie)).statusCode).toBe(200);
    expect((await readBoard(game.id, player.cookie)).statusCode).toBe(200);
    // A visitor with the old link's cookie lost it; a stranger never had it.
    refusedInD46Words(await readGame(game.id, inviteCookie(game.id, token)));
    const stranger = await testAccount(t, { prefix: 'stranger' });
    refusedInD46Words(await readGame(game.id, stranger.cookie));
    refusedInD46Words(await readBoard(game.id, stranger.cookie));
  });

  it('an account that opened the invite before logging in becomes a member on its next read of the game', async () => {
    const { game, token } = await inviteGame();
    const invite = await openInvite(game.id, token);
    const account = await confirmedAccount(t.app, 'later');
    const session = await sessionOf(t.app, account);
    expect((await readGame(game.id, join(invite, session))).statusCode).toBe(200);
    expect((await readGame(game.id, session)).statusCode).toBe(200);
  });

  it('a sign-in link asked for from the invite page and opened in another browser brings a new address to the game, as a member', async () => {
    const { game, token } = await inviteGame();
    const invite = await openInvite(game.id, token);
    const email = newAccount('phone').email;
    const link = await askLink(email, `/game/${game.id}`, invite);
    const { session, location } = await openMailed(link);
    expect(new URL(location, 'http://localhost:3000').pathname).toBe('/welcome');
    expect(new URL(location, 'http://localhost:3000').searchParams.get('next')).toBe(`/game/${game.id}`);
    const me = await whoAmI(t.app, session);
    expect(me.user?.email).toBe(email);
    expect((await readGame(game.id, session)).statusCode).toBe(200);
    expect((await readBoard(game.id, session)).statusCode).toBe(200);
    expect(await memberRows(me.user!.id)).toEqual([{ game_id: game.id, removed_at: null }]);
  });

  it('without the invite, a sign-in link that leads to the game does not let its opener in', async () => {
    const { game } = await inviteGame();
    const email = newAccount('nolink').email;
    const { session } = await openMailed(await askLink(email, `/game/${game.id}`));
    refusedInD46Words(await readGame(game.id, session));
    refusedInD46Words(await readBoard(game.id, session));
    // A wrong invite cookie proves nothing either.
    const other = newAccount('wrongcookie').email;
    const { session: second } = await openMailed(await askLink(other, `/game/${game.id}`, inviteCookie(game.id, 'x'.repeat(43))));
    refusedInD46Words(await readGame(game.id, second));
    // Nor does one that is not even percent-encoded right: the link is still sent (no 500), without the game.
    const third = newAccount('badcookie').email;
    const { session: thirdSession } = await openMailed(await askLink(third, `/game/${game.id}`, inviteCookie(game.id, '%E0%A4%A')));
    refusedInD46Words(await readGame(game.id, thirdSession));
  });

  it('a link cannot be replayed for another game, nor its ticket for another address', async () => {
    const a = await inviteGame();
    const b = await inviteGame();
    const email = newAccount('replay').email;
    const link = new URL(await askLink(email, `/game/${a.game.id}`, await openInvite(a.game.id, a.token)));
    // The callback edited to lead to game B: the ticket still names game A only.
    const callback = new URL(link.searchParams.get('callbackURL')!, 'http://localhost:3000');
    callback.searchParams.set('next', `/game/${b.game.id}`);
    link.searchParams.set('callbackURL', `${callback.pathname}${callback.search}`);
    const { session } = await openMailed(link.href);
    refusedInD46Words(await readGame(b.game.id, session));
    const me = await whoAmI(t.app, session);
    expect(await memberRows(me.user!.id)).toEqual([{ game_id: a.game.id, removed_at: null }]);

    // Another address's link with this ticket in its callback joins nothing.
    const ticket = callback.searchParams.get('ticket')!;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const thief = newAccount('thief').email;
    const theirs = new URL(await askLink(thief, `/game/${a.game.id}`));
    theirs.searchParams.set('callbackURL', `/welcome?${new URLSearchParams({ next: `/game/${a.game.id}`, ticket })}`);
    const stolen = await openMailed(theirs.href);
    refusedInD46Words(await readGame(a.game.id, stolen.session));
  });

  it('a link asked for before the invite was rotated does not join when opened after', async () => {
    const { game, token } = await inviteGame();
    const email = newAccount('rotated').email;
    const link = await askLink(email, `/game/${game.id}`, await openInvite(game.id, token));
    expect((await inject('POST', `/api/admin/games/${game.id}/invite/rotate`, admin.cookie)).statusCode).toBe(200);
    const { session } = await openMailed(link);
    refusedInD46Words(await readGame(game.id, session));
  });

  it('the expired link page resends to the same address and the same game with its ticket alone, from any browser', async () => {
    const { game, token } = await inviteGame();
    const email = newAccount('resend').email;
    const first = new URL(await askLink(email, `/game/${game.id}`, await openInvite(game.id, token)));
    const errorCallback = new URL(first.searchParams.get('errorCallbackURL')!, 'http://localhost:3000');
    const ticket = errorCallback.searchParams.get('ticket')!;
    expect(errorCallback.pathname).toBe('/login');
    // The phone's browser: no cookie, no address typed; only the page's ticket.
    const q = new URLSearchParams({ next: `/game/${game.id}` });
    const res = await postAuth(t.app, '/sign-in/magic-link', { ticket, callbackURL: `/welcome?${q}`, errorCallbackURL: `/login?${q}` });
    expect(res.statusCode, res.body).toBe(200);
    const mails = (await mailsTo(t.app, email)).filter((m) => m.subject === SUBJECT);
    expect(mails).toHaveLength(2);
    const { session } = await openMailed(mails[0]!.link!);
    expect((await whoAmI(t.app, session)).user?.email).toBe(email);
    expect((await readGame(game.id, session)).statusCode).toBe(200);

    // An unknown ticket is refused with a sentence, and nothing is mailed.
    const bad = await postAuth(t.app, '/sign-in/magic-link', { ticket: 'nope', callbackURL: `/welcome?${q}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('SIGN_IN_TICKET_EXPIRED');

    // One ticket gets no more mails than one address, however many clients send it (each call
    // here comes from an address of its own): 5 per 15 minutes, the sign-in link's budget.
    const resends = [];
    for (let i = 0; i < 5; i++) resends.push((await postAuth(t.app, '/sign-in/magic-link', { ticket, callbackURL: `/welcome?${q}` })).statusCode);
    expect(resends).toEqual([200, 200, 200, 200, 429]);
    expect((await mailsTo(t.app, email)).filter((m) => m.subject === SUBJECT)).toHaveLength(6);
  });

  it('the organizer sees members and removes one: the removed account loses access (the link too) unless it owns squares; a new link lets it join again', async () => {
    const { game, token } = await inviteGame();
    const player = await testAccount(t, { prefix: 'removed' });
    const owner = await testAccount(t, { prefix: 'owner' });
    const invite = await openInvite(game.id, token, player.cookie);
    await openInvite(game.id, token, owner.cookie);
    await insertSquare(t.db.handle, game.id, { x: 0, y: 0, userId: owner.id });

    const list = await inject('GET', `/api/admin/games/${game.id}/members`, admin.cookie);
    expect(list.statusCode).toBe(200);
    const listed = list.json().members.map((m: { email: string; owns_squares: boolean }) => [m.email, m.owns_squares]);
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(
      expect.arrayContaining([
        [player.email, false],
        [owner.email, true],
      ]),
    );
    // Players may not read or change the list.
    expect((await inject('GET', `/api/admin/games/${game.id}/members`, player.cookie)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/admin/games/${game.id}/members/${owner.id}`, player.cookie)).statusCode).toBe(403);

    expect((await inject('DELETE', `/api/admin/games/${game.id}/members/${player.id}`, admin.cookie)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/admin/games/${game.id}/members/${owner.id}`, admin.cookie)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/admin/games/${game.id}/members/${owner.id}`, admin.cookie)).statusCode).toBe(404);
    refusedInD46Words(await readGame(game.id, player.cookie));
    refusedInD46Words(await readGame(game.id, join(invite, player.cookie)));
    refusedInD46Words(await readBoard(game.id, join(invite, player.cookie)));
    // Opening the same link again does not undo the removal.
    await openInvite(game.id, token, player.cookie);
    refusedInD46Words(await readGame(game.id, player.cookie));
    // The owner keeps the game: squares are theirs.
    expect((await readGame(game.id, owner.cookie)).statusCode).toBe(200);
    expect((await inject('GET', `/api/admin/games/${game.id}/members`, admin.cookie)).json().members).toEqual([]);

    // A new link: whom the organizer gives it to may join again.
    await inject('POST', `/api/admin/games/${game.id}/invite/rotate`, admin.cookie);
    await openInvite(game.id, await tokenOf(game.id), player.cookie);
    expect((await readGame(game.id, player.cookie)).statusCode).toBe(200);
  });

  it('a game that does not exist answers in the same words as one the asker may not see', async () => {
    const res = await readGame('00000000-0000-4000-8000-000000000000');
    refusedInD46Words(res);
    refusedInD46Words(await readBoard('00000000-0000-4000-8000-000000000000'));
    const { game } = await inviteGame();
    expect((await readGame(game.id)).body).toBe(res.body);
  });
});
