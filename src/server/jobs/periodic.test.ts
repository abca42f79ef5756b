import { describe, expect, it } from 'vitest';
import { periodicJob } from './periodic';

/** A job whose first run waits until `open` is called; later runs do not wait. */
function gatedJob() {
  const state = { runs: 0 };
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const job = periodicJob(
    'test job',
    async () => {
      state.runs += 1;
      if (state.runs === 1) await gate;
    },
    60_000,
    { info() {}, warn() {}, error() {}, debug() {} } as never,
  );
  return { job, state, open };
}

describe('periodicJob.runSoon (the mail sender nudged after a commit)', () => {
  it('runs once more after a run under way, which may have read before the change committed; several nudges make one more run', async () => {
    const { job, state, open } = gatedJob();
    const first = job.runOnce();
    const nudged = [job.runSoon(), job.runSoon(), job.runSoon()];
    expect(state.runs).toBe(1);
    open();
    await first;
    await Promise.all(nudged);
    expect(state.runs).toBe(2);
    // With nothing under way, a nudge runs now.
    await job.runSoon();
    expect(state.runs).toBe(3);
  });

  it('does nothing once stopped, and a nudge queued before the stop does not run after it', async () => {
    const { job, state, open } = gatedJob();
    const first = job.runOnce();
    const nudged = job.runSoon();
    const stopping = job.stop();
    open();
    await Promise.all([first, nudged, stopping]);
    expect(state.runs).toBe(1);
    await job.runSoon();
    expect(state.runs).toBe(1);
  });
});
