import type { BrowserContext } from 'playwright-core';
import { signedInPlayer } from './accounts';
import type { Account } from './auth';
import type { TestServer } from './server';

export interface BrowserAccount extends Account {
  id: string;
  cookie: string;
}

/**
 * A confirmed account made through the real auth API (sign-up, Dev Mailbox link, login), with
 * its session cookie put into a browser context: for browser tests whose subject is not the
 * account forms themselves. `admin: true` sets the profile flag in the database, as
 * `npm run admin -- grant` does.
 */
export async function signInBrowser(
  context: BrowserContext,
  server: TestServer,
  options: { admin?: boolean; prefix?: string } = {},
): Promise<BrowserAccount> {
  const account = await signedInPlayer(server.app, options.prefix ?? (options.admin ? 'admin' : 'player'));
  const user = await server.db.handle.db
    .selectFrom('user')
    .select(['id'])
    .where('email', '=', account.email)
    .executeTakeFirstOrThrow();
  if (options.admin) {
    await server.db.handle.db.updateTable('user').set({ isAdmin: true }).where('id', '=', user.id).execute();
  }
  await context.addCookies(
    account.cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: server.url, httpOnly: true, sameSite: 'Lax' as const };
    }),
  );
  return { ...account, id: user.id };
}
