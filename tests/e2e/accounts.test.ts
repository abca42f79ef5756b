import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { ACCOUNT_PASSWORD, accountPages, escapeRegExp as escape, expectNoSeriousViolations, fillSignup, logIn, toast } from '../support/e2e';
import { signInBrowser, useBrowserHarness } from '../support/e2e';
import type { TestServer } from '../support/server';

// Accounts in Chromium (issue 3): the production build served by the real app in trial mode,
// mail read through the Dev Mailbox page. Tests run in order: the first account to confirm is
// the admin (D8), so the first test creates it.

const PASSWORD = ACCOUNT_PASSWORD;
const NEW_PASSWORD = 'Better#Pass99';

// The auth rate limits (5 sign-ups per 10 minutes per client IP) would stop this file after a
// few tests: each page gets its own loopback address through a trusted x-forwarded-for, as
// behind a reverse proxy. Loopback, because the Dev Mailbox answers only local clients.
const harness = useBrowserHarness({ env: { TRUST_PROXY: 'true' } });
const { open, go, followMailLink, signUpThroughForm } = accountPages(harness, '127.0');
let server: TestServer;
let counter = 0;

beforeAll(() => {
  ({ server } = harness);
});

function newAccount(prefix: string) {
  counter += 1;
  const username = `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `${username}@example.com`, username };
}

const heading = (page: Page) => page.locator('main h1').first().textContent();
const formError = (page: Page) => page.getByTestId('form-error').textContent();

async function sidebarGroups(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('group').allTextContents();
}

describe('accounts in the browser', () => {
  test('a new user signs up, confirms through the Dev Mailbox, logs in as the first (admin) account and logs out', async () => {
    const account = newAccount('first');
    const page = await open('/signup');
    await signUpThroughForm(page, account);
    await expect.poll(() => page.locator('main').textContent()).toContain(`We sent a confirmation email to ${account.email}`);
    await toast(page, 'Account created! Please check your email for confirmation.').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');

    await followMailLink(page, account.email, /Confirm/);
    await page.waitForURL(/\/login\?confirmed=1/);
    await page.getByText('Email confirmed. You can log in now.').waitFor();

    await logIn(page, account.email, PASSWORD);
    // The first account runs the pool (D8) and has no game yet: straight to creating the first one.
    await page.waitForURL(server.url + '/admin/games/new');
    await toast(page, 'Login successful!').waitFor();
    await expect.poll(() => page.getByTestId('welcome-line').textContent()).toBe(`Welcome, ${account.username}`);
    await expect
      .poll(() => sidebarGroups(page))
      .toEqual(['NavigationHomeAll GamesHow to Play', 'My AccountCartMy SquaresMy WinningsAccount', 'AdministrationAdmin DashboardGame Management']);
    const header = page.getByRole('banner');
    await expect.poll(() => header.getByRole('link', { name: 'Sign In' }).count()).toBe(0);

    // Signed-in people are sent from /login and /signup to /.
    await page.goto(server.url + '/login');
    await page.waitForURL(server.url + '/');
    await page.goto(server.url + '/signup');
    await page.waitForURL(server.url + '/');

    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await toast(page, 'Logged out successfully').waitFor();
    await expect.poll(() => page.getByTestId('welcome-line').textContent()).toBe('Welcome to Squares Pool');
    await expect.poll(() => sidebarGroups(page)).toEqual(['NavigationHomeAll GamesHow to Play']);
    await expect.poll(() => page.evaluate(() => [localStorage.getItem('auth_is_admin'), localStorage.getItem('auth_user_email')])).toEqual([null, null]);
    // The session is gone on the server too.
    await expect.poll(() => page.evaluate(() => fetch('/api/me').then((r) => r.json()))).toEqual({ user: null, isAdmin: false });
  });

  test('a player must confirm first, then sees My Account only, and Access Denied shows their e-mail', async () => {
    const account = newAccount('player');
    const page = await open('/signup');
    await signUpThroughForm(page, account);

    await go(page, '/login');
    await logIn(page, account.email, PASSWORD);
    await expect.poll(() => formError(page)).toBe('Please confirm your email before logging in.');
    await toast(page, 'Please confirm your email before logging in.').waitFor();

    await followMailLink(page, account.email, /Confirm/);
    await page.getByText('Email confirmed. You can log in now.').waitFor();
    // Upper case and spaces around the address: trimmed and lower-cased before the call.
    await logIn(page, `  ${account.email.toUpperCase()} `, PASSWORD);
    await page.waitForURL(server.url + '/');
    await expect.poll(() => sidebarGroups(page)).toEqual(['NavigationHomeAll GamesHow to Play', 'My AccountCartMy SquaresMy WinningsAccount']);
    await expect
      .poll(() => page.evaluate(() => [localStorage.getItem('auth_is_admin'), localStorage.getItem('auth_user_email')]))
      .toEqual(['false', account.email]);

    await go(page, '/not-authorized');
    await expect.poll(() => heading(page)).toBe('Access Denied');
    await expect.poll(() => page.locator('main').textContent()).toContain("You don't have permission to access this page.");
    await expect.poll(() => page.getByTestId('signed-in-as').textContent()).toBe(`Signed in as ${account.email}`);
    await expect.poll(() => page.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    await expectNoSeriousViolations(page);
    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await toast(page, 'Logged out successfully').waitFor();
    await page.waitForURL(server.url + '/login');
  });

  test('login validation and server answers show the spec texts word for word', async () => {
    const page = await open('/login');
    await expect.poll(() => heading(page)).toBe('Welcome Back');
    await expect.poll(() => page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    await expect.poll(() => page.getByRole('main').getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    await expect.poll(() => page.getByLabel('Email').getAttribute('autocomplete')).toBe('email');
    await expect.poll(() => page.getByLabel('Password').getAttribute('autocomplete')).toBe('current-password');

    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => formError(page)).toBe('Please fill in all fields: Email, Password');
    const errorId = await page.getByTestId('form-error').getAttribute('id');
    await expect.poll(() => page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByLabel('Email').getAttribute('aria-describedby')).toContain(errorId!);

    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => formError(page)).toBe('Please fill in all fields: Password');
    await expect.poll(() => page.getByLabel('Email').getAttribute('aria-invalid')).toBeNull();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('whatever');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => formError(page)).toBe('Please enter a valid email address');

    await logIn(page, 'nobody@example.com', 'Wrong#Pass1');
    await page.getByTestId('form-error').getByText('Email or password incorrect.').waitFor();
    await toast(page, 'Email or password incorrect.').waitFor();
    await expectNoSeriousViolations(page);
  });

  test('signup validation, live password feedback and the already-registered flow', async () => {
    const taken = newAccount('taken');
    const page = await open('/signup');
    await signUpThroughForm(page, taken);

    await go(page, '/signup');
    await expect.poll(() => heading(page)).toBe('Create Account');
    await expect.poll(() => page.getByLabel('Username').getAttribute('autocomplete')).toBe('username');
    await expect.poll(() => page.getByLabel('Password', { exact: true }).getAttribute('autocomplete')).toBe('new-password');
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain('Password must be 8+ characters with uppercase, lowercase, number and special character');

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => formError(page)).toBe('Please fill in all fields: Email, Username, Password, Confirm Password');

    const fresh = newAccount('fresh');
    await fillSignup(page, { ...fresh, password: PASSWORD, confirm: 'Squares#2027' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => formError(page)).toBe('Passwords do not match');
    await expect.poll(() => page.getByLabel('Confirm Password').getAttribute('aria-invalid')).toBe('true');

    await fillSignup(page, { email: fresh.email, username: 'ab', password: PASSWORD, confirm: PASSWORD });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => formError(page)).toBe('Username must be at least 3 characters long');
    // Issue 10: ASCII letters, digits and _ . - only, at most 30; the field is marked.
    await fillSignup(page, { email: fresh.email, username: 'bob smith', password: PASSWORD, confirm: PASSWORD });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => formError(page)).toBe('A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.');
    await expect.poll(() => page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    await fillSignup(page, { email: fresh.email, username: 'x'.repeat(31), password: PASSWORD, confirm: PASSWORD });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => formError(page)).toBe('Username must be at most 30 characters long');

    // Live feedback lists every rule with whether it is met.
    await fillSignup(page, { ...fresh, password: 'abc', confirm: 'abc' });
    const rules = page.getByTestId('password-strength').getByRole('listitem');
    await expect
      .poll(() => rules.evaluateAll((items) => items.map((li) => `${li.getAttribute('data-met')} ${li.firstChild?.nextSibling?.firstChild?.textContent}`)))
      .toEqual([
        'false Password must be at least 8 characters long',
        'false Password must contain at least one uppercase letter',
        'true Password must contain at least one lowercase letter',
        'false Password must contain at least one number',
        'false Password must contain at least one special character',
      ]);
    await expect.poll(() => page.getByTestId('password-strength-status').textContent()).toBe('Password must be at least 8 characters long');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => formError(page)).toBe('Password must be at least 8 characters long');

    await fillSignup(page, { ...fresh, password: 'abcdefgh1!', confirm: 'abcdefgh1!' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => formError(page)).toBe('Password must contain at least one uppercase letter');
    await fillSignup(page, { ...fresh, password: 'Abcdefgh1', confirm: 'Abcdefgh1' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => formError(page)).toBe('Password must contain at least one special character');

    await fillSignup(page, { ...fresh, password: PASSWORD, confirm: PASSWORD });
    await expect.poll(() => page.getByTestId('password-strength-status').textContent()).toBe('Password is strong');
    await expectNoSeriousViolations(page);

    // The address already has an account: alert and toast, then after 2 s the go-to-login question.
    await fillSignup(page, { email: taken.email, username: fresh.username, password: PASSWORD, confirm: PASSWORD });
    await page.getByRole('button', { name: 'Create Account' }).click();
    const already = 'An account with this email already exists. Please try logging in instead.';
    await page.getByTestId('form-error').getByText(already).waitFor();
    await toast(page, already).waitFor();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.count()).toBe(0);
    await dialog.waitFor({ timeout: 5000 });
    await expect.poll(() => dialog.textContent()).toContain('This email is already registered. Would you like to go to the login page?');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(server.url + '/login');

    // A taken username.
    await go(page, '/signup');
    await fillSignup(page, { email: newAccount('other').email, username: taken.username, password: PASSWORD, confirm: PASSWORD });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByTestId('form-error').getByText('This username is already taken.').waitFor();
  });

  test('forgot password: validation, Email Sent, the mailed link, a new password, login with it; the link works once', async () => {
    const account = newAccount('reset');
    const page = await open('/signup');
    await signUpThroughForm(page, account);
    await followMailLink(page, account.email, /Confirm/);
    await page.getByText('Email confirmed. You can log in now.').waitFor();

    await go(page, '/forgot-password');
    await expect.poll(() => heading(page)).toBe('Reset Password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(() => formError(page)).toBe('Please enter your email address');
    await page.getByLabel('Email').fill('nope');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(() => formError(page)).toBe('Please enter a valid email address');
    await expectNoSeriousViolations(page);

    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Email Sent', level: 1 }).waitFor();
    await toast(page, 'Password reset email sent!').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    await page.getByRole('button', { name: 'Send Another Email' }).click();
    await page.getByRole('heading', { name: 'Reset Password', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('');

    await followMailLink(page, account.email, /[Rr]eset/);
    await page.waitForURL(/\/reset-password\?token=/);
    const resetUrl = page.url();
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('short');
    await expect.poll(() => page.getByTestId('password-strength-status').textContent()).toBe('Password must be at least 8 characters long');
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect.poll(() => formError(page)).toBe('Password must be at least 8 characters long');
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect.poll(() => formError(page)).toBe('Passwords do not match');
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();

    await page.waitForURL(server.url + '/login');
    await page.getByText('Password updated. Please log in.').waitFor();
    await logIn(page, account.email, PASSWORD);
    await page.getByTestId('form-error').getByText('Email or password incorrect.').waitFor();
    await logIn(page, account.email, NEW_PASSWORD);
    await page.waitForURL(server.url + '/');
    await expect.poll(() => page.getByTestId('welcome-line').textContent()).toBe(`Welcome, ${account.username}`);

    // The link works once.
    await page.goto(resetUrl);
    await page.getByLabel('New Password', { exact: true }).fill('Another#Pass1');
    await page.getByLabel('Confirm New Password').fill('Another#Pass1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('heading', { name: 'This reset link is not valid', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Send a New Link' }).getAttribute('href')).toBe('/forgot-password');
  });

  test('a reset page without a token says the link is not valid', async () => {
    const page = await open('/reset-password');
    await expect.poll(() => heading(page)).toBe('This reset link is not valid');
    await expectNoSeriousViolations(page);
  });

  test('login brings a visitor back to the remembered location (state.from, as the route guard sets it)', async () => {
    const account = newAccount('back');
    const page = await open('/signup');
    await signUpThroughForm(page, account);
    await followMailLink(page, account.email, /Confirm/);
    await page.getByText('Email confirmed. You can log in now.').waitFor();

    // What <RequireUser> does for a visitor: replace the entry with /login and state { from }.
    await page.evaluate(() => {
      window.history.replaceState({ usr: { from: { pathname: '/contact', search: '?x=1', hash: '' } }, key: 'guard', idx: 0 }, '', '/login');
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await logIn(page, account.email, PASSWORD);
    await page.waitForURL(server.url + '/contact?x=1');
    await expect.poll(() => heading(page)).toBe('Contact');
  });

  test('the Dev Mailbox lists mail, shows the text and the sandboxed HTML part, and is accessible', async () => {
    const account = newAccount('mailbox');
    const page = await open('/signup');
    await signUpThroughForm(page, account);
    await go(page, '/dev/mailbox');
    await expect.poll(() => heading(page)).toBe('Dev Mailbox');
    const item = page.getByRole('button', { name: new RegExp(escape(account.email)) }).first();
    await expect.poll(() => item.textContent()).toContain(`To: ${account.email}`);
    await item.click();
    await expect.poll(() => item.getAttribute('aria-current')).toBe('true');

    const frame = page.getByTestId('mail-html');
    await expect.poll(() => frame.getAttribute('sandbox')).toBe('');
    // The srcdoc document renders under the app's CSP (its text is there).
    await expect.poll(() => page.frameLocator('[data-testid="mail-html"]').locator('body').textContent()).toMatch(/Confirm/);
    await expect.poll(() => page.getByTestId('mail-link').getAttribute('href')).toMatch(/\/api\/auth\/verify-email\?token=/);
    await page.getByRole('tab', { name: 'Text' }).click();
    await expect.poll(() => page.getByTestId('mail-text').textContent()).toContain('/api/auth/verify-email?token=');
    await expectNoSeriousViolations(page);
  });

  test("the sign-up form states the username rule before submit and explains a broken name on blur and on submit, in the server's words (issue 11)", async () => {
    const page = await open('/signup');
    const username = page.getByLabel('Username');
    const inline = page.getByTestId('username-error');
    // The rule is there before anything is typed, tied to the field.
    const descriptions = async () => {
      const described = ((await username.getAttribute('aria-describedby')) ?? '').split(' ');
      return Promise.all(described.map((id) => page.locator(`[id="${id}"]`).textContent()));
    };
    await expect.poll(descriptions).toContain('3-30 characters: letters (A-Z), digits and _ . - only. Other players see it on the board.');
    await expect.poll(() => inline.textContent()).toBe('');

    const fresh = newAccount('rule');
    // What the server answers a sign-up with this username (and everything else right).
    const serverSays = (name: string) =>
      page.evaluate(
        async ({ email, name, password }) => {
          const res = await fetch('/api/auth/sign-up/email', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password, name, username: name }),
          });
          return [res.status, ((await res.json()) as { message: string }).message] as const;
        },
        { email: fresh.email, name, password: PASSWORD },
      );
    const cases = [
      ['ab', 'Username must be at least 3 characters long'],
      ['bob smith', 'A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.'],
      ['b\u043eb', 'A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.'], // a Cyrillic o
      ['x'.repeat(31), 'Username must be at most 30 characters long'],
    ] as const;
    for (const [typed, message] of cases) {
      await username.fill(typed);
      await expect.poll(() => inline.textContent(), { message: `${typed} while typing` }).toBe('');
      await username.press('Tab');
      await expect.poll(() => inline.textContent(), { message: typed }).toBe(message);
      await expect.poll(() => username.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => username.getAttribute('aria-describedby')).toContain(await inline.getAttribute('id'));
      expect(await serverSays(typed), typed).toEqual([400, message]);
      // Fixing the name takes the message away while typing.
      await username.fill('good_name.1');
      await expect.poll(() => inline.textContent()).toBe('');
      await expect.poll(() => username.getAttribute('aria-invalid')).toBeNull();
    }
    await expectNoSeriousViolations(page);

    // On submit (Enter in the field, no blur): the form's message and the field's say the same.
    await page.getByLabel('Email').fill(fresh.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await username.fill('bob smith');
    await username.press('Enter');
    await expect.poll(() => formError(page)).toBe('A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.');
    await expect.poll(() => inline.textContent()).toBe('A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');
  });

  test("Access Denied on an open admin page other than /admin/games is the route guard's text with Return to Home (spec section 2, D10)", async () => {
    const { context, page } = await harness.newPage();
    const admin = await signInBrowser(context, server, { admin: true, prefix: 'demoted' });
    await page.goto(`${server.url}/admin/games/new`);
    await page.getByRole('heading', { name: 'Create New Game', level: 1 }).waitFor();
    await server.db.handle.db.updateTable('user').set({ isAdmin: false }).where('id', '=', admin.id).execute();
    await page.getByLabel('Title').fill('Demoted Bowl');
    await page.getByLabel('Team A').fill('Eagles');
    await page.getByLabel('Team B').fill('Chiefs');
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.getByRole('heading', { name: 'Access Denied', level: 1 }).waitFor();
    await expect.poll(() => page.locator('main').textContent()).toContain("You don't have permission to access this page.");
    await expect.poll(() => page.locator('main').textContent()).not.toContain('manage games');
    await expect.poll(() => page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    await expectNoSeriousViolations(page);
  });

  test('the account pages are accessible in dark mode at 375 px', async () => {
    for (const path of ['/login', '/signup', '/forgot-password', '/not-authorized']) {
      const page = await open(path, { width: 375, height: 800, colorScheme: 'dark' });
      await expectNoSeriousViolations(page, path);
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: path }).toBeLessThanOrEqual(0);
    }
  });
});
