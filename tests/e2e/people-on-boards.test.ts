import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Game } from '../../src/core/api/games';
import { NO_ACCOUNT_LEGEND } from '../../src/core/person';
import { SAME_ORIGIN, testAccount, type TestAccount } from '../support/accounts';
import { expectNoSeriousViolations, horizontalOverflow, shoot, uniqueTitle, useBrowserHarness } from '../support/e2e';
import { insertUser } from '../support/fixtures';
import { sellSquares } from '../support/game-day';
import type { TestServer } from '../support/server';

// How people are named and shown on boards (D44, D48), at 1280 and 375 px:
// - a named person without an account is marked by a sign on the board's cells, never by words
//   that eat the name ("Li Wei (no…"); the legend says what the sign means; text keeps the words;
// - a phone's short labels have a key (label, colour, full name), folded when long;
// - a visitor who taps a claimed square is told whose it is, as a player is; only an available
//   square sends them to log in;
// - the printed board wraps names between words, never inside one ("Grandm a Rose").

const harness = useBrowserHarness();
let server: TestServer;
let admin: TestAccount;
const PHONE = { width: 375, height: 812 } as const;
const DESKTOP = { width: 1280, height: 900 } as const;

/** Named people (no account), first in reading order; the last has a word wider than a printed square. */
const NAMED = ['Li Wei', 'Uncle Bob', 'Grandma Rose', 'Bartholomew Featherstonehaugh'] as const;

beforeAll(async () => {
  ({ server } = harness);
  admin = await testAccount(server, { admin: true });
});

async function api<T>(method: 'POST' | 'PUT', url: string, payload: object): Promise<T> {
  const res = await server.app.inject({ method, url, headers: { origin: SAME_ORIGIN, cookie: admin.cookie }, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

/**
 * A 100-square board: rows 0-3 belong to the named people (a row each), rows 4-8 to eight
 * accounts in turn (twelve owners in all, so the key starts folded), row 9 unsold.
 */
async function boardWithNamedPeople(): Promise<{ game: Game; usernames: string[] }> {
  const { game } = await api<{ game: Game }>('POST', '/api/admin/games', {
    title: uniqueTitle('Family Pool'),
    team_a: 'Lions',
    team_b: 'Bears',
    price_per_square: 5,
    payment_method: 'organizer',
    payment_instructions: 'Cash to Grandma',
  });
  const users: { id: string; username: string }[] = [];
  for (let i = 0; i < 8; i += 1) users.push(await insertUser(server.db.handle, `player${i}_${Math.random().toString(36).slice(2, 6)}@example.com`));
  await sellSquares(server.db.handle, game.id, (x, y) => (x >= 4 && x <= 8 ? users[(x * 10 + y) % users.length]!.id : null));
  for (const [x, name] of NAMED.entries()) {
    await api('POST', `/api/admin/games/${game.id}/squares/assign`, { squares: Array.from({ length: 10 }, (_, y) => ({ x, y })), to: { name } });
  }
  return { game, usernames: users.map((user) => user.username) };
}

const cell = (page: Page, x: number, y: number) => page.locator(`[data-testid="board"] button[data-x="${x}"][data-y="${y}"]`);

/** The text a person sees in the board's cells (screen-reader words left out). */
const seenInCells = (page: Page) =>
  page
    .locator('[data-testid="board"] button')
    .evaluateAll((cells) =>
      cells.map((button) =>
        [...button.querySelectorAll<HTMLElement>('[data-label], [data-cell-name]')].map((part) => (part.offsetParent ? part.innerText : '')).join(' '),
      ),
    );

describe('named people on the board (D48) and the key to short labels (D44)', () => {
  test('a sign, not words, marks "no account" on cells; the legend explains it; the key lists label, colour and name', { timeout: 120_000 }, async () => {
    const { game, usernames } = await boardWithNamedPeople();
    for (const size of [DESKTOP, PHONE]) {
      const { page } = await harness.open(`/game/${game.id}`, { as: 'player', ...size });
      const li = cell(page, 0, 0);
      await li.waitFor();
      // Nothing a person sees on a cell is cut by the mark's words.
      await expect.poll(async () => (await seenInCells(page)).filter((text) => /\(no|no account/.test(text))).toEqual([]);
      // The sign is there; the cell's name (for screen readers) and its tooltip keep the words.
      await expect.poll(() => li.locator('[data-no-account]').count()).toBe(1);
      await expect.poll(() => li.locator('[data-name]').textContent()).toContain('Li Wei (no account)');
      await expect.poll(() => cell(page, 5, 0).locator('[data-no-account]').count()).toBe(0);
      if (size === DESKTOP) {
        await expect.poll(() => li.locator('[data-cell-name]').innerText()).toBe('Li Wei');
        await expect.poll(() => cell(page, 1, 3).locator('[data-cell-name]').innerText()).toBe('Uncle Bob');
      } else {
        await expect.poll(() => li.locator('[data-label]').innerText()).toBe('LW');
      }
      await expect.poll(() => page.getByTestId('legend-no-account').textContent()).toBe(NO_ACCOUNT_LEGEND);

      // The key: twelve owners, so folded; a keyboard opens it; each line is a cell's label, colour and name.
      const key = page.getByTestId('owner-key');
      await expect.poll(() => key.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
      await key.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => key.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
      const entries = key.getByTestId('owner-key-entry');
      await expect.poll(() => entries.count()).toBe(12);
      const names = await key.getByTestId('owner-key-name').allTextContents();
      expect(names.slice(0, 4)).toEqual(NAMED.map((name) => `${name} (no account)`));
      expect(new Set(names.slice(4))).toEqual(new Set(usernames));
      const labels = await key.getByTestId('owner-key-label').allTextContents();
      expect(new Set(labels.map((label) => label.toLowerCase())).size).toBe(12);
      // Li Wei's line has her cells' label and colour.
      const keyColour = await key
        .getByTestId('owner-key-label')
        .first()
        .evaluate((label) => getComputedStyle(label).backgroundColor);
      await expect.poll(() => li.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(keyColour);
      expect(labels[0]).toBe('LW');
      // Screen readers get the list under its name.
      await expect.poll(() => page.getByRole('list', { name: 'Who is who on the board' }).getByRole('listitem').count()).toBe(12);
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
      await expectNoSeriousViolations(page, `board with named people, ${size.width} px`);
      await shoot(page, `board-named-people-${size.width}`);
    }
  });

  test('a visitor who taps a claimed square is told whose it is; only an available square asks them to log in', { timeout: 120_000 }, async () => {
    const { game } = await boardWithNamedPeople();
    for (const size of [DESKTOP, PHONE]) {
      const { page } = await harness.open(`/game/${game.id}`, { as: 'visitor', ...size });
      await cell(page, 0, 0).click();
      const said = 'This square is already claimed by Li Wei (no account).';
      await expect.poll(() => page.getByTestId('square-note').textContent()).toBe(said);
      await expect.poll(() => page.getByTestId('board-said').textContent()).toContain(said);
      expect(new URL(page.url()).pathname).toBe(`/game/${game.id}`);
      await shoot(page, `board-visitor-note-${size.width}`);
      await cell(page, 9, 9).click();
      await page.waitForURL(`${server.url}/login`);
    }
  });
});

/**
 * Every word of every name on the printed squares sits on one line: for each word of the text,
 * the boxes it is drawn in all share one top. A word wider than its square may be cut (ellipsis),
 * never split.
 */
const wordsSplitAcrossLines = (page: Page) =>
  page.locator('[data-testid="print-square"] [data-cell-name]').evaluateAll((names) => {
    const split: string[] = [];
    for (const name of names) {
      const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (tops.size > 1) split.push(match[0]);
        }
      }
    }
    return split;
  });

describe('the printed board (D42, D48)', () => {
  test('names wrap between words, never inside one, on screen and at the page size; "no account" is a sign with a legend', { timeout: 180_000 }, async () => {
    const { game } = await boardWithNamedPeople();
    for (const size of [DESKTOP, PHONE]) {
      const { page } = await harness.open(`/game/${game.id}/print`, { as: 'player', ...size });
      await page.getByTestId('print-sheet').waitFor();
      const bart = page.locator('[data-testid="print-square"][data-x="3"][data-y="0"]');
      await expect.poll(() => bart.locator('[data-cell-name]').count()).toBe(1);
      await expect.poll(() => wordsSplitAcrossLines(page), { message: `${size.width} px` }).toEqual([]);
      await expect.poll(() => bart.locator('[data-no-account]').count()).toBe(1);
      await expect.poll(() => bart.textContent()).toContain('Bartholomew Featherstonehaugh (no account)');
      await expect.poll(() => page.getByTestId('print-no-account-legend').textContent()).toBe(NO_ACCOUNT_LEGEND);
      await shoot(page, `print-named-people-${size.width}`);
    }
    // As printed: print media, the sheet's landscape page (11 x 8.5 in at 96 px an inch).
    const { page } = await harness.open(`/game/${game.id}/print`, { as: 'player', width: 1056, height: 816 });
    await page.getByTestId('print-sheet').waitFor();
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.getByTestId('print-button').isVisible()).toBe(false);
    await expect.poll(() => wordsSplitAcrossLines(page), { message: 'print media' }).toEqual([]);
    await shoot(page, 'print-named-people-print-media', false);
  });
});
