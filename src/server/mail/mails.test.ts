import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Game } from '@core/api/games';
import { CLASSIC_SHAPE, squareDigitsLabel } from '@core/board-shape';
import { formatGameTime } from '@core/game-time';
import { OPT_OUT_KINDS, UNSUBSCRIBE_TEXTS } from '@core/mail-kinds';
import { followLink, hrefsOf, testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, payWith, sessionIdOf, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { createGameAs, postOneClick, send } from '../../../tests/support/request';
import { type CapturedMail, type SmtpCatcher, startSmtpServer } from '../../../tests/support/smtp';
import { parseAxis } from '../db/grid-numbers';
import { gameMails } from './game-mails.service';
import { unsubscribeSigner } from './unsubscribe';

// The test requests' own origin (tests/support/accounts.ts SAME_ORIGIN): SMTP_URL needs PUBLIC_URL.
const PUBLIC_URL = 'http://localhost';
const INSTRUCTIONS = 'Venmo @coach-k with your squares in the note';
const ZONE = 'America/Chicago';
const HOUR = 3600_000;

describe(`game mails through SMTP (D40, ${testDbKind})`, () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let admin: TestAccount;
  const db = () => t.db.handle.db;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL, DRAW_BEACON: 'off' } });
    admin = await testAccount(t, { admin: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const player = (prefix: string) => testAccount(t, { prefix });
  const asAdmin = (method: 'POST' | 'PUT', url: string, payload?: unknown) => send(t.app, method, url, { cookie: admin.cookie, payload });

  const newGame = (values: Record<string, unknown> = {}): Promise<Game> => createGameAs(t.app, admin.cookie, 'Office Pool', values);

  async function reserve(buyer: TestAccount, game: Game, squares: { x: number; y: number }[]): Promise<void> {
    const res = await startCheckout(t.app, buyer, [cartOf(game.id, squares, 10, game.title)]);
    expect(res.statusCode, res.body).toBe(201);
  }

  async function buyByCard(buyer: TestAccount, game: Game, squares: { x: number; y: number }[]): Promise<void> {
    const res = await startCheckout(t.app, buyer, [cartOf(game.id, squares, 10, game.title)]);
    expect(res.statusCode, res.body).toBe(201);
    const checkoutId = (res.json() as { checkout_id: string }).checkout_id;
    expect((await payWith(t.app, buyer, await sessionIdOf(t.db.handle, checkoutId))).statusCode).toBe(200);
  }

  const queued = (email: string, kind?: string) =>
    db()
      .selectFrom('mail_queue')
      .select(['kind', 'subject', 'unsubscribe_url'])
      .where('recipient', '=', email)
      .$if(kind !== undefined, (q) => q.where('kind', '=', kind!))
      .orderBy('created_at')
      .execute();

  /** Text and HTML both carry each expected piece. */
  function expectBoth(mail: CapturedMail, pieces: string[]): void {
    expect(mail.parts.map((p) => p.contentType)).toEqual(['text/plain', 'text/html']);
    for (const piece of pieces) {
      expect(mail.text, piece).toContain(piece);
      expect(mail.html, piece).toContain(piece.replaceAll('&', '&amp;').replaceAll("'", '&#39;').replaceAll('"', '&quot;'));
    }
  }

  const unsubscribeHeader = (mail: CapturedMail) => /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];

  it('a reservation mails a receipt: squares, amount, the instructions and the pay-by time in the game zone; no unsubscribe', async () => {
    const payBy = new Date(Date.now() + 3 * 24 * HOUR).toISOString();
    const game = await newGame({ payment_method: 'organizer', payment_instructions: INSTRUCTIONS, pay_by: payBy, time_zone: ZONE });
    const buyer = await player('reserver');
    await reserve(buyer, game, [
      { x: 2, y: 3 },
      { x: 0, y: 1 },
    ]);
    const mail = await smtp.waitFor(buyer.email, `Your squares are reserved: ${game.title}`);
    expectBoth(mail, [
      'Row 1, column 2',
      'Row 3, column 4',
      `${game.title}: 2 squares, $20.00`,
      'You owe $20.00',
      `How to pay the organizer: ${INSTRUCTIONS}`,
      `Pay by ${formatGameTime(payBy, ZONE)}`,
    ]);
    expect(mail.text).toMatch(/C[SD]T/);
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
    expect(mail.text).not.toContain('Unsubscribe');
    expect(await queued(buyer.email)).toEqual([expect.objectContaining({ kind: 'receipt', unsubscribe_url: null })]);
  });

  it('a card purchase mails a receipt once the payment claims the squares', async () => {
    const game = await newGame();
    const buyer = await player('cardbuyer');
    await buyByCard(buyer, game, [{ x: 9, y: 9 }]);
    const mail = await smtp.waitFor(buyer.email, `Your receipt: ${game.title}`);
    expectBoth(mail, ['You paid $10.00 by card', 'Row 10, column 10', `${game.title}: 1 square, $10.00`]);
    expect(mail.text).not.toContain('How to pay the organizer');
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
  });

  it('a refused reservation and a rolled-back transaction queue nothing', async () => {
    const game = await newGame({ payment_method: 'organizer', payment_instructions: INSTRUCTIONS });
    const first = await player('first');
    const second = await player('second');
    await reserve(first, game, [{ x: 4, y: 4 }]);
    const refused = await startCheckout(t.app, second, [cartOf(game.id, [{ x: 4, y: 4 }], 10, game.title)]);
    expect(refused.statusCode).toBe(409);
    expect(await queued(second.email)).toEqual([]);

    // The receipt is written in the caller's transaction: rolled back, it is gone with it.
    const checkout = await db().selectFrom('checkouts').select('id').where('user_id', '=', first.id).executeTakeFirstOrThrow();
    const before = (await queued(first.email)).length;
    await expect(
      db()
        .transaction()
        .execute(async (tx) => {
          await t.app.gameMails.receipt(tx, checkout.id);
          expect((await tx.selectFrom('mail_queue').select('id').where('recipient', '=', first.email).execute()).length).toBe(before + 1);
          throw new Error('roll back');
        }),
    ).rejects.toThrow('roll back');
    expect((await queued(first.email)).length).toBe(before);
  });

  it('squares the organizer assigns to an account get a receipt per assignment: squares, amount, owed or paid, instructions and pay-by time', async () => {
    const payBy = new Date(Date.now() + 2 * 24 * HOUR).toISOString();
    const game = await newGame({ payment_method: 'organizer', payment_instructions: INSTRUCTIONS, pay_by: payBy, time_zone: ZONE });
    const owner = await player('assignee');
    const assign = (payload: Record<string, unknown>) => asAdmin('POST', `/api/admin/games/${game.id}/squares/assign`, payload);

    // Unpaid, by username: one mail for the two squares.
    const owed = await assign({
      squares: [
        { x: 6, y: 1 },
        { x: 2, y: 8 },
      ],
      to: { account: owner.username },
    });
    expect(owed.statusCode, owed.body).toBe(200);
    const mail = await smtp.waitFor(owner.email, `Squares in your name: ${game.title}`);
    expectBoth(mail, [
      'The organizer put these squares in your name. You owe $20.00, paid to the organizer.',
      `${game.title}: 2 squares, $20.00`,
      'Row 3, column 9',
      'Row 7, column 2',
      `How to pay the organizer: ${INSTRUCTIONS}`,
      `Pay by ${formatGameTime(payBy, ZONE)}`,
    ]);
    expect(mail.text).toMatch(/C[SD]T/);
    expect(mail.text!.indexOf('Row 3, column 9')).toBeLessThan(mail.text!.indexOf('Row 7, column 2'));
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
    expect(await queued(owner.email, 'receipt')).toHaveLength(1);

    // Paid, by e-mail address: paid, and nothing about how or by when to pay.
    const paid = await assign({ squares: [{ x: 4, y: 4 }], to: { account: owner.email }, paid: true, paid_cents: 1000 });
    expect(paid.statusCode, paid.body).toBe(200);
    await expect
      .poll(() => smtp.messages.filter((m) => m.envelopeTo.includes(owner.email) && m.subject === `Squares in your name: ${game.title}`).length)
      .toBe(2);
    const paidMail = smtp.messages.filter((m) => m.envelopeTo.includes(owner.email) && m.subject === `Squares in your name: ${game.title}`)[1]!;
    expectBoth(paidMail, ['The organizer put these squares in your name and marked them paid: $10.00.', 'Row 5, column 5', `${game.title}: 1 square, $10.00`]);
    expect(paidMail.text).not.toContain('How to pay');
    expect(paidMail.text).not.toContain('Pay by');

    // A refused assignment (the square is taken) and a named person without an address queue nothing.
    expect((await assign({ squares: [{ x: 4, y: 4 }], to: { account: owner.username } })).statusCode).toBe(409);
    const before = await db().selectFrom('mail_queue').select('id').where('kind', '=', 'receipt').execute();
    const named = await assign({ squares: [{ x: 0, y: 9 }], to: { name: 'Aunt May' } });
    expect(named.statusCode, named.body).toBe(200);
    expect(await db().selectFrom('mail_queue').select('id').where('kind', '=', 'receipt').execute()).toHaveLength(before.length);
    expect(await queued(owner.email, 'receipt')).toHaveLength(2);
  });

  it('marking squares paid mails each player whose squares became paid one receipt; marking unpaid mails nothing (D28, D40)', async () => {
    const game = await newGame({ payment_method: 'organizer', payment_instructions: INSTRUCTIONS });
    const ann = await player('paidann');
    const bob = await player('paidbob');
    await reserve(ann, game, [
      { x: 1, y: 1 },
      { x: 1, y: 2 },
      { x: 1, y: 3 },
    ]);
    await reserve(bob, game, [{ x: 5, y: 5 }]);
    const subject = `Payment received: ${game.title}`;
    const received = (email: string) => smtp.messages.filter((m) => m.envelopeTo.includes(email) && m.subject === subject);
    const mark = async (path: 'mark-paid' | 'mark-unpaid', payload: Record<string, unknown>) => {
      const res = await asAdmin('POST', `/api/admin/games/${game.id}/squares/${path}`, payload);
      expect(res.statusCode, res.body).toBe(200);
    };

    // One square.
    await mark('mark-paid', { squares: [{ x: 1, y: 2 }] });
    const one = await smtp.waitFor(ann.email, subject);
    expectBoth(one, [`Your payment for 1 square in ${game.title} was received: paid $10.00.`, 'Your squares: Row 2, column 3.']);
    // A receipt: always sent, no unsubscribe.
    expect(one.headers['list-unsubscribe']).toBeUndefined();

    // Marked unpaid again, then all of Ann's squares paid: one mail naming the three that became paid.
    await mark('mark-unpaid', { squares: [{ x: 1, y: 2 }] });
    await mark('mark-paid', { user_id: ann.id });
    await expect.poll(() => received(ann.email).length).toBe(2);
    expectBoth(received(ann.email)[1]!, [
      `Your payment for 3 squares in ${game.title} was received: paid $30.00.`,
      'Your squares: Row 2, column 2; Row 2, column 3; Row 2, column 4.',
    ]);

    // Every square: only Bob's became paid, so only Bob is mailed.
    await mark('mark-paid', { all: true });
    const bobs = await smtp.waitFor(bob.email, subject);
    expectBoth(bobs, [`Your payment for 1 square in ${game.title} was received: paid $10.00.`, 'Your squares: Row 6, column 6.']);

    // Unpaid mails nothing; marking paid squares paid again mails nothing. A mail to follow proves the queue ran past them.
    await mark('mark-unpaid', { all: true });
    await mark('mark-paid', { squares: [{ x: 5, y: 5 }] });
    await expect.poll(() => received(bob.email).length).toBe(2);
    await mark('mark-paid', { squares: [{ x: 5, y: 5 }] });
    expect((await queued(ann.email, 'receipt')).filter((row) => row.subject === subject)).toHaveLength(2);
    expect((await queued(bob.email, 'receipt')).filter((row) => row.subject === subject)).toHaveLength(2);
  });

  it('the kickoff draw shows the numbers and mails each owner their digits in its transaction, once', async () => {
    const game = await newGame({ kickoff_at: new Date(Date.now() + HOUR).toISOString(), time_zone: ZONE, draw_at_kickoff: true });
    const carol = await player('carol');
    const dave = await player('dave');
    await buyByCard(carol, game, [{ x: 1, y: 2 }]);
    await buyByCard(dave, game, [{ x: 8, y: 0 }]);
    expect(await queued(carol.email, 'numbers-drawn')).toEqual([]);

    // Kickoff passes (the run's clock moved, not waited for); nobody presses Reveal.
    expect(await t.app.kickoffs.closeDue(new Date(Date.parse(game.kickoff_at!) + 1000))).toBeGreaterThanOrEqual(1);
    const stored = await db().selectFrom('game_grid_numbers').selectAll().where('game_id', '=', game.id).executeTakeFirstOrThrow();
    const numbers = { xAxisNumbers: parseAxis(game.id, stored.x_axis_numbers), yAxisNumbers: parseAxis(game.id, stored.y_axis_numbers) };
    const digits = (x: number, y: number) => squareDigitsLabel(CLASSIC_SHAPE, { x, y }, { teamA: 'Lions', teamB: 'Bears' }, numbers);
    const carols = await smtp.waitFor(carol.email, `Numbers drawn: ${game.title}`);
    expectBoth(carols, [`Row 2, column 3: ${digits(1, 2)}`, 'These digits hold for Q1-Q4.']);
    const daves = await smtp.waitFor(dave.email, `Numbers drawn: ${game.title}`);
    expectBoth(daves, [`Row 9, column 1: ${digits(8, 0)}`]);
    // Queued by the draw itself, with the set's stamp.
    const set = await db().selectFrom('digit_sets').select(['drawn_at', 'numbers_mailed_at']).where('game_id', '=', game.id).executeTakeFirstOrThrow();
    expect(set.drawn_at).not.toBeNull();
    expect(set.numbers_mailed_at).not.toBeNull();

    // Once: another run, and the admin hiding and showing them again, mail nothing more.
    expect(await t.app.kickoffs.closeDue(new Date(Date.parse(game.kickoff_at!) + HOUR))).toBe(0);
    expect((await asAdmin('PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: false })).statusCode).toBe(200);
    expect((await asAdmin('PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: true })).statusCode).toBe(200);
    expect(await queued(carol.email, 'numbers-drawn')).toHaveLength(1);
    expect(await queued(dave.email, 'numbers-drawn')).toHaveLength(1);
  });

  it('the first mail of a game with new numbers at halftime says which periods its digits hold for (D49)', async () => {
    const game = await newGame({ number_sets: 'halftime' });
    const erin = await player('erin');
    await buyByCard(erin, game, [{ x: 3, y: 4 }]);
    expect((await asAdmin('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true })).statusCode).toBe(200);
    expect((await asAdmin('PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: true })).statusCode).toBe(200);
    const mail = await smtp.waitFor(erin.email, `Numbers drawn for set 1 (Q1-Q2): ${game.title}`);
    expectBoth(mail, ['These digits hold for Q1-Q2 only: Q3-Q4 get new numbers.', 'Row 4, column 5: ']);
  });

  describe('the draw, a win, a payout; unsubscribing from one kind', () => {
    let game: Game;
    let alice: TestAccount;
    let bob: TestAccount;
    let numbers: { x: number[]; y: number[] };

    beforeAll(async () => {
      game = await newGame();
      alice = await player('alice');
      bob = await player('bob');
      await buyByCard(alice, game, [
        { x: 0, y: 0 },
        { x: 5, y: 7 },
      ]);
      await buyByCard(bob, game, [{ x: 3, y: 3 }]);
    });

    it('numbers hidden after the draw mail nothing; the Reveal mails each owner the digits of their squares', async () => {
      const drawn = await asAdmin('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true });
      expect(drawn.statusCode, drawn.body).toBe(200);
      expect(await queued(alice.email, 'numbers-drawn')).toEqual([]);
      expect((await asAdmin('PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: true })).statusCode).toBe(200);

      const stored = await db().selectFrom('game_grid_numbers').selectAll().where('game_id', '=', game.id).executeTakeFirstOrThrow();
      numbers = { x: parseAxis(game.id, stored.x_axis_numbers), y: parseAxis(game.id, stored.y_axis_numbers) };
      const digits = (x: number, y: number) =>
        squareDigitsLabel(CLASSIC_SHAPE, { x, y }, { teamA: 'Lions', teamB: 'Bears' }, { xAxisNumbers: numbers.x as never, yAxisNumbers: numbers.y as never });
      const mail = await smtp.waitFor(alice.email, `Numbers drawn: ${game.title}`);
      expectBoth(mail, [`Row 1, column 1: ${digits(0, 0)}`, `Row 6, column 8: ${digits(5, 7)}`]);
      expect(mail.text).not.toContain('Row 4, column 4');
      const bobs = await smtp.waitFor(bob.email, `Numbers drawn: ${game.title}`);
      expectBoth(bobs, [`Row 4, column 4: ${digits(3, 3)}`]);

      // RFC 8058: the one-click headers, and the footer's link to the page, both signed for this kind.
      const oneClick = unsubscribeHeader(mail);
      expect(oneClick).toMatch(/^http:\/\/localhost\/api\/mail\/unsubscribe\?token=u1\.[\w-]+\.numbers-drawn\.[\w-]+$/);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const page = mail.text!.match(/http:\/\/localhost\/unsubscribe\?token=\S+/)?.[0];
      expect(page).toBe(oneClick!.replace('/api/mail/unsubscribe', '/unsubscribe'));
      expect(hrefsOf(mail.html!)).toContain(page);
      expect(mail.text).toContain(UNSUBSCRIBE_TEXTS.linkLabel('Numbers are drawn'));

      // Revealing again (hide, show) tells nobody twice.
      await asAdmin('PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: false });
      await asAdmin('PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: true });
      expect(await queued(alice.email, 'numbers-drawn')).toHaveLength(1);
    });

    it('"you won" with period and amount, then "payout paid" with amount and reference', async () => {
      const res = await asAdmin('PUT', `/api/admin/games/${game.id}/periods/1`, { team_a_score: 10 + numbers.x[5]!, team_b_score: 20 + numbers.y[7]! });
      expect(res.statusCode, res.body).toBe(200);
      const amount = (res.json() as { results: { period: number; payout_amount_cents: number }[] }).results.find((r) => r.period === 1)!.payout_amount_cents;
      const dollars = `$${(amount / 100).toFixed(2)}`;
      const won = await smtp.waitFor(alice.email, `You won 1st Quarter in ${game.title}: ${dollars}`);
      expectBoth(won, [`Your square Row 6, column 8 won 1st Quarter of ${game.title}`, dollars]);
      expect(unsubscribeHeader(won)).toMatch(/\.won\./);
      expect(await queued(bob.email, 'won')).toEqual([]);

      const paid = await asAdmin('POST', `/api/admin/games/${game.id}/periods/1/payout/mark-paid`, { reference: 'Venmo 4471' });
      expect(paid.statusCode, paid.body).toBe(200);
      const mail = await smtp.waitFor(alice.email, `Your 1st Quarter winnings in ${game.title} were paid`);
      expectBoth(mail, [`Your winnings for 1st Quarter of ${game.title} were paid: ${dollars}.`, 'Reference: Venmo 4471']);
      expect(unsubscribeHeader(mail)).toMatch(/\.payout-paid\./);
    });

    it('a bad signature is refused in words; the one-click POST turns off that kind only, from any origin and without a login', async () => {
      // The link as the mail carried it (a sent mail's queue row keeps no copy).
      const won = smtp.messages.find((m) => m.envelopeTo.includes(alice.email) && m.subject.startsWith(`You won 1st Quarter in ${game.title}`))!;
      const oneClick = unsubscribeHeader(won)!;
      const url = new URL(oneClick);
      const token = url.searchParams.get('token')!;
      const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
      for (const bad of [tampered, token.replace('.won.', '.numbers-drawn.'), 'u1.x.won.y', '']) {
        const res = await t.app.inject({ method: 'POST', url: `/api/mail/unsubscribe?token=${encodeURIComponent(bad)}`, payload: {} });
        expect(res.statusCode, bad).toBe(400);
        if (bad !== '') expect(res.json()).toMatchObject({ error: { code: 'BAD_UNSUBSCRIBE_LINK', message: UNSUBSCRIBE_TEXTS.badLink } });
      }
      // A mail client without one-click opens the header's URL in a browser: it lands on our page, nothing changed yet.
      const opened = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(opened.statusCode).toBe(303);
      expect(opened.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
      // Never a redirect elsewhere: the location is our page's path, whatever the token says.
      const elsewhere = await t.app.inject({ method: 'GET', url: `/api/mail/unsubscribe?token=${encodeURIComponent('//evil.example/x')}` });
      expect(elsewhere.headers.location).toBe('/unsubscribe?token=%2F%2Fevil.example%2Fx');
      expect(await db().selectFrom('mail_preferences').selectAll().where('user_id', '=', alice.id).execute()).toEqual([]);

      // A mail client's RFC 8058 POST: a form body, no cookie, a foreign origin.
      const res = await postOneClick(t.app, oneClick);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ kind: 'won', label: 'You won', on: false, message: UNSUBSCRIBE_TEXTS.done('You won') });

      // Q2 won by alice again: no "you won" mail, but its payout still mails her.
      const q2 = await asAdmin('PUT', `/api/admin/games/${game.id}/periods/2`, { team_a_score: numbers.x[5]!, team_b_score: numbers.y[7]! });
      expect(q2.statusCode, q2.body).toBe(200);
      expect((await asAdmin('POST', `/api/admin/games/${game.id}/periods/2/payout/mark-paid`, {})).statusCode).toBe(200);
      await smtp.waitFor(alice.email, `Your 2nd Quarter winnings in ${game.title} were paid`);
      expect((await queued(alice.email, 'won')).map((m) => m.subject)).toEqual([expect.stringContaining('You won 1st Quarter')]);

      // The account page reads the same choice; the page's undo turns it back on.
      const choices = await send(t.app, 'GET', '/api/me/mail-preferences', { cookie: alice.cookie });
      expect((choices.json() as { kinds: { kind: string; on: boolean }[] }).kinds.filter((k) => !k.on).map((k) => k.kind)).toEqual(['won']);
      // The undo is only posted by our own page: from another site it is refused like any other write.
      const foreign = await t.app.inject({
        method: 'POST',
        url: `/api/mail/resubscribe?token=${encodeURIComponent(token)}`,
        headers: { origin: 'https://mail.example.net' },
      });
      expect(foreign.statusCode).toBe(403);
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/mail/resubscribe?token=${encodeURIComponent(token)}`,
        headers: { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
      });
      expect(again.json()).toMatchObject({ kind: 'won', on: true, message: UNSUBSCRIBE_TEXTS.resubscribed('You won') });
      expect(await db().selectFrom('mail_preferences').selectAll().where('user_id', '=', alice.id).execute()).toEqual([]);
    });
  });

  it('the pay-by reminder goes once per player and game, across two runs and two instances; a paid player gets none', async () => {
    const payBy = new Date(Date.now() + 6 * HOUR).toISOString();
    const game = await newGame({ payment_method: 'organizer', payment_instructions: INSTRUCTIONS, pay_by: payBy, time_zone: ZONE });
    const owes = await player('owes');
    const paid = await player('paidup');
    await reserve(owes, game, [{ x: 1, y: 1 }]);
    await reserve(paid, game, [{ x: 2, y: 2 }]);
    const marked = await asAdmin('POST', `/api/admin/games/${game.id}/squares/mark-paid`, { squares: [{ x: 2, y: 2 }] });
    expect(marked.statusCode, marked.body).toBe(200);

    // Reserved 6 h before the pay-by time: reminded halfway, 3 h before it.
    expect(await t.app.gameMails.remindDue(new Date(Date.now() + 2 * HOUR))).toBe(0);
    const at = new Date(Date.now() + 4 * HOUR);
    const otherInstance = gameMails({ db: t.db.handle.db, mail: t.app.mailQueue, log: t.app.log, clock: () => at, origin: () => PUBLIC_URL });
    const counts = await Promise.all([t.app.gameMails.remindDue(at), otherInstance.remindDue(at)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await otherInstance.remindDue(new Date(at.getTime() + HOUR))).toBe(0);
    expect(await t.app.gameMails.remindDue(new Date(at.getTime() + HOUR))).toBe(0);

    const mail = await smtp.waitFor(owes.email, `Reminder: pay for your squares in ${game.title} by ${formatGameTime(payBy, ZONE)}`);
    expectBoth(mail, ['You still owe $10.00 for 1 square', 'Row 2, column 2', `How to pay the organizer: ${INSTRUCTIONS}`]);
    expect(unsubscribeHeader(mail)).toMatch(/\.pay-by-reminder\./);
    expect(await queued(owes.email, 'pay-by-reminder')).toHaveLength(1);
    expect(await queued(paid.email, 'pay-by-reminder')).toEqual([]);
  });

  it('the account page lists every opt-out kind (announcements too); any opt-out kind is held back when off and carries its link when on', async () => {
    const quiet = await player('quiet');
    const loud = await player('loud');
    const list = await send(t.app, 'GET', '/api/me/mail-preferences', { cookie: quiet.cookie });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { kinds: { kind: string; label: string; on: boolean }[] }).kinds).toEqual(
      OPT_OUT_KINDS.map(({ kind, label }) => ({ kind, label, on: true })),
    );
    expect((await send(t.app, 'GET', '/api/me/mail-preferences')).statusCode).toBe(401);
    const bad = await send(t.app, 'POST', '/api/me/mail-preferences', { cookie: quiet.cookie, payload: { kind: 'receipt', on: false } });
    expect(bad.statusCode).toBe(400);
    const off = await send(t.app, 'POST', '/api/me/mail-preferences', { cookie: quiet.cookie, payload: { kind: 'announcement', on: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json() as { kinds: { kind: string; on: boolean }[] }).kinds.find((k) => k.kind === 'announcement')).toEqual({
      kind: 'announcement',
      label: 'Announcements from organizers',
      on: false,
    });

    // What the announcements feature will queue: only the kind names it; the queue does the rest.
    const announcement = (to: string) => ({
      to,
      subject: 'Pool news',
      text: 'Hi,\n\nKickoff moved.\n',
      html: '<html><body><p>Kickoff moved.</p></body></html>',
      kind: 'announcement' as const,
    });
    await t.app.mailQueue.send(announcement(quiet.email));
    await t.app.mailQueue.send(announcement(loud.email));
    const mail = await smtp.waitFor(loud.email, 'Pool news');
    expect(unsubscribeHeader(mail)).toMatch(/\.announcement\./);
    expect(mail.text).toContain(UNSUBSCRIBE_TEXTS.linkLabel('Announcements from organizers'));
    expect(await queued(quiet.email, 'announcement')).toEqual([]);
  });

  it('signed links need the app secret: one signed with another secret is refused', async () => {
    const someone = await player('other-secret');
    const forged = unsubscribeSigner('another-secret-another-secret-0123456789').token(someone.id, 'won');
    const res = await t.app.inject({ method: 'POST', url: `/api/mail/unsubscribe?token=${encodeURIComponent(forged)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'BAD_UNSUBSCRIBE_LINK' } });
  });

  it('after an e-mail change the old address is told (an account mail: no unsubscribe)', async () => {
    const mover = await testAccount(t, { prefix: 'mover' });
    const newEmail = `moved.${mover.email}`;
    const res = await send(t.app, 'POST', '/api/me/email', { cookie: mover.cookie, payload: { email: newEmail, currentPassword: mover.password } });
    expect(res.statusCode, res.body).toBe(200);
    const confirm = await smtp.waitFor(newEmail, 'Confirm your new Squares Pool e-mail address');
    const link = confirm.text!.match(/http:\/\/localhost\/api\/auth\/verify-email\?\S+/)![0];
    expect((await followLink(t.app, link)).statusCode).toBe(302);
    const notice = await smtp.waitFor(mover.email, 'Your Squares Pool e-mail address was changed');
    expectBoth(notice, [`was changed to ${newEmail}`, 'Put my address back', 'within 7 days']);
    // docs/decisions/039: its link is the undo, not advice to reset a password the new address would get.
    expect(notice.text).toMatch(/http:\/\/localhost\/email-undo\?token=[\w.%-]+/);
    expect(notice.text).not.toContain('reset your password');
    expect(notice.headers['list-unsubscribe']).toBeUndefined();
    await vi.waitFor(async () => expect((await queued(mover.email, 'email-changed')).length).toBe(1));
  });
});
