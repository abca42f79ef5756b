import { randomUUID } from 'node:crypto';
import type { Locator, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { PageOptions } from '../support/browser';
import {
  addSession,
  type BrowserAccount,
  expectNoSeriousViolations,
  heading,
  headingNamed,
  signInBrowser,
  toast,
  uniqueTitle,
  useBrowserHarness,
  openGameRules,
} from '../support/e2e';
import { insertGame, insertSquare } from '../support/fixtures';
import type { TestServer } from '../support/server';
import { GAME_UPDATE_COMPLETED } from '@core/messages';
import { testAccount } from '../support/accounts';

// Issue 4, admin part: /admin, /admin/games, /admin/games/new and /admin/games/edit/:id on the
// production build (dist/web) served by the real app, against the real games API.

const harness = useBrowserHarness();
let server: TestServer;
let admin: BrowserAccount;

beforeAll(async () => {
  ({ server } = harness);
  // The first confirmed account becomes admin anyway (D8); later players stay players.
  // Through sign-up: a test logs in with the admin's password.
  admin = await testAccount(server, { admin: true, via: 'sign-up' });
});

/** A page for `who` (the admin by default; 'player': a new player) at `path`, once its h1 shows. */
async function open(path: string, who: 'admin' | 'visitor' | 'player' = 'admin', options: PageOptions = {}) {
  return harness.open(path, { ...options, as: who === 'admin' ? admin : who });
}

async function gameRow(page: Page, title: string): Promise<Locator> {
  const row = page.getByTestId('game-row').filter({ hasText: title });
  await row.waitFor();
  return row;
}

function dashboardCard(page: Page, title: string): Locator {
  return page.getByTestId('admin-game-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** Holds requests matching `method` until `release()` is called. */
async function holdRequests(page: Page, url: string | RegExp, method: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route: Route) => {
    if (route.request().method() === method) await gate;
    await route.continue();
  });
  return release;
}

async function gamesInDb() {
  return server.db.handle.db.selectFrom('games').selectAll().execute();
}

describe('game administration in the browser', () => {
  test('an admin creates a game through the form, sees it on /admin and /admin/games, edits it and deletes it', async () => {
    const { page } = await open('/admin/games/new');
    await openGameRules(page);
    await expect.poll(() => heading(page).textContent()).toBe('Create New Game');
    await expect.poll(() => page.getByRole('link', { name: 'Back to Admin Dashboard' }).getAttribute('href')).toBe('/admin');

    // Defaults (spec section 5): empty title and teams, $10, NFL; D12: even payouts.
    const title = page.getByLabel('Title');
    const price = page.getByLabel('Price per Square ($)');
    await expect.poll(() => title.inputValue()).toBe('');
    await expect.poll(() => page.getByLabel('Team A').inputValue()).toBe('');
    await expect.poll(() => page.getByLabel('Team B').inputValue()).toBe('');
    await expect.poll(() => price.inputValue()).toBe('10');
    await expect.poll(() => price.getAttribute('type')).toBe('number');
    await expect.poll(() => price.getAttribute('step')).toBe('1');
    await expect.poll(() => price.getAttribute('min')).toBe('1');
    await expect.poll(() => page.getByLabel('Game Type').inputValue()).toBe('nfl');
    await expect
      .poll(() => page.getByLabel('Game Type').locator('option').allTextContents())
      .toEqual(['NFL Football', 'College Football', 'NBA Basketball', 'College Basketball', 'Other Sport']);
    const schedules = page.getByRole('group', { name: 'Payout Schedule' });
    await expect.poll(() => schedules.getByRole('radio', { name: 'Even (25/25/25/25)' }).isChecked()).toBe(true);
    const info = page.getByTestId('payout-info');
    await expect.poll(() => info.textContent()).toContain('25% of the pot for each of the 1st, 2nd and 3rd quarters and 25% for the final score.');
    await expect.poll(() => info.textContent()).toContain('1st Quarter$250.00');

    // Empty submit: the messages word for word, the first invalid field focused.
    await page.getByRole('button', { name: 'Create Game' }).click();
    const fieldErrors = page.getByTestId('field-error');
    await expect.poll(() => fieldErrors.allTextContents()).toEqual(['Title must be at least 3 characters', 'Team A is required', 'Team B is required']);
    await expect.poll(() => title.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    const describedBy = (await title.getAttribute('aria-describedby')) ?? '';
    await expect.poll(() => page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent()).toBe('Title must be at least 3 characters');
    await expectNoSeriousViolations(page);

    const gameTitle = uniqueTitle('Championship');
    await title.fill(gameTitle);
    await page.getByLabel('Team A').fill('Eagles');
    await page.getByLabel('Team B').fill('Chiefs');
    await price.fill('0');
    await page.getByRole('button', { name: 'Create Game' }).click();
    await expect.poll(() => fieldErrors.allTextContents()).toEqual(['Price must be at least $1']);
    await expect.poll(() => price.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => price.getAttribute('aria-invalid')).toBe('true');

    await price.fill('5');
    await page.getByLabel('Game Type').selectOption('college-football');
    await schedules.getByRole('radio', { name: 'Final-heavy (20/20/20/40)' }).check();
    await expect.poll(() => info.textContent()).toContain('20% of the pot for each of the 1st, 2nd and 3rd quarters and 40% for the final score.');
    await expect.poll(() => info.textContent()).toContain('Final$200.00');

    // Creating...: disabled while the request runs; then the toast and, after 0.5 s, "Share this
    // pool" (D45; the spec went to /admin), whose back link goes to the dashboard.
    const release = await holdRequests(page, '**/api/admin/games', 'POST');
    await page.getByRole('button', { name: 'Create Game' }).click();
    const busy = page.getByRole('button', { name: 'Creating...' });
    await busy.waitFor();
    await expect.poll(() => busy.isDisabled()).toBe(true);
    release();
    await toast(page, 'Game created successfully!').waitFor();
    await page.waitForURL(/\/admin\/games\/[^/]+\/share$/);
    await headingNamed(page, 'Share this pool').waitFor();
    await page.getByRole('link', { name: 'Back to Admin Dashboard' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();

    const stored = (await gamesInDb()).find((game) => game.title === gameTitle)!;
    expect(stored).toMatchObject({
      team_a: 'Eagles',
      team_b: 'Chiefs',
      game_type: 'college-football',
      price_per_square_cents: 500,
      payout_schedule: 'final-heavy',
      created_by: admin.id,
    });

    // On /admin: a card in Active Games.
    const card = dashboardCard(page, gameTitle);
    await card.waitFor();
    await expect.poll(() => card.getByTestId('admin-status').textContent()).toBe('Active');
    for (const fact of ['TeamsEagles vs Chiefs', 'TypeCollege Football', 'Squares0/100', 'Pot$0.00'])
      await expect.poll(() => card.textContent()).toContain(fact);
    await expect.poll(() => card.getByRole('link', { name: /^Manage/ }).getAttribute('href')).toBe(`/admin/game/${stored.id}`);
    await expect.poll(() => card.getByRole('button', { name: /^Delete/ }).isVisible()).toBe(true);

    // On /admin/games: a row in the table; Edit opens the prefilled form.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game Management' }).click();
    await page.getByRole('heading', { name: 'Game Management', level: 1 }).waitFor();
    const row = await gameRow(page, gameTitle);
    const cells = () => row.getByRole('cell').allTextContents();
    await expect.poll(async () => (await cells()).slice(0, 5)).toEqual([`${gameTitle}College Football`, 'Eagles vs Chiefs', 'Active', '0/100', '$0.00']);
    await expect.poll(async () => (await cells())[5]).toMatch(/\d{4}/);
    await expect.poll(() => row.getByRole('link', { name: /^Game Day/ }).getAttribute('href')).toBe(`/admin/games/${stored.id}/game-day`);
    await row.getByRole('link', { name: /^Edit/ }).click();
    await page.waitForURL(`${server.url}/admin/games/edit/${stored.id}`);
    await page.getByRole('heading', { name: 'Edit Game', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(gameTitle);
    await expect.poll(() => page.getByLabel('Team A').inputValue()).toBe('Eagles');
    await expect.poll(() => page.getByLabel('Price per Square ($)').inputValue()).toBe('5');
    await expect.poll(() => page.getByLabel('Price per Square ($)').isDisabled()).toBe(false);
    await expect.poll(() => page.getByLabel('Game Type').inputValue()).toBe('college-football');
    await expect.poll(() => page.getByRole('radio', { name: 'Final-heavy (20/20/20/40)' }).isChecked()).toBe(true);

    const newTitle = `${gameTitle} (edited)`;
    await page.getByLabel('Title').fill('ab');
    await page.getByRole('button', { name: 'Update Game' }).click();
    await expect.poll(() => page.getByTestId('field-error').allTextContents()).toEqual(['Title must be at least 3 characters']);
    await page.getByLabel('Title').fill(newTitle);
    await page.getByLabel('Team B').fill('Bills');
    await page.getByLabel('Price per Square ($)').fill('20');
    const releasePatch = await holdRequests(page, `**/api/admin/games/${stored.id}`, 'PATCH');
    await page.getByRole('button', { name: 'Update Game' }).click();
    const updating = page.getByRole('button', { name: 'Updating...' });
    await updating.waitFor();
    await expect.poll(() => updating.isDisabled()).toBe(true);
    releasePatch();
    await toast(page, 'Game updated successfully').waitFor();
    // Issue 23: Update Game returns to the game's admin page.
    await page.waitForURL(`${server.url}/admin/game/${stored.id}`);
    await page.goto(`${server.url}/admin/games`);
    const editedRow = await gameRow(page, newTitle);
    await expect.poll(() => editedRow.getByRole('cell').nth(1).textContent()).toBe('Eagles vs Bills');
    expect((await gamesInDb()).find((game) => game.id === stored.id)?.price_per_square_cents).toBe(2000);

    // Delete through the dialog: its exact text, Deleting... while busy, then the toast.
    await editedRow.getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Are you sure?');
    await expect
      .poll(() => dialog.locator('p').first().textContent())
      .toBe(`This will permanently delete the game "${newTitle}" and all associated data. This action cannot be undone.`);
    await expect.poll(() => dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoSeriousViolations(page);
    const releaseDelete = await holdRequests(page, `**/api/admin/games/${stored.id}`, 'DELETE');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const deleting = dialog.getByRole('button', { name: 'Deleting...' });
    await deleting.waitFor();
    await expect.poll(() => deleting.isDisabled()).toBe(true);
    await expect.poll(() => dialog.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    releaseDelete();
    await toast(page, `Game "${newTitle}" was deleted successfully`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('game-row').filter({ hasText: newTitle }).waitFor({ state: 'detached' });
    expect((await gamesInDb()).some((game) => game.id === stored.id)).toBe(false);
  });

  test('a shuffled game: Edit disabled and Delete hidden; opening its edit page says it is in progress and goes back', async () => {
    const title = uniqueTitle('Shuffled Bowl');
    const id = await insertGame(server.db.handle, {
      title,
      grid_shuffled: true,
      squares_claimed: 100,
      total_pot_cents: 100_000,
    });
    const { page } = await open('/admin/games');
    const row = await gameRow(page, title);
    await expect.poll(() => row.getByTestId('admin-status').textContent()).toBe('In Progress');
    await expect.poll(() => row.getByRole('cell').nth(4).textContent()).toBe('$1,000.00');
    const edit = row.getByRole('button', { name: /^Edit/ });
    await expect.poll(() => edit.isDisabled()).toBe(true);
    await expect.poll(() => row.getByRole('link', { name: /^Edit/ }).count()).toBe(0);
    await expect.poll(() => row.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await expect.poll(() => row.getByRole('link', { name: /^Game Day/ }).count()).toBe(1);

    await page.goto(`${server.url}/admin`);
    const card = dashboardCard(page, title);
    await card.waitFor();
    await expect.poll(() => card.getByTestId('admin-status').textContent()).toBe('In Progress');
    await expect.poll(() => card.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await expect.poll(() => card.getByRole('link', { name: /^Manage/ }).count()).toBe(1);

    await page.goto(`${server.url}/admin/games/edit/${id}`);
    await toast(page, 'Cannot edit a game that is in progress').waitFor();
    await page.waitForURL(`${server.url}/admin/games`);
    await page.getByRole('heading', { name: 'Game Management', level: 1 }).waitFor();
  });

  test('the dashboard cards lead to Edit while a game can be edited, and say why not once it cannot (issue 11)', async () => {
    const open1 = uniqueTitle('Editable Bowl');
    const drawn = uniqueTitle('Drawn Bowl');
    const done = uniqueTitle('Finished Bowl');
    const openId = await insertGame(server.db.handle, { title: open1, squares_claimed: 5, total_pot_cents: 5_000 });
    await insertGame(server.db.handle, { title: drawn, grid_shuffled: true, squares_claimed: 100, total_pot_cents: 100_000 });
    await insertGame(server.db.handle, { title: done, is_active: false, grid_shuffled: true, squares_claimed: 100, total_pot_cents: 100_000 });
    const { page } = await open('/admin');

    const drawnCard = dashboardCard(page, drawn);
    await drawnCard.waitFor();
    await expect.poll(() => drawnCard.getByRole('link', { name: /^Edit/ }).count()).toBe(0);
    const drawnEdit = drawnCard.getByRole('button', { name: /^Edit/ });
    await expect.poll(() => drawnEdit.isDisabled()).toBe(true);
    await expect.poll(() => drawnCard.getByTestId('edit-closed-reason').textContent()).toBe('Numbers are drawn: this game can no longer be edited.');
    await expect.poll(() => drawnEdit.getAttribute('aria-describedby')).toBe(await drawnCard.getByTestId('edit-closed-reason').getAttribute('id'));

    await page.getByRole('tab', { name: 'Completed Games' }).click();
    const doneCard = dashboardCard(page, done);
    await doneCard.waitFor();
    await expect.poll(() => doneCard.getByRole('button', { name: /^Edit/ }).isDisabled()).toBe(true);
    await expect
      .poll(() => doneCard.getByTestId('edit-closed-reason').textContent())
      .toBe('Completed: the game stays as a record and can no longer be edited.');
    await expectNoSeriousViolations(page);

    await page.getByRole('tab', { name: 'Active Games' }).click();
    const edit = dashboardCard(page, open1).getByRole('link', { name: `Edit ${open1}` });
    await expect.poll(() => edit.getAttribute('href')).toBe(`/admin/games/edit/${openId}`);
    await edit.click();
    await page.getByRole('heading', { name: 'Edit Game', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(open1);
  });

  test('a completed game: its edit page says it is completed, not in progress, and goes back', async () => {
    const id = await insertGame(server.db.handle, {
      title: uniqueTitle('Record Bowl'),
      is_active: false,
      grid_shuffled: true,
      squares_claimed: 100,
      total_pot_cents: 20_000,
    });
    const { page } = await open(`/admin/games/edit/${id}`);
    await toast(page, GAME_UPDATE_COMPLETED).waitFor();
    await page.waitForURL(`${server.url}/admin/games`);
  });

  test('dates read the same in any browser language, like every other text: a German browser sees Created "Jan 3, 2026"', async () => {
    const title = uniqueTitle('Dated Bowl');
    // Noon UTC: January 3rd in any time zone the machine may have.
    await insertGame(server.db.handle, { title, created_at: '2026-01-03T12:00:00.000Z' });
    const { page } = await open('/admin/games', 'admin', { locale: 'de-DE' });
    await expect.poll(() => page.evaluate(() => navigator.language)).toBe('de-DE');
    const row = await gameRow(page, title);
    await expect.poll(() => row.textContent()).toContain('Jan 3, 2026');
  });

  test('a missing game shows Game not found and goes back to /admin/games', async () => {
    const { page } = await open(`/admin/games/edit/${randomUUID()}`);
    await toast(page, 'Game not found').waitFor();
    await page.waitForURL(`${server.url}/admin/games`);
    await page.getByRole('heading', { name: 'Game Management', level: 1 }).waitFor();
  });

  test('the dashboard: stats, status badges, tabs, refresh, and a refused delete', async () => {
    const ready = uniqueTitle('Ready Bowl');
    const completed = uniqueTitle('Done Bowl');
    const late = uniqueTitle('Late Bowl');
    await insertGame(server.db.handle, { title: ready, squares_claimed: 100, total_pot_cents: 50_000 });
    await insertGame(server.db.handle, { title: completed, is_active: false, grid_shuffled: true, squares_claimed: 100, total_pot_cents: 20_000 });
    const lateId = await insertGame(server.db.handle, { title: late, squares_claimed: 3, total_pot_cents: 3_000 });

    const { page } = await open('/admin');
    await dashboardCard(page, ready).waitFor();
    const all = await gamesInDb();
    const revenue = all.reduce((sum, game) => sum + game.collected_cents, 0);
    await expect
      .poll(() => page.getByTestId('admin-stat').allTextContents())
      .toEqual([
        `Total Games${all.length}`,
        `Active Games${all.filter((game) => game.is_active).length}`,
        `Total Revenue$${(revenue / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      ]);
    await expect.poll(() => dashboardCard(page, ready).getByTestId('admin-status').textContent()).toBe('Ready to Shuffle');
    await expect.poll(() => dashboardCard(page, completed).count()).toBe(0);

    await page.getByRole('tab', { name: 'Completed Games' }).click();
    const done = dashboardCard(page, completed);
    await done.waitFor();
    await expect.poll(() => done.getByTestId('admin-status').textContent()).toBe('Completed');
    await expect.poll(() => done.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Active Games' }).click();

    // Refresh picks up changes made elsewhere.
    await server.db.handle.db.updateTable('games').set({ squares_claimed: 4, total_pot_cents: 4_000 }).where('id', '=', lateId).execute();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await toast(page, 'Games data refreshed successfully').waitFor();
    await expect.poll(() => dashboardCard(page, late).textContent()).toContain('Squares4/100');

    // Numbers drawn after the page loaded: the server refuses, the toast says why.
    await server.db.handle.db.updateTable('games').set({ grid_shuffled: true }).where('id', '=', lateId).execute();
    await dashboardCard(page, late)
      .getByRole('button', { name: /^Delete/ })
      .click();
    const dialog = page.getByRole('alertdialog');
    await expect
      .poll(() => dialog.locator('p').first().textContent())
      .toBe(`This will permanently delete the game "${late}" and all associated data. This action cannot be undone.`);
    await expect.poll(() => dialog.textContent()).toContain('4 sold squares will be refunded to their buyers.');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Cannot delete a game that is in progress').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect((await gamesInDb()).some((game) => game.id === lateId)).toBe(true);
    await expectNoSeriousViolations(page);
  });

  test('a failed load shows the toast and the inline error; the server refusing a create shows its message', async () => {
    const { context, page } = await harness.newPage();
    await addSession(context, server, admin.cookie);
    // The admin pages list every game, invite-only ones too (D30): GET /api/admin/games.
    await page.route('**/api/admin/games', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }) })
        : route.continue(),
    );
    await page.goto(`${server.url}/admin`);
    await toast(page, 'Failed to load games data').waitFor();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Failed to load games data' }).count()).toBe(1);

    await page.unroute('**/api/admin/games');
    // The create is POST /api/admin/games; the list (GET, same address) goes through.
    await page.route('**/api/admin/games', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'VALIDATION_ERROR', message: 'Price cannot exceed $10,000' } }),
          })
        : route.continue(),
    );
    await page.getByRole('link', { name: 'Create New Game' }).click();
    await page.getByRole('heading', { name: 'Create New Game', level: 1 }).waitFor();
    await page.getByLabel('Title').fill('Refused Bowl');
    await page.getByLabel('Team A').fill('Eagles');
    await page.getByLabel('Team B').fill('Chiefs');
    await page.getByRole('button', { name: 'Create Game' }).click();
    await toast(page, 'Price cannot exceed $10,000').waitFor();
    await expect.poll(() => page.getByTestId('form-error').textContent()).toBe('Price cannot exceed $10,000');

    await page.unroute('**/api/admin/games');
    await page.route('**/api/admin/games', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Create Game' }).click();
    await toast(page, 'Failed to create game. Please try again.').waitFor();
    await expect.poll(() => page.getByTestId('form-error').textContent()).toBe('Failed to create game. Please try again.');
    expect(page.url()).toBe(`${server.url}/admin/games/new`);
  });

  test('price and payout schedule are fixed once a square is sold (D13), the rest still saves', async () => {
    const title = uniqueTitle('Locked Bowl');
    const id = await insertGame(server.db.handle, { title, squares_claimed: 1, total_pot_cents: 1_000 });
    await insertSquare(server.db.handle, id, { x: 0, y: 0, userId: admin.id });
    const { page } = await open(`/admin/games/edit/${id}`);
    await page.getByLabel('Title').waitFor();
    const price = page.getByLabel('Price per Square ($)');
    await expect.poll(() => price.isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('radio', { name: 'Even (25/25/25/25)' }).isDisabled()).toBe(true);
    await expect
      .poll(() => page.getByTestId('price-locked-note').textContent())
      .toBe('Price, payout rules, the rule for unbought winning squares, who collects the money and board size cannot change once squares are held or sold.');
    await expect.poll(() => price.getAttribute('aria-describedby')).toContain(await page.getByTestId('price-locked-note').getAttribute('id'));

    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') sent.push(request.postDataJSON());
    });
    await page.getByLabel('Team A').fill('Packers');
    await page.getByRole('button', { name: 'Update Game' }).click();
    await toast(page, 'Game updated successfully').waitFor();
    expect(sent).toEqual([{ title, team_a: 'Packers', team_b: 'Chiefs', game_type: 'nfl' }]);
    await page.waitForURL(`${server.url}/admin/game/${id}`);
  });

  test('on a phone (dark) the Game Management table becomes cards', async () => {
    const title = uniqueTitle('Phone Bowl');
    await insertGame(server.db.handle, { title, squares_claimed: 12, total_pot_cents: 12_000 });
    const { page } = await open('/admin/games', 'admin', { width: 375, height: 800, colorScheme: 'dark' });
    const card = page.getByTestId('admin-game-card').filter({ hasText: title });
    await card.waitFor();
    await expect.poll(() => page.getByRole('table').count()).toBe(0);
    await expect.poll(() => card.getByTestId('admin-status').textContent()).toBe('Active');
    await expect.poll(() => card.textContent()).toContain('Squares12/100');
    await expect.poll(() => card.getByRole('link', { name: /^Edit/ }).isVisible()).toBe(true);
    await expect.poll(() => card.getByRole('button', { name: /^Delete/ }).isVisible()).toBe(true);
    // Nothing wider than the screen.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousViolations(page);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('games-table').waitFor();
    await expect.poll(() => page.getByTestId('admin-game-card').count()).toBe(0);
  });

  test('Access Denied in the page when the server answers 403 to an open page (D10)', async () => {
    const title = uniqueTitle('Revoked Bowl');
    await insertGame(server.db.handle, { title });
    const { context, page } = await harness.newPage();
    const other = await signInBrowser(context, server, { admin: true, prefix: 'revoked' });
    await page.goto(`${server.url}/admin/games`);
    const row = await gameRow(page, title);
    await server.db.handle.db.updateTable('user').set({ isAdmin: false }).where('id', '=', other.id).execute();
    await row.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('heading', { name: 'Access Denied', level: 1 }).waitFor();
    await expect.poll(() => page.locator('main').textContent()).toContain("You don't have permission to manage games.");
    await expect.poll(() => page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    // The session is checked again: the Administration group leaves the sidebar.
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game Management' }).count()).toBe(0);
  });

  test('a visitor opening /admin logs in and comes back; a player is sent to /not-authorized', async () => {
    const { page } = await open('/admin', 'visitor');
    await page.waitForURL(`${server.url}/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();

    const { page: playerPage, account } = await open('/admin/games', 'player');
    await playerPage.waitForURL(`${server.url}/not-authorized`);
    await playerPage.getByRole('heading', { name: 'Access Denied', level: 1 }).waitFor();
    await expect.poll(() => playerPage.getByTestId('signed-in-as').textContent()).toContain(account!.email);
  });
});
