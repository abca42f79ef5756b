import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hrefsOf, mailsTo, newAccount, requestPasswordReset, signUpAs, type Visit } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';

/** This machine's own (non-loopback) address, the same on every machine the test runs on. */
const OWN_ADDRESS = '192.0.2.44';

/** Both mails an account gets (confirmation, then reset) when asked for through `visit`. */
async function mailedLinks(t: TestApp, visit: Visit): Promise<string[]> {
  const account = newAccount('linked');
  expect((await signUpAs(t.app, account, visit)).statusCode).toBe(200);
  expect((await requestPasswordReset(t.app, account.email, visit)).statusCode).toBe(200);
  const mails = await mailsTo(t.app, account.email);
  expect(mails).toHaveLength(2);
  for (const mail of mails) {
    expect(mail.text).toContain(mail.link!);
    expect(hrefsOf(mail.html)).toEqual([mail.link, mail.link]);
  }
  return mails.map((m) => m.link!);
}

/** Issue 10 item 9: in a trial without PUBLIC_URL a forged Host must never reach a mail. */
describe(`mail links in a trial without PUBLIC_URL use an origin we trust (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([['evil.example'], ['evil.example:3000'], ['localhost.evil.example:3000'], ['127.0.0.1.nip.io:3000'], ['192.168.1.20:3000'], ['[2001:db8::1]:3000']])(
    'a request with Host %s (and a matching Origin) gets links on http://localhost:3000, not on that host',
    async (host) => {
      const links = await mailedLinks(t, { host, origin: `http://${host}` });
      for (const link of links) {
        expect(new URL(link).origin).toBe('http://localhost:3000');
        expect(link).not.toContain(host);
      }
    },
  );

  it.each([['localhost:3000'], ['127.0.0.1:3000'], ['[::1]:3000'], ['localhost:5173'], ['127.0.0.2:3000']])(
    'a request that names this machine (%s) keeps its own origin in the links (D5)',
    async (host) => {
      for (const link of await mailedLinks(t, { host, origin: `http://${host}` })) expect(new URL(link).origin).toBe(`http://${host}`);
    },
  );
});

describe(`the HOST setting names what else is this machine (${testDbKind})`, () => {
  // One more network interface with OWN_ADDRESS. A spy, not vi.mock: the server's test files share
  // their workers' module cache (vitest.config.ts isolate: false), so a module mock would not reach
  // a link-origin.ts another file imported first.
  beforeAll(() => {
    const interfaces = os.networkInterfaces();
    vi.spyOn(os, 'networkInterfaces').mockImplementation(() => ({
      ...interfaces,
      test0: [{ address: OWN_ADDRESS, netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:01', internal: false, cidr: `${OWN_ADDRESS}/24` }],
    }));
  });
  afterAll(() => vi.restoreAllMocks());

  it('HOST=pool.lan: a request to pool.lan keeps it, another name does not', async () => {
    const t = await createTestApp({ env: { HOST: 'pool.lan', PORT: '8080' } });
    try {
      for (const link of await mailedLinks(t, { host: 'pool.lan:8080' })) expect(new URL(link).origin).toBe('http://pool.lan:8080');
      for (const link of await mailedLinks(t, { host: 'evil.example' })) expect(new URL(link).origin).toBe('http://localhost:8080');
    } finally {
      await t.close();
    }
  });

  it("HOST=0.0.0.0 (every interface): this machine's own address is kept, another is not", async () => {
    const t = await createTestApp({ env: { HOST: '0.0.0.0' } });
    try {
      const host = `${OWN_ADDRESS}:3000`;
      for (const link of await mailedLinks(t, { host })) expect(new URL(link).origin).toBe(`http://${host}`);
      for (const link of await mailedLinks(t, { host: '203.0.113.9:3000' })) expect(new URL(link).origin).toBe('http://localhost:3000');
    } finally {
      await t.close();
    }
  });
});
