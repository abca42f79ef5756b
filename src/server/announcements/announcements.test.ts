import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  ANNOUNCEMENT_TEXTS,
  ANNOUNCEMENTS_PER_GAME,
  MAILED_ANNOUNCEMENTS_PER_GAME_HOUR,
  MAILED_ANNOUNCEMENTS_PER_ORGANIZER_HOUR,
  mailingLimitText,
  postedMessage,
} from '@core/announcements';
import type { AnnouncementPosted } from '@core/api/announcements';
import type { BoardResponse } from '@core/api/board';
import type { Game } from '@core/api/games';
import { optOutLabel, UNSUBSCRIBE_TEXTS } from '@core/mail-kinds';
import { hrefsOf, testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, databaseFingerprint, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { assignSquares, organizerGame } from '../../../tests/support/games';
import { postOneClick, send } from '../../../tests/support/request';
import { type SmtpCatcher, startSmtpServer } from '../../../tests/support/smtp';
import { openEventStream, type SseStream } from '../../../tests/support/sse';
import { announcementMail } from '../mail/templates';

/** The app's address (SMTP needs one): the origin of mailed links, and of the test's requests (request.ts SAME_ORIGIN). */
const LINK_ORIGIN = 'http://localhost';

/**
 * D40 announcements over the real app: admin-only writes under the game's lock, the board's
 * access rule for reading, mails through the queue to a real SMTP server, and the live stream.
 */
describe(`announcements (D40, ${testDbKind})`, () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let base: string;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: LINK_ORIGIN } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    [admin, alice, bob, stranger] = await Promise.all([
      testAccount(t, { admin: true }),
      testAccount(t, { prefix: 'alice' }),
      testAccount(t, { prefix: 'bob' }),
      testAccount(t, { prefix: 'stranger' }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const db = () => t.db.handle.db;
  const url = (gameId: string) => `/api/admin/games/${gameId}/announcements`;

  async function ok<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    payload?: unknown,
    cookie: string | undefined = admin.cookie,
    status = 200,
  ): Promise<T> {
    const res = await send(t.app, method, path, { cookie, payload });
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(status);
    return res.json() as T;
  }

  /** An organizer-collects game with alice on two squares, bob on one and a named person (no account) on one. */
  async function gameWithPlayers(values: Record<string, unknown> = {}): Promise<Game> {
    const game = await organizerGame(t.app, admin.cookie, values);
    const assign = (squares: { x: number; y: number }[], to: Record<string, string>) => assignSquares(t.app, admin.cookie, game.id, squares, to);
    await assign(
      [
        { x: 0, y: 0 },
        { x: 0, y: 1 },
      ],
      { account: alice.username },
    );
    await assign([{ x: 1, y: 1 }], { account: bob.username });
    await assign([{ x: 2, y: 2 }], { name: 'Aunt May' });
    return game;
  }

  const queuedAnnouncements = async () => db().selectFrom('mail_queue').select(['recipient', 'subject', 'status']).where('kind', '=', 'announcement').execute();
  const board = (gameId: string, cookie?: string) => send(t.app, 'GET', `/api/games/${gameId}/board`, { cookie });

  it('an admin posts one: stored normalized, on the board newest first with its author, mailed one per player when asked', async () => {
    const game = await gameWithPlayers();
    const before = (await queuedAnnouncements()).length;

    const quiet = await ok<AnnouncementPosted>('POST', url(game.id), { body: '  Doors open at 6  ' }, admin.cookie, 201);
    expect(quiet).toMatchObject({ mailed: 0, announcement: { body: 'Doors open at 6', author_username: admin.username } });
    expect(await queuedAnnouncements()).toHaveLength(before);

    const posted = await ok<AnnouncementPosted>(
      'POST',
      url(game.id),
      { body: 'Kickoff moved to 7 pm.\r\n\r\n\r\nCafe\u0301 opens   at 6.', mail: true },
      admin.cookie,
      201,
    );
    expect(posted.mailed).toBe(2);
    expect(posted.announcement.body).toBe('Kickoff moved to 7 pm.\n\nCafé opens at 6.');

    // The board: newest first, for a player and for a visitor (a public game).
    for (const cookie of [alice.cookie, undefined]) {
      const res = await board(game.id, cookie);
      expect(res.statusCode).toBe(200);
      const read = (res.json() as BoardResponse).announcements;
      expect(read.map((a) => a.body)).toEqual(['Kickoff moved to 7 pm.\n\nCafé opens at 6.', 'Doors open at 6']);
      expect(read[0]).toMatchObject({ id: posted.announcement.id, author_username: admin.username, created_at: posted.announcement.created_at });
    }

    // One mail per player with an account (alice holds two squares, Aunt May has no address), delivered by SMTP.
    const queued = (await queuedAnnouncements()).slice(before);
    expect(queued.map((row) => row.recipient).sort()).toEqual([alice.email, bob.email].sort());
    for (const player of [alice, bob]) {
      const mail = await smtp.waitFor(player.email, `${game.title}: a message from the organizer`);
      expect(mail.text).toContain(`Hi ${player.username},`);
      expect(mail.text).toContain('Kickoff moved to 7 pm.\n\nCafé opens at 6.');
      expect(mail.text).toContain(`${LINK_ORIGIN}/game/${game.id}`);
      expect(mail.html).toContain(`href="${LINK_ORIGIN}/game/${game.id}"`);
      expect(mail.html).toContain('Open the board');
      expect(mail.html).toContain(game.title);
    }
    expect(smtp.messages.filter((m) => m.envelopeTo.includes(alice.email) && m.subject.startsWith(game.title))).toHaveLength(1);

    // The game log says who posted and whether it was mailed.
    const log = await ok<{ entries: { action: string; message: string }[] }>('GET', `/api/games/${game.id}/activity`);
    expect(log.entries.filter((e) => e.action === 'announced').map((e) => e.message)).toEqual([
      `${admin.username} posted an announcement, mailed to 2 players: "Kickoff moved to 7 pm. Café opens at 6."`,
      `${admin.username} posted an announcement: "Doors open at 6"`,
    ]);
  });

  it("the mail carries the queue's unsubscribe footer and one-click headers; a player who turned announcements off gets none and is not counted", async () => {
    const [carol, dave] = await Promise.all([testAccount(t, { prefix: 'carol' }), testAccount(t, { prefix: 'dave' })]);
    const game = await organizerGame(t.app, admin.cookie);
    await assignSquares(t.app, admin.cookie, game.id, [{ x: 3, y: 3 }], { account: carol.username });
    await assignSquares(t.app, admin.cookie, game.id, [{ x: 4, y: 4 }], { account: dave.username });
    await ok('POST', '/api/me/mail-preferences', { kind: 'announcement', on: false }, dave.cookie);

    const posted = await ok<AnnouncementPosted>('POST', url(game.id), { body: 'Halftime snacks in room 4', mail: true }, admin.cookie, 201);
    // Only carol's mail is queued: dave's choice holds his back, so "mailed to" counts one player.
    expect(posted.mailed).toBe(1);
    expect(postedMessage(true, posted.mailed)).toBe('Posted and mailed to 1 player.');
    const queued = await db()
      .selectFrom('mail_queue')
      .select('recipient')
      .where('kind', '=', 'announcement')
      .where('subject', 'like', `${game.title}%`)
      .execute();
    expect(queued.map((row) => row.recipient)).toEqual([carol.email]);
    const log = await ok<{ entries: { action: string; message: string }[] }>('GET', `/api/games/${game.id}/activity`);
    expect(log.entries.find((e) => e.action === 'announced')?.message).toBe(
      `${admin.username} posted an announcement, mailed to 1 player: "Halftime snacks in room 4"`,
    );

    // Carol's mail over SMTP: the footer (text and HTML) links the unsubscribe page; the headers the one-click POST (RFC 8058).
    const mail = await smtp.waitFor(carol.email, `${game.title}: a message from the organizer`);
    const label = optOutLabel('announcement');
    const page = mail.text?.match(/http:\/\/localhost\/unsubscribe\?token=\S+/)?.[0];
    expect(page).toMatch(/\?token=u1\.[\w-]+\.announcement\.[\w-]+$/);
    expect(mail.text).toContain(UNSUBSCRIBE_TEXTS.footer(label));
    expect(mail.text).toContain(`${UNSUBSCRIBE_TEXTS.linkLabel(label)}: ${page}`);
    expect(hrefsOf(mail.html!)).toContain(page);
    expect(mail.html).toContain(UNSUBSCRIBE_TEXTS.linkLabel(label).replaceAll('"', '&quot;'));
    const oneClick = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    expect(oneClick).toBe(page!.replace('/unsubscribe?', '/api/mail/unsubscribe?'));
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Dave's receipt for his assigned square came (a receipt always does); no announcement did.
    expect(smtp.messages.filter((m) => m.envelopeTo.includes(dave.email) && m.subject === `${game.title}: a message from the organizer`)).toEqual([]);

    // The header's one-click, as a mail provider posts it: carol's next announcement is not mailed.
    const res = await postOneClick(t.app, oneClick!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'announcement', on: false });
    const none = await ok<AnnouncementPosted>('POST', url(game.id), { body: 'Second half starts', mail: true }, admin.cookie, 201);
    expect(none.mailed).toBe(0);
    expect(postedMessage(true, none.mailed)).toContain('nothing was mailed');
    expect(
      await db().selectFrom('mail_queue').select('recipient').where('kind', '=', 'announcement').where('subject', 'like', `${game.title}%`).execute(),
    ).toHaveLength(1);
  });

  it("the mail's HTML escapes the text and keeps each line a paragraph", () => {
    const mail = announcementMail('a@example.com', {
      username: 'al',
      gameTitle: 'Pool <1>',
      organizer: 'coach_k',
      body: '<b>Bold</b> & co\nLine two',
      link: 'http://localhost/game/x',
    });
    expect(mail.kind).toBe('announcement');
    expect(mail.html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; co</p>');
    expect(mail.html).toContain('>Line two</p>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Pool &lt;1&gt;');
    expect(mail.text).toContain('<b>Bold</b> & co\nLine two');
    // Its heading and text say "announcement", as the board and the account page's mail choice do.
    expect(mail.html).toContain('<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">Announcement: Pool &lt;1&gt;</h1>');
    expect(mail.text).toContain('coach_k, the organizer of Pool <1>, posted this announcement on the board:');
    // An organizer without a username yet (D29).
    const unnamed = announcementMail('a@example.com', { username: '', gameTitle: 'Pool', organizer: null, body: 'Hi', link: 'http://localhost/game/x' });
    expect(unnamed.text).toContain('Hi,\n\nThe organizer of Pool posted this announcement on the board:');
  });

  it('refuses an empty, too long or invisible-character text with a clear 400, and nothing is stored or queued', async () => {
    const game = await gameWithPlayers();
    // Mail queued before (receipts of assigned squares) is sent first, so its delivery is not taken for a write here.
    await t.app.mailQueue.flush();
    const fingerprint = await databaseFingerprint(t.db.handle);
    const cases: [unknown, string][] = [
      [{ body: '', mail: true }, ANNOUNCEMENT_TEXTS.empty],
      [{ body: ' \n ', mail: true }, ANNOUNCEMENT_TEXTS.empty],
      [{ body: 'x'.repeat(501), mail: true }, ANNOUNCEMENT_TEXTS.tooLong],
      [{ body: 'x'.repeat(5000), mail: true }, ANNOUNCEMENT_TEXTS.tooLong],
      [{ body: 'Pay up\u202E now', mail: true }, ANNOUNCEMENT_TEXTS.notAllowed],
      [{ body: 'Bell\u0007', mail: true }, ANNOUNCEMENT_TEXTS.notAllowed],
      [{ body: 42 }, ANNOUNCEMENT_TEXTS.empty],
      [{ body: 'ok', mail: 'yes' }, ANNOUNCEMENT_TEXTS.invalid],
      [{ body: 'ok', extra: 1 }, ANNOUNCEMENT_TEXTS.invalid],
    ];
    for (const [payload, message] of cases) {
      const res = await send(t.app, 'POST', url(game.id), { cookie: admin.cookie, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message, JSON.stringify(payload)).toBe(message);
    }
    expect((await ok<AnnouncementPosted>('POST', url(game.id), { body: 'x'.repeat(500) }, admin.cookie, 201)).announcement.body).toHaveLength(500);
    await ok('DELETE', `${url(game.id)}/${(await board(game.id, admin.cookie)).json().announcements[0].id}`);
    // The post and its delete wrote a row and two log entries; the refused ones wrote nothing.
    const after = await databaseFingerprint(t.db.handle);
    // Nothing queued: the row count (earlier mails' delivery may still change their status).
    expect(after.mail_queue?.rows).toBe(fingerprint.mail_queue?.rows);
    expect(after.announcements).toEqual(fingerprint.announcements);
    expect(after.game_activity?.rows).toBe((fingerprint.game_activity?.rows ?? 0) + 2);
  });

  it('answers 401 to a visitor and 403 to a player, before reading the body; an unknown game is 404', async () => {
    const game = await gameWithPlayers();
    const posted = await ok<AnnouncementPosted>('POST', url(game.id), { body: 'Stays' }, admin.cookie, 201);
    // Mail queued before (receipts of assigned squares) is sent first, so its delivery is not taken for a write here.
    await t.app.mailQueue.flush();
    const fingerprint = await databaseFingerprint(t.db.handle);
    expect((await send(t.app, 'POST', url(game.id), { payload: { body: 'Hi', mail: true } })).statusCode).toBe(401);
    expect((await send(t.app, 'POST', url(game.id), { cookie: alice.cookie, payload: { body: 'Hi', mail: true } })).statusCode).toBe(403);
    expect((await send(t.app, 'POST', url(game.id), { cookie: alice.cookie, payload: { body: '' } })).statusCode).toBe(403);
    expect((await send(t.app, 'DELETE', `${url(game.id)}/${posted.announcement.id}`)).statusCode).toBe(401);
    expect((await send(t.app, 'DELETE', `${url(game.id)}/${posted.announcement.id}`, { cookie: bob.cookie })).statusCode).toBe(403);
    // Nothing written; the queue by its row count (earlier mails' delivery may still change their status).
    const unchanged = await databaseFingerprint(t.db.handle);
    expect({ ...unchanged, mail_queue: unchanged.mail_queue?.rows }).toEqual({ ...fingerprint, mail_queue: fingerprint.mail_queue?.rows });

    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await send(t.app, 'POST', url(missing), { cookie: admin.cookie, payload: { body: 'Hi' } })).statusCode).toBe(404);
    expect((await send(t.app, 'DELETE', `${url(game.id)}/${missing}`, { cookie: admin.cookie })).json().error.message).toBe(ANNOUNCEMENT_TEXTS.notFound);
    expect((await send(t.app, 'DELETE', `${url(game.id)}/not-an-id`, { cookie: admin.cookie })).statusCode).toBe(404);
    // Another game's announcement cannot be deleted through this one.
    const other = await gameWithPlayers();
    expect((await send(t.app, 'DELETE', `${url(other.id)}/${posted.announcement.id}`, { cookie: admin.cookie })).statusCode).toBe(404);
    expect((await board(game.id)).json().announcements).toHaveLength(1);
  });

  it('an admin deletes one: gone from the board, logged, and a second delete is 404', async () => {
    const game = await gameWithPlayers();
    const first = await ok<AnnouncementPosted>('POST', url(game.id), { body: 'First' }, admin.cookie, 201);
    await ok<AnnouncementPosted>('POST', url(game.id), { body: 'Second' }, admin.cookie, 201);
    expect(await ok('DELETE', `${url(game.id)}/${first.announcement.id}`)).toEqual({ deleted: first.announcement.id });
    expect(((await board(game.id)).json() as BoardResponse).announcements.map((a) => a.body)).toEqual(['Second']);
    expect((await send(t.app, 'DELETE', `${url(game.id)}/${first.announcement.id}`, { cookie: admin.cookie })).statusCode).toBe(404);
    const log = await ok<{ entries: { action: string; message: string }[] }>('GET', `/api/games/${game.id}/activity`);
    expect(log.entries[0]?.message).toBe(`${admin.username} deleted an announcement: "First"`);
  });

  it('on an invite-only game, only those the board shows to read them', async () => {
    const game = await gameWithPlayers({ visibility: 'invite' });
    await ok('POST', url(game.id), { body: 'Members only' }, admin.cookie, 201);
    for (const cookie of [undefined, stranger.cookie]) {
      const res = await board(game.id, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Members only');
    }
    for (const cookie of [alice.cookie, admin.cookie]) {
      const res = await board(game.id, cookie);
      expect(res.statusCode).toBe(200);
      expect((res.json() as BoardResponse).announcements.map((a) => a.body)).toEqual(['Members only']);
    }
  });

  it(`keeps at most ${ANNOUNCEMENTS_PER_GAME} per game: one more is a 409 that queues nothing`, async () => {
    const game = await gameWithPlayers();
    for (let i = 1; i <= ANNOUNCEMENTS_PER_GAME; i += 1) await ok('POST', url(game.id), { body: `Note ${i}` }, admin.cookie, 201);
    const queued = (await queuedAnnouncements()).length;
    const res = await send(t.app, 'POST', url(game.id), { cookie: admin.cookie, payload: { body: 'One too many', mail: true } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'TOO_MANY_ANNOUNCEMENTS', message: ANNOUNCEMENT_TEXTS.tooMany });
    expect(await queuedAnnouncements()).toHaveLength(queued);
    expect((await board(game.id)).json().announcements).toHaveLength(ANNOUNCEMENTS_PER_GAME);
  });

  it(`mails at most ${MAILED_ANNOUNCEMENTS_PER_GAME_HOUR} an hour per game, counted from the database: deleting them does not reset it; a post without mail goes on`, async () => {
    const organizer = await testAccount(t, { admin: true, prefix: 'mailer' });
    const game = await gameWithPlayers();
    // Post and delete: the board stays empty, the mails went out.
    for (let i = 1; i <= MAILED_ANNOUNCEMENTS_PER_GAME_HOUR; i += 1) {
      const posted = await ok<AnnouncementPosted>('POST', url(game.id), { body: `Burst ${i}`, mail: true }, organizer.cookie, 201);
      expect(posted.mailed).toBe(2);
      await ok('DELETE', `${url(game.id)}/${posted.announcement.id}`, undefined, organizer.cookie);
    }
    const queued = (await queuedAnnouncements()).length;
    const refused = await send(t.app, 'POST', url(game.id), { cookie: organizer.cookie, payload: { body: 'One more burst', mail: true } });
    expect(refused.statusCode).toBe(429);
    const error = refused.json().error as { code: string; message: string };
    const minutes = Number(/mail it in (\d+) min\.$/.exec(error.message)?.[1]);
    expect(error).toEqual({ code: 'TOO_MANY_MAILED_ANNOUNCEMENTS', message: mailingLimitText('game', minutes) });
    expect(minutes).toBeGreaterThan(0);
    expect(await queuedAnnouncements()).toHaveLength(queued);
    expect((await board(game.id)).json().announcements).toEqual([]);

    // Not mailed, it is posted; another admin mailing this game is held by the game's limit too.
    await ok('POST', url(game.id), { body: 'No mail this time', mail: false }, organizer.cookie, 201);
    expect((await send(t.app, 'POST', url(game.id), { cookie: admin.cookie, payload: { body: 'From the other admin', mail: true } })).statusCode).toBe(429);
    expect(await queuedAnnouncements()).toHaveLength(queued);
  });

  it(`mails at most ${MAILED_ANNOUNCEMENTS_PER_ORGANIZER_HOUR} an hour per organizer across games; mailings older than an hour do not count`, async () => {
    const [busy, earlier] = await Promise.all([testAccount(t, { admin: true, prefix: 'busy' }), testAccount(t, { admin: true, prefix: 'earlier' })]);
    const game = await gameWithPlayers();
    // Mailings on games of their own (some since deleted), recorded as the posts record them.
    const log = async (organizerId: string, minutesAgo: number) => {
      for (let i = 0; i < MAILED_ANNOUNCEMENTS_PER_ORGANIZER_HOUR; i += 1) {
        const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
        await db()
          .insertInto('announcement_mailings')
          .values({ id: randomUUID(), game_id: randomUUID(), organizer_user_id: organizerId, mailed_at: at })
          .execute();
      }
    };
    await log(busy.id, 10);
    await log(earlier.id, 61);
    const refused = await send(t.app, 'POST', url(game.id), { cookie: busy.cookie, payload: { body: 'Kickoff moved', mail: true } });
    expect(refused.statusCode).toBe(429);
    const error = refused.json().error as { code: string; message: string };
    const minutes = Number(/mail it in (\d+) min\.$/.exec(error.message)?.[1]);
    // The oldest of them, ten minutes old, leaves the hour in 50 minutes (or fewer, on a slow run).
    expect(error).toEqual({ code: 'TOO_MANY_MAILED_ANNOUNCEMENTS', message: mailingLimitText('organizer', minutes) });
    expect(minutes).toBeLessThanOrEqual(50);
    const posted = await ok<AnnouncementPosted>('POST', url(game.id), { body: 'Kickoff moved', mail: true }, earlier.cookie, 201);
    expect(posted.mailed).toBe(2);
    // The hour-old rows had no use left: the post that was counted pruned them.
    expect(await db().selectFrom('announcement_mailings').select('id').where('organizer_user_id', '=', earlier.id).execute()).toHaveLength(1);
  });

  it('a post that fails after its mails were queued leaves neither the mails nor the announcement', async () => {
    const game = await gameWithPlayers();
    const queued = (await queuedAnnouncements()).length;
    // The log entry is written after the mails are queued: make it fail, inside the same transaction.
    if (testDbKind === 'postgres') {
      await sql`create function refuse_announced() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`.execute(db());
      await sql`create trigger refuse_announced before insert on game_activity for each row when (new.action = 'announced') execute function refuse_announced()`.execute(
        db(),
      );
    } else {
      await sql`create trigger refuse_announced before insert on game_activity when new.action = 'announced' begin select raise(abort, 'refused for the test'); end`.execute(
        db(),
      );
    }
    try {
      const res = await send(t.app, 'POST', url(game.id), { cookie: admin.cookie, payload: { body: 'Never seen', mail: true } });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`drop trigger refuse_announced${sql.raw(testDbKind === 'postgres' ? ' on game_activity' : '')}`.execute(db());
      if (testDbKind === 'postgres') await sql`drop function refuse_announced()`.execute(db());
    }
    expect(await queuedAnnouncements()).toHaveLength(queued);
    expect((await board(game.id)).json().announcements).toEqual([]);
    // Once the log takes entries again, the same post goes through with its mails.
    expect((await ok<AnnouncementPosted>('POST', url(game.id), { body: 'Seen now', mail: true }, admin.cookie, 201)).mailed).toBe(2);
    expect(await queuedAnnouncements()).toHaveLength(queued + 2);
  });

  it('open boards hear of a post and a delete on the live stream, after the commit', async () => {
    const game = await gameWithPlayers();
    const stream: SseStream = await openEventStream(`${base}/api/games/${game.id}/events`);
    try {
      expect(stream.status).toBe(200);
      await stream.next(); // retry
      expect((await stream.next()).event).toBe('ready');
      const posted = await ok<AnnouncementPosted>('POST', url(game.id), { body: 'Live!' }, admin.cookie, 201);
      const change = await stream.next(5000);
      expect(change.event).toBe('change');
      expect(JSON.parse(change.data ?? '{}')).toEqual({ game_id: game.id, reason: 'announcements' });
      // What the event tells viewers to re-read is there already (the shared board was dropped).
      expect(((await board(game.id)).json() as BoardResponse).announcements.map((a) => a.body)).toEqual(['Live!']);

      await ok('DELETE', `${url(game.id)}/${posted.announcement.id}`);
      const removed = await stream.next(5000);
      expect(JSON.parse(removed.data ?? '{}')).toEqual({ game_id: game.id, reason: 'announcements' });
      expect(((await board(game.id)).json() as BoardResponse).announcements).toEqual([]);
    } finally {
      stream.close();
    }
  });
});
