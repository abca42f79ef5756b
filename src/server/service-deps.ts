/**
 * What every service factory takes (issue 12): one deps object, with the clock the service reads
 * business time from (created_at, holds, expiries). app.ts gives `systemClock`; tests may freeze it.
 */
export interface ServiceDeps {
  clock: () => Date;
}

export const systemClock = (): Date => new Date();
