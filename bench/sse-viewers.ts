/**
 * Many EventSource-like viewers of one board over plain HTTP/1.1 (one socket each), light enough
 * for one process to hold thousands: each viewer only looks for frame boundaries and the change
 * event.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Viewers {
  readonly count: number;
  /** Resolves with each viewer's delivery time (ms after `since`) of the next change event. */
  nextChange(since: number, timeoutMs: number): Promise<number[]>;
  close(): void;
}

interface Viewer {
  request: http.ClientRequest;
  buffer: string;
  onChange: ((at: number) => void) | null;
}

/** Opens `count` streams, `concurrency` connection attempts at a time, and waits for each one's ready event. */
export async function openViewers(url: string, count: number, concurrency = 100): Promise<Viewers> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const viewers: Viewer[] = [];

  function open(): Promise<Viewer> {
    return new Promise((resolve, reject) => {
      const viewer: Viewer = { request: null as unknown as http.ClientRequest, buffer: '', onChange: null };
      let ready = false;
      viewer.request = http.get(url, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`viewer got ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = performance.now();
          viewer.buffer += chunk;
          let end: number;
          while ((end = viewer.buffer.indexOf('\n\n')) !== -1) {
            const frame = viewer.buffer.slice(0, end);
            viewer.buffer = viewer.buffer.slice(end + 2);
            if (!ready && frame.startsWith('event: ready')) {
              ready = true;
              resolve(viewer);
            } else if (frame.startsWith('event: change') && viewer.onChange) {
              const done = viewer.onChange;
              viewer.onChange = null;
              done(at);
            }
          }
        });
      });
      viewer.request.on('error', (err) => {
        if (!ready) reject(err);
      });
    });
  }

  let next = 0;
  async function worker(): Promise<void> {
    while (next < count) {
      next += 1;
      viewers.push(await open());
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));

  return {
    count: viewers.length,
    nextChange(since, timeoutMs) {
      return new Promise((resolve, reject) => {
        const times: number[] = [];
        const timer = setTimeout(() => reject(new Error(`only ${times.length} of ${viewers.length} viewers got the change within ${timeoutMs} ms`)), timeoutMs);
        for (const viewer of viewers) {
          viewer.onChange = (at) => {
            times.push(at - since);
            if (times.length === viewers.length) {
              clearTimeout(timer);
              resolve(times);
            }
          };
        }
      });
    },
    close() {
      for (const viewer of viewers) viewer.request.destroy();
      agent.destroy();
    },
  };
}
