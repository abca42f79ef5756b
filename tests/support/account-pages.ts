import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { GOOD_PASSWORD } from './auth';
import type { PageOptions } from './browser';
import type { useBrowserHarness } from './e2e';

/** The browser steps of the account pages' tests (tests/e2e/accounts.test.ts, confirmation.test.ts). */

export const ACCOUNT_PASSWORD = GOOD_PASSWORD;

/**
 * Opens pages of the app, each on a loopback address of its own (`${network}.x.y`, sent as a
 * trusted x-forwarded-for: the harness needs TRUST_PROXY=true). The auth limits (5 sign-ups or
 * mails per window per client) then never spill from one test into the next, and the Dev
 * Mailbox, which answers only local clients, still opens.
 */
export function accountPages(harness: ReturnType<typeof useBrowserHarness>, network: string) {
  let clients = 0;
  /** Goes to `path` and waits for the page's h1. */
  const go = async (page: Page, path: string): Promise<void> => {
    await page.goto(harness.server.url + path);
    await page.locator('main h1').first().waitFor();
  };
  return {
    go,
    async open(path: string, options: PageOptions = {}): Promise<Page> {
      const { context, page } = await harness.newPage(options);
      clients += 1;
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': `${network}.${Math.floor(clients / 250)}.${(clients % 250) + 1}` });
      await go(page, path);
      return page;
    },
    /** Opens the newest mail to `email` whose subject matches on /dev/mailbox and follows its link. */
    async followMailLink(page: Page, email: string, subject: RegExp): Promise<void> {
      await go(page, '/dev/mailbox');
      await page
        .getByRole('button', { name: new RegExp(`${subject.source}.*${escapeRegExp(email)}`) })
        .first()
        .click();
      await expect(page.getByTestId('mail-view').getByRole('heading', { level: 2 }).textContent()).resolves.toMatch(subject);
      await page.getByTestId('mail-link').click();
    },
    /** Signs up through the form and waits for the Account Created screen. */
    async signUpThroughForm(page: Page, account: { email: string; username: string }): Promise<void> {
      await go(page, '/signup');
      await fillSignup(page, { ...account, password: ACCOUNT_PASSWORD, confirm: ACCOUNT_PASSWORD });
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('heading', { name: 'Account Created', level: 1 }).waitFor();
    },
  };
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function fillSignup(page: Page, values: { email: string; username: string; password: string; confirm: string }) {
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Username').fill(values.username);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Confirm Password').fill(values.confirm);
}

export async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** axe's serious and critical findings on the page, as rule ids and targets. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}
