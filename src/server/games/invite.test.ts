import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game, GameInviteResponse, GameLinkResponse, GameShareResponse } from '@core/api/games';
import { GAME_ERRORS, INVITE_ERRORS } from '@core/messages';
import { parseSetCookie, testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, databaseFingerprinter, type DatabaseFingerprint, type TestApp } from '../../../tests/support/app';
import { cartOf } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { insertCheckout, insertGame, insertSquare } from '../../../tests/support/fixtures';
import { openEventStream } from '../../../tests/support/sse';
import { inviteCookieName } from './invite-tokens';
import { qrCodeSvg } from './invite-qr';

/** D30 over real HTTP: the app listens on 127.0.0.1 and every request goes through fetch. */
describe(`invite-only games (D30, ${testDbKind})`, () => {
  let t: TestApp;
  let base: string;
  let admin: TestAccount;
  let player: TestAccount;
  let stranger: TestAccount;
  let fingerprint: () => Promise<DatabaseFingerprint>;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    [admin, player, stranger] = await Promise.all([
      testAccount(t, { admin: true }),
      testAccount(t, { prefix: 'owner' }),
      testAccount(t, { prefix: 'stranger' }),
    ]);
    fingerprint = await databaseFingerprinter(t.db.handle);
  });
  afterAll(() => t.close());

  interface Answer {
    status: number;
    body: any;
    headers: Headers;
  }

  /** A request as the web app sends it: JSON, our Origin on writes, the cookies given. */
  async function call(method: string, path: string, options: { cookie?: string | undefined; body?: unknown; raw?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    if (method !== 'GET') headers.origin = base;
    if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(options.raw !== undefined ? { body: options.raw } : options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body, headers: res.headers };
  }

  const cookies = (...parts: (string | undefined)[]) => parts.filter(Boolean).join('; ') || undefined;
  const inviteCookie = (gameId: string, token: string) => `${inviteCookieName(gameId)}=${token}`;

  async function createGame(values: Record<string, unknown> = {}): Promise<Game> {
    const res = await call('POST', '/api/admin/games', {
      cookie: admin.cookie,
      body: { title: `Private ${Math.random().toString(36).slice(2, 7)}`, team_a: 'Eagles', team_b: 'Chiefs', price_per_square: 10, ...values },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.game as Game;
  }
  const tokenOf = async (gameId: string) =>
    (await t.db.handle.db.selectFrom('games').select('invite_token').where('id', '=', gameId).executeTakeFirstOrThrow()).invite_token;

  /** What a game that does not exist answers: an invisible game must answer exactly this. */
  async function missing(path: (id: string) => string): Promise<Answer> {
    return call('GET', path(randomUUID()));
  }

  const reads = [(id: string) => `/api/games/${id}`, (id: string) => `/api/games/${id}/board`] as const;

  it('makes a game invite-only on the create form, with a token kept out of every answer', async () => {
    const game = await createGame({ visibility: 'invite' });
    expect(game.visibility).toBe('invite');
    const token = await tokenOf(game.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const admins = [
      await call('GET', `/api/games/${game.id}`, { cookie: admin.cookie }),
      await call('GET', `/api/games/${game.id}/board`, { cookie: admin.cookie }),
      await call('GET', '/api/admin/games', { cookie: admin.cookie }),
    ];
    for (const res of admins) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(token);
    }
    expect((await createGame()).visibility).toBe('public');
    expect(await tokenOf((await createGame({ visibility: 'public' })).id)).toBeNull();
  });

  it('refuses a bad visibility with a clear 400, on create and edit, changing nothing', async () => {
    const game = await createGame();
    const before = await fingerprint();
    for (const bad of ['secret', '', 1, null, ['invite']]) {
      const created = await call('POST', '/api/admin/games', {
        cookie: admin.cookie,
        body: { title: 'Bad Vis', team_a: 'A', team_b: 'B', price_per_square: 10, visibility: bad },
      });
      expect(created.status, String(bad)).toBe(400);
      expect(created.body.error.message).toBe(INVITE_ERRORS.visibilityInvalid);
      const edited = await call('PATCH', `/api/admin/games/${game.id}`, { cookie: admin.cookie, body: { visibility: bad } });
      expect(edited.status, String(bad)).toBe(400);
      expect(edited.body.error.message).toBe(INVITE_ERRORS.visibilityInvalid);
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('changes visibility at any time, even once drawn or completed; a game made invite-only gets a token, and keeps it when made public again', async () => {
    const drawn = await insertGame(t.db.handle, { grid_shuffled: true });
    const completed = await insertGame(t.db.handle, { is_active: false });
    for (const id of [drawn, completed]) {
      const res = await call('PATCH', `/api/admin/games/${id}`, { cookie: admin.cookie, body: { visibility: 'invite' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.game.visibility).toBe('invite');
      // Anything else is still refused (D13).
      expect((await call('PATCH', `/api/admin/games/${id}`, { cookie: admin.cookie, body: { visibility: 'public', title: 'Sneaky' } })).status).toBe(409);
    }
    const token = await tokenOf(drawn);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await call('PATCH', `/api/admin/games/${drawn}`, { cookie: admin.cookie, body: { visibility: 'public' } })).body.game.visibility).toBe('public');
    expect((await call('GET', `/api/games/${drawn}`)).status).toBe(200);
    await call('PATCH', `/api/admin/games/${drawn}`, { cookie: admin.cookie, body: { visibility: 'invite' } });
    expect(await tokenOf(drawn)).toBe(token);
  });

  it('never lists an invite-only game on Home and All Games, not even for admins or invited players; admins see it in their list', async () => {
    const game = await createGame({ visibility: 'invite' });
    const open = await createGame();
    const token = (await tokenOf(game.id))!;
    for (const cookie of [undefined, player.cookie, admin.cookie, cookies(stranger.cookie, inviteCookie(game.id, token))]) {
      const res = await call('GET', '/api/games', { cookie });
      expect(res.status).toBe(200);
      const ids = (res.body.games as Game[]).map((g) => g.id);
      expect(ids).toContain(open.id);
      expect(ids).not.toContain(game.id);
    }
    const all = await call('GET', '/api/admin/games', { cookie: admin.cookie });
    expect((all.body.games as Game[]).find((g) => g.id === game.id)?.visibility).toBe('invite');
    expect((await call('GET', '/api/admin/games')).status).toBe(401);
    expect((await call('GET', '/api/admin/games', { cookie: player.cookie })).status).toBe(403);
  });

  it('answers the game and its board as for a game that does not exist to visitors, strangers and wrong or foreign invites', async () => {
    const game = await createGame({ visibility: 'invite' });
    const other = await createGame({ visibility: 'invite' });
    const otherToken = (await tokenOf(other.id))!;
    for (const path of reads) {
      const expected = await missing(path);
      expect(expected.status).toBe(404);
      expect(expected.body).toEqual({ error: { code: 'NOT_FOUND', message: GAME_ERRORS.notFoundOrInviteOnly } });
      for (const cookie of [
        undefined,
        stranger.cookie,
        inviteCookie(game.id, 'A'.repeat(43)),
        inviteCookie(game.id, 'short'),
        // Another game's invite is not this game's.
        inviteCookie(game.id, otherToken),
        cookies(stranger.cookie, inviteCookie(other.id, otherToken)),
      ]) {
        const res = await call('GET', path(game.id), { cookie });
        expect(res.status, `${path(game.id)} ${cookie}`).toBe(404);
        expect(res.body).toEqual(expected.body);
      }
    }
  });

  it('shows the game and its board with the invite cookie, to owners, to players with a live hold, and to admins', async () => {
    const game = await createGame({ visibility: 'invite' });
    const token = (await tokenOf(game.id))!;
    const holder = await testAccount(t, { prefix: 'holder' });
    await insertSquare(t.db.handle, game.id, { x: 1, y: 1, userId: player.id });
    await insertSquare(t.db.handle, game.id, {
      x: 2,
      y: 2,
      userId: holder.id,
      status: 'held',
      checkoutId: await insertCheckout(t.db.handle, { userId: holder.id }),
    });
    for (const cookie of [inviteCookie(game.id, token), cookies(stranger.cookie, inviteCookie(game.id, token)), player.cookie, holder.cookie, admin.cookie]) {
      for (const path of reads) {
        const res = await call('GET', path(game.id), { cookie });
        expect(res.status, `${path(game.id)} ${cookie}`).toBe(200);
        expect(JSON.stringify(res.body)).not.toContain(token);
      }
    }
    // The owner's own square is marked on their board.
    const board = await call('GET', `/api/games/${game.id}/board`, { cookie: player.cookie });
    expect(board.body.squares.find((s: { x: number; y: number }) => s.x === 1 && s.y === 1).mine).toBe(true);
    // A hold that ran out gives no access.
    const lapsed = await testAccount(t, { prefix: 'lapsed' });
    await insertSquare(t.db.handle, game.id, {
      x: 3,
      y: 3,
      userId: lapsed.id,
      status: 'held',
      checkoutId: await insertCheckout(t.db.handle, { userId: lapsed.id }),
      holdExpiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect((await call('GET', `/api/games/${game.id}`, { cookie: lapsed.cookie })).status).toBe(404);
    expect((await call('GET', `/api/games/${game.id}/board`, { cookie: lapsed.cookie })).status).toBe(404);
  });

  it('takes a right invite and sets an HttpOnly, SameSite=Lax cookie for the game; a wrong one is 404 as for a missing game', async () => {
    const game = await createGame({ visibility: 'invite' });
    const token = (await tokenOf(game.id))!;
    const accepted = await call('POST', `/api/games/${game.id}/invite`, { body: { token } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toEqual({ game_id: game.id });
    const lines = accepted.headers.getSetCookie();
    expect(lines).toHaveLength(1);
    const cookie = parseSetCookie(lines[0]!);
    expect(cookie.name).toBe(inviteCookieName(game.id));
    expect(cookie.value).toBe(token);
    expect(cookie.attributes).toMatchObject({ path: '/', httponly: true, samesite: 'Lax', 'max-age': String(365 * 24 * 60 * 60) });
    expect(cookie.attributes.secure).toBeUndefined();
    // The cookie as the browser sends it back opens the board.
    expect((await call('GET', `/api/games/${game.id}/board`, { cookie: `${cookie.name}=${cookie.value}` })).status).toBe(200);

    const before = await fingerprint();
    const unknown = await call('POST', `/api/games/${randomUUID()}/invite`, { body: { token } });
    expect(unknown.status).toBe(404);
    for (const wrong of ['A'.repeat(43), token.slice(0, -1), `${token}x`]) {
      const res = await call('POST', `/api/games/${game.id}/invite`, { body: { token: wrong } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(await fingerprint()).toEqual(before);
    // A public game needs no invite: the link of a game made public since still opens it.
    const open = await createGame();
    const publicAnswer = await call('POST', `/api/games/${open.id}/invite`, { body: { token: 'A'.repeat(43) } });
    expect(publicAnswer.status).toBe(200);
    expect(publicAnswer.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a missing, empty, long or non-string token with a clear 400', async () => {
    const game = await createGame({ visibility: 'invite' });
    const cases: [unknown, string][] = [
      [{}, INVITE_ERRORS.tokenMissing],
      [{ token: '' }, INVITE_ERRORS.tokenMissing],
      [{ token: 42 }, INVITE_ERRORS.tokenMissing],
      [{ token: null }, INVITE_ERRORS.tokenMissing],
      [{ token: 'x'.repeat(101) }, INVITE_ERRORS.tokenInvalid],
      [{ token: 'has spaces and ;=' }, INVITE_ERRORS.tokenInvalid],
      ['just text', INVITE_ERRORS.tokenMissing],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', `/api/games/${game.id}/invite`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message, JSON.stringify(body)).toBe(message);
    }
    expect((await call('POST', `/api/games/${game.id}/invite`, { raw: '{"token":' })).status).toBe(400);
    // An id that cannot name a game is "Game not found", whatever the body.
    expect((await call('POST', '/api/games/not-a-game/invite', { body: { token: 'abc' } })).status).toBe(404);
  });

  it('gives admins the link and a QR code; 401 and 403 for others before the body is read', async () => {
    const game = await createGame({ visibility: 'invite' });
    const token = (await tokenOf(game.id))!;
    const res = await call('GET', `/api/admin/games/${game.id}/invite`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const invite = (res.body as GameInviteResponse).invite!;
    expect(invite.url).toBe(`http://127.0.0.1:${new URL(base).port}/game/${game.id}?invite=${token}`);
    expect(invite.qr_svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await call('GET', `/api/admin/games/${(await createGame()).id}/invite`, { cookie: admin.cookie })).body).toEqual({ invite: null });
    expect((await call('GET', `/api/admin/games/${randomUUID()}/invite`, { cookie: admin.cookie })).status).toBe(404);

    const before = await fingerprint();
    for (const [cookie, status] of [
      [undefined, 401],
      [player.cookie, 403],
      [inviteCookie(game.id, token), 401],
    ] as const) {
      expect((await call('GET', `/api/admin/games/${game.id}/invite`, { cookie })).status).toBe(status);
      // A body the route would refuse: the guard answers first.
      expect((await call('POST', `/api/admin/games/${game.id}/invite/rotate`, { cookie, raw: '{not json' })).status).toBe(status);
    }
    expect(await fingerprint()).toEqual(before);
    expect(await tokenOf(game.id)).toBe(token);
  });

  it('D45: gives admins the link to share a game by, with its QR code: the invite link when invite-only, else the board; 401 and 403 for others', async () => {
    const origin = `http://127.0.0.1:${new URL(base).port}`;
    const privateGame = await createGame({ visibility: 'invite' });
    const token = (await tokenOf(privateGame.id))!;
    const shared = await call('GET', `/api/admin/games/${privateGame.id}/share`, { cookie: admin.cookie });
    expect(shared.status).toBe(200);
    expect(shared.headers.get('cache-control')).toBe('no-store');
    const share = (shared.body as GameShareResponse).share;
    expect(share).toMatchObject({ url: `${origin}/game/${privateGame.id}?invite=${token}`, visibility: 'invite' });
    // The same link and code as the invite itself: one implementation.
    expect(share.qr_svg).toBe(
      ((await call('GET', `/api/admin/games/${privateGame.id}/invite`, { cookie: admin.cookie })).body as GameInviteResponse).invite!.qr_svg,
    );

    const publicGame = await createGame();
    const open = (await call('GET', `/api/admin/games/${publicGame.id}/share`, { cookie: admin.cookie })).body as GameShareResponse;
    expect(open.share).toMatchObject({ url: `${origin}/game/${publicGame.id}`, visibility: 'public' });
    expect(open.share.qr_svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(open.share.qr_svg).not.toBe(share.qr_svg);
    expect((await call('GET', `/api/admin/games/${randomUUID()}/share`, { cookie: admin.cookie })).status).toBe(404);
    for (const [cookie, status] of [
      [undefined, 401],
      [player.cookie, 403],
      [inviteCookie(privateGame.id, token), 401],
    ] as const) {
      const refused = await call('GET', `/api/admin/games/${privateGame.id}/share`, { cookie });
      expect(refused.status).toBe(status);
      expect(JSON.stringify(refused.body)).not.toContain(token);
    }
  });

  it("D42: the printed board's QR code: the invite link to an admin only, the plain link to others who may see the game, 404 to those who may not", async () => {
    const origin = `http://127.0.0.1:${new URL(base).port}`;
    const privateGame = await createGame({ visibility: 'invite' });
    const token = (await tokenOf(privateGame.id))!;
    const link = (cookie?: string) => call('GET', `/api/games/${privateGame.id}/link`, { cookie });

    const forAdmin = await link(admin.cookie);
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.headers.get('cache-control')).toMatch(/private|no-store/);
    const adminLink = (forAdmin.body as GameLinkResponse).link;
    expect(adminLink).toMatchObject({ url: `${origin}/game/${privateGame.id}?invite=${token}`, invite: true });
    // One implementation: the share page's code for the same link.
    const shared = (await call('GET', `/api/admin/games/${privateGame.id}/share`, { cookie: admin.cookie })).body as GameShareResponse;
    expect(adminLink.qr_svg).toBe(shared.share.qr_svg);

    // A member (the invite's cookie) sees the board, and gets the plain link: the invite is the organizer's to hand out.
    const forMember = await link(cookies(player.cookie, inviteCookie(privateGame.id, token)));
    expect(forMember.status).toBe(200);
    const memberLink = (forMember.body as GameLinkResponse).link;
    expect(memberLink).toEqual({ url: `${origin}/game/${privateGame.id}`, qr_svg: await qrCodeSvg(`${origin}/game/${privateGame.id}`), invite: false });
    expect(JSON.stringify(forMember.body)).not.toContain(token);

    // Whoever may not see the board reads the same 404 as for a game that does not exist.
    const absent = await missing((id) => `/api/games/${id}/link`);
    expect(absent.status).toBe(404);
    for (const cookie of [undefined, stranger.cookie, inviteCookie(privateGame.id, 'wrong-token')]) {
      const refused = await link(cookie);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual(absent.body);
    }

    // A public game: its plain link to everyone, admins included.
    const publicGame = await createGame();
    for (const cookie of [undefined, admin.cookie]) {
      const open = await call('GET', `/api/games/${publicGame.id}/link`, { cookie });
      expect(open.status).toBe(200);
      expect((open.body as GameLinkResponse).link).toMatchObject({ url: `${origin}/game/${publicGame.id}`, invite: false });
    }
    expect((await call('GET', '/api/games/not a game/link')).status).toBe(404);
  });

  it('rotates the link: the old cookie stops working at once (the shared board too), the new one works; a public game has none to rotate', async () => {
    const game = await createGame({ visibility: 'invite' });
    const old = (await tokenOf(game.id))!;
    const oldCookie = inviteCookie(game.id, old);
    // Warm the shared board with the old invite.
    expect((await call('GET', `/api/games/${game.id}/board`, { cookie: oldCookie })).status).toBe(200);
    const rotated = await call('POST', `/api/admin/games/${game.id}/invite/rotate`, { cookie: admin.cookie, body: {} });
    expect(rotated.status).toBe(200);
    const token = (await tokenOf(game.id))!;
    expect(token).not.toBe(old);
    expect((rotated.body as GameInviteResponse).invite!.url).toContain(`?invite=${token}`);
    for (const path of reads) expect((await call('GET', path(game.id), { cookie: oldCookie })).status).toBe(404);
    expect((await call('POST', `/api/games/${game.id}/invite`, { body: { token: old } })).status).toBe(404);
    for (const path of reads) expect((await call('GET', path(game.id), { cookie: inviteCookie(game.id, token) })).status).toBe(200);

    const open = await createGame();
    const refused = await call('POST', `/api/admin/games/${open.id}/invite/rotate`, { cookie: admin.cookie, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'NOT_INVITE_ONLY', message: INVITE_ERRORS.notInviteOnly });
  });

  it('opens live updates only for those who may see the game', async () => {
    const game = await createGame({ visibility: 'invite' });
    const token = (await tokenOf(game.id))!;
    const expected = await openEventStream(`${base}/api/games/${randomUUID()}/events`);
    expect(expected.status).toBe(404);
    expected.close();
    for (const cookie of [undefined, stranger.cookie, inviteCookie(game.id, 'A'.repeat(43))]) {
      const stream = await openEventStream(`${base}/api/games/${game.id}/events`, cookie ? { headers: { cookie } } : {});
      expect(stream.status, String(cookie)).toBe(404);
      stream.close();
    }
    for (const cookie of [inviteCookie(game.id, token), admin.cookie]) {
      const stream = await openEventStream(`${base}/api/games/${game.id}/events`, { headers: { cookie } });
      expect(stream.status).toBe(200);
      await stream.next(); // retry
      expect((await stream.next()).event).toBe('ready');
      stream.close();
    }
  });

  describe('checkout', () => {
    async function organizerGame(): Promise<Game> {
      return createGame({ visibility: 'invite', payment_method: 'organizer', payment_instructions: 'Cash to the coach' });
    }
    const checkout = (cookie: string | undefined, cart: unknown[]) => call('POST', '/api/checkout', { cookie, body: { cart } });

    it('refuses a card checkout and a reservation of a game the buyer may not see, as for a game that is gone, changing nothing', async () => {
      const card = await createGame({ visibility: 'invite' });
      const organizer = await organizerGame();
      const open = await createGame();
      const buyer = await testAccount(t, { prefix: 'uninvited' });
      const gone = await checkout(buyer.cookie, [cartOf(randomUUID(), [{ x: 0, y: 0 }], 10, 'Some Bowl')]);
      expect(gone.status).toBe(409);
      const before = await fingerprint();
      for (const cart of [
        [cartOf(card.id, [{ x: 0, y: 0 }], 10, 'Some Bowl')],
        [cartOf(organizer.id, [{ x: 0, y: 0 }], 10, 'Some Bowl')],
        // A visible game beside it does not go ahead either.
        [cartOf(open.id, [{ x: 0, y: 0 }], 10, open.title), cartOf(organizer.id, [{ x: 0, y: 1 }], 10, 'Some Bowl')],
        [cartOf(open.id, [{ x: 0, y: 0 }], 10, open.title), cartOf(card.id, [{ x: 0, y: 1 }], 10, 'Some Bowl')],
      ]) {
        const res = await checkout(buyer.cookie, cart);
        expect(res.status, JSON.stringify(res.body)).toBe(409);
        expect(res.body).toEqual(gone.body);
      }
      // A foreign game's invite does not open this one.
      const wrong = await checkout(cookies(buyer.cookie, inviteCookie(card.id, (await tokenOf(organizer.id))!)), [
        cartOf(card.id, [{ x: 0, y: 0 }], 10, 'Some Bowl'),
      ]);
      expect(wrong.status).toBe(409);
      expect(await fingerprint()).toEqual(before);
    });

    it('takes the checkout and the reservation with the invite, for an owner, and for an admin', async () => {
      const card = await createGame({ visibility: 'invite' });
      const organizer = await organizerGame();
      const invited = await testAccount(t, { prefix: 'invited' });
      const withInvites = cookies(invited.cookie, inviteCookie(card.id, (await tokenOf(card.id))!), inviteCookie(organizer.id, (await tokenOf(organizer.id))!));
      const res = await checkout(withInvites, [cartOf(card.id, [{ x: 0, y: 0 }], 10, card.title), cartOf(organizer.id, [{ x: 0, y: 0 }], 10, organizer.title)]);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.checkout_id).toEqual(expect.any(String));
      expect(res.body.reservation).not.toBeNull();
      // Now an owner of the organizer game's square: no invite needed for more.
      const more = await checkout(invited.cookie, [cartOf(organizer.id, [{ x: 5, y: 5 }], 10, organizer.title)]);
      expect(more.status, JSON.stringify(more.body)).toBe(201);
      const byAdmin = await checkout(admin.cookie, [cartOf(organizer.id, [{ x: 6, y: 6 }], 10, organizer.title)]);
      expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
      // The owner's My Squares shows the game (the owner rule).
      const mine = await call('GET', '/api/me/squares', { cookie: invited.cookie });
      expect((mine.body.games as { game_id: string }[]).map((g) => g.game_id)).toContain(organizer.id);
    });
  });

  it('never logs an invite link token', async () => {
    const game = await createGame({ visibility: 'invite' });
    const token = (await tokenOf(game.id))!;
    await call('GET', `/game/${game.id}?invite=${token}`);
    await call('GET', `/game/${game.id}?x=1&invite=${token}#top`);
    await call('POST', `/api/games/${game.id}/invite`, { body: { token } });
    expect(logLines.some((line) => line.includes(`/game/${game.id}?invite=[redacted]`))).toBe(true);
    expect(logLines.some((line) => line.includes(`/game/${game.id}?x=1&invite=[redacted]`))).toBe(true);
    expect(logLines.filter((line) => line.includes(token))).toEqual([]);
  });
});
