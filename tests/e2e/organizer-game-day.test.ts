import { beforeAll, describe, expect, test } from 'vitest';
import type { Game } from '@core/api/games';
import { GAME_LOCK_TEXTS } from '@core/game-locks';
import { GAME_PRICE_LOCKED } from '@core/messages';
import { testAccount, type TestAccount } from '../support/accounts';
import { horizontalOverflow, openGameRules, toast, uniqueTitle, useBrowserHarness } from '../support/e2e';
import { send } from '../support/request';
import type { TestServer } from '../support/server';

// The organizer's game day in one place, at 1280 and 375 px: locked form controls say why (D49),
// the charity share paid from Results & Payouts (D23, D34).

const harness = useBrowserHarness();
let server: TestServer;
let admin: TestAccount;
const SHOTS = process.env.SHOTS_DIR;
const WIDTHS = [1280, 375] as const;

beforeAll(async () => {
  ({ server } = harness);
  admin = await testAccount(server, { admin: true });
});

async function newGame(values: Record<string, unknown> = {}): Promise<Game> {
  const res = await send(server.app, 'POST', '/api/admin/games', {
    cookie: admin.cookie,
    payload: {
      title: uniqueTitle('Charity Pool'),
      team_a: 'Lions',
      team_b: 'Bears',
      price_per_square: 10,
      payment_method: 'organizer',
      payment_instructions: 'Cash to Sam at the office',
      ...values,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { game: Game }).game;
}

async function ok(method: 'POST' | 'PUT', url: string, payload: unknown): Promise<void> {
  const res = await send(server.app, method, url, { cookie: admin.cookie, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describe("the organizer's game day (D23, D34, D40, D49)", () => {
  test('the create form: drawing at kickoff says it needs a kickoff, until one is set', async () => {
    for (const width of WIDTHS) {
      const { page } = await harness.open('/admin/games/new', { as: admin, width, height: 900 });
      await openGameRules(page);
      const draw = page.getByLabel('Draw the numbers at kickoff');
      await expect.poll(() => draw.isDisabled()).toBe(true);
      const reason = page.getByTestId('draw-at-kickoff-lock');
      await expect.poll(() => reason.textContent()).toBe(GAME_LOCK_TEXTS.drawNeedsKickoff);
      await expect.poll(() => draw.getAttribute('aria-describedby')).toContain(await reason.getAttribute('id'));
      if (SHOTS) await page.getByTestId('kickoff-fields').screenshot({ path: `${SHOTS}/draw-needs-kickoff-${width}.png` });
      await page.getByLabel('Kickoff (optional)').fill('2031-02-09T18:30');
      await expect.poll(() => draw.isDisabled()).toBe(false);
      await expect.poll(() => reason.count()).toBe(0);
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
    }
  });

  test('the edit form of a sold game: the lock names everything it fixes, and Numbers says why it is fixed', async () => {
    const game = await newGame({ payout_schedule: 'custom', payout_shares: [20, 20, 20, 30], organizer_percent: 10, organizer_label: 'Food Bank' });
    await ok('POST', `/api/admin/games/${game.id}/squares/assign`, { squares: [{ x: 0, y: 0 }], to: { name: 'Aunt May' } });
    for (const width of WIDTHS) {
      const { page } = await harness.open(`/admin/games/edit/${game.id}`, { as: admin, width, height: 900 });
      await expect.poll(() => page.getByTestId('price-locked-note').textContent()).toBe(GAME_PRICE_LOCKED);
      await expect.poll(() => page.getByTestId('number-sets-field').isDisabled()).toBe(true);
      await expect.poll(() => page.getByTestId('number-sets-lock').textContent()).toBe(GAME_LOCK_TEXTS.numberSets);
      await expect.poll(() => page.getByLabel('Game Type').isDisabled()).toBe(true);
      await expect.poll(() => page.getByText(GAME_LOCK_TEXTS.gameType).count()).toBe(1);
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/edit-locks-${width}.png`, fullPage: true });
    }
  });

  test('the Food Bank share is listed once the pot is final and marked paid with a reference', async () => {
    for (const width of WIDTHS) {
      const game = await newGame({ payout_schedule: 'custom', payout_shares: [20, 20, 20, 30], organizer_percent: 10, organizer_label: 'Food Bank' });
      await ok('POST', `/api/admin/games/${game.id}/squares/assign`, { squares: [{ x: 0, y: 0 }], to: { name: 'Aunt May' }, paid: true, paid_cents: 1000 });
      await ok('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true });
      const { page } = await harness.open(`/admin/game/${game.id}#game-day`, { as: admin, width, height: 900 });
      await page.getByRole('tab', { name: 'Results & Payouts' }).click();
      const share = page.getByTestId('share-payout');
      await expect.poll(() => share.getByTestId('share-payout-amount').textContent()).toBe('$1.00');
      await expect.poll(() => share.getByTestId('share-payout-status').textContent()).toBe('Pending');
      await share.getByRole('button', { name: 'Mark Paid Food Bank share' }).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.textContent()).toContain('Record that you paid Food Bank $1.00 outside the app.');
      await dialog.getByLabel('Reference (optional)').fill('Check 1021');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/share-mark-paid-dialog-${width}.png` });
      await dialog.getByRole('button', { name: 'Mark Paid' }).click();
      await toast(page, 'Food Bank share marked as paid').waitFor();
      await expect.poll(() => share.getByTestId('share-payout-status').textContent()).toBe('Paid');
      await expect.poll(() => share.getByTestId('share-payout-payments').textContent()).toContain(`Paid $1.00 (Check 1021) by ${admin.username}`);
      await expect.poll(() => share.getByRole('button', { name: /Mark Paid/ }).count()).toBe(0);
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
      if (SHOTS) await share.screenshot({ path: `${SHOTS}/share-paid-${width}.png` });
    }
  });
});
