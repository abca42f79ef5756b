import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { testAccount } from '../support/accounts';
import { cell, expectNoSeriousViolations, headingNamed, horizontalOverflow, savedCart, toast, uniqueTitle, useBrowserHarness } from '../support/e2e';
import { insertGame, insertNumbers, insertPeriodResult, insertSquares, insertUser } from '../support/fixtures';

// Issue 23, part 2, items 2-5: an old cart does not follow its player onto game day (its lines of
// games that no longer sell leave the cart with a word, on the board, /cart and /payment); a
// sold-out game says so; a cash game's card shows its pot; names on desktop cells never break
// inside a word.

const SHOTS = process.env.SHOTS_DIR;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const AXIS = [3, 1, 4, 0, 5, 9, 2, 6, 8, 7];
const harness = useBrowserHarness();
const db = () => harness.server.db.handle.db;

const seven = Array.from({ length: 7 }, (_, i) => ({ x: 8, y: i }));
const cartLine = (game: { id: string; title: string }, squares: { x: number; y: number }[] = seven) => ({
  game_id: game.id,
  game_title: game.title,
  price_per_square: 10,
  squares,
});

/** A game on game day: numbers drawn and revealed, the first quarter confirmed. */
async function gameDayGame(organizer = false) {
  const title = uniqueTitle('Game Day');
  const owner = await insertUser(harness.server.db.handle);
  const id = await insertGame(harness.server.db.handle, { title, squares_claimed: 1, total_pot_cents: 1000 });
  if (organizer) await db().updateTable('games').set({ payment_method: 'organizer', payment_instructions: 'Cash to Pat' }).where('id', '=', id).execute();
  await insertSquares(harness.server.db.handle, id, [{ x: 0, y: 0, userId: owner.id }]);
  await insertNumbers(harness.server.db.handle, id, AXIS, [...AXIS].reverse(), { revealed: true });
  await insertPeriodResult(harness.server.db.handle, id, { period: 1, teamA: 13, teamB: 7, square: { x: 0, y: 0, userId: owner.id } });
  return { id, title };
}

/** A game whose every square is sold, to someone else. */
async function soldOutGame() {
  const title = uniqueTitle('Full House');
  const owner = await insertUser(harness.server.db.handle);
  const id = await insertGame(harness.server.db.handle, { title, squares_claimed: 100, total_pot_cents: 100_000 });
  const squares = Array.from({ length: 100 }, (_, i) => ({ x: Math.floor(i / 10), y: i % 10, userId: owner.id }));
  await insertSquares(harness.server.db.handle, id, squares);
  return { id, title };
}

const removedWord = (count: number, title: string, reason: string) =>
  `${count === 1 ? '1 square' : `${count} squares`} of ${title} ${count === 1 ? 'was' : 'were'} removed from your cart. ${reason}`;
const DRAWN = 'Sales are closed: the numbers have been drawn.';
const SOLD_OUT = 'Sold out: every square is taken, there are no squares left to pick.';

const cartGameIds = async (page: Page) => ((await savedCart(page)) as { game_id: string }[] | null)?.map((line) => line.game_id) ?? [];

describe('an old cart on game day (issue 23 item 2)', () => {
  for (const [name, size] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    test(`on the board at ${name} px: the drawn game's squares leave the cart with a word, and no Checkout bar shows`, async () => {
      const game = await gameDayGame();
      const open = await insertGame(harness.server.db.handle, { title: uniqueTitle('Still Selling') });
      const { page } = await harness.open(`/game/${game.id}`, {
        as: 'player',
        ...size,
        cart: [cartLine(game), cartLine({ id: open, title: 'Still Selling' }, [{ x: 1, y: 1 }])],
      });
      await toast(page, removedWord(7, game.title, DRAWN)).waitFor();
      await expect.poll(() => cartGameIds(page)).toEqual([open]);
      await page.getByTestId('quarter-results').first().waitFor();
      await expect.poll(() => page.getByTestId('selection-bar').count()).toBe(0);
      await expect.poll(() => page.getByTestId('selection-checkout').count()).toBe(0);
      // None of the seven squares shows as in the cart.
      await expect.poll(() => page.locator('[role="gridcell"] button[data-state="in-cart"]').count()).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/old-cart-board-${name}.png`, fullPage: name === '375' });
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
    });
  }

  test('on /cart: lines of a drawn game and of a deleted game leave with a word each; an open game stays', async () => {
    const drawn = await gameDayGame();
    const open = { id: await insertGame(harness.server.db.handle, { title: uniqueTitle('Open') }), title: 'Open' };
    const gone = { id: crypto.randomUUID(), title: 'Deleted Bowl' };
    const { page } = await harness.open('/cart', {
      as: 'player',
      ...PHONE,
      cart: [cartLine(drawn), cartLine(open, [{ x: 2, y: 2 }]), cartLine(gone, [{ x: 0, y: 1 }])],
    });
    await toast(page, removedWord(7, drawn.title, DRAWN)).waitFor();
    await toast(page, removedWord(1, 'Deleted Bowl', 'This game no longer exists.')).waitFor();
    await expect.poll(() => cartGameIds(page)).toEqual([open.id]);
    await expect.poll(() => page.getByTestId('cart-game').count()).toBe(1);
    await page.getByRole('link', { name: 'Proceed to Payment' }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/old-cart-cart-375.png`, fullPage: true });
    await expectNoSeriousViolations(page);
  });

  test('on /payment: "Reserve 7 squares" of a drawn cash game is not offered; the lines leave with a word and the empty cart shows', async () => {
    const drawn = await gameDayGame(true);
    const { page } = await harness.open('/payment', { as: 'player', ...PHONE, cart: [cartLine(drawn)], waitFor: 'none' });
    await toast(page, removedWord(7, drawn.title, DRAWN)).waitFor();
    await headingNamed(page, 'Your Cart').waitFor();
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await expect.poll(() => savedCart(page)).toEqual([]);
  });

  test('on /payment: a line it cannot pay (a square taken since) can be removed there', async () => {
    const title = uniqueTitle('Busy Bowl');
    const id = await insertGame(harness.server.db.handle, { title });
    const other = await insertUser(harness.server.db.handle);
    await insertSquares(harness.server.db.handle, id, [{ x: 4, y: 4, userId: other.id }]);
    const { page } = await harness.open('/payment', {
      as: 'player',
      ...PHONE,
      cart: [
        cartLine({ id, title }, [
          { x: 4, y: 4 },
          { x: 4, y: 5 },
        ]),
      ],
    });
    const problem = page.getByTestId('payment-line-problem');
    await expect.poll(() => problem.locator('p').textContent()).toBe(`Row 5, column 5: This square is already claimed by ${other.username}.`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/payment-line-problem-375.png`, fullPage: true });
    await problem.getByRole('button', { name: `Remove unavailable squares of ${title}` }).click();
    await toast(page, 'Unavailable squares removed from cart').waitFor();
    await expect.poll(() => savedCart(page)).toEqual([cartLine({ id, title }, [{ x: 4, y: 5 }])]);
    await expect.poll(() => problem.count()).toBe(0);
    await page.getByRole('button', { name: 'Pay $10.00' }).waitFor();
  });
});

describe('a sold-out game says so (issue 23 item 3)', () => {
  test('its badge reads Sold Out on Home, All Games and the board; the board says no squares are left; an old cart line leaves', async () => {
    const game = await soldOutGame();
    const player = await testAccount(harness.server, { prefix: 'late' });
    const { page: home } = await harness.open('/', { as: player, ...PHONE });
    const homeCard = home.getByTestId('game-card').filter({ hasText: game.title });
    await expect.poll(() => homeCard.getByTestId('game-badge').textContent()).toBe('Sold Out');
    if (SHOTS) await homeCard.screenshot({ path: `${SHOTS}/sold-out-card-375.png` });

    const { page: all } = await harness.open('/all-games', DESKTOP);
    await expect.poll(() => all.getByTestId('game-card').filter({ hasText: game.title }).getByTestId('game-badge').textContent()).toBe('Sold Out');

    for (const size of [PHONE, DESKTOP]) {
      const { page: board } = await harness.open(`/game/${game.id}`, { as: player, ...size, cart: [cartLine(game, [{ x: 3, y: 3 }])] });
      await expect.poll(() => board.getByTestId('game-badge').textContent()).toBe('Sold Out');
      await expect.poll(() => board.getByTestId('sold-out').textContent()).toBe(SOLD_OUT);
      await expect.poll(() => board.getByTestId('pick-hint').count()).toBe(0);
      await expect.poll(() => board.getByText('Pick any open square').count()).toBe(0);
      await toast(board, removedWord(1, game.title, SOLD_OUT)).waitFor();
      await expect.poll(() => board.getByTestId('selection-bar').count()).toBe(0);
      // No "Pick an open square" from the cart box either.
      await expect.poll(() => board.getByTestId('game-cart').count()).toBe(0);
      if (SHOTS) await board.screenshot({ path: `${SHOTS}/sold-out-board-${size.width}.png` });
    }
  });
});

describe("a cash game's card shows its pot (issue 23 item 4)", () => {
  test('the Home card of an organizer-collects game shows the API pot, as a card game does', async () => {
    const title = uniqueTitle('Cash Pot');
    const id = await insertGame(harness.server.db.handle, { title, squares_claimed: 12, total_pot_cents: 12_000 });
    await db().updateTable('games').set({ payment_method: 'organizer', payment_instructions: 'Cash to Pat' }).where('id', '=', id).execute();
    const listed = (await (await fetch(`${harness.server.url}/api/games`)).json()) as { games: { id: string; total_pot_cents: number }[] };
    const pot = listed.games.find((game) => game.id === id)!.total_pot_cents;
    const { page } = await harness.open('/', PHONE);
    const card = page.getByTestId('game-card').filter({ hasText: title });
    await expect.poll(() => card.getByTestId('game-pot').textContent()).toBe(`$${(pot / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`);
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/cash-card-pot-375.png` });
  });
});

const LONG_NAMES = [
  'christopher_wallace_3rd',
  'Maximiliana.Featherstone',
  'bartholomew-kensington',
  'Aunt Mary Elizabeth Johnson',
  'ThisIsAVeryLongUsername30Char',
  'jean-baptiste.emmanuel',
  'Konstantinos Papadopoulos',
  'wolfgang_amadeus_mozart',
  'Guadalupe Hernandez-Rodriguez',
  'supercalifragilistic',
];

/** Every word of every visible text in the board's cells: those split over two line boxes, and clipped text with no ellipsis. */
function cellTextBreaks(page: Page) {
  return page.evaluate(() => {
    const broken: string[] = [];
    const clippedWithoutEllipsis: string[] = [];
    const names: string[] = [];
    for (const button of document.querySelectorAll('[role="gridcell"] button[data-x]')) {
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement!;
        if (element.closest('.sr-only') || element.getClientRects().length === 0) continue;
        const text = node.textContent ?? '';
        // The spaces between a name's words are where it may break; they show nothing to cut.
        if (!text.trim()) continue;
        names.push(text);
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
        if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).textOverflow !== 'ellipsis') clippedWithoutEllipsis.push(text);
      }
    }
    return { broken, clippedWithoutEllipsis, names };
  });
}

describe('names on board cells (issue 23 item 5)', () => {
  test('ten long names never break inside a word at 1280, 1024 and 375 px (names, or short labels in narrow cells); the full name is on hover', async () => {
    const title = uniqueTitle('Long Names');
    const id = await insertGame(harness.server.db.handle, { title, squares_claimed: 10, total_pot_cents: 10_000 });
    const owners = await Promise.all(LONG_NAMES.map(() => insertUser(harness.server.db.handle)));
    for (const [index, owner] of owners.entries())
      await db().updateTable('user').set({ displayUsername: LONG_NAMES[index]! }).where('id', '=', owner.id).execute();
    await insertSquares(
      harness.server.db.handle,
      id,
      owners.map((owner, index) => ({ x: index, y: index % 3 === 0 ? 0 : 9 - index, userId: owner.id })),
    );
    for (const width of [1280, 1024, 375]) {
      const { page } = await harness.open(`/game/${id}`, { width, height: 1000 });
      await expect.poll(() => cell(page, 3, 0).getAttribute('data-state')).toBe('claimed');
      // Measured with the page's fonts in: text laid out in a fallback font wraps elsewhere.
      await page.evaluate(() => document.fonts.ready);
      // Cells with room show the names; narrow ones (the 1024 px board beside the sidebar, a phone's) the short labels (D44).
      if (width === 1280) await expect.poll(async () => (await cellTextBreaks(page)).names.join(' ')).toContain('Aunt Mary');
      else await expect.poll(async () => (await cellTextBreaks(page)).names).toContain('AME');
      await expect.poll(async () => (await cellTextBreaks(page)).broken, { message: `words split at ${width} px` }).toEqual([]);
      await expect.poll(async () => (await cellTextBreaks(page)).clippedWithoutEllipsis, { message: `clipped without an ellipsis at ${width} px` }).toEqual([]);
      // The full name on hover (the shown text's tooltip) and in the cell's accessible name.
      await expect
        .poll(() =>
          cell(page, 4, 9 - 4)
            .locator('[title]:visible')
            .getAttribute('title'),
        )
        .toBe('ThisIsAVeryLongUsername30Char');
      await expect
        .poll(() =>
          cell(page, 4, 9 - 4)
            .locator('[data-name]')
            .textContent(),
        )
        .toContain('ThisIsAVeryLongUsername30Char');
      if (SHOTS)
        await page
          .locator('[role="grid"]')
          .first()
          .screenshot({ path: `${SHOTS}/long-names-${width}.png` });
    }
  });
});
