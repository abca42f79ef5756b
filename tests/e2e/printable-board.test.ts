import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { GameDayView } from '../../src/core/api/game-day';
import type { Game } from '../../src/core/api/games';
import { SAME_ORIGIN, testAccount, type TestAccount } from '../support/accounts';
import { expectNoSeriousViolations, horizontalOverflow, shoot, uniqueTitle, useBrowserHarness } from '../support/e2e';
import { insertUser } from '../support/fixtures';
import { sellSquares } from '../support/game-day';
import type { TestServer } from '../support/server';

// D42 in the browser: /game/:id/print for boards of 100 (a new set at halftime, both drawn and
// revealed, Q1 won), 50 (drawn, not revealed) and 25 squares (invite-only, nothing drawn), printed
// to PDF by Chromium on Letter and A4 landscape: each PDF is one page. axe on the screen page, a
// 375 px phone, the board's Print link and the access rule. PDFs, their pages as PNG (pdftoppm)
// and screenshots go to SHOTS_DIR when it is set, for a person to look at.

const SHOTS = process.env.SHOTS_DIR;
const harness = useBrowserHarness();
let server: TestServer;
let admin: TestAccount;

/** Owners with a short, a middling and a 28-character name (cut to fit a cell). */
let owners: { id: string; username: string }[];

beforeAll(async () => {
  ({ server } = harness);
  admin = await testAccount(server, { admin: true });
  owners = [
    await insertUser(server.db.handle, `ann_${Math.random().toString(36).slice(2, 6)}@example.com`),
    await insertUser(server.db.handle, `bob_the_builder_${Math.random().toString(36).slice(2, 6)}@example.com`),
    await insertUser(server.db.handle, `maximilian_wolfeschlegel_${Math.random().toString(36).slice(2, 5)}@example.com`),
  ];
});

async function api<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200): Promise<T> {
  const res = await server.app.inject({ method, url, headers: { origin: SAME_ORIGIN, cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

async function newGame(fields: Record<string, unknown>): Promise<Game> {
  const body = await api<{ game: Game }>('POST', '/api/admin/games', { team_a: 'Lions', team_b: 'Bears', price_per_square: 10, ...fields }, 201);
  return body.game;
}

/** Every square but the last row's last two, owned in turn by the three owners. */
async function sellMost(game: Game, rows: number, columns: number) {
  await sellSquares(server.db.handle, game.id, (x, y) => (x === rows - 1 && y >= columns - 2 ? null : owners[(x * columns + y) % owners.length]!.id));
}

/** The number of pages of a PDF: its page objects (`/Type /Page`, not `/Pages`). */
function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}

/**
 * The print page's PDF on Letter and A4 landscape (print media, as a browser prints): one page
 * each; saved and drawn as PNG for a person to look at.
 */
async function expectOnePage(page: Page, name: string) {
  for (const format of ['Letter', 'A4'] as const) {
    const pdf = await page.pdf({ format, landscape: true });
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      const file = join(SHOTS, `print-${name}-${format}.pdf`);
      writeFileSync(file, pdf);
      // Every page as a PNG (print-NAME-FORMAT-1.png, -2.png ...), to look at.
      if (existsSync('/usr/bin/pdftoppm')) execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '80', file, file.replace(/\.pdf$/, '')]);
    }
    expect(pageCount(pdf), `${name} on ${format}`).toBe(1);
  }
}

/** What the cells show (their screen-reader words left out). */
const texts = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluateAll((cells) =>
    cells.map((cell) =>
      [...cell.childNodes]
        .filter((node) => !(node instanceof HTMLElement && node.classList.contains('sr-only')))
        .map((node) => node.textContent)
        .join(''),
    ),
  );
const square = (page: Page, x: number, y: number) => page.locator(`[data-testid="print-square"][data-x="${x}"][data-y="${y}"]`);

async function openPrint(gameId: string, as: 'admin' | 'player' | 'visitor' | TestAccount = admin, width = 1280) {
  const opened = await harness.open(`/game/${gameId}/print`, { as, width, height: width < 500 ? 812 : 900 });
  await opened.page.getByTestId('print-sheet').waitFor();
  return opened;
}

describe('the printable board (D42)', () => {
  test('100 squares with a new set at halftime: names, both sets on the axes, Q1 won, one page on Letter and A4', { timeout: 240_000 }, async () => {
    const game = await newGame({
      title: uniqueTitle('Office Pool With A Rather Long Title For The Big Game Against Our Rivals'),
      number_sets: 'halftime',
      payout_schedule: 'custom',
      payout_shares: [20, 20, 20, 30],
      organizer_percent: 10,
      organizer_label: 'Food Bank',
      unbought_rule: 'roll',
    });
    await sellMost(game, 10, 10);
    await api('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true });
    await api('PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: true });
    const drawn = await api<GameDayView>('POST', `/api/admin/games/${game.id}/number-sets/2/draw`);
    await expect
      .poll(async () => (await api<GameDayView>('GET', `/api/admin/games/${game.id}/game-day`)).digit_sets.every((set) => set.x_axis_numbers !== null))
      .toBe(true);
    const [one, two] = (await api<GameDayView>('GET', `/api/admin/games/${game.id}/game-day`)).digit_sets;
    expect(drawn.digit_sets).toHaveLength(2);
    // Q1: row 3 / column 5 by set 1's digits.
    await api('PUT', `/api/admin/games/${game.id}/periods/1`, { team_a_score: 10 + one!.x_axis_numbers![2]!, team_b_score: one!.y_axis_numbers![4]! });

    // The board's "Print the board" opens the sheet.
    const { page: boardPage } = await harness.open(`/game/${game.id}`, { as: 'player' });
    await boardPage.getByTestId('print-board-link').click();
    await boardPage.getByTestId('print-sheet').waitFor();
    expect(new URL(boardPage.url()).pathname).toBe(`/game/${game.id}/print`);

    const { page } = await openPrint(game.id, 'player');
    await expect.poll(() => page.getByTestId('print-title').textContent()).toBe(game.title);
    await expect.poll(() => page.getByTestId('print-teams').textContent()).toBe('Lions vs Bears');
    await expect
      .poll(() => page.getByTestId('print-facts').textContent())
      .toBe('100 squares · $10.00 per square · Pot $980.00 · 98 of 100 sold · Numbers revealed');
    await expect.poll(() => page.locator('[data-testid="print-square"]').count()).toBe(100);
    // Names on squares (the long one whole in the page, cut by CSS in the cell); the unsold squares blank.
    await expect.poll(() => square(page, 0, 0).textContent()).toContain(owners[0]!.username);
    await expect.poll(() => square(page, 0, 2).textContent()).toContain(owners[2]!.username);
    await expect.poll(() => square(page, 9, 9).textContent()).toContain('not sold');
    // Both sets: set 1 nearest the grid's corner, set 2 beside it, each labelled with its quarters.
    await expect.poll(() => texts(page, 'print-column-digit-1')).toEqual(one!.y_axis_numbers!.map(String));
    await expect.poll(() => texts(page, 'print-row-digit-1')).toEqual(one!.x_axis_numbers!.map(String));
    await expect.poll(() => texts(page, 'print-column-digit-2')).toEqual(two!.y_axis_numbers!.map(String));
    await expect.poll(() => texts(page, 'print-row-digit-2')).toEqual(two!.x_axis_numbers!.map(String));
    await expect.poll(() => page.getByTestId('print-row-digit-2').first().textContent()).toContain('Set 2 (Q3-Q4), rows: ');
    await expect.poll(() => page.getByTestId('print-grid').textContent()).toContain('Q3-Q4');
    // Q1's winning square is marked.
    await expect.poll(() => square(page, 2, 4).getAttribute('data-won')).toBe('Q1');
    // The rules the board shows (D34, D37): custom shares, the Food Bank's share, roll forward, overtime.
    const rules = page.getByTestId('payout-rules');
    await expect.poll(() => rules.textContent()).toContain('Food Bank gets 10%');
    await expect.poll(() => rules.textContent()).toContain('Overtime counts toward the Final score');
    await expect.poll(() => page.getByTestId('payout-unbought').textContent()).toMatch(/roll/i);
    // A player's QR code opens the plain game link.
    await expect.poll(() => page.getByTestId('print-qr-block').getAttribute('data-link')).toBe(`${server.url}/game/${game.id}`);
    await page.getByRole('img', { name: 'QR code of the game link' }).waitFor();

    await expectNoSeriousViolations(page, 'print page, 100 squares, 1280 px');
    await shoot(page, 'print-100-halftime-1280');
    // In print the Print button is gone and the sheet is one landscape page on either paper.
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.getByTestId('print-button').isVisible()).toBe(false);
    await page.setViewportSize({ width: 1056, height: 816 });
    await shoot(page, 'print-100-halftime-print-media', false);
    await expectOnePage(page, '100-halftime');
    await page.emulateMedia({ media: null });

    // On a phone before printing: the page does not run sideways (the grid scrolls in its own box), and axe is content.
    const phone = (await openPrint(game.id, 'player', 375)).page;
    await expect.poll(() => horizontalOverflow(phone)).toBe(0);
    await expect.poll(() => phone.getByTestId('print-button').isVisible()).toBe(true);
    await expectNoSeriousViolations(phone, 'print page, 375 px');
    await shoot(phone, 'print-100-halftime-375');
  });

  test('50 squares drawn but not revealed: names, blank axes (D16), one page; revealed: two digits per row', { timeout: 180_000 }, async () => {
    const game = await newGame({ title: uniqueTitle('Fifty Square Pool'), board_size: 50 });
    await sellMost(game, 5, 10);
    const drawn = await api<GameDayView>('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true });
    const numbers = drawn.numbers!;
    // The admin receives the digits before they are revealed; the sheet waits as the board does.
    const { page } = await openPrint(game.id);
    await expect.poll(() => page.locator('[data-testid="print-square"]').count()).toBe(50);
    await expect.poll(() => texts(page, 'print-column-digit-1')).toEqual(Array(10).fill(''));
    await expect.poll(() => texts(page, 'print-row-digit-1')).toEqual(Array(5).fill(''));
    await expect.poll(() => page.getByTestId('print-column-digit-1').first().textContent()).toBe('Numbers, not drawn yet: ');
    await expect.poll(() => page.getByTestId('print-facts').textContent()).toContain('Numbers drawn, not revealed yet');
    await expect.poll(() => square(page, 4, 0).textContent()).toContain(owners[40 % 3]!.username);

    await api('PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: true });
    await page.reload();
    await page.getByTestId('print-sheet').waitFor();
    const pairs = Array.from({ length: 5 }, (_, i) => `${numbers.x_axis_numbers[2 * i]} / ${numbers.x_axis_numbers[2 * i + 1]}`);
    await expect.poll(() => texts(page, 'print-row-digit-1')).toEqual(pairs);
    await expect.poll(() => texts(page, 'print-column-digit-1')).toEqual(numbers.y_axis_numbers.map(String));
    await expectNoSeriousViolations(page, 'print page, 50 squares');
    await shoot(page, 'print-50-1280');
    await expectOnePage(page, '50-revealed');
  });

  test(
    "25 squares, invite-only: the admin's QR code is the invite link, a member's the plain link, a stranger's page is not found; one page",
    { timeout: 180_000 },
    async () => {
      const game = await newGame({ title: uniqueTitle('Quarter Board'), board_size: 25, visibility: 'invite' });
      await sellMost(game, 5, 5);
      const token = (await server.db.handle.db.selectFrom('games').select('invite_token').where('id', '=', game.id).executeTakeFirstOrThrow()).invite_token!;

      const { page } = await openPrint(game.id);
      await expect.poll(() => page.locator('[data-testid="print-square"]').count()).toBe(25);
      await expect.poll(() => page.getByTestId('print-qr-block').getAttribute('data-link')).toBe(`${server.url}/game/${game.id}?invite=${token}`);
      await page.getByRole('img', { name: 'QR code of the invite link' }).waitFor();
      await expect.poll(() => square(page, 0, 1).textContent()).toContain(owners[1]!.username);
      await expect.poll(() => page.getByTestId('print-facts').textContent()).toContain('Numbers not drawn yet');
      await expectNoSeriousViolations(page, 'print page, 25 squares');
      await shoot(page, 'print-25-invite-1280');
      await expectOnePage(page, '25-invite');

      // A player who opens the print page by the invite link: the plain link on the sheet.
      const member = await harness.open(`/game/${game.id}/print?invite=${token}`, { as: 'player', waitFor: 'none' });
      await member.page.getByTestId('print-sheet').waitFor();
      await expect.poll(() => member.page.getByTestId('print-qr-block').getAttribute('data-link')).toBe(`${server.url}/game/${game.id}`);
      await expect.poll(() => member.page.content()).not.toContain(token);

      // Anyone else: not found, as on the board.
      const stranger = await harness.open(`/game/${game.id}/print`, { as: 'player', waitFor: 'none' });
      await stranger.page.getByTestId('game-not-found').waitFor();
      await expect.poll(() => stranger.page.getByTestId('print-sheet').count()).toBe(0);
    },
  );
});
