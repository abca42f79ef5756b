import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { CONFIRMATION_MAIL, confirmationSent, confirmationSentFromLogin, DEV_MAILBOX_HINT, MAIL_RATE_LIMITS } from '../../src/core/messages';
import { ACCOUNT_PASSWORD as PASSWORD, accountPages, expectNoSeriousViolations, logIn as logInWith } from '../support/e2e';
import { logInAs as apiLogIn, mailsTo, newAccount, signUpAs } from '../support/accounts';
import { useBrowserHarness } from '../support/e2e';
import type { TestServer } from '../support/server';

// Issue 11 items 2 and 6: a lost or expired confirmation mail is no dead end (a new one from
// /login and from the page an expired link lands on), and in a trial the screens that say
// "we sent you a mail" say where it went: the Dev Mailbox.

const HINT_TEXT = `${DEV_MAILBOX_HINT.before}${DEV_MAILBOX_HINT.link}${DEV_MAILBOX_HINT.after}`;
const CONFIRM_SUBJECT = /Confirm your Squares Pool account/;

// Each page on its own loopback address (see accountPages): the mail limits count per address.
const harness = useBrowserHarness({ env: { TRUST_PROXY: 'true' } });
const { open, go, followMailLink, signUpThroughForm } = accountPages(harness, '127.1');
let server: TestServer;

beforeAll(() => {
  ({ server } = harness);
});

afterEach(() => {
  vi.useRealTimers();
});

const heading = (page: Page) => page.locator('main h1').first().textContent();
const formError = (page: Page) => page.getByTestId('form-error').first().textContent();
const confirmMails = async (email: string) => (await mailsTo(server.app, email)).filter((m) => CONFIRM_SUBJECT.test(m.subject));
const followNewestConfirmation = (page: Page, email: string) => followMailLink(page, email, CONFIRM_SUBJECT);
const logIn = (page: Page, email: string) => logInWith(page, email, PASSWORD);

/** The trial hint on a "we sent you a mail" screen, with its link to the Dev Mailbox. */
async function expectMailboxHint(page: Page) {
  const hint = page.getByTestId('dev-mailbox-hint');
  await hint.waitFor();
  await expect.poll(() => hint.textContent()).toBe(HINT_TEXT);
  await expect.poll(() => hint.getByRole('link', { name: DEV_MAILBOX_HINT.link }).getAttribute('href')).toBe('/dev/mailbox');
}

describe('a lost or expired confirmation mail (issue 11 item 2)', () => {
  test('an hour later the first link lands on the expired-link page, which sends a new one; the new link confirms and the account logs in', async () => {
    const account = newAccount('late');
    const page = await open('/signup');
    await signUpThroughForm(page, account);
    // Item 6: the Account Created screen says where the mail went in a trial.
    await expectMailboxHint(page);

    // The link lasts one hour: the server's clock moves on by 61 minutes (its Date only; its timers run as before).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000, shouldAdvanceTime: true });
    await followNewestConfirmation(page, account.email);
    await page.waitForURL(`${server.url}/confirm-email?error=TOKEN_EXPIRED`);
    await page.getByRole('heading', { name: CONFIRMATION_MAIL.expiredTitle, level: 1 }).waitFor();
    await expect.poll(() => page.locator('main').textContent()).toContain(CONFIRMATION_MAIL.expired);
    await expectNoSeriousViolations(page);
    // Still not confirmed: logging in is refused.
    const refused = await apiLogIn(server.app, account.email, PASSWORD);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'EMAIL_NOT_VERIFIED']);

    // Keyboard only: type the address, Enter.
    await page.getByLabel('Email').fill(account.email.toUpperCase());
    await page.getByLabel('Email').press('Enter');
    await page.getByRole('heading', { name: CONFIRMATION_MAIL.sentTitle, level: 1 }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: confirmationSent(account.email) })
          .count(),
      )
      .toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expectMailboxHint(page);
    await expect.poll(() => page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    await expectNoSeriousViolations(page);
    await expect.poll(async () => (await confirmMails(account.email)).length).toBe(2);

    await followNewestConfirmation(page, account.email);
    await page.waitForURL(`${server.url}/login?confirmed=1`);
    await page.getByText('Email confirmed. You can log in now.').waitFor();
    await logIn(page, account.email);
    // Home, or (when this is the install's first account, an admin without a game: D8) creating the first game.
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/admin/games/new');
    await expect.poll(() => page.getByTestId('welcome-line').textContent()).toBe(`Welcome, ${account.username}`);
  });

  test('/login offers a new confirmation email after "Please confirm your email before logging in."; its link works', async () => {
    const account = newAccount('unconfirmed');
    expect((await signUpAs(server.app, account)).statusCode).toBe(200);
    const page = await open('/login');
    await expect.poll(() => page.getByTestId('resend-confirmation').count()).toBe(0);

    await logIn(page, account.email);
    await expect.poll(() => formError(page)).toBe('Please confirm your email before logging in.');
    const offer = page.getByTestId('resend-confirmation');
    await expect.poll(() => offer.textContent()).toContain(CONFIRMATION_MAIL.loginOffer);
    await expectNoSeriousViolations(page);
    await offer.getByRole('button', { name: CONFIRMATION_MAIL.resendButton }).click();

    await offer
      .getByRole('status')
      .filter({ hasText: confirmationSentFromLogin(account.email) })
      .waitFor();
    await expectMailboxHint(page);
    // Focus stays with the offer (its button is gone).
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('resend-confirmation');
    await expect.poll(async () => (await confirmMails(account.email)).length).toBe(2);

    await followNewestConfirmation(page, account.email);
    await page.getByText('Email confirmed. You can log in now.').waitFor();
    await logIn(page, account.email);
    await page.waitForURL(`${server.url}/`);
  });

  test('a broken link says so; the page answers an unknown address like a known one; the sixth request in the window is refused', async () => {
    const page = await open('/confirm-email');
    await expect.poll(() => heading(page)).toBe(CONFIRMATION_MAIL.resendTitle);
    await page.goto(`${server.url}/api/auth/verify-email?token=not-a-token&callbackURL=%2Flogin%3Fconfirmed%3D1`);
    await page.waitForURL(`${server.url}/confirm-email?error=INVALID_TOKEN`);
    await page.getByRole('heading', { name: CONFIRMATION_MAIL.invalidTitle, level: 1 }).waitFor();
    await expect.poll(() => page.locator('main').textContent()).toContain(CONFIRMATION_MAIL.invalid);
    await expect.poll(() => page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');

    const send = page.getByRole('button', { name: CONFIRMATION_MAIL.resendButton });
    await send.click();
    await expect.poll(() => formError(page)).toBe('Please enter your email address');
    await expect.poll(() => page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Email').fill('not-an-email');
    await send.click();
    await expect.poll(() => formError(page)).toBe('Please enter a valid email address');

    // An address with no account: the same screen as for any other, and no mail.
    const nobody = newAccount('nobody').email;
    await page.getByLabel('Email').fill(nobody);
    await send.click();
    await page.getByRole('heading', { name: CONFIRMATION_MAIL.sentTitle, level: 1 }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: confirmationSent(nobody) })
          .count(),
      )
      .toBe(1);
    expect(await mailsTo(server.app, nobody)).toEqual([]);

    // Five per 15 minutes from one address (the first was above); the sixth gets the limit's text.
    const answers = await page.evaluate(() =>
      Promise.all(
        [1, 2, 3, 4].map((i) =>
          fetch('/api/auth/send-verification-email', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: `flood${i}@example.com` }),
          }).then((r) => r.status),
        ),
      ),
    );
    expect(answers).toEqual([200, 200, 200, 200]);
    await go(page, '/confirm-email?error=TOKEN_EXPIRED');
    await page.getByLabel('Email').fill(nobody);
    await page.getByRole('button', { name: CONFIRMATION_MAIL.resendButton }).click();
    await expect.poll(() => formError(page)).toBe(MAIL_RATE_LIMITS.confirmationEmail);
    await expect.poll(() => heading(page)).toBe(CONFIRMATION_MAIL.expiredTitle);
    await expectNoSeriousViolations(page);
  });
});

describe('trial hints (issue 11 item 6)', () => {
  test('Email Sent links to the Dev Mailbox in a trial', async () => {
    const page = await open('/forgot-password');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Email Sent', level: 1 }).waitFor();
    await expectMailboxHint(page);
    await expectNoSeriousViolations(page);
    await page.getByTestId('dev-mailbox-hint').getByRole('link').click();
    await page.getByRole('heading', { name: 'Dev Mailbox', level: 1 }).waitFor();
  });

  test('without the Dev Mailbox (production, or SMTP) no screen mentions it', async () => {
    const page = await open('/how-to-play');
    // What a production server answers (src/server/system: devMailbox is false there); every
    // page below is a full load, so the app asks again.
    let served = 0;
    await page.route('**/api/config', async (route) => {
      served += 1;
      await route.fulfill({ json: { productName: 'Squares Pool', contactEmail: null, mode: 'production', devMailbox: false } });
    });
    const account = newAccount('prod');
    await signUpThroughForm(page, account);
    expect(served).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('dev-mailbox-hint').count()).toBe(0);

    await go(page, '/forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Email Sent', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('dev-mailbox-hint').count()).toBe(0);

    await go(page, '/confirm-email?error=TOKEN_EXPIRED');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: CONFIRMATION_MAIL.resendButton }).click();
    await page.getByRole('heading', { name: CONFIRMATION_MAIL.sentTitle, level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('dev-mailbox-hint').count()).toBe(0);
    await expect.poll(() => page.locator('main').textContent()).not.toContain(DEV_MAILBOX_HINT.link);
  });

  test('the new screens fit a 375 px phone in dark mode', async () => {
    for (const [path, title] of [
      ['/confirm-email?error=TOKEN_EXPIRED', CONFIRMATION_MAIL.expiredTitle],
      ['/confirm-email?error=INVALID_TOKEN', CONFIRMATION_MAIL.invalidTitle],
    ] as const) {
      const page = await open(path, { width: 375, height: 800, colorScheme: 'dark' });
      await expect.poll(() => heading(page), { message: path }).toBe(title);
      await expectNoSeriousViolations(page, path);
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: path }).toBeLessThanOrEqual(0);
    }
  });
});
