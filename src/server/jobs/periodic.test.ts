import { describe, expect, it } from 'vitest';
import { DatabaseFileGone } from '../db/sqlite-file';
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

describe('periodicJob while the database file is gone (SQLite)', () => {
  it('says once that the job is paused, with the cause, tries every run, and says when it runs again', async () => {
    const lines: { level: string; msg: string; cause?: string }[] = [];
    const logger = {
      info: (obj: { cause?: string }, msg: string) => lines.push({ level: 'info', msg, ...obj }),
      warn() {},
      error: (obj: { cause?: string }, msg: string) => lines.push({ level: 'error', msg, ...obj }),
      debug() {},
    };
    let gone = true;
    let runs = 0;
    const job = periodicJob(
      'mail sender',
      async () => {
        runs += 1;
        if (gone) throw new DatabaseFileGone('the database file /data/squares.db is gone');
      },
      60_000,
      logger as never,
    );
    await job.runOnce();
    await job.runOnce();
    await job.runOnce();
    expect(runs).toBe(3);
    expect(lines).toEqual([
      {
        level: 'error',
        job: 'mail sender',
        cause: 'the database file /data/squares.db is gone',
        msg: 'mail sender paused: it writes nothing while the database file /data/squares.db is gone',
      },
    ]);
    gone = false;
    await job.runOnce();
    await job.runOnce();
    expect(lines.slice(1)).toEqual([{ level: 'info', job: 'mail sender', msg: 'mail sender runs again: the database file is back' }]);
    // Another failure is still logged each time.
    const other = periodicJob('sweep', () => Promise.reject(new Error('boom')), 60_000, logger as never);
    await other.runOnce();
    await other.runOnce();
    expect(lines.filter((line) => line.msg === 'sweep failed; the next run tries again')).toHaveLength(2);
  });
});
