import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousViolations, type OpenOptions, useBrowserHarness, openGameRules } from '../support/e2e';
import { insertGame } from '../support/fixtures';
import type { TestServer } from '../support/server';

// Issue 11, item 5 (D12): players see a game's payout rules. The board page has a Payouts panel
// (each quarter's share and what it pays at the current pot, rounded down to the cent, and the
// organizer's share); the create form no longer promises a remainder that was never shown.

const harness = useBrowserHarness({ env: { ADMIN_EMAILS: 'organizer@example.com' } });
let server: TestServer;
const ids = { organizer: '', heavy: '' };

beforeAll(async () => {
  ({ server } = harness);
  ids.organizer = await insertGame(server.db.handle, {
    title: 'Organizer Cut Bowl',
    team_a: 'Lions',
    team_b: 'Bears',
    payout_schedule: 'organizer-20',
    price_per_square_cents: 1000,
    squares_claimed: 42,
    total_pot_cents: 42_000,
  });
  ids.heavy = await insertGame(server.db.handle, {
    title: 'Final Heavy Bowl',
    payout_schedule: 'final-heavy',
    price_per_square_cents: 2500,
    squares_claimed: 100,
    total_pot_cents: 250_000,
    grid_shuffled: true,
  });
});

async function open(path: string, options: OpenOptions & { as?: 'visitor' | 'player' | 'admin' } = {}): Promise<Page> {
  return (await harness.open(path, options)).page;
}

const panel = (page: Page) => page.getByRole('region', { name: 'Payouts' });

async function rules(page: Page): Promise<string[]> {
  // The panel's region can be in before its rules are (the board's answer renders them): wait for a rule.
  await panel(page).getByTestId('payout-rule').first().waitFor();
  return panel(page).getByTestId('payout-rule').allTextContents();
}

describe('the board page’s Payouts panel', () => {
  test('a visitor sees each quarter’s share and pay at the current pot, and what the organizer keeps', async () => {
    const page = await open(`/game/${ids.organizer}`);
    await expect.poll(() => rules(page)).toEqual(['1st Quarter 20%$84.00', '2nd Quarter 20%$84.00', '3rd Quarter 20%$84.00', 'Final 20%$84.00']);
    await expect.poll(() => panel(page).getByTestId('payout-rules-pot').textContent()).toBe('At the current pot of $420.00, rounded down to the cent:');
    await expect.poll(() => panel(page).getByTestId('payout-organizer').textContent()).toBe('Organizer keeps 20% ($84.00)');
    // Whole-dollar prices leave nothing to round: no remainder line.
    await expect.poll(() => panel(page).getByTestId('payout-remainder').count()).toBe(0);
    await expectNoSeriousViolations(page);
  });

  test('a final-heavy game pays 20/20/20/40 of its pot and keeps nothing for the organizer; a player sees it too', async () => {
    const page = await open(`/game/${ids.heavy}`, { as: 'player' });
    await expect.poll(() => rules(page)).toEqual(['1st Quarter 20%$500.00', '2nd Quarter 20%$500.00', '3rd Quarter 20%$500.00', 'Final 40%$1,000.00']);
    await expect.poll(() => panel(page).getByTestId('payout-organizer').count()).toBe(0);
  });

  test('the panel follows the pot as squares sell (live update)', async () => {
    const page = await open(`/game/${ids.organizer}`);
    expect((await rules(page))[0]).toBe('1st Quarter 20%$84.00');
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    await server.db.handle.db.updateTable('games').set({ squares_claimed: 50, total_pot_cents: 50_000 }).where('id', '=', ids.organizer).execute();
    await server.app.gameEvents.publish({ game_id: ids.organizer, reason: 'squares' });
    await expect.poll(() => rules(page)).toEqual(['1st Quarter 20%$100.00', '2nd Quarter 20%$100.00', '3rd Quarter 20%$100.00', 'Final 20%$100.00']);
    await expect.poll(() => panel(page).getByTestId('payout-organizer').textContent()).toBe('Organizer keeps 20% ($100.00)');
    await server.db.handle.db.updateTable('games').set({ squares_claimed: 42, total_pot_cents: 42_000 }).where('id', '=', ids.organizer).execute();
    await server.app.gameEvents.publish({ game_id: ids.organizer, reason: 'squares' });
  });

  test('at 375 px the panel fits the screen', async () => {
    const page = await open(`/game/${ids.organizer}`, { width: 375, height: 812 });
    await panel(page).scrollIntoViewIfNeeded();
    await expect.poll(() => panel(page).boundingBox()).toSatisfy((box) => box !== null && box.x >= 0 && box.x + box.width <= 375);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

describe('the create form’s payout info', () => {
  test('says where players see the payouts, and no longer promises a remainder “shown with the results”', async () => {
    const page = await open('/admin/games/new', { as: 'admin' });
    await openGameRules(page);
    const info = page.getByTestId('payout-info');
    await info.waitFor();
    await expect.poll(() => info.textContent()).toContain("Each quarter's payout is rounded down to the cent.");
    await expect
      .poll(() => info.textContent())
      .toContain("Players see these shares on the game's card, and under Payouts on its board what each pays at the current pot, with any remainder.");
    await expect.poll(() => info.textContent()).not.toContain('shown with the results');
  });
});
