/**
 * Many EventSource-like viewers of boards, each a plain socket speaking HTTP/1.1, light enough for
 * one process to hold ten thousand: a viewer writes its request once and then only looks for
 * frame boundaries and the change event in what arrives (node:http's client costs several times
 * as much per stream, and the bench would measure itself). Each viewer comes from a loopback
 * address of its own (127.90.x.y), as separate people would: the server caps streams per address
 * (LIVE_UPDATES_PER_ADDRESS).
 */
import net from 'node:net';
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
  /** The stream viewer `i` opens, when not every viewer watches `url` (other games, other instances). */
  urlOf?: (viewer: number) => string;
}

interface Viewer {
  socket: net.Socket;
  buffer: string;
  onChange: ((at: number) => void) | null;
}

/** The loopback address viewer `i` connects from. */
export const viewerAddress = (i: number) => `127.90.${(i >> 8) & 255}.${i & 255}`;

/** Opens `count` streams and waits for each one's ready event. */
export async function openViewers(url: string, count: number, options: ViewerOptions = {}): Promise<Viewers> {
  const viewers: Viewer[] = new Array(count);

  function open(i: number): Promise<Viewer> {
    const target = new URL(options.urlOf?.(i) ?? url);
    const head = Object.entries({ host: target.host, accept: 'text/event-stream', ...options.headersOf?.(i) }).map(([k, v]) => `${k}: ${v}\r\n`);
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: target.hostname, port: Number(target.port), localAddress: viewerAddress(i) });
      const viewer: Viewer = { socket, buffer: '', onChange: null };
      let ready = false;
      socket.setNoDelay(true);
      socket.setEncoding('latin1');
      socket.once('connect', () => socket.write(`GET ${target.pathname} HTTP/1.1\r\n${head.join('')}\r\n`));
      // The answer is chunked; a frame is one chunk written at once, so the chunk-size lines only
      // ever sit between frames, where the search for the event names passes over them.
      socket.on('data', (chunk: string) => {
        const at = performance.now();
        viewer.buffer += chunk;
        if (!ready && viewer.buffer.length >= 12 && !viewer.buffer.startsWith('HTTP/1.1 200')) {
          socket.destroy();
          reject(new Error(`viewer ${i} got ${viewer.buffer.split('\r\n')[0]}`));
          return;
        }
        let end: number;
        while ((end = viewer.buffer.indexOf('\n\n')) !== -1) {
          const frame = viewer.buffer.slice(0, end);
          viewer.buffer = viewer.buffer.slice(end + 2);
          if (!ready && frame.includes('event: ready')) {
            ready = true;
            resolve(viewer);
          } else if (frame.includes('event: change') && viewer.onChange) {
            const done = viewer.onChange;
            viewer.onChange = null;
            done(at);
          }
        }
      });
      socket.on('error', (err) => {
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
  try {
    await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 100, count) }, worker));
  } catch (err) {
    for (const viewer of viewers) viewer?.socket.destroy();
    throw err;
  }

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
      for (const viewer of viewers) viewer.socket.destroy();
    },
  };
}
