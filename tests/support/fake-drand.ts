import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { DrandHttpBeacon, type BeaconProvider, type BeaconRound, type ChainInfo } from '../../src/server/draws/beacon';

/**
 * A fake drand relay on 127.0.0.1 for the draw tests: `/{chainhash}/info`,
 * `/{chainhash}/public/{round}` and `/{chainhash}/public/latest` in drand's JSON shape, every
 * round signed (bls-unchained-g1-rfc9380) with a key made here, so verification is real.
 * Rounds come out by the clock (genesis and period chosen by the test) or only when the test
 * releases them; switches serve a forged signature, another round, errors or no answer at all.
 */

const DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';
const signatures = bls12_381.shortSignatures;

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

function roundMessage(n: number): Uint8Array {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(n));
  return createHash('sha256').update(bytes).digest();
}

function signRound(secretKey: Uint8Array, n: number): BeaconRound {
  const signature = hex(signatures.sign(signatures.hash(roundMessage(n), DST), secretKey).toBytes());
  return { round: n, signature, randomness: createHash('sha256').update(Buffer.from(signature, 'hex')).digest('hex') };
}

export interface FakeDrandOptions {
  /** Unix seconds of round 1 (default: an hour ago, so every round the tests ask for is due by the clock). */
  readonly genesisTime?: number;
  readonly periodSeconds?: number;
  /** 'clock': a round is served once due; a number: rounds up to it are served, more when release() says. */
  readonly released?: 'clock' | number;
}

export interface FakeDrand {
  readonly url: string;
  /** The chain info a client pins: this node's own key, period and genesis. */
  readonly chain: ChainInfo;
  /** The round as the node signs it (what a verifier would be given). */
  signed(n: number): BeaconRound;
  /** Serves every round up to `n` from now on. */
  release(n: number): void;
  /** Round `n` is served with a signature made by another key (and randomness matching it). */
  forge(n: number): void;
  /** Asked for round `n`, the node answers with round `instead` (correctly signed). */
  answerWith(n: number, instead: number): void;
  /** Round `n`'s randomness is served altered (the signature is genuine). */
  alterRandomness(n: number): void;
  /** The next `count` requests get this status (e.g. 500) instead of an answer. */
  failNext(count: number, status: number): void;
  /** The next `count` requests are never answered (the client's request timeout must end them). */
  hangNext(count: number): void;
  /** How many times round `n` was asked for. */
  requestsFor(n: number): number;
  /** Resolves once round `n` has been asked for `times` times. */
  whenAsked(n: number, times: number): Promise<void>;
  /** Every path requested, in order. */
  readonly paths: readonly string[];
  close(): Promise<void>;
}

export async function startFakeDrand(options: FakeDrandOptions = {}): Promise<FakeDrand> {
  const { secretKey } = signatures.keygen();
  const forgerKey = signatures.keygen().secretKey;
  const chain: ChainInfo = {
    chainHash: randomBytes(32).toString('hex'),
    publicKey: hex(signatures.getPublicKey(secretKey).toBytes()),
    periodSeconds: options.periodSeconds ?? 3,
    genesisTime: options.genesisTime ?? Math.floor(Date.now() / 1000) - 3600,
    scheme: 'bls-unchained-g1-rfc9380',
  };
  let released = options.released ?? 'clock';
  const forged = new Set<number>();
  const altered = new Set<number>();
  const substitutes = new Map<number, number>();
  const failures: number[] = [];
  let hangs = 0;
  const asked = new Map<number, number>();
  const waiters: { n: number; times: number; resolve: () => void }[] = [];
  const paths: string[] = [];

  const latestOut = (): number =>
    released === 'clock' ? Math.max(0, Math.floor((Date.now() / 1000 - chain.genesisTime) / chain.periodSeconds) + 1) : released;

  const body = (n: number): BeaconRound & { previous_signature?: string } => {
    const served = substitutes.get(n) ?? n;
    const round = signRound(forged.has(n) ? forgerKey : secretKey, served);
    if (!altered.has(n)) return round;
    return { ...round, randomness: createHash('sha256').update(round.randomness).digest('hex') };
  };

  const noteAsked = (n: number): void => {
    asked.set(n, (asked.get(n) ?? 0) + 1);
    for (const waiter of waiters.filter((w) => w.n === n && (asked.get(n) ?? 0) >= w.times)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };

  const send = (res: ServerResponse, status: number, value: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    paths.push(path);
    const [hash, kind, which] = path.split('/').filter(Boolean);
    const n = kind === 'public' && which !== undefined && /^\d+$/.test(which) ? Number(which) : undefined;
    if (n !== undefined) noteAsked(n);
    if (hangs > 0) {
      hangs -= 1;
      return;
    }
    const failure = failures.shift();
    if (failure !== undefined) return send(res, failure, { error: 'fake failure' });
    if (hash !== chain.chainHash) return send(res, 404, { error: 'unknown chain' });
    if (kind === 'info' && which === undefined) {
      return send(res, 200, {
        public_key: chain.publicKey,
        period: chain.periodSeconds,
        genesis_time: chain.genesisTime,
        hash: chain.chainHash,
        groupHash: createHash('sha256').update(chain.publicKey).digest('hex'),
        schemeID: chain.scheme,
        metadata: { beaconID: 'fake' },
      });
    }
    if (kind === 'public' && which === 'latest' && latestOut() > 0) return send(res, 200, body(latestOut()));
    if (n !== undefined && n >= 1 && n <= latestOut()) return send(res, 200, body(n));
    send(res, 404, { error: 'round not out yet' });
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    chain,
    paths,
    signed: (n) => signRound(secretKey, n),
    release: (n) => {
      released = n;
    },
    forge: (n) => forged.add(n),
    answerWith: (n, instead) => substitutes.set(n, instead),
    alterRandomness: (n) => altered.add(n),
    failNext: (count, status) => failures.push(...Array.from({ length: count }, () => status)),
    hangNext: (count) => {
      hangs += count;
    },
    requestsFor: (n) => asked.get(n) ?? 0,
    whenAsked: (n, times) => ((asked.get(n) ?? 0) >= times ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, times, resolve }))),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * The app's beacon pointed at a fake node, its clock `aheadMs` ahead for drand only: a ticket's
 * round (10 s after the app's clock) counts as due at once, so whether it is out is up to the
 * node (`released`) and tests do not wait 10 s. Retries are quick. `now`: the app's clock (a
 * test's movable clock, tests/support/clock.ts), real time unless given.
 */
export function fakeNodeBeacon(
  node: Pick<FakeDrand, 'url' | 'chain'>,
  { aheadMs = 15_000, now = () => new Date() }: { aheadMs?: number; now?: () => Date } = {},
): BeaconProvider {
  const ahead = (time: Date): Date => new Date(time.getTime() + aheadMs);
  const http = new DrandHttpBeacon({
    baseUrl: node.url,
    chain: node.chain,
    firstRetryMs: 20,
    maxRetryMs: 200,
    requestTimeoutMs: 2000,
    now: () => ahead(now()),
  });
  return {
    chain: node.chain,
    round: (n, signal) => http.round(n, signal),
    roundAt: (time) => http.roundAt(ahead(time)),
    nextRoundAfter: (time, minSeconds) => http.nextRoundAfter(time, minSeconds),
    checkChain: (signal) => http.checkChain(signal),
  };
}
