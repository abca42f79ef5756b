import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, newAccount, signUpAs } from '../../../tests/support/accounts';
import { testDbKind } from '../../../tests/support/db';
import { raw } from '../../../tests/support/raw-http';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { redactUrl } from './log-requests';

/**
 * No secret a URL carries reaches the request log (issue 23, part 3): invite, confirmation,
 * reset and sign-in-link tokens, in the query or the path, however the parameter's name or the
 * path is spelled, and callbacks that carry one. Over real HTTP (the path byte for byte), with
 * the log captured at its most verbose.
 */

const TOKEN = 'Zq7SecretTokenValue4411';

/** Every way we know to spell a URL that carries TOKEN. */
const SPELLINGS = [
  `/game/00000000-0000-4000-8000-000000000000?invite=${TOKEN}`,
  `/game/00000000-0000-4000-8000-000000000000?%69nvite=${TOKEN}`,
  `/game/00000000-0000-4000-8000-000000000000?%49NVITE=${TOKEN}`,
  `/game/00000000-0000-4000-8000-000000000000?%2569nvite=${TOKEN}`,
  `/game/00000000-0000-4000-8000-000000000000?x=1&inv%69te=${TOKEN}`,
  `/game/00000000-0000-4000-8000-000000000000?invite%3D${TOKEN}`,
  `/api/auth/verify-email?token=${TOKEN}&callbackURL=%2Flogin%3Fconfirmed%3D1`,
  `/api/auth/verify-email?t%6Fken=${TOKEN}`,
  `/api/auth/verify-email?%74%6F%6B%65%6E=${TOKEN}`,
  `/api/auth/magic-link/verify?token=${TOKEN}&callbackURL=%2F`,
  `/api/auth/magic-link/verify?TOKEN=${TOKEN}`,
  `/api/auth/reset-password/${TOKEN}?callbackURL=%2Freset-password`,
  `/api/auth/reset%2Dpassword/${TOKEN}`,
  `/api/auth/reset-password/./${TOKEN}`,
  `/api/auth/reset-password%2F${TOKEN}`,
  `/api/auth/reset-password%3Ftoken=${TOKEN}`,
  `/reset-password?token=${TOKEN}`,
  `/login?callbackURL=%2Freset-password%3Ftoken%3D${TOKEN}`,
  `/login?next=/reset-password?token=${TOKEN}`,
  `/login?next=%26token%3D${TOKEN}`,
  `/x?access_token=${TOKEN}`,
];

describe('redactUrl', () => {
  it.each(SPELLINGS)('%s', (url) => {
    const redacted = redactUrl(url);
    expect(redacted).not.toContain(TOKEN);
    expect(redacted).toContain('[redacted]');
  });

  it('leaves URLs without a secret as they came', () => {
    for (const url of ['/api/games?x=1', '/login?error=INVALID_TOKEN', '/game/abc', '/api/games/%61bc', '/%zz?x=1']) expect(redactUrl(url)).toBe(url);
  });
});

describe(`the request log holds no token (${testDbKind})`, () => {
  const lines: string[] = [];
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } });
  });
  afterAll(() => t.close());

  it('no spelling of a URL with a token puts the token in the log', async () => {
    for (const url of SPELLINGS) await raw(t.url, 'GET', url, {});
    expect(lines.filter((line) => line.includes('"url":')).length).toBeGreaterThanOrEqual(SPELLINGS.length);
    expect(lines.filter((line) => line.includes(TOKEN))).toEqual([]);
  });

  it("a real confirmation link, opened with its parameter's name encoded, leaves no token in the log", async () => {
    const account = newAccount('logged');
    expect((await signUpAs(t.app, account)).statusCode).toBe(200);
    const link = new URL((await latestMail(t.app, account.email)).link!);
    const token = link.searchParams.get('token')!;
    const before = lines.length;
    const opened = await raw(t.url, 'GET', `${link.pathname}?%74oken=${encodeURIComponent(token)}&callbackURL=%2Flogin%3Fconfirmed%3D1`, {});
    expect(opened.status, opened.body).toBe(302);
    const requestLines = lines.slice(before).filter((line) => line.includes('"url":'));
    expect(requestLines.length).toBeGreaterThan(0);
    expect(lines.slice(before).filter((line) => line.includes(token))).toEqual([]);
  });
});
