import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { USERNAME_INVALID_CHARACTERS, USERNAME_SUGGESTION } from '../../src/core/messages';
import { testAccount } from '../support/accounts';
import { expectNoSeriousViolations, horizontalOverflow, shoot, useBrowserHarness } from '../support/e2e';

// A username with a space ("Amy Rodriguez") is refused with what is allowed, and sign-up, /welcome
// and /account offer one that is ("Amy_Rodriguez"): one press puts it in the field; at 1280 and 375 px.

const harness = useBrowserHarness();
const SIZES = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;
const use = USERNAME_SUGGESTION.button('Amy_Rodriguez');

/** The message under the field says what is allowed; the suggestion fills the field and the message goes. */
async function takeSuggestion(page: Page, name: string) {
  const field = page.getByRole('textbox', { name: 'Username', exact: true });
  await expect.poll(() => page.locator('main').innerText()).toContain(USERNAME_INVALID_CHARACTERS);
  const button = page.getByRole('button', { name: use });
  await button.waitFor();
  await expectNoSeriousViolations(page, name);
  await expect.poll(() => horizontalOverflow(page), { message: name }).toBe(0);
  await shoot(page, name);
  await button.click();
  await expect.poll(() => field.inputValue()).toBe('Amy_Rodriguez');
  await expect.poll(() => page.locator('main').innerText()).not.toContain(USERNAME_INVALID_CHARACTERS);
  await expect.poll(() => button.count()).toBe(0);
  // Focus goes back to the field, so typing goes on where it was.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');
}

describe('a refused username gets a suggestion', () => {
  test.each(SIZES)('sign-up at $width px', async (size) => {
    const { page } = await harness.open('/signup', size);
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill('Amy Rodriguez');
    await page.getByLabel('Email').focus();
    await takeSuggestion(page, `signup-username-suggestion-${size.width}`);
  });

  test.each(SIZES)('/welcome at $width px', async (size) => {
    // An account made by a sign-in link has no username yet (D29).
    const account = await testAccount(harness.server);
    await harness.server.db.handle.db.updateTable('user').set({ username: null, displayUsername: null }).where('id', '=', account.id).execute();
    const { page } = await harness.open('/welcome', { as: account, ...size });
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill('Amy Rodriguez');
    await page.getByRole('button', { name: 'Save Username' }).click();
    await takeSuggestion(page, `welcome-username-suggestion-${size.width}`);
  });

  test.each(SIZES)('/account at $width px', async (size) => {
    const { page } = await harness.open('/account', { as: 'player', ...size });
    const field = page.getByRole('textbox', { name: 'Username', exact: true });
    await expect.poll(() => field.inputValue()).not.toBe('');
    await field.fill('Amy Rodriguez');
    await page.getByRole('button', { name: 'Save username' }).click();
    await takeSuggestion(page, `account-username-suggestion-${size.width}`);
  });
});
