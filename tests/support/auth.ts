import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The Origin a browser on the app's own page sends with inject's default Host (localhost:80). */
export const SAME_ORIGIN = 'http://localhost';
export const GOOD_PASSWORD = 'Squares#2026';

export interface Account {
  email: string;
  username: string;
  password: string;
}

let ipCounter = 0;
/**
 * A fresh loopback address (127.77.x.y) for each account step: its own budget under the per-IP
 * rate limits (5 sign-ups, 10 sign-ins per window), and still "this machine" for the Dev Mailbox.
 */
export function freshIp(): string {
  ipCounter += 1;
  return `127.77.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let counter = 0;
export function newAccount(prefix = 'player'): Account {
  counter += 1;
  const tag = `${prefix}${counter}${Math.random().toString(36).slice(2, 7)}`;
  return { email: `${tag}@example.com`, username: tag, password: GOOD_PASSWORD };
}

/** Cookie header value from a response's set-cookie lines. */
export function cookiesOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return lines.map((line) => line.split(';')[0]).join('; ');
}

export function signUp(app: FastifyInstance, account: Account) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: freshIp(),
    headers: { origin: SAME_ORIGIN },
    payload: { email: account.email, password: account.password, name: account.username, username: account.username },
  });
}

export function logIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: freshIp(),
    headers: { origin: SAME_ORIGIN },
    payload: { email, password },
  });
}

export async function me(app: FastifyInstance, cookie?: string) {
  const res = await app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {} });
  return res.json() as { user: { id: string; email: string; username: string } | null; isAdmin: boolean };
}

/** Newest Dev Mailbox mail to an address. */
export async function latestMail(app: FastifyInstance, to: string) {
  const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
  const { mails } = res.json() as { mails: Array<{ to: string; subject: string; text: string; html: string; link: string | null }> };
  const mail = mails.find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** Opens a mailed link (path and query only) the way a browser would. */
export function openLink(app: FastifyInstance, link: string) {
  const url = new URL(link);
  return app.inject({ method: 'GET', url: url.pathname + url.search });
}

/** Signs up, confirms through the Dev Mailbox and logs in; returns the session cookie. */
export async function signedInAccount(app: FastifyInstance, prefix = 'player'): Promise<Account & { cookie: string }> {
  const account = newAccount(prefix);
  const res = await signUp(app, account);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const mail = await latestMail(app, account.email);
  await openLink(app, mail.link!);
  const login = await logIn(app, account.email, account.password);
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { ...account, cookie: cookiesOf(login) };
}
