/** One server-sent event as a browser's EventSource parses it (comments kept, for heartbeats). */
interface SseFrame {
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    else {
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') frame.event = value;
      else if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
      else if (field === 'retry') frame.retry = Number(value);
    }
  }
  return frame;
}

/** An open event stream read with fetch: frames one at a time, with a deadline. */
export interface SseStream {
  status: number;
  headers: Headers;
  /** The next frame; rejects after `timeoutMs`, or when the stream ended first. */
  next(timeoutMs?: number): Promise<SseFrame>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(url: string, init: RequestInit = {}): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, { ...init, headers: { accept: 'text/event-stream', ...init.headers }, signal: abort.signal });
  const frames: SseFrame[] = [];
  const waiting: Array<() => void> = [];
  let done = false;
  let buffer = '';
  const wake = () => waiting.splice(0).forEach((fn) => fn());

  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
        wake();
      }
    } catch {
      // Aborted by close().
    } finally {
      done = true;
      wake();
    }
  })();

  return {
    status: response.status,
    headers: response.headers,
    ended,
    async next(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const frame = frames.shift();
        if (frame) return frame;
        if (done) throw new Error('the event stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => abort.abort(),
  };
}

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
