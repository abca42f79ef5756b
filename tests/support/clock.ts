/**
 * The app's clock in a test: real time plus an offset the test moves, so a test that waits for
 * something due (a kickoff, a job's next run) moves the clock instead of sleeping. Give `now` to
 * the app (`deps: { clock: clock.now }`); `Date.now()` in the test itself stays real time.
 */
export interface MovableClock {
  /** The app's current time. */
  readonly now: () => Date;
  /** Moves the clock `ms` further on. */
  advance(ms: number): void;
  /** Puts the clock at `instant` plus `extraMs` (an ISO instant or a Date). */
  moveTo(instant: string | Date, extraMs?: number): void;
  /** Back to real time. */
  reset(): void;
}

export function movableClock(): MovableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
    },
    moveTo(instant, extraMs = 0) {
      offsetMs = new Date(instant).getTime() - Date.now() + extraMs;
    },
    reset() {
      offsetMs = 0;
    },
  };
}
