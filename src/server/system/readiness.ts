import type { ReadinessResponse } from '@core/api/system';
import type { DatabaseHandle } from '../db/connection';
import { diskSpaceProblem, migrationsProblem, sqliteFileProblem, writeProblem } from '../db/health-probes';
import type { Logger } from '../logger';

/**
 * One thing readiness checks (design note 025): null when it is fine, else the cause in words an
 * operator can act on. app.ts lists them; a feature adds its own (the mail queue's).
 */
export interface ReadinessCheck {
  name: string;
  check(): Promise<string | null>;
}

/** A check that has not answered by then counts as failed (a hung database must not hang the probe). */
const CHECK_TIMEOUT_MS = 5000;

/** Free space a SQLite database's disk must have (design note 025). */
const MIN_FREE_BYTES = 8 * 2 ** 20;

/** The database answers writes, and (SQLite) its file is still the one the app opened, on a disk with room. */
export function databaseCheck(handle: DatabaseHandle, minFreeBytes = MIN_FREE_BYTES): ReadinessCheck {
  return { name: 'database', check: async () => sqliteFileProblem(handle) ?? diskSpaceProblem(handle, minFreeBytes) ?? (await writeProblem(handle)) };
}

/** Every migration of this version is applied. */
export function migrationsCheck(handle: DatabaseHandle): ReadinessCheck {
  return { name: 'migrations', check: () => migrationsProblem(handle) };
}

async function runCheck(check: ReadinessCheck): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check.check(),
      new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`), CHECK_TIMEOUT_MS);
      }),
    ]);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs every check on each call. The log says a check's cause when it starts failing (or its
 * cause changes) and says when it passes again: once per change, not once per probe, however
 * often a load balancer asks.
 */
export function readiness(checks: readonly ReadinessCheck[], log: Logger) {
  const last = new Map<string, string | null>();
  return async function ready(): Promise<ReadinessResponse> {
    const causes = await Promise.all(checks.map(runCheck));
    const results = checks.map((c, i) => ({ name: c.name, ok: causes[i] === null, cause: causes[i] ?? null }));
    for (const { name, cause } of results) {
      const before = last.get(name) ?? null;
      if (cause === before) continue;
      last.set(name, cause);
      if (cause !== null) log.error({ check: name, cause }, `not ready: ${name}: ${cause}`);
      else log.info({ check: name }, `ready again: ${name}`);
    }
    return { status: results.every((r) => r.ok) ? 'ready' : 'not_ready', checks: results };
  };
}
