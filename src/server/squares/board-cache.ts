/**
 * A short-lived cache of values by key, shared by concurrent readers: a read that misses starts
 * the load, and every read of that key until it settles waits for the same load. A failed load
 * is not kept. `invalidate` drops a key at once, so a read after a change never joins a load that
 * started before it.
 */
export function sharedExpiringCache<T>(ttlMs: number, clock: () => number = Date.now) {
  const entries = new Map<string, { value: Promise<T>; expiresAt: number }>();

  function dropExpired(now: number): void {
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  }

  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = clock();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      // Bounded by the number of keys read within one TTL; expired ones go when it grows.
      if (entries.size >= 1000) dropExpired(now);
      const entry = { value: load(), expiresAt: now + ttlMs };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    invalidate(key: string): void {
      entries.delete(key);
    },
    get size(): number {
      return entries.size;
    },
  };
}
