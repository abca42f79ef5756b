/**
 * The public randomness beacon draws come from (D38): a provider interface and the drand
 * implementation for the League of Entropy's quicknet chain, verified against pinned chain info.
 *
 * We verify with @noble/curves ourselves rather than through `drand-client`: that package pins
 * @noble/curves 1.x and its own fetch/retry loop, which a draw needs to bound with the caller's
 * abort signal and to never serve anything but the round asked for (docs/decisions/027).
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { fromHex, toHex } from '@core/draw-derivation';
import { sha256 } from './derive';

/** A drand chain, as its `/{hash}/info` document describes it; pinned, never taken from the network. */
export interface ChainInfo {
  readonly chainHash: string;
  /** Hex of the compressed G2 public key (96 bytes). */
  readonly publicKey: string;
  readonly periodSeconds: number;
  /** Unix seconds of round 1. */
  readonly genesisTime: number;
  readonly scheme: 'bls-unchained-g1-rfc9380';
}

/** One verified beacon round; hex values as drand publishes them. */
export interface BeaconRound {
  readonly round: number;
  readonly randomness: string;
  readonly signature: string;
}

export interface BeaconProvider {
  readonly chain: ChainInfo;
  /**
   * Round `n`, verified. Waits (with back-off) until the round exists; never returns another
   * round. Rejects when `signal` aborts, or with a BeaconVerificationError when the node serves
   * something that does not verify.
   */
  round(n: number, signal: AbortSignal): Promise<BeaconRound>;
  /** The round whose time has come at `time`. */
  roundAt(time: Date): number;
  /** The first round due at least `minSeconds` after `time`: a ticket's round. */
  nextRoundAfter(time: Date, minSeconds: number): number;
  /** Rejects unless the node answers for the pinned chain (same key, period and genesis). */
  checkChain(signal: AbortSignal): Promise<void>;
}

/** League of Entropy quicknet (https://api.drand.sh/52db9ba7.../info), one round every 3 s. */
export const QUICKNET: ChainInfo = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  periodSeconds: 3,
  genesisTime: 1692803367,
  scheme: 'bls-unchained-g1-rfc9380',
};

/** The RFC 9380 hash-to-G1 domain separation tag of the bls-unchained-g1-rfc9380 scheme. */
const DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/** The round whose time has come at `time` (0 before genesis): round 1 is out at genesis. */
function roundDueAt(chain: ChainInfo, time: Date): number {
  const seconds = time.getTime() / 1000;
  if (seconds < chain.genesisTime) return 0;
  return Math.floor((seconds - chain.genesisTime) / chain.periodSeconds) + 1;
}

/** When round `n` is due out. */
function roundTime(chain: ChainInfo, n: number): Date {
  return new Date((chain.genesisTime + (n - 1) * chain.periodSeconds) * 1000);
}

/** The first round due at least `minSeconds` after `time`: a ticket's round (D38: 10 s). */
function firstRoundAfter(chain: ChainInfo, time: Date, minSeconds: number): number {
  const earliest = time.getTime() / 1000 + minSeconds;
  return Math.max(1, Math.ceil((earliest - chain.genesisTime) / chain.periodSeconds) + 1);
}

/** The message drand signs for a round: SHA-256 of the round as an 8-byte big-endian integer. */
function roundMessage(n: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(n));
  return sha256(bytes);
}

/** True when `signatureHex` is the chain's signature of round `n` (a malformed one is false). */
export function isRoundSignature(chain: ChainInfo, n: number, signatureHex: string): boolean {
  try {
    const signatures = bls12_381.shortSignatures;
    return signatures.verify(fromHex(signatureHex), signatures.hash(roundMessage(n), DST), fromHex(chain.publicKey));
  } catch {
    return false;
  }
}

/** The randomness drand derives from a signature: its SHA-256. */
export function randomnessOf(signatureHex: string): string {
  return toHex(sha256(fromHex(signatureHex)));
}

/** The node served a round that does not check out: never used, never retried into another round. */
export class BeaconVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BeaconVerificationError';
  }
}

/** Checks a node's answer for round `asked`; returns it normalized or throws BeaconVerificationError. */
function verifiedRound(chain: ChainInfo, asked: number, body: unknown): BeaconRound {
  const value = (body ?? {}) as { round?: unknown; randomness?: unknown; signature?: unknown };
  if (value.round !== asked) throw new BeaconVerificationError(`asked the beacon for round ${asked}, it answered round ${String(value.round)}`);
  if (typeof value.signature !== 'string' || typeof value.randomness !== 'string') {
    throw new BeaconVerificationError(`the beacon's round ${asked} has no signature or randomness`);
  }
  const signature = value.signature.toLowerCase();
  if (!isRoundSignature(chain, asked, signature)) {
    throw new BeaconVerificationError(`the beacon's signature for round ${asked} does not verify under chain ${chain.chainHash}'s public key`);
  }
  const randomness = randomnessOf(signature);
  if (value.randomness.toLowerCase() !== randomness) {
    throw new BeaconVerificationError(`the beacon's randomness for round ${asked} is not the SHA-256 of its signature`);
  }
  return { round: asked, randomness, signature };
}

export interface DrandHttpOptions {
  /** The relay, e.g. https://api.drand.sh (no trailing slash needed). */
  readonly baseUrl: string;
  readonly chain?: ChainInfo;
  /** First wait after a miss; doubled each time up to maxRetryMs. */
  readonly firstRetryMs?: number;
  readonly maxRetryMs?: number;
  /** One request's limit; a request that hangs is retried like a miss. */
  readonly requestTimeoutMs?: number;
  readonly now?: () => Date;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** drand over HTTP (`/{chainhash}/public/{round}`), every round verified before use. */
export class DrandHttpBeacon implements BeaconProvider {
  readonly chain: ChainInfo;
  private readonly baseUrl: string;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;
  private readonly requestTimeoutMs: number;
  private readonly now: () => Date;

  constructor(options: DrandHttpOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.chain = options.chain ?? QUICKNET;
    this.firstRetryMs = options.firstRetryMs ?? 500;
    this.maxRetryMs = options.maxRetryMs ?? 10_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.now = options.now ?? (() => new Date());
  }

  async round(n: number, signal: AbortSignal): Promise<BeaconRound> {
    if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`a beacon round is a positive integer, got ${n}`);
    // No point asking before the round is due; after that, a miss means the relay is behind or down.
    await sleep(Math.max(0, roundTime(this.chain, n).getTime() - this.now().getTime()), signal);
    let wait = this.firstRetryMs;
    for (;;) {
      const body = await this.fetchJson(`public/${n}`, signal);
      if (body !== undefined) return verifiedRound(this.chain, n, body);
      await sleep(wait, signal);
      wait = Math.min(wait * 2, this.maxRetryMs);
    }
  }

  roundAt(time: Date): number {
    return roundDueAt(this.chain, time);
  }

  nextRoundAfter(time: Date, minSeconds: number): number {
    return firstRoundAfter(this.chain, time, minSeconds);
  }

  async checkChain(signal: AbortSignal): Promise<void> {
    const body = await this.fetchJson('info', signal);
    if (body === undefined) throw new Error(`the drand relay at ${this.baseUrl} did not answer for chain ${this.chain.chainHash}`);
    const info = body as { public_key?: unknown; period?: unknown; genesis_time?: unknown; hash?: unknown; schemeID?: unknown };
    const matches =
      info.public_key === this.chain.publicKey &&
      info.period === this.chain.periodSeconds &&
      info.genesis_time === this.chain.genesisTime &&
      info.hash === this.chain.chainHash &&
      info.schemeID === this.chain.scheme;
    if (!matches)
      throw new BeaconVerificationError(`the drand relay at ${this.baseUrl} describes chain ${this.chain.chainHash} differently from the pinned chain info`);
  }

  /** The JSON at `path` under the chain, or undefined for anything but a 200 with JSON (retried by the caller). */
  private async fetchJson(path: string, signal: AbortSignal): Promise<unknown> {
    const requestSignal = AbortSignal.any([signal, AbortSignal.timeout(this.requestTimeoutMs)]);
    try {
      const response = await fetch(`${this.baseUrl}/${this.chain.chainHash}/${path}`, { signal: requestSignal, headers: { accept: 'application/json' } });
      if (!response.ok) {
        await response.body?.cancel();
        return undefined;
      }
      return (await response.json()) as unknown;
    } catch {
      if (signal.aborted) throw signal.reason;
      // A timeout, a refused connection or a half-sent body: the same as "not there yet".
      return undefined;
    }
  }
}
