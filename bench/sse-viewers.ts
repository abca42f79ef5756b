/**
 * Many EventSource-like viewers of one board over plain HTTP/1.1 (one socket each), light enough
 * for one process to hold thousands: each viewer only looks for frame boundaries and the change
 * event. Each viewer comes from a loopback address of its own (127.90.x.y), as separate people
 * would: the server caps streams per address (LIVE_UPDATES_PER_ADDRESS).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Viewers {
  readonly count: number;
  /**
   * Resolves with each viewer's time (ms after `since`) of the next change event, or, with
   * `then`, of the end of what the viewer does on hearing it (a re-read of the board).
   */
  nextChange(since: number, timeoutMs: number, then?: (viewer: number) => Promise<void>): Promise<number[]>;
  close(): void;
}

export interface ViewerOptions {
  /** Connection attempts at a time. */
  concurrency?: number;
  /** The viewer's own request headers (its cookie). */
  headersOf?: (viewer: number) => Record<string, string>;
}

interface Viewer {
  request: http.ClientRequest;
  buffer: string;
  onChange: ((at: number) => void) | null;
}

/** The loopback address viewer `i` connects from. */
export const viewerAddress = (i: number) => `127.90.${(i >> 8) & 255}.${i & 255}`;

/** Opens `count` streams and waits for each one's ready event. */
export async function openViewers(url: string, count: number, options: ViewerOptions = {}): Promise<Viewers> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const viewers: Viewer[] = new Array(count);

  function open(i: number): Promise<Viewer> {
    return new Promise((resolve, reject) => {
      const viewer: Viewer = { request: null as unknown as http.ClientRequest, buffer: '', onChange: null };
      let ready = false;
      const headers = { accept: 'text/event-stream', ...options.headersOf?.(i) };
      viewer.request = http.get(url, { agent, headers, localAddress: viewerAddress(i) }, (response) => {
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
            if (!ready && frame.includes('event: ready')) {
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
      const i = next++;
      viewers[i] = await open(i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 100, count) }, worker));

  return {
    count: viewers.length,
    nextChange(since, timeoutMs, then) {
      return new Promise((resolve, reject) => {
        const times: number[] = [];
        let failed = false;
        const timer = setTimeout(() => fail(new Error(`only ${times.length} of ${viewers.length} viewers were done within ${timeoutMs} ms`)), timeoutMs);
        function fail(err: Error) {
          if (failed) return;
          failed = true;
          clearTimeout(timer);
          reject(err);
        }
        function done(at: number) {
          times.push(at - since);
          if (times.length === viewers.length && !failed) {
            clearTimeout(timer);
            resolve(times);
          }
        }
        viewers.forEach((viewer, i) => {
          viewer.onChange = (at) => {
            if (!then) return done(at);
            then(i).then(() => done(performance.now()), fail);
          };
        });
      });
    },
    close() {
      for (const viewer of viewers) viewer.request?.destroy();
      agent.destroy();
    },
  };
}
