/**
 * (c) of `npm run bench`: 200 signed-in buyers start a checkout at the same moment, each for two
 * squares of one game drawn from the same 100, so many want the same square. Every square may be
 * held once (D21); losers must get 409, never a 5xx. Buyers sign up through the API (Dev Mailbox
 * confirmation), each from a loopback address of its own so the per-IP sign-up and sign-in limits
 * apply per buyer, as they would for real people.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/server/db/connection';

export interface CheckoutRaceResult {
  buyers: number;
  successes: number;
  conflicts: number;
  serverErrors: number;
  otherStatuses: Record<string, number>;
  seconds: number;
  successesPerSecond: number;
  /** Cells with more than one live row: must be 0 (the unique key guarantees it). */
  soldTwice: number;
  heldSquares: number;
}

const BUYERS = 200;
const SQUARES_EACH = 2;
const PASSWORD = 'Squares#2026';

interface Answer {
  status: number;
  body: string;
  cookies: string[];
}

function send(url: string, options: { method?: string; body?: unknown; cookie?: string; localAddress?: string; agent: http.Agent }): Promise<Answer> {
  const target = new URL(url);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      target,
      {
        method: options.method ?? 'GET',
        agent: options.agent,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: {
          origin: target.origin,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          const setCookie = response.headers['set-cookie'] ?? [];
          resolve({ status: response.statusCode ?? 0, body, cookies: setCookie.map((line) => line.split(';')[0]!) });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function inBatches<T>(count: number, concurrency: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

/** A loopback address of its own per buyer (127.88.x.y). */
const addressOf = (i: number) => `127.88.${(i >> 8) & 255}.${(i & 255) + 1}`;

/** Signs up `name`, confirms through the Dev Mailbox and signs in; returns the session cookie. */
export async function signedInBuyer(baseUrl: string, name: string, localAddress: string, agent: http.Agent): Promise<string> {
  const email = `${name}@example.com`;
  const signUp = await send(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    body: { email, password: PASSWORD, name, username: name },
    localAddress,
    agent,
  });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${signUp.body}`);
  const mailbox = JSON.parse((await send(`${baseUrl}/api/dev/mailbox`, { agent })).body) as { mails: Array<{ to: string; link: string | null }> };
  const link = mailbox.mails.find((m) => m.to === email)?.link;
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  const confirmUrl = new URL(link);
  await send(`${baseUrl}${confirmUrl.pathname}${confirmUrl.search}`, { localAddress, agent });
  const signIn = await send(`${baseUrl}/api/auth/sign-in/email`, { method: 'POST', body: { email, password: PASSWORD }, localAddress, agent });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${signIn.body}`);
  return signIn.cookies.join('; ');
}

export async function runCheckoutRace(baseUrl: string, databaseFile: string): Promise<CheckoutRaceResult> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  try {
    const probe = await send(`${baseUrl}/api/checkout`, { method: 'POST', body: {}, agent });
    if (probe.status === 404) throw new Error('POST /api/checkout does not exist yet (left for when the checkout issue lands)');
    if (probe.status !== 401) throw new Error(`POST /api/checkout answered a visitor ${probe.status}, expected 401`);

    console.log(`(c) checkouts: signing up ${BUYERS} buyers...`);
    const tag = Date.now().toString(36);
    const cookies = await inBatches(BUYERS, 8, (i) => signedInBuyer(baseUrl, `race${tag}${i}`, addressOf(i), agent));

    // A fresh game for the race; the games API needs an admin, so write it as the fixtures do.
    const database = await openDatabase({ kind: 'sqlite', file: databaseFile });
    const gameId = crypto.randomUUID();
    const now = new Date().toISOString();
    await database.db
      .insertInto('games')
      .values({
        id: gameId,
        title: 'Race Bowl',
        team_a: 'Eagles',
        team_b: 'Chiefs',
        game_type: 'nfl',
        price_per_square_cents: 1000,
        payout_schedule: 'even',
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const wanted = Array.from({ length: BUYERS }, () => {
      const cells = new Set<number>();
      while (cells.size < SQUARES_EACH) cells.add(Math.floor(Math.random() * 100));
      return [...cells].map((c) => ({ x: Math.floor(c / 10), y: c % 10 }));
    });

    const started = performance.now();
    const answers = await Promise.all(
      wanted.map((squares, i) =>
        send(`${baseUrl}/api/checkout`, {
          method: 'POST',
          body: { cart: [{ game_id: gameId, game_title: 'Race Bowl', price_per_square: 10, squares }] },
          cookie: cookies[i]!,
          localAddress: addressOf(i),
          agent,
        }).catch((err: unknown) => ({ status: 0, body: String(err), cookies: [] })),
      ),
    );
    const seconds = (performance.now() - started) / 1000;

    const counts: Record<string, number> = {};
    for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
    const rows = await database.db.selectFrom('squares').select(['x', 'y']).where('game_id', '=', gameId).execute();
    const cells = new Map<string, number>();
    for (const r of rows) cells.set(`${r.x},${r.y}`, (cells.get(`${r.x},${r.y}`) ?? 0) + 1);
    await database.close();

    const successes = counts['201'] ?? 0;
    const conflicts = counts['409'] ?? 0;
    const serverErrors = answers.filter((a) => a.status >= 500 || a.status === 0).length;
    const otherStatuses = Object.fromEntries(Object.entries(counts).filter(([s]) => s !== '201' && s !== '409' && Number(s) < 500 && s !== '0'));
    const result: CheckoutRaceResult = {
      buyers: BUYERS,
      successes,
      conflicts,
      serverErrors,
      otherStatuses,
      seconds,
      successesPerSecond: successes / seconds,
      soldTwice: [...cells.values()].filter((n) => n > 1).length,
      heldSquares: rows.length,
    };
    console.log(
      `    ${BUYERS} buyers in ${seconds.toFixed(2)} s: ${successes} checkouts (201), ${conflicts} x 409, ${serverErrors} x 5xx/failed` +
        `${Object.keys(otherStatuses).length ? `, other ${JSON.stringify(otherStatuses)}` : ''}; ${rows.length} squares held, ${result.soldTwice} held twice`,
    );
    if (rows.length !== successes * SQUARES_EACH) console.log(`    WARNING: ${successes} checkouts should hold ${successes * SQUARES_EACH} squares`);
    return result;
  } finally {
    agent.destroy();
  }
}
