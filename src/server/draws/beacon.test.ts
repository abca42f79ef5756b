import { afterEach, describe, expect, it } from 'vitest';
import { startFakeDrand, type FakeDrand } from '../../../tests/support/fake-drand';
import { BeaconVerificationError, DrandHttpBeacon, QUICKNET, isRoundSignature, randomnessOf, type BeaconProvider } from './beacon';

let node: FakeDrand | undefined;
afterEach(async () => {
  await node?.close();
  node = undefined;
});

/** A beacon on the fake node with quick retries; requests end after 1 s of silence. */
function beaconOn(fake: FakeDrand): BeaconProvider {
  return new DrandHttpBeacon({ baseUrl: `${fake.url}/`, chain: fake.chain, firstRetryMs: 10, maxRetryMs: 40, requestTimeoutMs: 1_000 });
}

describe('quicknet constants', () => {
  it("verify the real quicknet round 1000 under the pinned key, and no other round's", () => {
    // Published by api.drand.sh for quicknet round 1000.
    const signature = 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39';
    expect(isRoundSignature(QUICKNET, 1000, signature)).toBe(true);
    expect(isRoundSignature(QUICKNET, 1001, signature)).toBe(false);
    expect(isRoundSignature(QUICKNET, 1000, 'not hex')).toBe(false);
    expect(randomnessOf(signature)).toBe('fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd');
  });

  it('places rounds on the chain clock: round 1 at genesis, one every period', () => {
    const beacon = new DrandHttpBeacon({ baseUrl: 'http://127.0.0.1:9' });
    const genesis = QUICKNET.genesisTime * 1000;
    expect(beacon.roundAt(new Date(genesis - 1))).toBe(0);
    expect(beacon.roundAt(new Date(genesis))).toBe(1);
    expect(beacon.roundAt(new Date(genesis + 2_999))).toBe(1);
    expect(beacon.roundAt(new Date(genesis + 3_000))).toBe(2);
    // A ticket written 1 ms after round 2 came out: the first round due at least 10 s later is round 6 (genesis + 15 s).
    expect(beacon.nextRoundAfter(new Date(genesis + 3_001), 10)).toBe(6);
    expect(beacon.nextRoundAfter(new Date(genesis + 5_000), 10)).toBe(6);
    expect(beacon.nextRoundAfter(new Date(genesis + 5_001), 10)).toBe(7);
  });
});

describe('drand over HTTP (fake node)', () => {
  it('fetches and verifies a round that is out, and checks the chain info', async () => {
    node = await startFakeDrand({ released: 50 });
    const beacon = beaconOn(node);
    await beacon.checkChain(AbortSignal.timeout(5_000));
    const round = await beacon.round(42, AbortSignal.timeout(5_000));
    expect(round).toEqual(node.signed(42));
    expect(round.randomness).toBe(randomnessOf(round.signature));
  });

  it('waits for a late round, retrying, and then gets exactly that round', async () => {
    node = await startFakeDrand({ released: 10 });
    const beacon = beaconOn(node);
    const pending = beacon.round(12, AbortSignal.timeout(20_000));
    await node.whenAsked(12, 3);
    node.release(20);
    expect(await pending).toEqual(node.signed(12));
    expect(node.requestsFor(12)).toBeGreaterThanOrEqual(4);
    // Only round 12 was ever asked for: no "latest", no neighbour.
    expect(new Set(node.paths)).toEqual(new Set([`/${node.chain.chainHash}/public/12`]));
  });

  it('keeps waiting through errors and unanswered requests', async () => {
    node = await startFakeDrand({ released: 10 });
    node.failNext(2, 500);
    node.hangNext(1);
    const round = await beaconOn(node).round(5, AbortSignal.timeout(20_000));
    expect(round).toEqual(node.signed(5));
    // One hung, two failed, then the answer (more only if a busy machine let a request time out).
    expect(node.requestsFor(5)).toBeGreaterThanOrEqual(4);
  });

  it('gives up only when the caller says so, never with another round', async () => {
    node = await startFakeDrand({ released: 10 });
    const controller = new AbortController();
    const pending = beaconOn(node).round(11, controller.signal);
    await node.whenAsked(11, 2);
    controller.abort(new Error('the draw was cancelled'));
    await expect(pending).rejects.toThrow('the draw was cancelled');
  });

  it('waits for the round to be due by the chain clock before asking', async () => {
    const now = Math.floor(Date.now() / 1000);
    node = await startFakeDrand({ genesisTime: now, periodSeconds: 1, released: 'clock' });
    const beacon = beaconOn(node);
    const due = beacon.nextRoundAfter(new Date(), 1);
    const round = await beacon.round(due, AbortSignal.timeout(20_000));
    expect(round).toEqual(node.signed(due));
    expect(node.paths.every((path) => path === `/${node?.chain.chainHash}/public/${due}`)).toBe(true);
  });

  it('refuses a forged signature', async () => {
    node = await startFakeDrand({ released: 10 });
    node.forge(7);
    const result = beaconOn(node).round(7, AbortSignal.timeout(5_000));
    await expect(result).rejects.toBeInstanceOf(BeaconVerificationError);
    await expect(result).rejects.toThrow(/signature for round 7 does not verify/);
  });

  it('refuses another round than the one asked for', async () => {
    node = await startFakeDrand({ released: 10 });
    node.answerWith(7, 8);
    await expect(beaconOn(node).round(7, AbortSignal.timeout(5_000))).rejects.toThrow('asked the beacon for round 7, it answered round 8');
  });

  it('refuses randomness that is not the hash of the signature', async () => {
    node = await startFakeDrand({ released: 10 });
    node.alterRandomness(7);
    await expect(beaconOn(node).round(7, AbortSignal.timeout(5_000))).rejects.toThrow(/randomness for round 7 is not the SHA-256/);
  });

  it('refuses a node whose chain is not the pinned one', async () => {
    node = await startFakeDrand({ released: 10 });
    const other = await startFakeDrand();
    try {
      const beacon = new DrandHttpBeacon({ baseUrl: node.url, chain: { ...other.chain, chainHash: node.chain.chainHash } });
      await expect(beacon.checkChain(AbortSignal.timeout(5_000))).rejects.toThrow(/differently from the pinned chain info/);
      // Signed by the node's own key, which is not the pinned one.
      await expect(beacon.round(3, AbortSignal.timeout(5_000))).rejects.toThrow(/does not verify/);
    } finally {
      await other.close();
    }
  });
});
