import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { BeaconProvider } from '../../src/server/draws/beacon';
import { callFromPage, useBrowserHarness } from './e2e';
import { fakeNodeBeacon, startFakeDrand, type FakeDrand } from './fake-drand';

/** Helpers of the browser tests of draws (D35, D38; no tests here). */

/**
 * A beacon for the app of a browser test file, which is built before the file's fake drand node
 * exists: it delegates to the provider given later with `use`.
 */
function lateBeacon(): { beacon: BeaconProvider; use(provider: BeaconProvider): void } {
  let inner: BeaconProvider | undefined;
  const target = (): BeaconProvider => {
    if (!inner) throw new Error('lateBeacon: no provider yet');
    return inner;
  };
  return {
    beacon: {
      get chain() {
        return target().chain;
      },
      round: (n, signal) => target().round(n, signal),
      roundAt: (time) => target().roundAt(time),
      nextRoundAfter: (time, minSeconds) => target().nextRoundAfter(time, minSeconds),
      checkChain: (signal) => target().checkChain(signal),
    },
    use(provider) {
      inner = provider;
    },
  };
}

/**
 * The browser harness of a file whose app draws from a fake drand node on 127.0.0.1 (one round a
 * second, none out until the test releases it). Call once at the top of the file; `drand()` is the node.
 */
export function useBeaconHarness() {
  const late = lateBeacon();
  let node: FakeDrand | undefined;
  // Registered before the harness's own beforeAll, so the node is up when the app is built.
  beforeAll(async () => {
    node = await startFakeDrand({ periodSeconds: 1, released: 0 });
    late.use(fakeNodeBeacon(node));
  });
  const harness = useBrowserHarness({ env: { DRAW_BEACON: 'on' }, deps: { beacon: late.beacon } });
  afterAll(() => node?.close());
  return {
    harness,
    drand(): FakeDrand {
      if (!node) throw new Error('useBeaconHarness: the node is not up yet');
      return node;
    },
  };
}

/** An admin's new game from inside the signed-in page: Eagles vs Chiefs, $10, NFL, even payouts, with `fields` over them. */
export async function createGame(page: Page, fields: Record<string, unknown>): Promise<string> {
  const created = await callFromPage<{ game: { id: string } }>(page, 'POST', '/api/admin/games', {
    title: 'Draw Bowl',
    team_a: 'Eagles',
    team_b: 'Chiefs',
    price_per_square: 10,
    game_type: 'nfl',
    payout_schedule: 'even',
    ...fields,
  });
  if (created.status !== 201) throw new Error(`game not created: ${created.status} ${JSON.stringify(created.json)}`);
  return created.json.game.id;
}
